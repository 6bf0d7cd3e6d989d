#pragma once

#include "store/PgError.h"
#include "store/WorkflowOverview.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// Every workflow with its state (pauses), its runs by status, the runs created in the last
// hour and its stuck runs, in one read-only REPEATABLE READ snapshot (docs/CLI.md,
// "dedupctl workflows"). Neither statement grows with the number of runs the store holds:
// the runs come from the Dashboard's rollup (daily grain for the totals, 5-minute grain for
// the last hour, plus the deltas not folded yet and the processing runs from their partial
// index, as MetricsQueries reads them, the stuck ones in the same pass); a restricted login's
// read regions narrow its reads as the Dashboard's do.
class WorkflowOverviewQueries {
public:
    static std::optional<WorkflowOverview> read(PgConnection &connection, PgError *error);
};

} // namespace dedup::store
