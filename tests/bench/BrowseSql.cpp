#include "BrowseSql.h"

#include "Repetitions.h"
#include "store/StuckQueries.h"

#include <QStringList>

#include <chrono>
#include <limits>
#include <vector>

namespace bench {

using dedup::store::PgConnection;
using dedup::store::PgResult;
using dedup::store::RunFilter;
using dedup::store::RunQueries;
using dedup::store::RunQuery;

namespace {

using Clock = std::chrono::steady_clock;

double microsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Runs `query`; false (and `error`) when it failed.
bool execute(PgConnection &connection, const RunQuery &query, PgResult *result, QString *error) {
    *result = connection.exec(query.sql, query.params);
    if (!result->ok())
        *error = result->error().toString() + QStringLiteral(" [") + query.sql + QLatin1Char(']');
    return result->ok();
}

// The first page as the loader reads it: the statement and the rows it hands to the model.
bool timedPage(PgConnection &connection, const RunQuery &query, std::vector<double> *samples,
               int *rows, QString *error) {
    const Clock::time_point start = Clock::now();
    PgResult result;
    if (!execute(connection, query, &result, error))
        return false;
    const QList<dedup::store::RunRow> list = RunQueries::readRows(result);
    if (samples)
        samples->push_back(microsSince(start));
    *rows = int(list.size());
    return true;
}

// The count as RunListModel gets it: capped, then the estimate past the cap.
bool timedCount(PgConnection &connection, const RunFilter &filter, qint64 cap,
                std::vector<double> *samples, dedup::store::RunCount *count, QString *error) {
    const Clock::time_point start = Clock::now();
    PgResult counted;
    if (!execute(connection, RunQueries::cappedCount(filter, cap), &counted, error))
        return false;
    qint64 estimated = -1;
    if (counted.toInt64(0, 0) > cap) {
        PgResult plan;
        if (!execute(connection, RunQueries::estimate(filter), &plan, error))
            return false;
        estimated = RunQueries::readEstimate(plan);
    }
    if (samples)
        samples->push_back(microsSince(start));
    *count = RunQueries::makeCount(counted.toInt64(0, 0), cap, estimated);
    return true;
}

bool explain(PgConnection &connection, const RunQuery &query, QString *plan, QString *error) {
    PgResult result;
    if (!execute(connection,
                 {QStringLiteral("EXPLAIN (ANALYZE, BUFFERS) ") + query.sql, query.params}, &result,
                 error))
        return false;
    QStringList lines;
    for (int row = 0; row < result.rows(); ++row)
        lines << result.text(row, 0);
    *plan = lines.join(QLatin1Char('\n'));
    return true;
}

// The Stuck view: its list (read as StuckQueries::readRuns reads it), its capped count, the
// whole snapshot the view takes (list, count and server time in one REPEATABLE READ
// transaction: StuckQueries::read) and, once, how many runs are stuck.
SqlFigures measureStuck(PgConnection &connection, int repeats, qint64 budgetMs, qint64 countCap,
                        QString *error) {
    using dedup::store::StuckQueries;
    SqlFigures figures;
    std::vector<double> pages, counts, snapshots;
    const RunQuery list = BrowseCases::stuckPage(BrowseCases::PageSize);
    const RunQuery count = BrowseCases::stuckCount(countCap);
    PgResult result;
    const Repetitions repetitions(repeats + 1, budgetMs);
    for (int i = 0; repetitions.more(i); ++i) { // the first round warms up
        Clock::time_point start = Clock::now();
        if (!execute(connection, list, &result, error))
            return figures;
        bool more = false;
        figures.pageRows = int(StuckQueries::readRuns(result, BrowseCases::PageSize, &more).size());
        if (i > 0)
            pages.push_back(microsSince(start));
        start = Clock::now();
        if (!execute(connection, count, &result, error))
            return figures;
        if (i > 0)
            counts.push_back(microsSince(start));
        figures.countResult = RunQueries::makeCount(result.toInt64(0, 0), countCap, -1);
        start = Clock::now();
        dedup::store::PgError readError;
        if (!StuckQueries::read(connection, StuckQueries::DefaultThreshold, BrowseCases::PageSize,
                                countCap, &readError)) {
            *error = readError.toString();
            return figures;
        }
        if (i > 0)
            snapshots.push_back(microsSince(start));
    }
    figures.page = Percentiles::of(pages);
    figures.count = Percentiles::of(counts);
    figures.snapshot = Percentiles::of(snapshots);
    // Every stuck run: the count without its cap.
    if (!execute(connection, BrowseCases::stuckCount(std::numeric_limits<qint32>::max()), &result,
                 error))
        return figures;
    figures.matching = result.toInt64(0, 0);
    explain(connection, list, &figures.plan, error);
    return figures;
}

} // namespace

QJsonObject SqlFigures::toJson() const {
    return {{QStringLiteral("first_page"), page.toJson()},
            {QStringLiteral("first_page_rows"), pageRows},
            {QStringLiteral("count"), count.toJson()},
            {QStringLiteral("count_value"), countResult.value},
            {QStringLiteral("count_exact"), countResult.exact},
            {QStringLiteral("count_is_estimate"), countResult.hasEstimate},
            {QStringLiteral("matching_runs"), matching},
            {QStringLiteral("snapshot"), snapshot.toJson()},
            {QStringLiteral("plan"), plan}};
}

SqlFigures measureSql(PgConnection &connection, const BrowseCase &browseCase, int repeats,
                      qint64 budgetMs, qint64 countCap, QString *error) {
    SqlFigures figures;
    std::vector<double> pages, counts;
    dedup::store::RunCount count;

    if (browseCase.kind == BrowseCase::Kind::Stuck)
        return measureStuck(connection, repeats, budgetMs, countCap, error);

    const bool lookup = browseCase.kind == BrowseCase::Kind::Lookup;
    const QList<RunFilter> &filters = browseCase.filters;
    // Warm-up: every value once (a lookup), or the page and the count once.
    for (const RunFilter &filter : filters) {
        if (!timedPage(connection, RunQueries::page(filter, {}, BrowseCases::PageSize), nullptr,
                       &figures.pageRows, error) ||
            !timedCount(connection, filter, countCap, nullptr, &count, error))
            return figures;
    }
    qint64 rowsSeen = 0;
    const Repetitions repetitions(lookup ? int(filters.size()) : repeats, budgetMs);
    for (int i = 0; repetitions.more(i); ++i) {
        const RunFilter &filter = filters.at(lookup ? i : 0);
        if (!timedPage(connection, RunQueries::page(filter, {}, BrowseCases::PageSize), &pages,
                       &figures.pageRows, error) ||
            !timedCount(connection, filter, countCap, &counts, &count, error))
            return figures;
        rowsSeen += figures.pageRows;
    }
    figures.page = Percentiles::of(pages);
    figures.count = Percentiles::of(counts);
    figures.countResult = count;
    if (lookup) {
        figures.matching = qint64(double(rowsSeen) / double(qMax<qsizetype>(1, filters.size())));
    } else {
        // count(*) of the filter once: the size of what QSqlQueryModel would hold.
        RunQuery all = RunQueries::estimate(filters.first());
        all.sql = QStringLiteral("SELECT count(*) FROM (") +
                  all.sql.mid(all.sql.indexOf(QStringLiteral("SELECT 1"))) + QStringLiteral(") c");
        PgResult matching;
        if (!execute(connection, all, &matching, error))
            return figures;
        figures.matching = matching.toInt64(0, 0);
    }
    explain(connection, RunQueries::page(filters.first(), {}, BrowseCases::PageSize), &figures.plan,
            error);
    return figures;
}

} // namespace bench
