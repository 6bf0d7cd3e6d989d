#pragma once

#include "store/AccessGrant.h"
#include "store/OperatorResult.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace dedup::store {

class PgConnection;

// The store's own grants (0010_access.sql): who may act as worker, operator or viewer on
// which workflows and scopes of this store. One autocommit statement per call; only the
// store owner (members of the role owning schema dedup, or a superuser) may make them:
// anyone else gets PermissionDenied (DD010 from the function, or 42501 because nobody else
// may execute it). Invalid input is the server's to refuse (InvalidArgument, LimitExceeded),
// so this class and the server can never disagree about what is valid.
class AccessGrants {
    Q_DECLARE_TR_FUNCTIONS(AccessGrants)

public:
    explicit AccessGrants(PgConnection &connection);

    // The three capabilities a grant can carry, as the store names them.
    static QStringList capabilities();

    // dedup.access_grant: one grant per (workflow, scope prefix) pair of the cross product;
    // an empty list stands for "all". Returns how many grants were new (0 when the login
    // had them all already). Makes the login a member of dedup_<capability> when needed.
    OperatorResult<int> grant(const QString &login, const QString &capability,
                              const QStringList &workflows, const QStringList &scopePrefixes);

    // dedup.access_revoke: removes the login's grants that match every filter given
    // (nullopt / empty list: any). A workflow or scope prefix filter matches grants naming
    // that value, not grants for "all". Returns how many were removed.
    OperatorResult<int> revoke(const QString &login, const std::optional<QString> &capability,
                               const QStringList &workflows, const QStringList &scopePrefixes);

    // dedup.access_list: every grant of the store, by login, capability, workflow and scope
    // prefix ("all" first).
    OperatorResult<QList<AccessGrant>> list();

    // Whether this session's login is the store owner (or a superuser), as the store itself
    // decides (dedup.my_access()). Tells "not the owner" apart from the other refusals
    // grant can meet (e.g. the owner may not give a login its group role).
    OperatorResult<bool> isStoreOwner();

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
