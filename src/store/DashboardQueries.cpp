#include "store/DashboardQueries.h"

#include "store/PgConnection.h"
#include "store/ReadRegionSql.h"
#include "store/ReadTransaction.h"

#include <QStringList>

namespace dedup::store {

namespace {

// The bucket of a timestamptz for stride $1 (seconds), as 0008_dashboard.sql's
// _dash_bucket() computes it (which only the owner may call).
QString binned(const QString &column) {
    return QStringLiteral("date_bin($1 * interval '1 second', %1,"
                          " timestamptz '2000-01-03 00:00:00+00')")
        .arg(column);
}

void addBounds(PgParams &params, const DashboardRange &range, const QDateTime &from,
               const QDateTime &to) {
    params.add(range.strideSeconds).add(from).add(to);
}

QString processingNow() {
    // Processing runs are not in the rollup (0022_fewer_run_writes.sql): they are counted
    // here from runs_stale_lease_idx, whose entries carry created_at, workflow and scope (an
    // index-only scan over the runs in flight and the stuck ones, whatever the store's size).
    // Row-level security applies to runs as to any read, so a restricted login counts its
    // own. The same statement reads the folded counts and the deltas: one snapshot, in which
    // a run is either processing here or counted under its later status there.
    return QStringLiteral("       SELECT ") + binned(QStringLiteral("r.created_at")) +
           QStringLiteral(", 'runs'::text, 'processing'::text, ''::text, count(*)"
                          "         FROM dedup.runs r"
                          "        WHERE r.status = 'processing'"
                          "          AND r.created_at >= $2 AND r.created_at < $3"
                          "          AND ($5::text IS NULL OR r.workflow = $5)"
                          "        GROUP BY 1");
}

} // namespace

QDateTime DashboardQueries::origin() {
    return QDateTime(QDate(2000, 1, 3), QTime(0, 0), Qt::UTC);
}

int DashboardQueries::grainFor(qint64 strideSeconds) {
    for (const int grain : {86400, 3600, 300}) {
        if (strideSeconds % grain == 0)
            return grain;
    }
    return 300;
}

RunQuery DashboardQueries::bounds(const DashboardRange &range) {
    // The last bucket is the one holding the instant just before `end`: an end on a bucket
    // boundary does not open an empty bucket after it.
    RunQuery query;
    query.sql =
        QStringLiteral("SELECT now() AS server_now, ") +
        binned(QStringLiteral("COALESCE($2::timestamptz, now()) - interval '1 microsecond'")) +
        QStringLiteral(" + $1 * interval '1 second' AS end_at,"
                       " dedup._reads_all() AS store_wide");
    query.params.add(range.strideSeconds).add(range.end);
    return query;
}

RunQuery DashboardQueries::counts(const DashboardRange &range, const QDateTime &from,
                                  const QDateTime &to) {
    // The folded counts at the grain the stride is a multiple of (a primary key range per
    // metric), plus the deltas not folded yet (5-minute buckets, a short table: whatever
    // changed since the last refresh), summed per bucket of the stride. A figure that sums
    // to 0 (all its runs moved to another status) is left out.
    //
    // Readers of everything read the store-wide dashboard_counts; a login limited to
    // workflows or scope prefixes reads dashboard_scope_counts (0011_dashboard_scope.sql),
    // whose policy keeps the rows of the runs it may read, summed here over its scopes.
    // Each branch is behind a one-time filter on dedup._reads_all() (an InitPlan evaluated
    // once): the branch not taken reads nothing, and the console needs no knowledge of the
    // grants. The deltas' policy already applies the same rule to both kinds of reader.
    // The workflow filter leaves duplicates alone, as it always has.
    const QString workflowTest =
        QStringLiteral("(%1.metric = 'duplicates' OR $5::text IS NULL OR %1.workflow = $5)");
    PgParams params;
    addBounds(params, range, from, to);
    params.add(grainFor(range.strideSeconds));
    if (range.workflow.isEmpty())
        params.addNull();
    else
        params.add(range.workflow);
    // A restricted login's regions on the per-scope rows: its scopes' ranges of the primary
    // key (grain, metric, scope, bucket, ...) instead of every scope's rows of the range,
    // each checked by the policy (4-5 us a row).
    const QString scopeRegions =
        range.readable ? QStringLiteral(" AND ") +
                             ReadRegionSql::anyOf(*range.readable, QStringLiteral("c"), params)
                       : QString();
    const QString folded = QStringLiteral("       SELECT c.bucket, c.metric, c.series,"
                                          " c.error_class, c.n"
                                          "         FROM dedup.%1 c"
                                          "        WHERE %2(SELECT dedup._reads_all())"
                                          "          AND c.grain = $4"
                                          "          AND c.metric IN ('runs', 'duplicates')"
                                          "          AND c.bucket >= $2 AND c.bucket < $3 AND ");
    RunQuery query;
    query.sql = QStringLiteral("SELECT ") + binned(QStringLiteral("b.bucket")) +
                QStringLiteral(" AS bucket, b.metric, b.series, b.error_class,"
                               " sum(b.n)::bigint AS n FROM (") +
                folded.arg(QStringLiteral("dashboard_counts"), QString()) +
                workflowTest.arg(QLatin1Char('c')) + QStringLiteral("       UNION ALL") +
                folded.arg(QStringLiteral("dashboard_scope_counts"), QStringLiteral("NOT ")) +
                workflowTest.arg(QLatin1Char('c')) + scopeRegions +
                QStringLiteral("       UNION ALL"
                               "       SELECT d.bucket, d.metric, d.series, d.error_class, d.n"
                               "         FROM dedup.dashboard_deltas d"
                               "        WHERE d.bucket >= $2 AND d.bucket < $3 AND ") +
                workflowTest.arg(QLatin1Char('d')) + QStringLiteral("       UNION ALL") +
                processingNow() +
                QStringLiteral(") b GROUP BY 1, 2, 3, 4 HAVING sum(b.n) <> 0 ORDER BY 1, 2, 3, 4");
    query.params = std::move(params);
    return query;
}

RunQuery DashboardQueries::stuckNow() {
    // The first range of the Stuck list (store/StuckQueries.h): the expired leases of
    // runs_stale_lease_idx. Exact: the dashboard compares it with its own samples.
    RunQuery query;
    query.sql = QStringLiteral("SELECT count(*) FROM dedup.runs r"
                               " WHERE r.status = 'processing' AND r.lease_expires_at <= now()");
    return query;
}

RunQuery DashboardQueries::samples(const DashboardRange &range, const QDateTime &from,
                                   const QDateTime &to) {
    RunQuery query;
    query.sql = QStringLiteral("SELECT ") + binned(QStringLiteral("s.at")) +
                QStringLiteral(" AS bucket, max(s.stuck) AS stuck, max(s.review) AS review,"
                               " count(*) AS samples FROM dedup.dashboard_samples s"
                               " WHERE s.at >= $2 AND s.at < $3 GROUP BY 1 ORDER BY 1");
    addBounds(query.params, range, from, to);
    return query;
}

RunQuery DashboardQueries::reviewAges(const QDateTime &now) {
    // Each bin is a range of runs_review_queue_idx (review_at) WHERE manual_review, counted
    // by an index-only scan of that range alone, the bounds computed once from the server's
    // now: every queue entry is visited once, and nothing is evaluated per entry (a FILTER
    // per bin over the whole queue cost 140 ms for 200,000 runs, docs/PERFORMANCE.md).
    const QList<qint64> edges = DashboardReviewQueue::binEdges();
    RunQuery query;
    for (const qint64 edge : edges)
        query.params.add(now.addSecs(-edge));
    const QString queue =
        QStringLiteral("(SELECT count(*) FROM dedup.runs r WHERE r.status = 'manual_review'");
    QString sql =
        QStringLiteral("SELECT ") + queue + QStringLiteral(" AND r.review_at IS NULL) AS undated");
    for (int i = 0; i <= edges.size(); ++i) {
        QString range;
        if (i > 0)
            range += QStringLiteral(" AND r.review_at <= $%1").arg(i);
        if (i < edges.size())
            range += QStringLiteral(" AND r.review_at > $%1").arg(i + 1);
        sql += QStringLiteral(", ") + queue + range + QStringLiteral(") AS bin%1").arg(i);
    }
    query.sql = sql;
    return query;
}

RunQuery DashboardQueries::reviewOldestAndMedian(qint64 middle) {
    RunQuery query;
    query.params.add(qMax<qint64>(0, middle));
    const QString queue =
        QStringLiteral("SELECT r.review_at FROM dedup.runs r"
                       " WHERE r.status = 'manual_review' AND r.review_at IS NOT NULL"
                       " ORDER BY r.review_at, r.id");
    query.sql = QStringLiteral("SELECT (") + queue + QStringLiteral(" LIMIT 1) AS oldest, (") +
                queue + QStringLiteral(" OFFSET $1 LIMIT 1) AS median");
    return query;
}

std::optional<DashboardSnapshot>
DashboardQueries::read(PgConnection &connection, const DashboardRange &range, PgError *error) {
    auto run = [&](const RunQuery &query, PgResult *result) {
        *result = connection.exec(query.sql, query.params);
        if (!result->ok())
            *error = result->error();
        return result->ok();
    };
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    DashboardSnapshot snapshot;
    snapshot.range = range;
    snapshot.range.strideSeconds = qMax<qint64>(300, range.strideSeconds / 300 * 300);
    snapshot.range.buckets = qMax(1, range.buckets);
    snapshot.grain = grainFor(snapshot.range.strideSeconds);

    PgResult result;
    if (!run(bounds(snapshot.range), &result))
        return std::nullopt;
    snapshot.serverNow = result.toDateTime(0, "server_now");
    snapshot.to = result.toDateTime(0, "end_at");
    snapshot.from = snapshot.to.addSecs(-snapshot.range.spanSeconds());
    snapshot.storeWide = result.toBool(0, "store_wide");

    if (!run(counts(snapshot.range, snapshot.from, snapshot.to), &result))
        return std::nullopt;
    for (int row = 0; row < result.rows(); ++row) {
        snapshot.counts.append({result.toDateTime(row, "bucket"), result.text(row, "metric"),
                                result.text(row, "series"), result.text(row, "error_class"),
                                result.toInt64(row, "n")});
    }

    if (!run(stuckNow(), &result))
        return std::nullopt;
    snapshot.stuckNow = result.toInt64(0, 0);

    if (!run(samples(snapshot.range, snapshot.from, snapshot.to), &result))
        return std::nullopt;
    for (int row = 0; row < result.rows(); ++row) {
        snapshot.samples.append({result.toDateTime(row, "bucket"), result.toInt64(row, "stuck"),
                                 result.toInt64(row, "review"),
                                 int(result.toInt64(row, "samples"))});
    }

    if (!run(reviewAges(snapshot.serverNow), &result))
        return std::nullopt;
    DashboardReviewQueue &review = snapshot.review;
    qint64 dated = 0; // a run without review_at has no age
    for (int bin = 0; bin <= DashboardReviewQueue::binEdges().size(); ++bin) {
        review.ageBins << result.toInt64(0, 1 + bin);
        dated += review.ageBins.constLast();
    }
    review.total = dated + result.toInt64(0, "undated");
    if (dated > 0) {
        if (!run(reviewOldestAndMedian((dated - 1) / 2), &result))
            return std::nullopt;
        review.oldest = result.toDateTime(0, "oldest");
        review.median = result.toDateTime(0, "median");
    }
    if (!tx.commit(error))
        return std::nullopt;
    return snapshot;
}

std::optional<bool> DashboardQueries::canRefresh(PgConnection &connection, PgError *error) {
    const PgResult result = connection.exec(
        QStringLiteral("SELECT NOT pg_is_in_recovery()"
                       " AND has_function_privilege('dedup.dashboard_refresh()', 'EXECUTE')"
                       " AND EXISTS (SELECT 1 FROM dedup.my_access()"
                       "             WHERE capability IN ('owner', 'operator'))"));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    return result.toBool(0, 0);
}

qint64 DashboardQueries::refresh(PgConnection &connection, PgError *error) {
    const PgResult result =
        connection.exec(QStringLiteral("SELECT folded, sampled FROM dedup.dashboard_refresh()"));
    if (!result.ok()) {
        *error = result.error();
        return -1;
    }
    return result.toInt64(0, "folded");
}

} // namespace dedup::store
