// bench_browse: the browsing targets of docs/PERFORMANCE.md "Targets", measured (never asserted),
// on a generated store of 10 million runs, side by side with a naive QSqlQueryModel on the same
// queries.
//
//  * the store: a private PostgreSQL (store/LocalCluster), database `bench`, migrated, filled
//    by RunStoreGenerator through COPY (SyntheticRuns describes the content); with --keep DIR
//    the cluster lives in DIR and the store is generated once and reused;
//  * SQL, on one connection as the runs list's loader uses it: the first page (200 rows) of
//    each filter, exact key and correlation id lookups, the stuck list, the counts;
//  * RunListModel in a child process: setFilter() to first rows, paging to maxRows (20,000),
//    the process's peak RSS;
//  * QSqlQueryModel (QPSQL) in one child process per query: the same query without LIMIT,
//    the time until setQuery() returns, the process's peak RSS.
//
// Results: tables on stdout, everything as JSON with --out. docs/PERFORMANCE.md ("Browsing
// 10 million runs") has the figures and how to reproduce them.
#include "BrowseCases.h"
#include "BrowseChild.h"
#include "BrowseReport.h"
#include "BrowseSql.h"
#include "BrowseStore.h"
#include "store/LocalCluster.h"
#include "store/RunQueries.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <memory>

using namespace bench;
using dedup::store::LocalCluster;
using dedup::store::PgConnection;
using dedup::store::PgResult;

namespace {

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

int runChildMode(const QString &mode, const QString &inputPath, const QString &outputPath) {
    QFile in(inputPath);
    if (!in.open(QIODevice::ReadOnly))
        return 2;
    const QJsonObject input = QJsonDocument::fromJson(in.readAll()).object();
    const QJsonObject output =
        mode == QStringLiteral("model") ? child::model(input)
        : mode == QStringLiteral("qsql")
            ? child::qsql(input)
            : QJsonObject{{QStringLiteral("error"), QStringLiteral("unknown mode ") + mode}};
    QFile file(outputPath);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 2;
    file.write(QJsonDocument(output).toJson());
    return output.contains(QStringLiteral("error")) ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_browse"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Measures browsing a generated store of runs (docs/PERFORMANCE.md \"Targets\") "
        "against QSqlQueryModel."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"),
                                        QStringLiteral("Runs in the store (10000000)."),
                                        QStringLiteral("n"), QStringLiteral("10000000"));
    const QCommandLineOption keepOption(
        QStringLiteral("keep"),
        QStringLiteral("Keep the cluster in DIR and reuse its store when it matches."),
        QStringLiteral("dir"));
    const QCommandLineOption regenerateOption(QStringLiteral("regenerate"),
                                              QStringLiteral("Generate the store again."));
    const QCommandLineOption withIndexesOption(
        QStringLiteral("load-with-indexes"),
        QStringLiteral("Generate with dedup.runs' indexes in place (to compare load times)."));
    const QCommandLineOption generateOnlyOption(QStringLiteral("generate-only"),
                                                QStringLiteral("Stop after generating."));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
                                        QStringLiteral("Generator seed (1)."), QStringLiteral("n"),
                                        QStringLiteral("1"));
    const QCommandLineOption repeatsOption(QStringLiteral("repeats"),
                                           QStringLiteral("Timed repetitions per figure (30)."),
                                           QStringLiteral("n"), QStringLiteral("30"));
    const QCommandLineOption noBaselineOption(QStringLiteral("no-baseline"),
                                              QStringLiteral("Skip QSqlQueryModel."));
    const QCommandLineOption budgetOption(
        QStringLiteral("budget"),
        QStringLiteral("Seconds of repetitions per figure, at least 5 repetitions (20)."),
        QStringLiteral("s"), QStringLiteral("20"));
    const QCommandLineOption memoryOption(
        QStringLiteral("baseline-memory"),
        QStringLiteral("Skip a QSqlQueryModel query expected to need more than this fraction "
                       "of MemAvailable (0.5)."),
        QStringLiteral("fraction"), QStringLiteral("0.5"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("Write the results as JSON to this file."),
                                       QStringLiteral("file"));
    const QCommandLineOption scopedOption(
        QStringLiteral("as-operator-of"),
        QStringLiteral("Browse as a login granted operator for the scopes starting with PREFIX "
                       "only (row-level security), instead of as the store owner."),
        QStringLiteral("prefix"));
    const QCommandLineOption childOption(
        QStringLiteral("child"), QStringLiteral("(internal) child mode"), QStringLiteral("mode"));
    const QCommandLineOption inputOption(QStringLiteral("input"), QStringLiteral("(internal)"),
                                         QStringLiteral("file"));
    const QCommandLineOption outputOption(QStringLiteral("output"), QStringLiteral("(internal)"),
                                          QStringLiteral("file"));
    parser.addOptions({runsOption, keepOption, regenerateOption, withIndexesOption,
                       generateOnlyOption, seedOption, repeatsOption, noBaselineOption,
                       budgetOption, memoryOption, outOption, scopedOption, childOption,
                       inputOption, outputOption});
    parser.process(app);
    if (parser.isSet(childOption))
        return runChildMode(parser.value(childOption), parser.value(inputOption),
                            parser.value(outputOption));

    RunStoreGenerator::Options generation;
    generation.runs = qMax<qint64>(1000, parser.value(runsOption).toLongLong());
    generation.seed = parser.value(seedOption).toULongLong();
    generation.dropIndexes = !parser.isSet(withIndexesOption);
    const int repeats = qMax(3, parser.value(repeatsOption).toInt());

    std::unique_ptr<QTemporaryDir> temporary;
    QString baseDir = parser.value(keepOption);
    if (baseDir.isEmpty()) {
        temporary = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                    QStringLiteral("/dedup-browse-XXXXXX"));
        if (!temporary->isValid()) {
            out() << "bench_browse: cannot create a temporary directory" << Qt::endl;
            return 1;
        }
        baseDir = temporary->path();
    }
    LocalCluster::Options clusterOptions;
    clusterOptions.baseDir = QDir(baseDir).absolutePath();
    clusterOptions.durable = false; // a read benchmark; the load is faster without fsync
    clusterOptions.settings = BrowseStore::serverSettings();
    LocalCluster cluster(clusterOptions);
    QString error;
    out() << "starting a private PostgreSQL in " << clusterOptions.baseDir << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_browse: " << error << Qt::endl;
        LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_browse: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_browse: " << message << Qt::endl;
        return finish(1);
    };

    QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
                           .arg(cluster.port())
                           .arg(cluster.superuser(), QLatin1String(BrowseStore::Database));
    PgConnection admin;
    if (!admin.open(cluster.conninfo()))
        return fail(admin.openError().toString());
    QJsonObject store;
    bool reused = false;
    const auto progress = [](const QString &line) { out() << "  " << line << Qt::endl; };
    out() << "store: " << generation.runs << " runs" << Qt::endl;
    if (!BrowseStore::ensure(admin, conninfo, generation, parser.isSet(regenerateOption), &store,
                             &reused, &error, progress))
        return fail(error);
    const QString ownerConninfo = conninfo;
    if (parser.isSet(scopedOption)) {
        // The owner bypasses row-level security; a scope-limited operator pays for it.
        if (!BrowseStore::grantScopedOperator(conninfo, QLatin1String(BrowseStore::ScopedLogin),
                                              parser.value(scopedOption), &error))
            return fail(error);
        conninfo =
            QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
                .arg(cluster.port())
                .arg(QLatin1String(BrowseStore::ScopedLogin), QLatin1String(BrowseStore::Database));
        out() << "browsing as " << BrowseStore::ScopedLogin << ", operator for "
              << parser.value(scopedOption) << "*" << Qt::endl;
    }
    admin.close();
    const QJsonObject generated = store.value(QStringLiteral("generation")).toObject();
    out() << (reused ? "  reusing the kept store, generated in " : "  generated in ")
          << QString::number(generated.value(QStringLiteral("total_s")).toDouble(), 'f', 0)
          << " s; " << BrowseReport::describeSizes(store.value(QStringLiteral("sizes")).toObject())
          << Qt::endl;
    if (parser.isSet(generateOnlyOption))
        return finish(0);

    PgConnection conn;
    if (!conn.open(conninfo, QStringLiteral("bench-browse")))
        return fail(conn.openError().toString());
    // The session as the console's list connections set it up (no timeout here; JIT off).
    if (const PgResult set = dedup::store::RunQueries::applySessionSettings(conn, 0); !set.ok())
        return fail(set.error().toString());
    const QJsonObject machine = BrowseStore::machine(conn);
    out() << BrowseReport::describeMachine(machine) << Qt::endl;

    // The cases (keys, correlation ids, months) are sampled from the whole store, as the owner
    // sees it: a scope-limited operator then also looks up keys it may not see, which costs
    // the same index probe and policy check and answers nothing.
    PgConnection sampler;
    if (!sampler.open(ownerConninfo, QStringLiteral("bench-browse-sampler")))
        return fail(sampler.openError().toString());
    QList<BrowseCase> cases = BrowseCases::make(
        sampler, store.value(QStringLiteral("contents")).toObject(), repeats, &error);
    sampler.close();
    if (cases.isEmpty())
        return fail(error);
    // The console adds the login's grants to its filters (AccessScope::readRegions()); so
    // does the bench, as that login.
    std::optional<dedup::store::ReadRegions> readRegions;
    if (parser.isSet(scopedOption)) {
        readRegions = dedup::store::ReadRegions{{std::nullopt, parser.value(scopedOption)}};
        for (BrowseCase &c : cases) {
            for (dedup::store::RunFilter &filter : c.filters)
                filter.readable = readRegions;
        }
    }

    // Repetitions of one figure stop after this long (at least 5): a plan that reads
    // millions of rows is not run 30 times on a shared machine.
    const qint64 budgetMs = qint64(parser.value(budgetOption).toDouble() * 1000);

    // SQL, one case after the other on one connection.
    const qint64 countCap = 10000; // RunListModel::DefaultCountCap
    QList<SqlFigures> sql;
    out() << "\nSQL: " << cases.size() << " cases, " << repeats << " repetitions each" << Qt::endl;
    for (const BrowseCase &c : cases) {
        sql << measureSql(conn, c, repeats, budgetMs, countCap, &error);
        if (!error.isEmpty())
            return fail(c.name + QStringLiteral(": ") + error);
        out() << "  " << c.name << ": p50 " << QString::number(sql.last().page.p50 / 1000, 'f', 2)
              << " ms" << Qt::endl;
    }

    // RunListModel in a child process.
    QJsonArray modelCases;
    for (const BrowseCase &c : cases) {
        if (c.kind == BrowseCase::Kind::Stuck)
            continue;
        QJsonArray filters;
        for (const auto &filter : c.filters)
            filters.append(BrowseCases::filterToJson(filter));
        modelCases.append(
            QJsonObject{{QStringLiteral("name"), c.name}, {QStringLiteral("filters"), filters}});
    }
    out() << "\nRunListModel (child process)" << Qt::endl;
    const QJsonObject model =
        child::run(QStringLiteral("model"),
                   {{QStringLiteral("conninfo"), conninfo},
                    {QStringLiteral("repeats"), repeats},
                    {QStringLiteral("count_cap"), countCap},
                    {QStringLiteral("budget_ms"), budgetMs},
                    {QStringLiteral("read_scope_prefix"), parser.value(scopedOption)},
                    {QStringLiteral("cases"), modelCases}},
                   30 * 60 * 1000, &error);
    if (!error.isEmpty())
        return fail(error);

    // QSqlQueryModel, one child per query, smallest result first: the memory per row
    // measured so far decides whether a bigger one fits.
    QList<QJsonObject> baselines(cases.size());
    if (!parser.isSet(noBaselineOption)) {
        QList<int> order;
        for (int i = 0; i < cases.size(); ++i)
            order << i;
        std::stable_sort(order.begin(), order.end(),
                         [&](int a, int b) { return sql[a].matching < sql[b].matching; });
        const double fraction = parser.value(memoryOption).toDouble();
        double bytesPerRow = 0;
        out() << "\nQSqlQueryModel (one child process per query)" << Qt::endl;
        for (const int i : order) {
            const BrowseCase &c = cases.at(i);
            const qint64 rows = sql[i].matching;
            const double availableKb = double(child::memInfoKb("MemAvailable"));
            const double expectedKb = bytesPerRow * double(rows) / 1024;
            if (bytesPerRow > 0 && expectedKb > fraction * availableKb) {
                baselines[i] = {
                    {QStringLiteral("skipped"), QStringLiteral("expected %1 MB, MemAvailable %2 MB")
                                                    .arg(expectedKb / 1024, 0, 'f', 0)
                                                    .arg(availableKb / 1024, 0, 'f', 0)}};
                out() << "  " << c.name << ": skipped ("
                      << baselines[i].value(QStringLiteral("skipped")).toString() << ")"
                      << Qt::endl;
                continue;
            }
            const NaiveQuery naive = BrowseCases::naive(c);
            if (naive.sql.isEmpty())
                return fail(c.name + QStringLiteral(": cannot derive the naive query"));
            QJsonObject input = naive.toJson();
            input.insert(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
            input.insert(QStringLiteral("port"), cluster.port());
            input.insert(QStringLiteral("user"), cluster.superuser());
            input.insert(QStringLiteral("dbname"), QLatin1String(BrowseStore::Database));
            input.insert(QStringLiteral("budget_ms"), budgetMs);
            input.insert(QStringLiteral("max_repeats"), repeats);
            baselines[i] = child::run(QStringLiteral("qsql"), input, 60 * 60 * 1000, &error);
            if (!error.isEmpty())
                return fail(error);
            const qint64 grownKb =
                baselines[i].value(QStringLiteral("vm_hwm_kb")).toInteger() -
                baselines[i].value(QStringLiteral("rss_at_start_kb")).toInteger();
            if (rows >= 10000)
                bytesPerRow = qMax(bytesPerRow, double(grownKb) * 1024 / double(rows));
            out() << "  " << c.name << ": " << rows << " rows, setQuery "
                  << QString::number(BrowseReport::baselineMs(baselines[i]), 'f', 1) << " ms, peak "
                  << baselines[i].value(QStringLiteral("vm_hwm_kb")).toInteger() / 1024 << " MB"
                  << Qt::endl;
        }
    }

    const QJsonObject results =
        BrowseReport::print(out(), cases, sql, model, baselines, store, machine, repeats, reused);
    if (parser.isSet(outOption)) {
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(results).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    return finish(0);
}
