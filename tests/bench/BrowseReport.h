#pragma once

#include "BrowseCases.h"
#include "BrowseSql.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QTextStream>

namespace bench {

// bench_browse's tables (Markdown, so they can go into docs/PERFORMANCE.md as printed) and
// its results file. Figures only: a "met" column compares with the target
// (docs/PERFORMANCE.md "Targets"), nothing fails because of it.
class BrowseReport {
public:
    static QString describeSizes(const QJsonObject &sizes);
    static QString describeMachine(const QJsonObject &machine);
    // QSqlQueryModel's setQuery time: the p50 of the repetitions, or the single run.
    static double baselineMs(const QJsonObject &baseline);

    // Prints the tables; returns everything as one JSON object.
    static QJsonObject print(QTextStream &out, const QList<BrowseCase> &cases,
                             const QList<SqlFigures> &sql, const QJsonObject &model,
                             const QList<QJsonObject> &baselines, const QJsonObject &store,
                             const QJsonObject &machine, int repeats, bool reused);
};

} // namespace bench
