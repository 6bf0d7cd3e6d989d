// bench_write_path: what the store costs a worker's transactions (issue 16), measured side by
// side in one run on one private PostgreSQL (never asserted):
//
//  (a) the protocol: one connection of a worker login (granted `worker`), N one-step runs,
//      each claim, begin_step, complete_step, succeed through the worker runtime's
//      RunProtocol, each call its own committed transaction, with the lease secret;
//  (b) a minimal dedup table doing the same four statements on the same connection
//      (INSERT ... ON CONFLICT DO NOTHING of a unique (scope, key) row, a step row insert,
//      an update of each), interleaved with (a) slice by slice;
//      for both: WAL bytes per run (pg_current_wal_insert_lsn() difference over the measured
//      slices, with nothing else running on the cluster; autovacuum is off), runs/s, p50/p95
//      of each call, the ratios; where the WAL goes (pg_walinspect: per relation and record
//      type, and per call); the table statistics of (a) (rows per run into events and
//      dashboard_deltas, HOT and non-HOT updates of runs, index pages touched);
//  (c) the live view's cost: 4 worker connections making protocol runs for a fixed time,
//      without a console; with the console's ChangeListener attached (the real class, as
//      the console runs it: polling the change feed dedup.changes every 500 ms, which the
//      workers' commits do not wait for); for reference with SET dedup.notify = 'on' in the
//      workers' sessions (the NOTIFY every change sent before 0020: its commits take an
//      instance-wide lock), and the minimal table with the same workers.
//
// Between (b) and (c): the notifications a run sends, by default (none since 0020) and with
// dedup.notify = 'on' (one per call).
//
// It starts its own PostgreSQL (store/LocalCluster) under /tmp, durable (fsync on) unless
// --no-fsync, and stops it by its pid. Results: a table on stdout, JSON with --out.
#include "Percentiles.h"
#include "WalBreakdown.h"
#include "WritePathConcurrent.h"
#include "WritePathRuns.h"
#include "lanes/ChangeListener.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <map>
#include <memory>
#include <thread>

using namespace dedup::store;
using namespace bench;

namespace {

const QString workerLogin = QStringLiteral("bench_worker");

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

QString loadAverage() {
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).section(QLatin1Char(' '), 0, 2);
}

QString ms(double micros) {
    return QString::number(micros / 1000.0, 'f', 3);
}

QString ratio(double a, double b) {
    return b > 0 ? QString::number(a / b, 'f', 2) + QLatin1Char('x') : QStringLiteral("n/a");
}

// Lets the console's listener (its poll and coalescing timers and signals live in this thread) work
// while the workers run.
void pumpEvents(int milliseconds) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, milliseconds);
    QThread::msleep(quint64(milliseconds));
}

QString lsn(PgConnection &conn) {
    return conn.exec(QStringLiteral("SELECT pg_current_wal_insert_lsn()")).text(0, 0);
}

double lsnDiff(PgConnection &conn, const QString &end, const QString &start) {
    return conn
        .exec(QStringLiteral("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)"),
              PgParams().add(end).add(start))
        .toDouble(0, 0);
}

// Cumulative statistics of the store's and the minimal table's relations.
struct TableCounters {
    qint64 inserted = 0;
    qint64 updated = 0;
    qint64 hotUpdated = 0;
    qint64 heapBlocks = 0;  // heap pages read or hit
    qint64 indexBlocks = 0; // index pages read or hit
};

QMap<QString, TableCounters> tableCounters(PgConnection &conn) {
    conn.exec(QStringLiteral("SELECT pg_stat_clear_snapshot()"));
    const PgResult result = conn.exec(QStringLiteral(
        "SELECT t.schemaname || '.' || t.relname, t.n_tup_ins, t.n_tup_upd, t.n_tup_hot_upd,"
        "       COALESCE(io.heap_blks_read, 0) + COALESCE(io.heap_blks_hit, 0),"
        "       COALESCE(io.idx_blks_read, 0) + COALESCE(io.idx_blks_hit, 0)"
        "  FROM pg_stat_user_tables t JOIN pg_statio_user_tables io USING (relid)"
        " WHERE t.schemaname IN ('dedup', 'wp')"));
    QMap<QString, TableCounters> counters;
    for (int row = 0; row < result.rows(); ++row)
        counters.insert(result.text(row, 0),
                        {result.toInt64(row, 1), result.toInt64(row, 2), result.toInt64(row, 3),
                         result.toInt64(row, 4), result.toInt64(row, 5)});
    return counters;
}

// The counters of a closed session reach shared memory when it exits: wait until the runs
// of both sides are counted.
QMap<QString, TableCounters> countersAfter(PgConnection &conn,
                                           const QMap<QString, TableCounters> &before,
                                           qint64 protocolRuns, qint64 minimalRuns) {
    QMap<QString, TableCounters> after;
    for (int attempt = 0; attempt < 50; ++attempt) {
        after = tableCounters(conn);
        const qint64 p = after.value(QStringLiteral("dedup.runs")).inserted -
                         before.value(QStringLiteral("dedup.runs")).inserted;
        const qint64 m = after.value(QStringLiteral("wp.runs")).inserted -
                         before.value(QStringLiteral("wp.runs")).inserted;
        if (p >= protocolRuns && m >= minimalRuns)
            break;
        QThread::msleep(200);
    }
    return after;
}

QJsonObject callJson(const QString &name, const Percentiles &stats) {
    QJsonObject json = stats.toJson();
    json.insert(QStringLiteral("call"), name);
    return json;
}

void printWal(const QString &title, const WalBreakdown &wal, double runs, double minBytes) {
    out() << title << "\n";
    const auto rows = wal.byRelationAndRecord();
    QList<QPair<double, QString>> sorted;
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        if (double(it->bytes) / runs >= minBytes)
            sorted.append({double(it->bytes), it.key()});
    std::sort(sorted.begin(), sorted.end(),
              [](const auto &a, const auto &b) { return a.first > b.first; });
    for (const auto &[bytes, key] : sorted) {
        const WalBreakdown::Cell cell = rows.value(key);
        out() << QStringLiteral("    %1 %2 %3 %4 %5\n")
                     .arg(key.section(QLatin1Char('\t'), 0, 0), -44)
                     .arg(key.section(QLatin1Char('\t'), 1), -26)
                     .arg(double(cell.records) / runs, 6, 'f', 2)
                     .arg(double(cell.bytes) / runs, 8, 'f', 1)
                     .arg(double(cell.fpiBytes) / runs, 8, 'f', 1);
    }
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_write_path"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "What the store costs a worker's transactions: the protocol against a minimal dedup "
        "table, side by side, on a private PostgreSQL (issue 16)."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(
        QStringLiteral("runs"),
        QStringLiteral("Measured one-step runs per side on one connection (2000)."),
        QStringLiteral("n"), QStringLiteral("2000"));
    const QCommandLineOption warmupOption(QStringLiteral("warmup"),
                                          QStringLiteral("Warm-up runs per side (200)."),
                                          QStringLiteral("n"), QStringLiteral("200"));
    const QCommandLineOption roundsOption(
        QStringLiteral("rounds"),
        QStringLiteral("Slices taken in turns by the sides and configurations (4)."),
        QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption secondsOption(
        QStringLiteral("seconds"),
        QStringLiteral("Seconds per configuration of the concurrent part (12)."),
        QStringLiteral("s"), QStringLiteral("12"));
    const QCommandLineOption workersOption(
        QStringLiteral("workers"), QStringLiteral("Worker connections of the concurrent part (4)."),
        QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption callRunsOption(
        QStringLiteral("call-runs"),
        QStringLiteral("Runs whose WAL is broken down call by call (50)."), QStringLiteral("n"),
        QStringLiteral("50"));
    const QCommandLineOption noFsyncOption(
        QStringLiteral("no-fsync"),
        QStringLiteral("Run the server with fsync, synchronous_commit and full_page_writes off."));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("Write the results as JSON to this file."),
                                       QStringLiteral("file"));
    parser.addOptions({runsOption, warmupOption, roundsOption, secondsOption, workersOption,
                       callRunsOption, noFsyncOption, outOption});
    parser.process(app);
    const int runs = qMax(10, parser.value(runsOption).toInt());
    const int warmup = qMax(0, parser.value(warmupOption).toInt());
    const int rounds = qMax(1, parser.value(roundsOption).toInt());
    const double seconds = qMax(1.0, parser.value(secondsOption).toDouble());
    const int workers = qMax(1, parser.value(workersOption).toInt());
    const int callRuns = qMax(1, parser.value(callRunsOption).toInt());
    const bool durable = !parser.isSet(noFsyncOption);

    QTemporaryDir base(QDir::tempPath() + QStringLiteral("/dedup-bench-XXXXXX"));
    if (!base.isValid()) {
        out() << "bench_write_path: cannot create a temporary directory" << Qt::endl;
        return 1;
    }
    LocalCluster::Options options;
    options.baseDir = base.path();
    options.durable = durable;
    // Autovacuum off: the WAL of a range is then the workload's alone (vacuuming the dead
    // row versions and index entries is a further cost, larger for the protocol's).
    options.settings << QStringLiteral("autovacuum = off");
    LocalCluster cluster(options);
    QString error;
    out() << "starting a private PostgreSQL in " << base.path()
          << (durable ? " (fsync on)" : " (fsync off)") << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_write_path: " << error << Qt::endl;
        LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_write_path: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_write_path: " << message << Qt::endl;
        return finish(1);
    };

    const QString ownerConninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                      .arg(cluster.port())
                                      .arg(cluster.superuser());
    const QString workerConninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                       .arg(cluster.port())
                                       .arg(workerLogin);
    {
        PgConnection admin;
        if (!admin.open(cluster.conninfo()) ||
            !admin.exec(QStringLiteral("CREATE DATABASE bench")).ok() ||
            !admin.exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(workerLogin)).ok())
            return fail(QStringLiteral("cannot create the bench database and login"));
    }
    PgConnection owner;
    if (!owner.open(ownerConninfo, QStringLiteral("bench-owner")))
        return fail(owner.openError().toString());
    Migrator migrator(owner);
    Migrator::Report report;
    if (!migrator.migrate(&report, &error))
        return fail(error);
    for (const QString &sql :
         {QStringLiteral("CREATE EXTENSION pg_walinspect"),
          QStringLiteral("SELECT dedup.access_grant('%1', 'worker')").arg(workerLogin)}) {
        const PgResult result = owner.exec(sql);
        if (!result.ok())
            return fail(result.error().toString());
    }
    const PgResult setup = owner.execScript(minimalSetupSql(workerLogin));
    if (!setup.ok())
        return fail(setup.error().toString());
    // The migration's own row counts reach shared memory now, not between the snapshots.
    owner.exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));

    const auto setting = [&](const QString &name) {
        const PgResult result =
            owner.exec(QStringLiteral("SELECT current_setting($1, true)"), PgParams().add(name));
        return result.ok() ? result.text(0, 0) : QString();
    };
    const QJsonObject machine{
        {QStringLiteral("nproc"), int(std::thread::hardware_concurrency())},
        {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
        {QStringLiteral("postgresql"), setting(QStringLiteral("server_version"))},
        {QStringLiteral("fsync"), setting(QStringLiteral("fsync"))},
        {QStringLiteral("synchronous_commit"), setting(QStringLiteral("synchronous_commit"))},
        {QStringLiteral("full_page_writes"), setting(QStringLiteral("full_page_writes"))},
        {QStringLiteral("wal_level"), setting(QStringLiteral("wal_level"))},
        {QStringLiteral("schema_version"), Migrator::latestVersion()},
        {QStringLiteral("load_average_at_start"), loadAverage()}};
    out() << "PostgreSQL " << machine.value(QStringLiteral("postgresql")).toString() << ", fsync "
          << machine.value(QStringLiteral("fsync")).toString() << ", full_page_writes "
          << machine.value(QStringLiteral("full_page_writes")).toString()
          << ", autovacuum off; store schema version " << Migrator::latestVersion() << "; "
          << machine.value(QStringLiteral("nproc")).toInt() << " CPUs, load average "
          << loadAverage() << Qt::endl;

    // -------------------------------------------------------------------------------------
    // (a) and (b): one connection, interleaved slices
    // -------------------------------------------------------------------------------------
    PgConnection worker;
    if (!worker.open(workerConninfo, QStringLiteral("bench-write-path")))
        return fail(worker.openError().toString());
    const QString workerName = QStringLiteral("bench-write-path");
    for (int i = 0; i < warmup; ++i) {
        const QString key = QStringLiteral("warm-%1").arg(i);
        if (!protocolRun(worker, key, workerName, nullptr, &error) ||
            !minimalRun(worker, key, nullptr, &error))
            return fail(error);
    }
    // The session's statistics of the warm-up go to shared memory when it is next idle, so
    // that the measured runs' counters start from them.
    worker.exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));
    const QMap<QString, TableCounters> before = countersAfter(owner, {}, warmup, warmup);
    owner.exec(QStringLiteral("CHECKPOINT"));

    CallSamples protocolSamples;
    CallSamples minimalSamples;
    WalBreakdown protocolWal;
    WalBreakdown minimalWal;
    double protocolBytes = 0;
    double minimalBytes = 0;
    out() << "\n(a) protocol and (b) minimal table: " << runs << " one-step runs each on one "
          << "connection (login " << workerLogin << "), in " << rounds
          << " interleaved slices, after " << warmup << " warm-up runs each" << Qt::endl;
    for (int round = 0; round < rounds; ++round) {
        const int slice = runs / rounds + (round < runs % rounds ? 1 : 0);
        for (const bool protocol : {true, false}) {
            CallSamples &samples = protocol ? protocolSamples : minimalSamples;
            const QString start = lsn(owner);
            const auto wallStart = WriteClock::now();
            for (int i = 0; i < slice; ++i) {
                const QString key = QStringLiteral("run-%1-%2").arg(round).arg(i);
                const bool ok = protocol ? protocolRun(worker, key, workerName, &samples, &error)
                                         : minimalRun(worker, key, &samples, &error);
                if (!ok)
                    return fail(error);
            }
            samples.wallMicros += microsSinceStart(wallStart);
            const QString end = lsn(owner);
            (protocol ? protocolBytes : minimalBytes) += lsnDiff(owner, end, start);
            if (!(protocol ? protocolWal : minimalWal).add(owner, start, end, &error))
                return fail(error);
        }
    }
    worker.close();
    const QMap<QString, TableCounters> after =
        countersAfter(owner, before, protocolSamples.runs, minimalSamples.runs);

    const double pRuns = double(protocolSamples.runs);
    const double mRuns = double(minimalSamples.runs);
    const double pWalPerRun = protocolBytes / pRuns;
    const double mWalPerRun = minimalBytes / mRuns;
    const double pRunsPerS = pRuns / (protocolSamples.wallMicros / 1e6);
    const double mRunsPerS = mRuns / (minimalSamples.wallMicros / 1e6);
    const WalBreakdown::Cell pTotal = protocolWal.total();
    const WalBreakdown::Cell mTotal = minimalWal.total();

    out() << QStringLiteral("  %1 %2 %3 %4\n")
                 .arg(QString(), -34)
                 .arg(QStringLiteral("protocol"), 12)
                 .arg(QStringLiteral("minimal"), 12)
                 .arg(QStringLiteral("ratio"), 8);
    const auto line = [](const QString &name, const QString &a, const QString &b,
                         const QString &r) {
        out() << QStringLiteral("  %1 %2 %3 %4\n").arg(name, -34).arg(a, 12).arg(b, 12).arg(r, 8);
    };
    line(QStringLiteral("WAL bytes per run (LSN difference)"), QString::number(pWalPerRun, 'f', 0),
         QString::number(mWalPerRun, 'f', 0), ratio(pWalPerRun, mWalPerRun));
    line(QStringLiteral("  WAL records per run"), QString::number(pTotal.records / pRuns, 'f', 1),
         QString::number(mTotal.records / mRuns, 'f', 1),
         ratio(double(pTotal.records) / pRuns, double(mTotal.records) / mRuns));
    line(QStringLiteral("  of which full-page images, bytes"),
         QString::number(pTotal.fpiBytes / pRuns, 'f', 0),
         QString::number(mTotal.fpiBytes / mRuns, 'f', 0),
         ratio(double(pTotal.fpiBytes) / pRuns, double(mTotal.fpiBytes) / mRuns));
    line(QStringLiteral("  without full-page images, bytes"),
         QString::number((pTotal.bytes - pTotal.fpiBytes) / pRuns, 'f', 0),
         QString::number((mTotal.bytes - mTotal.fpiBytes) / mRuns, 'f', 0),
         ratio(double(pTotal.bytes - pTotal.fpiBytes) / pRuns,
               double(mTotal.bytes - mTotal.fpiBytes) / mRuns));
    line(QStringLiteral("runs/s (one connection)"), QString::number(pRunsPerS, 'f', 0),
         QString::number(mRunsPerS, 'f', 0), ratio(pRunsPerS, mRunsPerS));
    const Percentiles pRun = Percentiles::of(protocolSamples.run);
    const Percentiles mRun = Percentiles::of(minimalSamples.run);
    line(QStringLiteral("run p50 / p95 ms"), ms(pRun.p50) + QStringLiteral(" / ") + ms(pRun.p95),
         ms(mRun.p50) + QStringLiteral(" / ") + ms(mRun.p95), ratio(pRun.p50, mRun.p50));
    QJsonArray protocolCalls;
    QJsonArray minimalCalls;
    std::array<Percentiles, CallSamples::Calls> pCall;
    std::array<Percentiles, CallSamples::Calls> mCall;
    for (int i = 0; i < CallSamples::Calls; ++i) {
        pCall[size_t(i)] = Percentiles::of(protocolSamples.call[size_t(i)]);
        mCall[size_t(i)] = Percentiles::of(minimalSamples.call[size_t(i)]);
        protocolCalls.append(callJson(protocolCallNames()[size_t(i)], pCall[size_t(i)]));
        minimalCalls.append(callJson(minimalCallNames()[size_t(i)], mCall[size_t(i)]));
    }
    out() << "  calls, p50 / p95 ms (protocol call vs the minimal table's statement):\n";
    for (int i = 0; i < CallSamples::Calls; ++i)
        line(QStringLiteral("  %1 vs %2")
                 .arg(protocolCallNames()[size_t(i)], minimalCallNames()[size_t(i)]),
             ms(pCall[size_t(i)].p50) + QStringLiteral(" / ") + ms(pCall[size_t(i)].p95),
             ms(mCall[size_t(i)].p50) + QStringLiteral(" / ") + ms(mCall[size_t(i)].p95),
             ratio(pCall[size_t(i)].p50, mCall[size_t(i)].p50));
    const double claimRatio = pCall[0].p50 / mCall[0].p50;
    out() << "  claim p50 / INSERT ... ON CONFLICT of the same row p50: "
          << QString::number(claimRatio, 'f', 2) << "x" << Qt::endl;

    // Table statistics of (a)
    const auto delta = [&](const QString &table) {
        const TableCounters a = after.value(table);
        const TableCounters b = before.value(table);
        return TableCounters{a.inserted - b.inserted, a.updated - b.updated,
                             a.hotUpdated - b.hotUpdated, a.heapBlocks - b.heapBlocks,
                             a.indexBlocks - b.indexBlocks};
    };
    const PgResult runIndexes = owner.exec(
        QStringLiteral("SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                       " WHERE i.indrelid = 'dedup.runs'::regclass ORDER BY c.relname"));
    QStringList runIndexNames;
    for (int row = 0; row < runIndexes.rows(); ++row)
        runIndexNames << runIndexes.text(row, 0);
    out() << "\n  per run of (a), pg_stat_user_tables / pg_statio_user_tables (per run of (b) "
             "for wp.*):\n"
          << QStringLiteral("    %1 %2 %3 %4 %5 %6\n")
                 .arg(QStringLiteral("table"), -26)
                 .arg(QStringLiteral("inserted"), 9)
                 .arg(QStringLiteral("updated"), 8)
                 .arg(QStringLiteral("HOT"), 6)
                 .arg(QStringLiteral("heap pages"), 11)
                 .arg(QStringLiteral("index pages"), 12);
    QJsonObject tablesJson;
    QStringList tables = after.keys();
    for (const QString &table : tables) {
        const TableCounters d = delta(table);
        const double per = table.startsWith(QLatin1String("wp.")) ? mRuns : pRuns;
        if (d.inserted / per < 0.05 && d.updated / per < 0.05 && d.heapBlocks / per < 0.05 &&
            d.indexBlocks / per < 0.05)
            continue;
        out() << QStringLiteral("    %1 %2 %3 %4 %5 %6\n")
                     .arg(table, -26)
                     .arg(d.inserted / per, 9, 'f', 2)
                     .arg(d.updated / per, 8, 'f', 2)
                     .arg(d.hotUpdated / per, 6, 'f', 2)
                     .arg(d.heapBlocks / per, 11, 'f', 1)
                     .arg(d.indexBlocks / per, 12, 'f', 1);
        tablesJson.insert(
            table, QJsonObject{{QStringLiteral("inserted_per_run"), d.inserted / per},
                               {QStringLiteral("updated_per_run"), d.updated / per},
                               {QStringLiteral("hot_updated_per_run"), d.hotUpdated / per},
                               {QStringLiteral("heap_pages_per_run"), d.heapBlocks / per},
                               {QStringLiteral("index_pages_per_run"), d.indexBlocks / per}});
    }
    out() << "    indexes on dedup.runs: " << runIndexNames.size() << " ("
          << runIndexNames.join(QStringLiteral(", ")) << ")\n";

    out() << "\n  where the WAL goes, per run (relation, record type, records, bytes, of which "
             "full-page images; rows under 8 bytes left out):\n";
    printWal(QStringLiteral("  (a) protocol"), protocolWal, pRuns, 8);
    printWal(QStringLiteral("  (b) minimal table"), minimalWal, mRuns, 8);
    out() << Qt::flush;

    // -------------------------------------------------------------------------------------
    // WAL call by call, and the notifications a run sends
    // -------------------------------------------------------------------------------------
    PgConnection listener;
    if (!listener.open(ownerConninfo, QStringLiteral("bench-listen")) ||
        !listener.exec(QStringLiteral("LISTEN dedup_events")).ok())
        return fail(QStringLiteral("cannot LISTEN: %1").arg(listener.openError().toString()));
    PgConnection caller;
    if (!caller.open(workerConninfo, QStringLiteral("bench-calls")))
        return fail(caller.openError().toString());
    for (int i = 0; i < 5; ++i)
        if (!protocolRun(caller, QStringLiteral("callwarm-%1").arg(i), workerName, nullptr,
                         &error) ||
            !minimalRun(caller, QStringLiteral("callwarm-%1").arg(i), nullptr, &error))
            return fail(error);
    QThread::msleep(300);
    listener.consumeInput();
    listener.takeNotifications();

    // Per call: the LSN before and after each of the four statements, by hand (the same
    // statements RunProtocol sends would need its internals; these are its SQL functions).
    std::array<WalBreakdown, CallSamples::Calls> protocolCallWal;
    std::array<WalBreakdown, CallSamples::Calls> minimalCallWal;
    int notifications = 0;
    // Read once every call is flushed (complete_step commits asynchronously).
    struct Range {
        WalBreakdown *wal;
        QString start;
        QString end;
    };
    std::vector<Range> ranges;
    for (int i = 0; i < callRuns; ++i) {
        const QString key = QStringLiteral("call-%1").arg(i);
        const auto step = [&](int index, PgConnection &conn, const QString &sql,
                              const PgParams &params, std::array<WalBreakdown, 4> &wal) {
            const QString start = lsn(owner);
            PgResult result = conn.exec(sql, params);
            if (!result.ok())
                error = result.error().toString();
            else
                ranges.push_back({&wal[size_t(index)], start, lsn(owner)});
            return result;
        };
        const PgResult claim =
            step(0, caller,
                 QStringLiteral("SELECT run_id, lease_token, lease_secret FROM dedup.claim("
                                "p_scope => 'bench', p_key => $1, p_workflow => 'bench-workflow',"
                                " p_fingerprint => 'sha256:bench', p_worker => $2,"
                                " p_steps => '{charge}')"),
                 PgParams().add(key).add(workerName), protocolCallWal);
        if (!error.isEmpty())
            return fail(error);
        const qint64 id = claim.toInt64(0, 0);
        const QString token = claim.text(0, 1);
        const QString secret = claim.text(0, 2);
        step(1, caller,
             QStringLiteral("SELECT dedup.begin_step($1, $2::bigint, $3::uuid, 'charge')"),
             PgParams().add(id).add(token).add(secret), protocolCallWal);
        step(2, caller,
             QStringLiteral("SELECT dedup.complete_step($1, $2::bigint, $3::uuid, 'charge', $4)"),
             PgParams().add(id).add(token).add(secret).add(QStringLiteral("ch_%1").arg(id)),
             protocolCallWal);
        step(3, caller,
             QStringLiteral("SELECT dedup.succeed($1, $2::bigint, $3::uuid, '{\"status\": 201}')"),
             PgParams().add(id).add(token).add(secret), protocolCallWal);
        if (!error.isEmpty())
            return fail(error);
        QThread::msleep(20);
        listener.consumeInput();
        notifications += int(listener.takeNotifications().size());

        const PgResult inserted =
            step(0, caller,
                 QStringLiteral("INSERT INTO wp.runs (scope, key) VALUES ('bench', $1)"
                                " ON CONFLICT DO NOTHING RETURNING id"),
                 PgParams().add(key), minimalCallWal);
        if (!error.isEmpty())
            return fail(error);
        const qint64 mid = inserted.toInt64(0, 0);
        step(1, caller,
             QStringLiteral("INSERT INTO wp.steps (run_id, name, status, started_at)"
                            " VALUES ($1, 'charge', 'in_progress', now())"),
             PgParams().add(mid), minimalCallWal);
        step(2, caller,
             QStringLiteral("UPDATE wp.steps SET status = 'done', side_effect_ref = $2,"
                            " finished_at = now() WHERE run_id = $1 AND name = 'charge'"),
             PgParams().add(mid).add(QStringLiteral("ch_%1").arg(mid)), minimalCallWal);
        step(3, caller,
             QStringLiteral("UPDATE wp.runs SET status = 'succeeded',"
                            " result = '{\"status\": 201}', finished_at = now() WHERE id = $1"),
             PgParams().add(mid), minimalCallWal);
        if (!error.isEmpty())
            return fail(error);
    }
    // Since 0020 the store notifies only a session that asks (dedup.notify = 'on'): then one
    // notification per call, four per run.
    if (!caller.exec(QStringLiteral("SET dedup.notify = 'on'")).ok())
        return fail(QStringLiteral("cannot SET dedup.notify"));
    if (!protocolRun(caller, QStringLiteral("notify-on"), workerName, nullptr, &error))
        return fail(error);
    QThread::msleep(50);
    listener.consumeInput();
    const int notificationsOn = int(listener.takeNotifications().size());
    caller.close();
    listener.close();
    for (const Range &range : ranges)
        if (!range.wal->add(owner, range.start, range.end, &error))
            return fail(error);

    out() << "\n  WAL per call (" << callRuns
          << " runs; relation, record type, records, bytes, of which full-page images):\n";
    QJsonObject perCallJson;
    for (int i = 0; i < CallSamples::Calls; ++i) {
        for (const bool protocol : {true, false}) {
            const WalBreakdown &wal =
                protocol ? protocolCallWal[size_t(i)] : minimalCallWal[size_t(i)];
            const QString name =
                protocol ? protocolCallNames()[size_t(i)] : minimalCallNames()[size_t(i)];
            const WalBreakdown::Cell total = wal.total();
            printWal(QStringLiteral("  %1: %2 bytes, %3 records")
                         .arg(name)
                         .arg(double(total.bytes) / callRuns, 0, 'f', 0)
                         .arg(double(total.records) / callRuns, 0, 'f', 1),
                     wal, callRuns, 0);
            perCallJson.insert(
                (protocol ? QStringLiteral("protocol: ") : QStringLiteral("minimal: ")) + name,
                wal.toJson(callRuns));
        }
    }
    const double notificationsPerRun = double(notifications) / callRuns;
    out() << "  NOTIFY: " << QString::number(notificationsPerRun, 'f', 1)
          << " notifications per run on dedup_events by default (expected 0 since 0020); with"
             " SET dedup.notify = 'on': "
          << notificationsOn << " (expected 4, one per call)"
          << (notifications != 0 || notificationsOn != 4 ? " UNEXPECTED" : "") << Qt::endl;

    // -------------------------------------------------------------------------------------
    // (c) the live view's cost, concurrent workers
    // -------------------------------------------------------------------------------------
    enum class Config { Default, Console, Notifying, Minimal };
    const std::array<Config, 4> configs{Config::Default, Config::Console, Config::Notifying,
                                        Config::Minimal};
    const auto configName = [](Config config) {
        switch (config) {
        case Config::Default:
            return QStringLiteral("protocol, no console");
        case Config::Console:
            return QStringLiteral("protocol, console polling");
        case Config::Notifying:
            return QStringLiteral("protocol, dedup.notify = on");
        case Config::Minimal:
            return QStringLiteral("minimal table");
        }
        return QString();
    };

    out() << "\n(c) " << workers << " worker connections, one-step runs for " << seconds
          << " s per configuration in " << rounds << " slices taken in turns" << Qt::endl;
    std::map<Config, ConcurrentResult> concurrent;
    // Distinct run ids the console was told about: each run of its slices once if the feed
    // misses nothing (a run may come in two signals, its claim and its end).
    std::map<Config, qint64> notifiedIds;
    const double slice = seconds / rounds;
    for (int round = 0; round < rounds; ++round) {
        for (const Config config : configs) {
            std::unique_ptr<dedup::lanes::ChangeListener> console;
            QSet<qint64> ids;
            if (config == Config::Console) {
                console = std::make_unique<dedup::lanes::ChangeListener>(ownerConninfo);
                QObject::connect(console.get(), &dedup::lanes::ChangeListener::runsChanged,
                                 [&ids](const QSet<qint64> &changed, bool) { ids.unite(changed); });
                console->start();
                QElapsedTimer waited;
                waited.start();
                while (!console->isConnected() && waited.elapsed() < 10000)
                    pumpEvents(10);
                if (!console->isConnected())
                    return fail(QStringLiteral("the console's listener did not connect"));
            }
            const ConcurrentResult result = runConcurrently(
                workerConninfo, workers, slice, config != Config::Minimal,
                QStringLiteral("c%1-%2").arg(round).arg(int(config)), pumpEvents,
                config == Config::Notifying ? QStringLiteral("SET dedup.notify = 'on'")
                                            : QString());
            if (console) {
                // The last changes: one more poll (500 ms) and its coalesced signal (200 ms).
                for (int waited = 0; waited < 1000; waited += 10)
                    pumpEvents(10);
                console.reset();
            }
            concurrent[config].add(result);
            notifiedIds[config] += ids.size();
        }
    }
    out() << QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                 .arg(QStringLiteral("configuration"), -30)
                 .arg(QStringLiteral("runs"), 7)
                 .arg(QStringLiteral("runs/s"), 8)
                 .arg(QStringLiteral("run p50 ms"), 11)
                 .arg(QStringLiteral("run p95 ms"), 11)
                 .arg(QStringLiteral("errors"), 7);
    QJsonArray concurrentJson;
    for (const auto &[config, result] : concurrent) {
        const Percentiles latency = Percentiles::of(result.runMicros);
        out() << QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                     .arg(configName(config), -30)
                     .arg(result.runs, 7)
                     .arg(result.runsPerSecond(), 8, 'f', 0)
                     .arg(ms(latency.p50), 11)
                     .arg(ms(latency.p95), 11)
                     .arg(result.errors, 7);
        if (!result.firstError.isEmpty())
            out() << "    first error: " << result.firstError << '\n';
        concurrentJson.append(
            QJsonObject{{QStringLiteral("configuration"), configName(config)},
                        {QStringLiteral("runs"), result.runs},
                        {QStringLiteral("seconds"), result.seconds},
                        {QStringLiteral("runs_per_s"), result.runsPerSecond()},
                        {QStringLiteral("run_latency"), latency.toJson()},
                        {QStringLiteral("errors"), result.errors},
                        {QStringLiteral("console_ids_received"), notifiedIds[config]}});
    }
    const double off = concurrent[Config::Default].runsPerSecond();
    const double on = concurrent[Config::Console].runsPerSecond();
    const double notifying = concurrent[Config::Notifying].runsPerSecond();
    const double minimal4 = concurrent[Config::Minimal].runsPerSecond();
    out() << "  console polling / no console: " << ratio(on, off) << " (cost "
          << QString::number((1 - on / off) * 100, 'f', 1)
          << "%); dedup.notify = on / no console: " << ratio(notifying, off)
          << "; console polling / dedup.notify = on: " << ratio(on, notifying)
          << "; protocol (no console) / minimal: " << ratio(off, minimal4) << "\n"
          << "  the console received " << notifiedIds[Config::Console]
          << " distinct changed-run ids for " << concurrent[Config::Console].runs << " runs"
          << Qt::endl;

    out() << "\nload average at the end: " << loadAverage() << Qt::endl;

    if (parser.isSet(outOption)) {
        const QJsonObject results{
            {QStringLiteral("machine"), machine},
            {QStringLiteral("load_average_at_end"), loadAverage()},
            {QStringLiteral("settings"), QJsonObject{{QStringLiteral("runs"), runs},
                                                     {QStringLiteral("warmup"), warmup},
                                                     {QStringLiteral("rounds"), rounds},
                                                     {QStringLiteral("seconds"), seconds},
                                                     {QStringLiteral("workers"), workers},
                                                     {QStringLiteral("durable"), durable},
                                                     {QStringLiteral("autovacuum"), false}}},
            {QStringLiteral("single_connection"),
             QJsonObject{
                 {QStringLiteral("protocol"),
                  QJsonObject{{QStringLiteral("runs"), pRuns},
                              {QStringLiteral("wal_bytes_per_run"), pWalPerRun},
                              {QStringLiteral("wal_records_per_run"), pTotal.records / pRuns},
                              {QStringLiteral("fpi_bytes_per_run"), pTotal.fpiBytes / pRuns},
                              {QStringLiteral("runs_per_s"), pRunsPerS},
                              {QStringLiteral("run_latency"), pRun.toJson()},
                              {QStringLiteral("calls"), protocolCalls},
                              {QStringLiteral("wal"), protocolWal.toJson(pRuns)}}},
                 {QStringLiteral("minimal"),
                  QJsonObject{{QStringLiteral("runs"), mRuns},
                              {QStringLiteral("wal_bytes_per_run"), mWalPerRun},
                              {QStringLiteral("wal_records_per_run"), mTotal.records / mRuns},
                              {QStringLiteral("fpi_bytes_per_run"), mTotal.fpiBytes / mRuns},
                              {QStringLiteral("runs_per_s"), mRunsPerS},
                              {QStringLiteral("run_latency"), mRun.toJson()},
                              {QStringLiteral("calls"), minimalCalls},
                              {QStringLiteral("wal"), minimalWal.toJson(mRuns)}}},
                 {QStringLiteral("ratio_wal"), pWalPerRun / mWalPerRun},
                 {QStringLiteral("ratio_runs_per_s"), pRunsPerS / mRunsPerS},
                 {QStringLiteral("ratio_claim_p50_vs_insert_on_conflict_p50"), claimRatio},
                 {QStringLiteral("tables"), tablesJson},
                 {QStringLiteral("runs_indexes"), QJsonArray::fromStringList(runIndexNames)},
                 {QStringLiteral("wal_per_call"), perCallJson},
                 {QStringLiteral("notifications_per_run"), notificationsPerRun},
                 {QStringLiteral("notifications_per_run_notify_on"), notificationsOn}}},
            {QStringLiteral("concurrent"), concurrentJson},
            {QStringLiteral("ratio_console_on_off"), off > 0 ? on / off : 0},
            {QStringLiteral("ratio_notify_on_off"), off > 0 ? notifying / off : 0},
            {QStringLiteral("ratio_console_on_vs_notify_on"), notifying > 0 ? on / notifying : 0},
        };
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(results).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    return finish(0);
}
