#pragma once

#include "store/DashboardRange.h"
#include "store/DashboardSnapshot.h"
#include "store/PgError.h"
#include "store/PgResult.h"
#include "store/RunQueries.h"

#include <QDateTime>

#include <optional>

namespace dedup::store {

class PgConnection;

// The SQL behind the Dashboard (docs/CONSOLE.md "Dashboard"). Nothing here aggregates runs: the
// time series and failure classes come from the rollup of 0008_dashboard.sql
// (dedup.dashboard_counts, at the coarsest grain the range's stride is a multiple of, plus
// dedup.dashboard_deltas not folded yet: exact at any time; for a login limited to workflows
// or scope prefixes dedup.dashboard_scope_counts of 0011_dashboard_scope.sql instead, under
// row-level security; processing runs, which the rollup leaves out since 0022, from their
// partial index); stuck now and the review queue from their partial indexes, bounded by
// those queues' sizes; the stuck and review series from dedup.dashboard_samples (store-wide:
// readers of everything only). docs/PERFORMANCE.md ("Dashboard") has the plans and times on
// 10 million runs.
class DashboardQueries {
public:
    // Where buckets start counting (SQL: timestamptz '2000-01-03 00:00:00+00', a Monday).
    static QDateTime origin();
    // The rollup grain (300, 3600 or 86400 s) a stride is read at: the largest that
    // divides it.
    static int grainFor(qint64 strideSeconds);

    // The statements of read(), one by one (for benchmarks and EXPLAIN).
    // $1 stride s, $2 end (NULL: now): now and the exclusive end of the last bucket.
    static RunQuery bounds(const DashboardRange &range);
    // Counts per bucket of [from, to), runs and duplicates.
    static RunQuery counts(const DashboardRange &range, const QDateTime &from, const QDateTime &to);
    static RunQuery stuckNow();
    static RunQuery samples(const DashboardRange &range, const QDateTime &from,
                            const QDateTime &to);
    // The review queue's size by age bin at the server's `now` (from bounds()).
    static RunQuery reviewAges(const QDateTime &now);
    // Oldest review_at and the one in the middle (`middle`: its 0-based position).
    static RunQuery reviewOldestAndMedian(qint64 middle);

    // The whole Dashboard in one read-only REPEATABLE READ transaction.
    static std::optional<DashboardSnapshot> read(PgConnection &connection,
                                                 const DashboardRange &range, PgError *error);

    // Whether this session may fold the deltas and take samples: EXECUTE on
    // dedup.dashboard_refresh() (dedup_operator and an operator grant in this store) on a
    // primary (a standby is read-only).
    static std::optional<bool> canRefresh(PgConnection &connection, PgError *error);
    // SELECT * FROM dedup.dashboard_refresh(): how many deltas were folded, -1 on error.
    static qint64 refresh(PgConnection &connection, PgError *error);
};

} // namespace dedup::store
