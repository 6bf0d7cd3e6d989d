#include "BrowseReport.h"

#include "BrowseStore.h"

#include <QJsonArray>
#include <QLocale>

namespace bench {

namespace {

QString ms(double micros) {
    return QString::number(micros / 1000.0, 'f', micros < 10000 ? 2 : 1);
}

QString number(qint64 value) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(value);
}

// As RunListModel shows a count: exact, "~estimate", or "cap+" without an estimate.
QString countText(const dedup::store::RunCount &count) {
    if (count.exact)
        return number(count.value);
    return count.hasEstimate ? QLatin1Char('~') + number(count.value)
                             : number(count.cap) + QLatin1Char('+');
}

QString mb(qint64 kb) {
    return QString::number(double(kb) / 1024.0, 'f', 0);
}

QString gb(qint64 bytes) {
    return QString::number(double(bytes) / 1024.0 / 1024.0 / 1024.0, 'f', 2);
}

QJsonObject modelCase(const QJsonObject &model, const QString &name) {
    for (const QJsonValue &value : model.value(QStringLiteral("cases")).toArray())
        if (value.toObject().value(QStringLiteral("name")).toString() == name)
            return value.toObject();
    return {};
}

} // namespace

QString BrowseReport::describeSizes(const QJsonObject &sizes) {
    return QStringLiteral("dedup.runs %1 GB heap + %2 GB indexes, database %3 GB")
        .arg(gb(sizes.value(QStringLiteral("runs_heap_bytes")).toInteger()),
             gb(sizes.value(QStringLiteral("runs_indexes_bytes")).toInteger()),
             gb(sizes.value(QStringLiteral("database_bytes")).toInteger()));
}

QString BrowseReport::describeMachine(const QJsonObject &machine) {
    const QJsonObject pg = machine.value(QStringLiteral("postgresql")).toObject();
    return QStringLiteral("Machine: %1 CPUs (%2), %3 GiB RAM (%4 available), PostgreSQL %5,"
                          " shared_buffers %6, work_mem %7; load average %8")
        .arg(machine.value(QStringLiteral("nproc")).toInt())
        .arg(machine.value(QStringLiteral("cpu")).toString())
        .arg(machine.value(QStringLiteral("ram_gib")).toDouble(), 0, 'f', 1)
        .arg(machine.value(QStringLiteral("mem_available_gib")).toDouble(), 0, 'f', 1)
        .arg(pg.value(QStringLiteral("server_version")).toString(),
             pg.value(QStringLiteral("shared_buffers")).toString(),
             pg.value(QStringLiteral("work_mem")).toString(),
             machine.value(QStringLiteral("load_average")).toString());
}

double BrowseReport::baselineMs(const QJsonObject &baseline) {
    const QJsonObject repeated = baseline.value(QStringLiteral("set_query")).toObject();
    return repeated.value(QStringLiteral("n")).toInt() > 0
               ? repeated.value(QStringLiteral("p50_ms")).toDouble()
               : baseline.value(QStringLiteral("first_set_query_ms")).toDouble();
}

QJsonObject BrowseReport::print(QTextStream &out, const QList<BrowseCase> &cases,
                                const QList<SqlFigures> &sql, const QJsonObject &model,
                                const QList<QJsonObject> &baselines, const QJsonObject &store,
                                const QJsonObject &machine, int repeats, bool reused) {
    out << "\nFirst page (200 rows) / lookup / stuck list, warm cache, " << repeats
        << " repetitions after a warm-up; times in ms.\n"
           "SQL: statement + RunQueries::readRows on one connection. Model: RunListModel,"
           " setFilter() to the first rows in the model. QSqlQueryModel: the same query"
           " without LIMIT, setQuery() until it returns (p50, or the single run). Ratio:"
           " QSqlQueryModel / model p50 (SQL p50 for the stuck list). Met: the model's p95"
           " (SQL p95 for the stuck list) under the target.\n\n"
        << "| case | runs matching | SQL p50 | SQL p95 | SQL max | model p50 | model p95 |"
           " QSqlQueryModel | QSqlQM peak MB | ratio | target | met |\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    QJsonArray caseJson;
    for (int i = 0; i < cases.size(); ++i) {
        const BrowseCase &c = cases.at(i);
        const SqlFigures &figures = sql.at(i);
        const QJsonObject modelFigures = modelCase(model, c.name);
        const Percentiles first =
            Percentiles::fromJson(modelFigures.value(QStringLiteral("first_rows")).toObject());
        const bool viaModel = c.kind != BrowseCase::Kind::Stuck && first.count > 0;
        const double endToEndP50 = viaModel ? first.p50 : figures.page.p50;
        const double endToEndP95 = viaModel ? first.p95 : figures.page.p95;
        const QJsonObject &baseline = baselines.at(i);
        const bool hasBaseline = baseline.contains(QStringLiteral("vm_hwm_kb"));
        const double baselineTime = hasBaseline ? baselineMs(baseline) : 0;
        const double ratio = hasBaseline ? baselineTime * 1000.0 / endToEndP50 : 0;
        const bool met = endToEndP95 / 1000.0 < c.targetMs;
        const QString matching = c.kind == BrowseCase::Kind::Lookup
                                     ? QStringLiteral("%1 per lookup").arg(figures.matching)
                                     : number(figures.matching);
        out << "| " << c.name << " | " << matching << " | " << ms(figures.page.p50) << " | "
            << ms(figures.page.p95) << " | " << ms(figures.page.max) << " | "
            << (viaModel ? ms(first.p50) : QStringLiteral("-")) << " | "
            << (viaModel ? ms(first.p95) : QStringLiteral("-")) << " | "
            << (hasBaseline ? QString::number(baselineTime, 'f', 1)
                : baseline.value(QStringLiteral("skipped")).toString().isEmpty()
                    ? QStringLiteral("-")
                    : QStringLiteral("skipped"))
            << " | "
            << (hasBaseline ? mb(baseline.value(QStringLiteral("vm_hwm_kb")).toInteger())
                            : QStringLiteral("-"))
            << " | "
            << (hasBaseline ? QString::number(ratio, 'f', 0) + QLatin1Char('x') : QString())
            << " | < " << c.targetMs << " | " << (met ? "yes" : "**no**") << " |\n";
        QJsonArray filters;
        for (const auto &filter : c.filters)
            filters.append(BrowseCases::filterToJson(filter));
        caseJson.append(QJsonObject{{QStringLiteral("name"), c.name},
                                    {QStringLiteral("kind"), c.kindName()},
                                    {QStringLiteral("target_ms"), c.targetMs},
                                    {QStringLiteral("met"), met},
                                    {QStringLiteral("filters"), filters},
                                    {QStringLiteral("sql"), figures.toJson()},
                                    {QStringLiteral("model"), modelFigures},
                                    {QStringLiteral("qsqlquerymodel"), baseline},
                                    {QStringLiteral("naive_sql"), BrowseCases::naive(c).sql}});
    }

    out << "\nCounts (cap 10,000, then the planner's estimate), ms\n\n"
        << "| case | count shown | SQL p50 | SQL p95 | model: setFilter to count p50 |\n"
        << "|---|---:|---:|---:|---:|\n";
    for (int i = 0; i < cases.size(); ++i) {
        const BrowseCase &c = cases.at(i);
        if (c.kind == BrowseCase::Kind::Lookup)
            continue;
        const SqlFigures &figures = sql.at(i);
        const Percentiles shown = Percentiles::fromJson(
            modelCase(model, c.name).value(QStringLiteral("count_shown")).toObject());
        out << "| " << c.name << " | " << countText(figures.countResult) << " | "
            << ms(figures.count.p50) << " | " << ms(figures.count.p95) << " | "
            << (shown.count > 0 ? ms(shown.p50) : QStringLiteral("-")) << " |\n";
    }

    for (int i = 0; i < cases.size(); ++i) {
        if (cases.at(i).kind != BrowseCase::Kind::Stuck)
            continue;
        const Percentiles &snapshot = sql.at(i).snapshot;
        out << "\nStuck view snapshot (StuckQueries::read: list of " << BrowseCases::PageSize
            << ", capped count and server time in one REPEATABLE READ transaction): p50 "
            << ms(snapshot.p50) << " p95 " << ms(snapshot.p95) << " max " << ms(snapshot.max)
            << " ms; " << number(sql.at(i).matching) << " runs stuck.\n";
    }

    const QJsonObject through = model.value(QStringLiteral("page_through")).toObject();
    const Percentiles whole =
        Percentiles::fromJson(through.value(QStringLiteral("whole_list")).toObject());
    const Percentiles page =
        Percentiles::fromJson(through.value(QStringLiteral("page")).toObject());
    out << "\nRunListModel, all runs, paged to maxRows by fetchMore(): "
        << through.value(QStringLiteral("rows")).toInt() << " rows (truncated: "
        << (through.value(QStringLiteral("truncated")).toBool() ? "yes" : "no") << ", count "
        << through.value(QStringLiteral("count_text")).toString() << ") in " << ms(whole.p50)
        << " ms p50 over " << whole.count << " runs; per page p50 " << ms(page.p50) << " p95 "
        << ms(page.p95) << " max " << ms(page.max) << " ms.\nPeak RSS (VmHWM) of the model's"
        << " process: " << mb(model.value(QStringLiteral("vm_hwm_kb")).toInteger())
        << " MB (at start " << mb(model.value(QStringLiteral("rss_at_start_kb")).toInteger())
        << " MB); target < 150 MB.\n"
        << Qt::flush;

    return {{QStringLiteral("machine"), machine},
            {QStringLiteral("store"), store},
            {QStringLiteral("store_reused"), reused},
            {QStringLiteral("repeats"), repeats},
            {QStringLiteral("cases"), caseJson},
            {QStringLiteral("run_list_model"), model},
            {QStringLiteral("load_average_at_end"), BrowseStore::loadAverage()}};
}

} // namespace bench
