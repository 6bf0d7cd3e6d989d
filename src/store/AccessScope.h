#pragma once

#include "store/AccessGrant.h"
#include "store/ReadRegion.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace dedup::store {

// What a login may do in one store: its rows of dedup.my_access() (AccessQueries::mine), as a
// value the console asks before it offers anything. The store owner (and superusers) may do
// everything; anyone else what their grants add up to; a login without grants nothing (the
// default-constructed scope).
//
// Advisory only: the store checks the same grants in every function and with row-level
// security, so a stale or wrong answer here shows a refusal (PermissionDenied), never lets
// anything through. The matching rules are the store's own (dedup._may): a grant covers a run
// when its workflow is NULL or equal and the run's scope starts with its prefix (or it has
// none); operator includes viewer; worker grants give the console nothing.
class AccessScope {
    Q_DECLARE_TR_FUNCTIONS(AccessScope)

public:
    // The capabilities a grant carries, as the store names them.
    static constexpr QStringView Operator = u"operator";
    static constexpr QStringView Viewer = u"viewer";
    static constexpr QStringView Worker = u"worker";

    AccessScope() = default;
    static AccessScope owner();
    // The login's grants (AccessGrant::login and the granted_* fields are not used here).
    static AccessScope fromGrants(QList<AccessGrant> grants);

    bool isOwner() const { return m_owner; }
    // Neither the owner nor any grant: the login sees nothing in this store.
    bool isEmpty() const { return !m_owner && m_grants.isEmpty(); }
    const QList<AccessGrant> &grants() const { return m_grants; }

    // May read / act on a run of this workflow and scope.
    bool mayRead(const QString &workflow, const QString &scope) const;
    bool mayOperate(const QString &workflow, const QString &scope) const;
    // May read some runs (an operator or viewer grant, or the owner).
    bool mayReadAnything() const;
    // May act on some runs: not read-only.
    bool mayOperateAnything() const;
    // Whether every run this login can read that has `workflow` and `scope` (nullopt: any;
    // a scope is exact, as in RunFilter) may also be acted on: what a bulk action over "every
    // run matching the filter" needs, since the store refuses a batch with any run outside
    // the operator grants. Conservative: a run region covered only by several grants together
    // counts as not covered.
    bool mayOperateAllReadable(const std::optional<QString> &workflow = std::nullopt,
                               const std::optional<QString> &scope = std::nullopt) const;

    // The runs this login may read, as regions for RunFilter::readable: nullopt for the owner
    // (row-level security does not apply); otherwise its viewer and operator grants, without
    // those inside another one (one region without workflow and prefix: it reads every run;
    // empty: it reads nothing).
    std::optional<ReadRegions> readRegions() const;

    // One line for people: "owner", "no access in this store", "operator for clinic-42/*",
    // "operator for lab-results in clinic-42/*; viewer for everything" (at most three
    // grants per capability, then "and N more").
    QString summary() const;
    // What the login may see and do, as a sentence for the connection report.
    QString explanation() const;
    // Every grant on a line of its own ("operator for lab-results in clinic-42/*"), for a
    // tooltip.
    QStringList grantLines() const;

    friend bool operator==(const AccessScope &, const AccessScope &) = default;

private:
    bool anyCovers(std::initializer_list<QStringView> capabilities, const QString &workflow,
                   const QString &scope) const;
    QList<AccessGrant> ofCapability(std::initializer_list<QStringView> capabilities,
                                    bool dropCovered = false) const;
    static QString grantText(const AccessGrant &grant);
    static QString listText(const QList<AccessGrant> &grants);
    static QString runsText(const QList<AccessGrant> &grants);

    bool m_owner = false;
    QList<AccessGrant> m_grants; // in my_access() order
};

} // namespace dedup::store
