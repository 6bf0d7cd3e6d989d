#include "store/WorkflowOverviewQueries.h"

#include "store/PgConnection.h"
#include "store/ReadTransaction.h"
#include "store/WorkflowPauses.h"

#include <algorithm>

namespace dedup::store {

namespace {

// `total` rows count every run the store holds (the daily grain), `recent` ones the runs
// created since $1 (the 5-minute grain from that boundary on). Each reader reads the table
// its policy lets it read (the branch not taken reads nothing, as in MetricsQueries); a
// delta or a processing run counts in both when it is recent.
const char *const RunsSql = R"(
SELECT b.workflow, b.series,
       COALESCE(sum(b.n) FILTER (WHERE b.total), 0)::bigint AS n,
       COALESCE(sum(b.n) FILTER (WHERE NOT b.total), 0)::bigint AS recent
  FROM (SELECT c.workflow, c.series, c.n, c.grain = 86400 AS total
          FROM dedup.dashboard_counts c
         WHERE (SELECT dedup._reads_all()) AND c.metric = 'runs'
           AND (c.grain = 86400 OR (c.grain = 300 AND c.bucket >= $1))
        UNION ALL
        SELECT c.workflow, c.series, c.n, c.grain = 86400
          FROM dedup.dashboard_scope_counts c
         WHERE NOT (SELECT dedup._reads_all()) AND c.metric = 'runs'
           AND (c.grain = 86400 OR (c.grain = 300 AND c.bucket >= $1))
        UNION ALL
        SELECT d.workflow, d.series, d.n, t.total
          FROM dedup.dashboard_deltas d
         CROSS JOIN (VALUES (true), (false)) AS t(total)
         WHERE d.metric = 'runs' AND (t.total OR d.bucket >= $1)
        UNION ALL
        SELECT r.workflow, 'processing', count(*), t.total
          FROM dedup.runs r
         CROSS JOIN (VALUES (true), (false)) AS t(total)
         WHERE r.status = 'processing' AND (t.total OR r.created_at >= $1)
         GROUP BY r.workflow, t.total) b
 GROUP BY 1, 2
HAVING sum(b.n) <> 0)";

const char *const StuckSql = R"(
SELECT r.workflow, count(*) AS stuck FROM dedup.runs r
 WHERE r.status = 'processing' AND r.lease_expires_at <= now()
 GROUP BY r.workflow)";

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

    PgParams params;
    params.add(since);
    result = connection.exec(QString::fromLatin1(RunsSql), params);
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
    }

    result = connection.exec(QString::fromLatin1(StuckSql));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    for (int row = 0; row < result.rows(); ++row)
        rowOf(overview.workflows, result.text(row, "workflow")).stuck =
            result.toInt64(row, "stuck");

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
