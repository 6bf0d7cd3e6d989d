// bench_export: report exports (store/ReportExporter) of 1 million runs against a bare
// `COPY (same SELECT) TO STDOUT` read with libpq, measured (never asserted):
//
//  (a) raw COPY of the Runs section's SELECT with raw values, to /dev/null;
//  (b) ReportExporter, CSV, redacted (HMAC-SHA256 of four columns per row, in the server);
//  (c) ReportExporter, CSV, raw values (revealRaw: one audit row, then the same SELECT as a);
//  (d) ReportExporter, JSON Lines, redacted;  (e) JSON Lines, raw values;
//  (a') raw COPY of the redacted SELECT: what the hashing itself costs the server.
// Each is repeated (interleaved, so a busy machine slows them alike); the median counts.
// Also: the process's peak RSS over its baseline (getrusage), and the plans of narrow
// exports (no sequential scan of the runs).
//
// docs/PERFORMANCE.md ("Report export") has the figures and how to reproduce them.
#include "BrowseStore.h"
#include "ExportMeasure.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/ReportSql.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

using namespace bench;
using namespace dedup::store;

namespace {

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

// The plan of `select` (EXPLAIN, no ANALYZE), one line per node.
QString plan(PgConnection &conn, const QString &select) {
    const PgResult result = conn.exec(QStringLiteral("EXPLAIN ") + select);
    if (!result.ok())
        return result.error().toString();
    QStringList lines;
    for (int row = 0; row < result.rows(); ++row)
        lines << result.text(row, 0);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_export"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures report exports against a bare COPY TO STDOUT."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs (1000000)."),
                                        QStringLiteral("N"), QStringLiteral("1000000"));
    const QCommandLineOption keepOption(
        QStringLiteral("keep"),
        QStringLiteral("Cluster directory to keep (and reuse when it holds --runs runs)."),
        QStringLiteral("DIR"));
    const QCommandLineOption repeatsOption(QStringLiteral("repeats"),
                                           QStringLiteral("Repetitions per figure (3)."),
                                           QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption outOption(QStringLiteral("out"), QStringLiteral("JSON results."),
                                       QStringLiteral("FILE"));
    parser.addOptions({runsOption, keepOption, repeatsOption, outOption});
    parser.process(app);
    const int repeats = qMax(1, parser.value(repeatsOption).toInt());
    const qint64 baselineKb = ExportMeasure::peakRssKb();

    std::unique_ptr<QTemporaryDir> temporary;
    QString baseDir = parser.value(keepOption);
    if (baseDir.isEmpty()) {
        temporary = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                    QStringLiteral("/dedup-export-XXXXXX"));
        baseDir = temporary->path();
    }
    LocalCluster::Options clusterOptions;
    clusterOptions.baseDir = QDir(baseDir).absolutePath();
    clusterOptions.durable = false;
    clusterOptions.settings = BrowseStore::serverSettings();
    LocalCluster cluster(clusterOptions);
    QString error;
    out() << "starting a private PostgreSQL in " << clusterOptions.baseDir << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_export: " << error << Qt::endl;
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_export: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_export: " << message << Qt::endl;
        return finish(1);
    };
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
                                 .arg(cluster.port())
                                 .arg(cluster.superuser(), QLatin1String(BrowseStore::Database));
    {
        PgConnection admin;
        if (!admin.open(cluster.conninfo()))
            return fail(admin.openError().toString());
        RunStoreGenerator::Options generation;
        generation.runs = qMax<qint64>(1000, parser.value(runsOption).toLongLong());
        QJsonObject store;
        bool reused = false;
        if (!BrowseStore::ensure(admin, conninfo, generation, false, &store, &reused, &error,
                                 [](const QString &line) { out() << "  " << line << Qt::endl; }))
            return fail(error);
        out() << (reused ? "  reusing the kept store" : "  generated the store") << Qt::endl;
    }
    PgConnection conn;
    if (!conn.open(conninfo, QStringLiteral("bench-export")))
        return fail(conn.openError().toString());
    // A kept store may predate 0015 (the server-drawn report key): bring it up to date then.
    const PgResult has =
        conn.exec(QStringLiteral("SELECT to_regprocedure('dedup.report_begin()') IS NOT NULL"));
    if (!has.ok())
        return fail(has.error().toString());
    if (!has.toBool(0, 0)) {
        Migrator migrator(conn);
        Migrator::Report migrated;
        if (!migrator.migrate(&migrated, &error))
            return fail(error);
    }
    const PgResult range =
        conn.exec(QStringLiteral("SELECT min(created_at) - interval '1 second', max(created_at) + "
                                 "interval '1 second', count(*)"
                                 " FROM dedup.runs"));
    if (!range.ok())
        return fail(range.error().toString());
    ReportSpec spec;
    spec.from = range.toDateTime(0, 0);
    spec.to = range.toDateTime(0, 1);
    spec.revealReason = QStringLiteral("bench_export");
    out() << "store: " << range.toInt64(0, 2) << " runs, " << spec.from.toString(Qt::ISODate)
          << " .. " << spec.to.toString(Qt::ISODate) << "; load average "
          << BrowseStore::loadAverage() << Qt::endl;

    // The exact SELECTs the exporter sends, for the bare COPY baselines.
    ReportSql sql(spec, conn);
    const QString rawSelect = sql.runsSelect(false, true);
    const QString redactedSelect = sql.runsSelect(false, false);
    const auto copyOf = [](const QString &select) {
        return QStringLiteral("COPY (%1) TO STDOUT WITH (FORMAT csv, HEADER true)").arg(select);
    };
    // The report's key, drawn by the server in the COPY's transaction as the exporter has it
    // drawn.
    const QString pads = QStringLiteral("SELECT dedup.report_begin()");

    ReportSpec reveal = spec;
    reveal.revealRaw = true;
    ExportMeasure measure(conn);
    using Case = std::function<ExportFigure()>;
    const std::vector<std::pair<QString, Case>> cases{
        {QStringLiteral("a  raw COPY, raw values"),
         [&] { return measure.rawCopy(QStringLiteral("raw"), copyOf(rawSelect)); }},
        {QStringLiteral("b  exporter CSV, redacted"),
         [&] {
             return measure.exporter(QStringLiteral("csv"), spec, ReportSection::Runs,
                                     ReportFormat::Csv);
         }},
        {QStringLiteral("c  exporter CSV, raw values"),
         [&] {
             return measure.exporter(QStringLiteral("csv raw"), reveal, ReportSection::Runs,
                                     ReportFormat::Csv);
         }},
        {QStringLiteral("d  exporter JSONL, redacted"),
         [&] {
             return measure.exporter(QStringLiteral("jsonl"), spec, ReportSection::Runs,
                                     ReportFormat::JsonLines);
         }},
        {QStringLiteral("e  exporter JSONL, raw values"),
         [&] {
             return measure.exporter(QStringLiteral("jsonl raw"), reveal, ReportSection::Runs,
                                     ReportFormat::JsonLines);
         }},
        {QStringLiteral("a' raw COPY, redacted SELECT"),
         [&] {
             return measure.rawCopy(QStringLiteral("raw redacted"), copyOf(redactedSelect), pads);
         }},
    };
    std::map<QString, std::vector<ExportFigure>> figures;
    for (int r = 0; r < repeats; ++r) {
        for (const auto &[name, run] : cases) {
            const ExportFigure figure = run();
            if (!figure.error.isEmpty())
                return fail(name + QStringLiteral(": ") + figure.error);
            out() << "  " << r + 1 << "/" << repeats << " " << name << ": " << figure.rows
                  << " rows in " << QString::number(figure.seconds, 'f', 2) << " s" << Qt::endl;
            figures[name].push_back(figure);
        }
    }

    const auto median = [&figures](const QString &name) {
        std::vector<ExportFigure> list = figures[name];
        std::sort(list.begin(), list.end(), [](const ExportFigure &a, const ExportFigure &b) {
            return a.seconds < b.seconds;
        });
        return list.at(list.size() / 2);
    };
    const ExportFigure baseline = median(cases.front().first);
    out() << "\nmedian of " << repeats << "; ratio = rows/s against (a)" << Qt::endl;
    QJsonArray results;
    for (const auto &[name, run] : cases) {
        const ExportFigure figure = median(name);
        const double ratio = figure.rowsPerSecond() / baseline.rowsPerSecond();
        out() << "  " << name.leftJustified(32) << QString::number(figure.rowsPerSecond(), 'f', 0)
              << " rows/s, " << QString::number(double(figure.bytes) / 1e6, 'f', 0) << " MB, "
              << QString::number(100.0 * ratio, 'f', 0) << "%" << Qt::endl;
        QJsonObject json = figure.toJson();
        json.insert(QStringLiteral("case"), name);
        json.insert(QStringLiteral("ratio"), ratio);
        results.append(json);
    }
    const qint64 peakKb = ExportMeasure::peakRssKb();
    out() << "peak RSS " << peakKb / 1024 << " MB, baseline " << baselineKb / 1024 << " MB: +"
          << (peakKb - baselineKb) / 1024 << " MB" << Qt::endl;

    // Narrow exports use the created_at indexes (no sequential scan of the runs).
    ReportSpec hour = spec;
    hour.from = spec.from.addSecs(spec.from.secsTo(spec.to) / 2);
    hour.to = hour.from.addSecs(3600);
    ReportSql hourSql(hour, conn);
    ReportSpec filtered = hour;
    filtered.workflows = {QStringLiteral("invoice-payment-intent")};
    filtered.statuses = {dedup::core::RunStatus::Failed, dedup::core::RunStatus::ManualReview};
    ReportSql filteredSql(filtered, conn);
    const QString hourPlan = plan(conn, hourSql.runsSelect(false, false));
    const QString filteredPlan = plan(conn, filteredSql.runsSelect(false, false));
    out() << "\nplan, one hour:\n"
          << hourPlan << "\n\nplan, one hour, workflow + 2 statuses:\n"
          << filteredPlan << Qt::endl;

    if (parser.isSet(outOption)) {
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly))
            return fail(file.errorString());
        file.write(
            QJsonDocument(QJsonObject{{QStringLiteral("results"), results},
                                      {QStringLiteral("repeats"), repeats},
                                      {QStringLiteral("peak_rss_kb"), peakKb},
                                      {QStringLiteral("baseline_rss_kb"), baselineKb},
                                      {QStringLiteral("plan_hour"), hourPlan},
                                      {QStringLiteral("plan_filtered"), filteredPlan},
                                      {QStringLiteral("machine"), BrowseStore::machine(conn)}})
                .toJson());
    }
    return finish(0);
}
