#pragma once

// What the Dashboard's counts must equal, for the store tests of DashboardQueries
// (tst_dashboardqueries.cpp, tst_dashboardscope.cpp): the same figures computed straight from
// dedup.runs and dedup.events, and the counts of a snapshot in the same text form.
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
// error class and a duplicate's outcome readable.
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
        SELECT date_bin($1 * interval '1 second', e.at, timestamptz '2000-01-03 00:00:00+00'),
               'duplicates',
               CASE WHEN e.kind = 'mismatch' THEN 'mismatch'
                    ELSE COALESCE(e.detail->>'outcome', 'replay') END, '', count(*)
          FROM dedup.runs i CROSS JOIN LATERAL dedup.events_redacted(i.id, 1000000) e
         WHERE e.kind IN ('duplicate_suppressed', 'mismatch') AND e.at >= $2 AND e.at < $3
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
