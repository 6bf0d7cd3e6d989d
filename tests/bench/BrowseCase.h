#pragma once

#include "store/RunFilter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace bench {

// One line of bench_browse's table: a runs-list filter (first page), a lookup (exact key or
// correlation id: a different existing value at every repetition), or the stuck list; with
// its target (docs/PERFORMANCE.md "Targets").
struct BrowseCase {
    enum class Kind { Page, Lookup, Stuck };

    QString name;
    Kind kind = Kind::Page;
    QList<dedup::store::RunFilter> filters; // Page: one; Lookup: one per repetition; Stuck: none
    double targetMs = 50;

    const dedup::store::RunFilter &filter() const { return filters.first(); }
    QString kindName() const;
};

// The statement a naive QSqlQueryModel would run for the same list: the same columns and
// conditions, ORDER BY without LIMIT. `sql` has $1.. placeholders; `params` their texts
// (null for NULL), as RunQueries binds them.
struct NaiveQuery {
    QString sql;
    QJsonArray params;
    QJsonObject toJson() const;
};

} // namespace bench
