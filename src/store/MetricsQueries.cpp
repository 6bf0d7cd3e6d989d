#include "store/MetricsQueries.h"

#include "store/AccessQueries.h"
#include "store/DashboardQueries.h"
#include "store/PgConnection.h"
#include "store/ReadRegionSql.h"
#include "store/ReadTransaction.h"
#include "store/WorkflowPauses.h"

namespace dedup::store {

namespace {

// Every run and duplicate is in the daily grain of the rollup (0008_dashboard.sql), folded or
// still a delta. Readers of everything read dashboard_counts, the others
// dashboard_scope_counts under its policy (the branch not taken reads nothing, as in
// DashboardQueries::counts); the deltas' policy applies the same rule. The folded duplicates
// of dashboard_counts have no workflow, so duplicates are summed by outcome alone. Processing
// runs are not in the rollup (0022_fewer_run_writes.sql): they are counted from their partial
// index, as the Dashboard does (DashboardQueries::counts).
const char *const RollupSql = R"(
SELECT b.metric, CASE WHEN b.metric = 'duplicates' THEN '' ELSE b.workflow END AS workflow,
       b.series, b.error_class, sum(b.n)::bigint AS n
  FROM (SELECT c.metric, c.workflow, c.series, c.error_class, c.n
          FROM dedup.dashboard_counts c
         WHERE (SELECT dedup._reads_all()) AND c.grain = 86400
        UNION ALL
        SELECT c.metric, c.workflow, c.series, c.error_class, c.n
          FROM dedup.dashboard_scope_counts c
         WHERE NOT (SELECT dedup._reads_all()) AND c.grain = 86400%1
        UNION ALL
        SELECT d.metric, d.workflow, d.series, d.error_class, d.n
          FROM dedup.dashboard_deltas d
        UNION ALL
        SELECT 'runs', r.workflow, 'processing', '', count(*)
          FROM dedup.runs r
         WHERE r.status = 'processing'
         GROUP BY r.workflow) b
 GROUP BY 1, 2, 3, 4
HAVING sum(b.n) <> 0
 ORDER BY 1, 2, 3, 4)";

// The Stuck count is the Dashboard's (one definition of "stuck"), as a scalar subquery.
const char *const QueuesSql = R"(
SELECT (%1) AS stuck,
       (SELECT count(*) FROM dedup.runs r WHERE r.status = 'manual_review') AS review_runs,
       COALESCE(extract(epoch FROM now() - (SELECT min(r.review_at) FROM dedup.runs r
                                              WHERE r.status = 'manual_review')), 0)::float8
           AS review_oldest_age)";

void addTo(QList<StoreMetrics::Figure> &figures, const QString &workflow, const QString &series,
           qint64 n) {
    for (StoreMetrics::Figure &figure : figures) {
        if (figure.workflow == workflow && figure.series == series) {
            figure.n += n;
            return;
        }
    }
    figures.append({workflow, series, n});
}

} // namespace

std::optional<StoreMetrics> MetricsQueries::read(PgConnection &connection, PgError *error) {
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    StoreMetrics metrics;
    PgResult result =
        connection.exec(QString::fromLatin1(QueuesSql).arg(DashboardQueries::stuckNow().sql));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    metrics.stuck = result.toInt64(0, "stuck");
    metrics.reviewRuns = result.toInt64(0, "review_runs");
    metrics.reviewOldestAge = result.toDouble(0, result.column("review_oldest_age"));

    // A restricted login's read regions make its read of the per-scope rollup ranges of its
    // scopes (%1) instead of every scope's rows, each checked by the policy (as the
    // Dashboard's counts and WorkflowOverviewQueries do).
    const std::optional<AccessScope> access = AccessQueries::mine(connection, error);
    if (!access)
        return std::nullopt;
    PgParams params;
    QString scopeRegions;
    if (const std::optional<ReadRegions> regions = access->readRegions())
        scopeRegions =
            QStringLiteral(" AND ") + ReadRegionSql::anyOf(*regions, QStringLiteral("c"), params);
    result = connection.exec(QString::fromLatin1(RollupSql).arg(scopeRegions), params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    for (int row = 0; row < result.rows(); ++row) {
        const QString metric = result.text(row, "metric");
        const QString workflow = result.text(row, "workflow");
        const QString series = result.text(row, "series");
        const QString errorClass = result.text(row, "error_class");
        const qint64 n = result.toInt64(row, "n");
        if (metric == QLatin1String("duplicates")) {
            addTo(metrics.duplicates, {}, series, n);
            continue;
        }
        addTo(metrics.runs, workflow, series, n);
        if (!errorClass.isEmpty())
            addTo(metrics.failures, workflow, errorClass, n);
    }
    // The pauses, in the same snapshot: a table of a few rows (0023_workflow_pause.sql).
    const std::optional<QList<WorkflowPause>> pauses = WorkflowPauses(connection).list(error);
    if (!pauses)
        return std::nullopt;
    for (const WorkflowPause &pause : *pauses)
        metrics.pauses.append({pause.workflow, pause.scopePrefix, 1});
    if (!tx.commit(error))
        return std::nullopt;
    return metrics;
}

} // namespace dedup::store
