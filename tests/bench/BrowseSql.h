#pragma once

#include "BrowseCases.h"
#include "Percentiles.h"
#include "store/PgConnection.h"

#include <QJsonObject>
#include <QString>

namespace bench {

// The SQL side of one case, on one connection, as the runs list's loader runs it (libpq
// PQexecParams, then RunQueries::readRows): the first page, the count (cappedCount, plus the
// planner's estimate when the cap is passed, as RunListModel shows it), how many runs match,
// and the first page's plan (EXPLAIN (ANALYZE, BUFFERS)). The stuck list is measured with the
// Stuck view's own statements (store/StuckQueries).
struct SqlFigures {
    Percentiles page;
    int pageRows = 0;
    Percentiles count;
    dedup::store::RunCount countResult; // as RunListModel / the Stuck view would show it
    qint64 matching = -1; // count(*) of the filter; for lookups: runs per lookup (mean)
    Percentiles snapshot; // the Stuck view only: StuckQueries::read (list + count)
    QString plan;

    QJsonObject toJson() const;
};

// `repeats` timed executions after one warm-up (lookups: one pass over all their values to
// warm up, then one timed execution per value), fewer (at least 5) when they take longer than
// `budgetMs` together.
SqlFigures measureSql(dedup::store::PgConnection &connection, const BrowseCase &browseCase,
                      int repeats, qint64 budgetMs, qint64 countCap, QString *error);

} // namespace bench
