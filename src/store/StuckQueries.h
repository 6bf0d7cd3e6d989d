#pragma once

#include "store/PgError.h"
#include "store/PgResult.h"
#include "store/RunQueries.h"
#include "store/StuckSnapshot.h"

#include <chrono>
#include <optional>

namespace dedup::store {

class PgConnection;

// The SQL behind the Stuck view (docs/CONSOLE.md "Stuck"): `processing` runs whose lease expired
// (lease_expires_at <= now(): the same boundary as the SQL functions' stale check, so the
// list shows exactly the runs op_clear_stale_lease and a takeover accept), or that have been
// processing for at least `threshold` (updated_at <= now() - threshold) while their lease is
// still renewed. A threshold <= 0 turns the age criterion off.
//
// "Processing for" counts from updated_at, which the protocol sets on every acquisition
// (claim, takeover, take_command) and not on heartbeats or steps: for a processing run it is
// when the current attempt began. created_at would call a continuation of a week-old run
// stuck the moment a worker took it. `dedupctl stale --older-than` uses the same column, so
// the console and the CLI list the same runs.
//
// Order: least recently alive first, i.e. by lease_expires_at (the last heartbeat plus the
// lease): expired leases first, the longest expired first (as docs/PROTOCOL.md's stuck query
// and `dedupctl stale`), then the runs stuck by age, the one whose lease runs out soonest
// first. This is the order of runs_stale_lease_idx (lease_expires_at) WHERE processing, the
// index the schema keeps for this list, so the statement is two ranges of it read in order
// and merged, never sorted (checked with EXPLAIN ANALYZE at 200,000 runs in
// tests/store/tst_rundetailqueries.cpp). The first range stops after `limit` rows; the
// second reads the live leases, the workers' working set, to find the old ones.
//
// The count reads the same processing runs without an order (no sort) and stops after
// cap + 1 matches.
class StuckQueries {
public:
    static constexpr std::chrono::minutes DefaultThreshold{15};
    static constexpr int DefaultLimit = 500;
    static constexpr qint64 DefaultCountCap = 10000;

    // At most limit + 1 runs (the extra one says "more").
    static RunQuery list(std::chrono::milliseconds threshold, int limit);
    // count(*) of at most cap + 1 stuck runs.
    static RunQuery cappedCount(std::chrono::milliseconds threshold, qint64 cap);

    static QList<StuckRun> readRuns(const PgResult &result, int limit, bool *more);

    // The list and the count in one read-only REPEATABLE READ transaction.
    static std::optional<StuckSnapshot> read(PgConnection &connection,
                                             std::chrono::milliseconds threshold, int limit,
                                             qint64 countCap, PgError *error);
};

} // namespace dedup::store
