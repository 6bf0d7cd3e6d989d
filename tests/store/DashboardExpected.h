#pragma once

// What the Dashboard's counts must equal, for the store tests of DashboardQueries
// (tst_dashboardqueries.cpp, tst_dashboardscope.cpp): the same figures computed straight from
// dedup.runs, dedup.events and dedup.duplicate_deliveries, and the counts of a snapshot in the
// same text form.
#include "store/DashboardCount.h"
#include "store/PgResult.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace dashboard_expected {

// One line per (bucket, metric, series, error class): "<epoch>|metric|series|class|n", ordered
// as DashboardQueries::counts orders them. $1 stride seconds, $2 from, $3 to, $4 workflow or
// NULL. Row-level security applies to the login that runs it; last_error and event details
// are read through the store's redacted reads (0016_protected_columns.sql), which keep the
// error class and a duplicate's outcome readable. Duplicates are the `duplicate_suppressed`
// and `mismatch` events, each at its time, and (since 0025) the counters of
// dedup.duplicate_deliveries, a run's all at the time of its last one: dashboard_rebuild()'s
// rule, which equals the live deltas while a run's duplicates fall in one bucket.
inline QString directCounts() {
    return QStringLiteral(R"SQL(
SELECT extract(epoch FROM x.b)::bigint || '|' || x.metric || '|' || x.series || '|'
       || x.error_class || '|' || x.n
  FROM (SELECT date_bin($1 * interval '1 second', r.created_at, timestamptz '2000-01-03 00:00:00+00') AS b,
               'runs' AS metric, r.status AS series,
               CASE WHEN r.status IN ('failed', 'manual_review')
                    THEN COALESCE(r.last_error->>'class', '') ELSE '' END AS error_class,
               count(*) AS n
          FROM dedup.runs_redacted(ARRAY(SELECT i.id FROM dedup.runs i)) r
         WHERE r.created_at >= $2 AND r.created_at < $3 AND ($4::text IS NULL OR r.workflow = $4)
         GROUP BY 1, 2, 3, 4
        UNION ALL
        SELECT date_bin($1 * interval '1 second', d.at, timestamptz '2000-01-03 00:00:00+00'),
               'duplicates', d.outcome, '', sum(d.n)::bigint
          FROM (SELECT e.at,
                       CASE WHEN e.kind = 'mismatch' THEN 'mismatch'
                            ELSE COALESCE(e.detail->>'outcome', 'replay') END AS outcome,
                       1 AS n
                  FROM dedup.runs i CROSS JOIN LATERAL dedup.events_redacted(i.id, 1000000) e
                 WHERE e.kind IN ('duplicate_suppressed', 'mismatch')
                UNION ALL
                SELECT c.last_at, o.outcome, o.n
                  FROM dedup.duplicate_deliveries c
                 CROSS JOIN LATERAL (VALUES ('replay', c.replays), ('in_progress', c.in_progress),
                                            ('in_review', c.in_review)) AS o(outcome, n)
                 WHERE o.n > 0) d
         WHERE d.at >= $2 AND d.at < $3
         GROUP BY 1, 2, 3, 4) x
 ORDER BY x.b, x.metric, x.series, x.error_class
)SQL");
}

// A snapshot's counts as directCounts() prints them.
inline QStringList lines(const QList<dedup::store::DashboardCount> &counts) {
    QStringList out;
    for (const dedup::store::DashboardCount &c : counts)
        out << QStringLiteral("%1|%2|%3|%4|%5")
                   .arg(c.bucket.toSecsSinceEpoch())
                   .arg(c.metric, c.series, c.errorClass)
                   .arg(c.n);
    return out;
}

// The first column of every row.
inline QStringList column(const dedup::store::PgResult &result) {
    QStringList out;
    for (int row = 0; row < result.rows(); ++row)
        out << result.text(row, 0);
    return out;
}

} // namespace dashboard_expected
