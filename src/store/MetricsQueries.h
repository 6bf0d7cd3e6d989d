#pragma once

#include "store/StoreMetrics.h"

#include <optional>

namespace dedup::store {

class PgConnection;
struct PgError;

// What `dedupctl metrics` reads (docs/CLI.md), in one read-only REPEATABLE READ snapshot of three
// statements. None grows with the number of runs the store holds: the Dashboard's rollup at
// its daily grain plus the deltas not folded yet (runs by workflow, status and failure class,
// duplicates by outcome), and the Stuck count and the review queue on their partial indexes
// (runs_stale_lease_idx, runs_review_queue_idx), as the Dashboard reads them, and the workflow
// pauses (a table of a few rows, store::WorkflowPauses). Row-level security
// applies as in the console: a restricted login reads the per-scope rollup and its own runs.
class MetricsQueries {
public:
    static std::optional<StoreMetrics> read(PgConnection &connection, PgError *error);
};

} // namespace dedup::store
