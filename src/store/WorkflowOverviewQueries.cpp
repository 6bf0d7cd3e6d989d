#include "store/WorkflowOverviewQueries.h"

#include "store/AccessQueries.h"
#include "store/PgConnection.h"
#include "store/ReadRegionSql.h"
#include "store/ReadTransaction.h"
#include "store/WorkflowPauses.h"

#include <algorithm>

namespace dedup::store {

namespace {

// `n` counts every run the store holds (the daily grain), `recent` the runs created since $1
// (the 5-minute grain from that boundary on). Each grain is its own branch so that each reads
// a range of the rollup's primary key (grain, metric, ...), and each reader reads the table
// its policy lets it read (the branch not taken reads nothing, as in MetricsQueries). The
// deltas and the processing runs are read once, each row counted in both columns when it is
// recent. A restricted login's read regions (AccessScope::readRegions) make its reads of the
// per-scope rollup ranges of its scopes (%1) instead of every scope's rows, each checked by the
// policy. Not on the processing runs: there the planner would trade the index-only scan of
// runs_stale_lease_idx for a bitmap heap scan four times slower (measured on 10 million runs).
// The processing runs whose lease has expired are the workflow's stuck runs (the
// Stuck list's definition), counted in the same pass over runs_stale_lease_idx.
const char *const RunsSql = R"(
SELECT b.workflow, b.series, sum(b.n)::bigint AS n, sum(b.recent)::bigint AS recent,
       sum(b.stuck)::bigint AS stuck
  FROM (SELECT c.workflow, c.series, c.n, 0::bigint AS recent, 0::bigint AS stuck
          FROM dedup.dashboard_counts c
         WHERE (SELECT dedup._reads_all()) AND c.grain = 86400 AND c.metric = 'runs'
        UNION ALL
        SELECT c.workflow, c.series, 0, c.n, 0
          FROM dedup.dashboard_counts c
         WHERE (SELECT dedup._reads_all()) AND c.grain = 300 AND c.metric = 'runs'
           AND c.bucket >= $1
        UNION ALL
        SELECT c.workflow, c.series, c.n, 0, 0
          FROM dedup.dashboard_scope_counts c
         WHERE NOT (SELECT dedup._reads_all()) AND c.grain = 86400 AND c.metric = 'runs'%1
        UNION ALL
        SELECT c.workflow, c.series, 0, c.n, 0
          FROM dedup.dashboard_scope_counts c
         WHERE NOT (SELECT dedup._reads_all()) AND c.grain = 300 AND c.metric = 'runs'
           AND c.bucket >= $1%1
        UNION ALL
        SELECT d.workflow, d.series, d.n, CASE WHEN d.bucket >= $1 THEN d.n ELSE 0 END, 0
          FROM dedup.dashboard_deltas d
         WHERE d.metric = 'runs'
        UNION ALL
        SELECT r.workflow, 'processing', count(*), count(*) FILTER (WHERE r.created_at >= $1),
               count(*) FILTER (WHERE r.lease_expires_at <= now())
          FROM dedup.runs r
         WHERE r.status = 'processing'
         GROUP BY r.workflow) b
 GROUP BY 1, 2
HAVING sum(b.n) <> 0 OR sum(b.recent) <> 0 OR sum(b.stuck) <> 0)";

WorkflowOverviewRow &rowOf(QList<WorkflowOverviewRow> &rows, const QString &workflow) {
    for (WorkflowOverviewRow &row : rows) {
        if (row.workflow == workflow)
            return row;
    }
    rows.append(WorkflowOverviewRow{});
    rows.last().workflow = workflow;
    return rows.last();
}

} // namespace

std::optional<WorkflowOverview> WorkflowOverviewQueries::read(PgConnection &connection,
                                                              PgError *error) {
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    WorkflowOverview overview;
    // The rate's window starts on the rollup's 5-minute grid (dedup._dash_bucket, which only
    // the owner may call).
    PgResult result = connection.exec(QStringLiteral(
        "SELECT now() AS now, date_bin(interval '5 minutes', now() - interval '1 hour',"
        " timestamptz '2000-01-03 00:00:00+00') AS since"));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    overview.serverNow = result.toDateTime(0, "now");
    overview.since = result.toDateTime(0, "since");
    const QString since = result.text(0, "since");

    result = connection.exec(
        QStringLiteral("SELECT w.workflow FROM dedup.workflow_settings w ORDER BY 1"));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    for (int row = 0; row < result.rows(); ++row)
        rowOf(overview.workflows, result.text(row, "workflow"));

    const std::optional<AccessScope> access = AccessQueries::mine(connection, error);
    if (!access)
        return std::nullopt;
    PgParams params;
    params.add(since);
    QString scopeRegions;
    if (const std::optional<ReadRegions> regions = access->readRegions())
        scopeRegions =
            QStringLiteral(" AND ") + ReadRegionSql::anyOf(*regions, QStringLiteral("c"), params);
    result = connection.exec(QString::fromLatin1(RunsSql).arg(scopeRegions), params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    for (int row = 0; row < result.rows(); ++row) {
        WorkflowOverviewRow &workflow = rowOf(overview.workflows, result.text(row, "workflow"));
        const QString series = result.text(row, "series");
        if (const qint64 n = result.toInt64(row, "n"))
            workflow.runs[series] += n;
        if (const qint64 n = result.toInt64(row, "recent"))
            workflow.lastHour[series] += n;
        workflow.stuck += result.toInt64(row, "stuck");
    }

    const std::optional<QList<WorkflowPause>> pauses = WorkflowPauses(connection).list(error);
    if (!pauses)
        return std::nullopt;
    for (const WorkflowPause &pause : *pauses)
        rowOf(overview.workflows, pause.workflow).pauses.append(pause);

    if (!tx.commit(error))
        return std::nullopt;
    std::sort(overview.workflows.begin(), overview.workflows.end(),
              [](const WorkflowOverviewRow &a, const WorkflowOverviewRow &b) {
                  return a.workflow < b.workflow;
              });
    return overview;
}

} // namespace dedup::store
