#pragma once

#include "core/RunStatus.h"
#include "store/ReadRegion.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// What the runs list shows (docs/CONSOLE.md "Runs"). Every criterion is optional; the ones that
// are set are combined with AND. A set text criterion must not be empty: an empty search box is
// "not set" (std::nullopt), never "match the empty string", so the UI decides which it means.
class RunFilter {
    Q_DECLARE_TR_FUNCTIONS(RunFilter)

public:
    QList<core::RunStatus> statuses;      // empty, or every status: no status condition
    std::optional<QString> workflow;      // exact
    std::optional<QString> scope;         // exact
    QDateTime createdFrom;                // inclusive; invalid: open
    QDateTime createdTo;                  // inclusive; invalid: open
    std::optional<QString> exactKey;      // idem_key, in every scope unless `scope` is set
    std::optional<QString> keyPrefix;     // idem_key starts with it (taken literally: % and _ too)
    std::optional<QString> correlationId; // exact

    // Not a criterion but what the login may read (AccessScope::readRegions()): nullopt for
    // the store's owner (no row-level security) or when nobody said. Row-level security
    // decides what a login reads in any case, so this neither widens nor narrows a result.
    // RunQueries uses it where the policy costs what the planner cannot see
    // (docs/PERFORMANCE.md, "A scope-limited operator"): a filter outside every region is
    // answered without reading a run, a key prefix is walked by the store
    // (dedup.key_prefix_page), and estimated counts count the runs of the regions instead of
    // every run of the filter.
    std::optional<ReadRegions> readable;

    // The statuses to filter by, without duplicates and in declaration order; empty when the
    // filter does not restrict the status (none chosen, or all of them).
    QList<core::RunStatus> effectiveStatuses() const;
    // Whether no criterion is set (every run the login may read matches).
    bool isEmpty() const;

    // Empty when the filter can be queried, else what is wrong, for the operator.
    QString validationError() const;
    bool isValid() const { return validationError().isEmpty(); }

    friend bool operator==(const RunFilter &, const RunFilter &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::RunFilter)
