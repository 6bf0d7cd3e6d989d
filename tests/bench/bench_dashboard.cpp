// bench_dashboard: the Dashboard's queries (store/DashboardQueries) on bench_browse's
// generated store of 10 million runs, measured (never asserted).
//
//  * the store: bench_browse's (BrowseStore: generated once, reused with --keep DIR),
//    brought up to date by DashboardBenchSetup (0008's backfill, duplicates, samples);
//  * every statement of DashboardQueries::read() for each range of the Dashboard's range
//    selector, and the whole read, `--repeats` times: p50 / p95 / max;
//  * the counts with a backlog of unfolded deltas (a status change of 10,000 runs, in a
//    transaction that is rolled back afterwards) and the refresh that folds them;
//  * the naive alternative once per range: the same figures aggregated from dedup.runs.
//
// docs/PERFORMANCE.md ("Dashboard") has the figures and how to reproduce them.
#include "BrowseStore.h"
#include "DashboardBenchSetup.h"
#include "Percentiles.h"
#include "store/DashboardQueries.h"
#include "store/LocalCluster.h"
#include "store/RunQueries.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTextStream>

#include <functional>
#include <memory>
#include <vector>

using namespace bench;
using dedup::store::DashboardQueries;
using dedup::store::DashboardRange;
using dedup::store::LocalCluster;
using dedup::store::PgConnection;
using dedup::store::PgError;
using dedup::store::PgParams;
using dedup::store::PgResult;
using dedup::store::RunQuery;

namespace {

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

QString ms(double micros) {
    return QString::number(micros / 1000.0, 'f', micros < 10000 ? 2 : 1);
}

// Runs `once` `repeats` times (after one warm-up run); microseconds per run.
Percentiles measure(int repeats, const std::function<bool()> &once, bool *ok) {
    std::vector<double> samples;
    *ok = once();
    for (int i = 0; i < repeats && *ok; ++i) {
        QElapsedTimer timer;
        timer.start();
        *ok = once();
        samples.push_back(double(timer.nsecsElapsed()) / 1000.0);
    }
    return Percentiles::of(samples);
}

struct NamedRange {
    QString name;
    DashboardRange range;
};

QList<NamedRange> ranges(PgConnection &conn) {
    DashboardRange workflow = DashboardRange::last30Days();
    workflow.workflow = QStringLiteral("invoice-payment-intent");
    const PgResult now = conn.exec(QStringLiteral("SELECT now()"));
    const QDateTime serverNow = now.toDateTime(0, 0);
    return {{QStringLiteral("last hour (12 x 5 min)"), DashboardRange::lastHour()},
            {QStringLiteral("last 24 h (24 x 1 h)"), DashboardRange::last24Hours()},
            {QStringLiteral("last 7 days (28 x 6 h)"), DashboardRange::last7Days()},
            {QStringLiteral("last 30 days (30 x 1 day)"), DashboardRange::last30Days()},
            {QStringLiteral("30 days, one workflow"), workflow},
            {QStringLiteral("custom: 90 days"),
             DashboardRange::between(serverNow.addDays(-90), serverNow)},
            {QStringLiteral("custom: 3 h, 60 days back"),
             DashboardRange::between(serverNow.addDays(-60),
                                     serverNow.addDays(-60).addSecs(3 * 3600))}};
}

// The same figures as the counts statement, aggregated from the runs: what the rollup saves.
QString naiveCounts() {
    return QStringLiteral(
        "SELECT date_bin($1 * interval '1 second', r.created_at,"
        " timestamptz '2000-01-03 00:00:00+00'), r.status,"
        " CASE WHEN r.status IN ('failed', 'manual_review') THEN COALESCE(r.last_error->>'class',"
        " '') ELSE '' END, count(*) FROM dedup.runs r WHERE r.created_at >= $2 AND r.created_at < "
        "$3"
        " AND ($4::text IS NULL OR r.workflow = $4) GROUP BY 1, 2, 3");
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_dashboard"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures the Dashboard's queries on a generated store of runs."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs (10000000)."),
                                        QStringLiteral("N"), QStringLiteral("10000000"));
    const QCommandLineOption keepOption(QStringLiteral("keep"),
                                        QStringLiteral("bench_browse's kept cluster directory."),
                                        QStringLiteral("DIR"));
    const QCommandLineOption duplicatesOption(QStringLiteral("duplicates"),
                                              QStringLiteral("Duplicate events to add (1000000)."),
                                              QStringLiteral("N"), QStringLiteral("1000000"));
    const QCommandLineOption repeatsOption(QStringLiteral("repeats"),
                                           QStringLiteral("Repetitions per figure (30)."),
                                           QStringLiteral("N"), QStringLiteral("30"));
    const QCommandLineOption naiveOption(QStringLiteral("naive"),
                                         QStringLiteral("Also time the aggregate over the runs."));
    const QCommandLineOption scopedOption(
        QStringLiteral("as-operator-of"),
        QStringLiteral("Also read every range as a login granted operator for the scopes "
                       "starting with PREFIX only (row-level security, the per-scope rollup), "
                       "with and without the read regions the console passes."),
        QStringLiteral("prefix"));
    const QCommandLineOption outOption(QStringLiteral("out"), QStringLiteral("JSON results."),
                                       QStringLiteral("FILE"));
    parser.addOptions({runsOption, keepOption, duplicatesOption, repeatsOption, naiveOption,
                       scopedOption, outOption});
    parser.process(app);
    const int repeats = qMax(5, parser.value(repeatsOption).toInt());

    std::unique_ptr<QTemporaryDir> temporary;
    QString baseDir = parser.value(keepOption);
    if (baseDir.isEmpty()) {
        temporary = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                    QStringLiteral("/dedup-dashboard-XXXXXX"));
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
        out() << "bench_dashboard: " << error << Qt::endl;
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_dashboard: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_dashboard: " << message << Qt::endl;
        return finish(1);
    };
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
                                 .arg(cluster.port())
                                 .arg(cluster.superuser(), QLatin1String(BrowseStore::Database));
    const auto progress = [](const QString &line) { out() << "  " << line << Qt::endl; };
    {
        PgConnection admin;
        if (!admin.open(cluster.conninfo()))
            return fail(admin.openError().toString());
        RunStoreGenerator::Options generation;
        generation.runs = qMax<qint64>(1000, parser.value(runsOption).toLongLong());
        QJsonObject store;
        bool reused = false;
        if (!BrowseStore::ensure(admin, conninfo, generation, false, &store, &reused, &error,
                                 progress))
            return fail(error);
        out() << (reused ? "  reusing the kept store" : "  generated the store") << Qt::endl;
    }
    PgConnection conn;
    if (!conn.open(conninfo, QStringLiteral("bench-dashboard")))
        return fail(conn.openError().toString());
    // As the console's loader sets its session up (JIT off).
    if (const PgResult set = dedup::store::RunQueries::applySessionSettings(conn, 0); !set.ok())
        return fail(set.error().toString());
    QJsonObject setup;
    if (!DashboardBenchSetup::prepare(conn, parser.value(duplicatesOption).toLongLong(), &setup,
                                      &error, progress))
        return fail(error);
    const PgResult sizes = conn.exec(
        QStringLiteral("SELECT (SELECT count(*) FROM dedup.dashboard_counts),"
                       " pg_total_relation_size('dedup.dashboard_counts'),"
                       " (SELECT count(*) FROM dedup.dashboard_samples),"
                       " (SELECT count(*) FROM dedup.runs WHERE status = 'manual_review'),"
                       " (SELECT count(*) FROM dedup.runs WHERE status = 'processing'"
                       "   AND lease_expires_at <= now()), (SELECT reltuples::bigint FROM pg_class"
                       "   WHERE oid = 'dedup.runs'::regclass)"));
    if (!sizes.ok())
        return fail(sizes.error().toString());
    out() << "rollup: " << sizes.toInt64(0, 0) << " count rows ("
          << sizes.toInt64(0, 1) / (1024 * 1024) << " MB), " << sizes.toInt64(0, 2)
          << " samples; review queue " << sizes.toInt64(0, 3) << ", stuck " << sizes.toInt64(0, 4)
          << ", runs ~" << sizes.toInt64(0, 5) << "; load average " << BrowseStore::loadAverage()
          << Qt::endl;

    QJsonArray results;
    out() << "\n" << repeats << " repetitions each; ms p50 / p95 / max" << Qt::endl;
    for (const NamedRange &named : ranges(conn)) {
        PgError pgError;
        const auto snapshot = DashboardQueries::read(conn, named.range, &pgError);
        if (!snapshot)
            return fail(pgError.toString());
        const DashboardRange &range = snapshot->range;
        QList<std::pair<QString, RunQuery>> statements{
            {QStringLiteral("bounds"), DashboardQueries::bounds(range)},
            {QStringLiteral("counts"),
             DashboardQueries::counts(range, snapshot->from, snapshot->to)},
            {QStringLiteral("stuck now"), DashboardQueries::stuckNow()},
            {QStringLiteral("samples"),
             DashboardQueries::samples(range, snapshot->from, snapshot->to)},
            {QStringLiteral("review ages"), DashboardQueries::reviewAges(snapshot->serverNow)},
            {QStringLiteral("review oldest+median"),
             DashboardQueries::reviewOldestAndMedian(snapshot->review.total / 2)}};
        QJsonObject figures{{QStringLiteral("range"), named.name},
                            {QStringLiteral("grain"), snapshot->grain},
                            {QStringLiteral("count_rows"), snapshot->counts.size()},
                            {QStringLiteral("sample_rows"), snapshot->samples.size()}};
        out() << named.name << " (grain " << snapshot->grain << " s, " << snapshot->counts.size()
              << " count rows, " << snapshot->samples.size() << " sample rows)" << Qt::endl;
        for (const auto &[name, query] : statements) {
            bool ok = false;
            const Percentiles stats = measure(
                repeats, [&] { return conn.exec(query.sql, query.params).ok(); }, &ok);
            if (!ok)
                return fail(name + QStringLiteral(" failed"));
            figures.insert(name, stats.toJson());
            out() << "  " << name << ": " << ms(stats.p50) << " / " << ms(stats.p95) << " / "
                  << ms(stats.max) << Qt::endl;
        }
        bool ok = false;
        const Percentiles whole = measure(
            repeats,
            [&] { return DashboardQueries::read(conn, named.range, &pgError).has_value(); }, &ok);
        if (!ok)
            return fail(pgError.toString());
        figures.insert(QStringLiteral("read"), whole.toJson());
        out() << "  whole read (one transaction): " << ms(whole.p50) << " / " << ms(whole.p95)
              << " / " << ms(whole.max) << Qt::endl;
        if (parser.isSet(naiveOption)) {
            PgParams params;
            params.add(range.strideSeconds).add(snapshot->from).add(snapshot->to);
            if (range.workflow.isEmpty())
                params.addNull();
            else
                params.add(range.workflow);
            QElapsedTimer timer;
            timer.start();
            const PgResult naive = conn.exec(naiveCounts(), params);
            if (!naive.ok())
                return fail(naive.error().toString());
            const double naiveMs = double(timer.nsecsElapsed()) / 1e6;
            figures.insert(QStringLiteral("naive_ms"), naiveMs);
            out() << "  naive aggregate over dedup.runs: " << QString::number(naiveMs, 'f', 0)
                  << " ms (" << naive.rows() << " rows)" << Qt::endl;
        }
        results.append(figures);
    }

    // The same ranges as a scope-limited operator: the per-scope rollup under row-level
    // security, with the read regions the console passes (DashboardRange::readable: its
    // scopes' key ranges) and without them (the policy alone, row by row).
    QJsonArray scopedResults;
    if (parser.isSet(scopedOption)) {
        const QString prefix = parser.value(scopedOption);
        if (!BrowseStore::grantScopedOperator(conninfo, QLatin1String(BrowseStore::ScopedLogin),
                                              prefix, &error))
            return fail(error);
        PgConnection scoped;
        if (!scoped.open(QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
                             .arg(cluster.port())
                             .arg(QLatin1String(BrowseStore::ScopedLogin),
                                  QLatin1String(BrowseStore::Database)),
                         QStringLiteral("bench-dashboard-scoped")))
            return fail(scoped.openError().toString());
        if (const PgResult set = dedup::store::RunQueries::applySessionSettings(scoped, 0);
            !set.ok())
            return fail(set.error().toString());
        out() << "\nas " << BrowseStore::ScopedLogin << ", operator for " << prefix
              << "*: counts with read regions / without; whole read with them" << Qt::endl;
        for (const NamedRange &named : ranges(conn)) {
            DashboardRange withRegions = named.range;
            withRegions.readable = dedup::store::ReadRegions{{std::nullopt, prefix}};
            PgError pgError;
            const auto snapshot = DashboardQueries::read(scoped, withRegions, &pgError);
            if (!snapshot)
                return fail(pgError.toString());
            DashboardRange without = snapshot->range;
            without.readable.reset();
            const RunQuery narrowed =
                DashboardQueries::counts(snapshot->range, snapshot->from, snapshot->to);
            const RunQuery policyOnly =
                DashboardQueries::counts(without, snapshot->from, snapshot->to);
            bool ok = false;
            const Percentiles a = measure(
                repeats, [&] { return scoped.exec(narrowed.sql, narrowed.params).ok(); }, &ok);
            bool okB = false;
            const Percentiles b = measure(
                repeats, [&] { return scoped.exec(policyOnly.sql, policyOnly.params).ok(); }, &okB);
            bool okC = false;
            const Percentiles whole = measure(
                repeats,
                [&] { return DashboardQueries::read(scoped, withRegions, &pgError).has_value(); },
                &okC);
            if (!ok || !okB || !okC)
                return fail(named.name + QStringLiteral(" as the scoped login failed"));
            scopedResults.append(
                QJsonObject{{QStringLiteral("range"), named.name},
                            {QStringLiteral("count_rows"), snapshot->counts.size()},
                            {QStringLiteral("counts_with_regions"), a.toJson()},
                            {QStringLiteral("counts_policy_only"), b.toJson()},
                            {QStringLiteral("read"), whole.toJson()}});
            out() << named.name << " (" << snapshot->counts.size() << " count rows): counts "
                  << ms(a.p50) << " / " << ms(a.p95) << "; without regions " << ms(b.p50) << " / "
                  << ms(b.p95) << "; whole read " << ms(whole.p50) << " / " << ms(whole.p95)
                  << Qt::endl;
        }
    }

    // A backlog of deltas: 10,000 runs change status in one transaction (20,000 deltas);
    // the counts read them unfolded, then one refresh folds them; all rolled back.
    out() << "\nunfolded deltas" << Qt::endl;
    QJsonObject backlog;
    if (!conn.exec(QStringLiteral("BEGIN")).ok())
        return fail(QStringLiteral("BEGIN failed"));
    QElapsedTimer timer;
    timer.start();
    const PgResult changed = conn.exec(
        QStringLiteral("UPDATE dedup.runs SET status = 'cancelled', lease_expires_at = NULL"
                       " WHERE id IN (SELECT id FROM dedup.runs WHERE status = 'processing'"
                       " ORDER BY created_at DESC LIMIT 10000)"));
    if (!changed.ok())
        return fail(changed.error().toString());
    backlog.insert(QStringLiteral("update_10000_ms"), double(timer.nsecsElapsed()) / 1e6);
    {
        // (read() opens a transaction of its own: the counts statement alone, inside ours)
        const QDateTime to = QDateTime::currentDateTimeUtc();
        const RunQuery counts =
            DashboardQueries::counts(DashboardRange::last30Days(), to.addDays(-31), to);
        bool ok = false;
        const Percentiles stats = measure(
            repeats, [&] { return conn.exec(counts.sql, counts.params).ok(); }, &ok);
        if (!ok)
            return fail(QStringLiteral("counts with a backlog failed"));
        backlog.insert(QStringLiteral("counts_30d_with_20000_deltas"), stats.toJson());
        out() << "  counts, 30 days, 20,000 deltas pending: " << ms(stats.p50) << " / "
              << ms(stats.p95) << " / " << ms(stats.max) << Qt::endl;
    }
    timer.restart();
    const PgResult folded =
        conn.exec(QStringLiteral("SELECT folded FROM dedup.dashboard_refresh()"));
    if (!folded.ok())
        return fail(folded.error().toString());
    const double foldMs = double(timer.nsecsElapsed()) / 1e6;
    backlog.insert(QStringLiteral("refresh_ms"), foldMs);
    backlog.insert(QStringLiteral("folded"), folded.toInt64(0, 0));
    out() << "  refresh folding " << folded.toInt64(0, 0)
          << " deltas: " << QString::number(foldMs, 'f', 1) << " ms" << Qt::endl;
    conn.exec(QStringLiteral("ROLLBACK"));
    // An idle refresh: nothing to fold, at most a sample.
    {
        bool ok = false;
        const Percentiles idle = measure(
            repeats,
            [&] {
                return conn.exec(QStringLiteral("SELECT * FROM dedup.dashboard_refresh()")).ok();
            },
            &ok);
        backlog.insert(QStringLiteral("idle_refresh"), idle.toJson());
        out() << "  idle refresh: " << ms(idle.p50) << " / " << ms(idle.p95) << " / "
              << ms(idle.max) << Qt::endl;
    }

    const QJsonObject all{{QStringLiteral("setup"), setup},
                          {QStringLiteral("ranges"), results},
                          {QStringLiteral("backlog"), backlog},
                          {QStringLiteral("scoped"), scopedResults},
                          {QStringLiteral("machine"), BrowseStore::machine(conn)},
                          {QStringLiteral("load_average_end"), BrowseStore::loadAverage()}};
    if (parser.isSet(outOption)) {
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(all).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    return finish(0);
}
