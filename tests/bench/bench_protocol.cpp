// bench_protocol: the protocol targets of docs/PERFORMANCE.md "Targets", measured (never
// asserted).
//
//  (a) throughput of the full worker loop, claim + begin_step/complete_step x2 + succeed, each
//      call its own transaction as docs/PROTOCOL.md recommends, with 1, 2 and 4 worker
//      threads (one connection each, distinct keys); as a worker makes them (no notification
//      since 0020), with `SET dedup.notify = 'on'` (a NOTIFY per call, as before 0020, for
//      reference), and, as the machine's ceiling, six bare INSERT ... ON CONFLICT commits per
//      "run";
//  (b) the latency of one dedup.claim (new key, two steps) against a bare
//      INSERT ... ON CONFLICT DO NOTHING into a table with the same unique constraint, one
//      round trip each, interleaved call by call on one connection so both see the same
//      checkpoints and autovacuum; the replay path (claim of a finished key) against the
//      conflicting INSERT; and, to show where the time goes, an INSERT of the same row into a
//      copy of dedup.runs with all its indexes, the server-side time per function
//      (pg_stat_user_functions, track_functions = all) and the WAL written per call.
//
// It starts its own private PostgreSQL (store/LocalCluster) in a temporary directory under
// /tmp, durable (fsync on) unless --no-fsync, connects over TCP loopback, and stops the
// server by its pid when done. Results: a table on stdout, JSON with --out.
#include "ProtocolWorkload.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <csignal>
#include <thread>

using namespace dedup::store;
using namespace bench;

namespace {

extern "C" void onSignal(int) {
    interrupted = true;
}

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

// ---------------------------------------------------------------------------------------
// machine and report
// ---------------------------------------------------------------------------------------

// The value of the first "name: value" line of a /proc file starting with `prefix`. /proc
// files report size 0, so they are read whole rather than with atEnd().
QString procValue(const QString &path, const QString &prefix) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines)
        if (line.startsWith(prefix))
            return line.mid(line.indexOf(QLatin1Char(':')) + 1).trimmed();
    return {};
}

// 1-, 5- and 15-minute load averages: other work on the machine skews every figure here.
QString loadAverage() {
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).section(QLatin1Char(' '), 0, 2);
}

QJsonObject machine(PgConnection &conn) {
    const auto setting = [&](const char *name) {
        const PgResult result =
            conn.exec(QStringLiteral("SELECT current_setting($1)"), PgParams().add(name));
        return result.ok() ? result.text(0, 0) : QString();
    };
    const QString memKb = procValue(QStringLiteral("/proc/meminfo"), QStringLiteral("MemTotal"))
                              .section(QLatin1Char(' '), 0, 0);
    return {{QStringLiteral("nproc"), int(std::thread::hardware_concurrency())},
            {QStringLiteral("cpu"),
             procValue(QStringLiteral("/proc/cpuinfo"), QStringLiteral("model name"))},
            {QStringLiteral("ram_gib"), memKb.toDouble() / 1024 / 1024},
            {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
            {QStringLiteral("os"), QSysInfo::prettyProductName()},
            {QStringLiteral("postgresql"), setting("server_version")},
            {QStringLiteral("fsync"), setting("fsync")},
            {QStringLiteral("synchronous_commit"), setting("synchronous_commit")},
            {QStringLiteral("wal_sync_method"), setting("wal_sync_method")},
            {QStringLiteral("shared_buffers"), setting("shared_buffers")},
            {QStringLiteral("connection"), QStringLiteral("TCP 127.0.0.1 (loopback)")},
            {QStringLiteral("load_average_at_start"), loadAverage()}};
}

QString ms(double micros) {
    return QString::number(micros / 1000.0, 'f', 3);
}

void printLatency(const QString &name, const LatencyStats &stats) {
    out() << QStringLiteral("  %1 %2 %3 %4 %5\n")
                 .arg(name, -44)
                 .arg(ms(stats.mean), 9)
                 .arg(ms(stats.p50), 9)
                 .arg(ms(stats.p99), 9)
                 .arg(stats.count, 7);
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_protocol"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures the dedup protocol (docs/PERFORMANCE.md \"Targets\") on a private "
                       "PostgreSQL it starts itself."));
    parser.addHelpOption();
    const QCommandLineOption durationOption(
        QStringLiteral("duration"), QStringLiteral("Seconds per throughput configuration (6)."),
        QStringLiteral("seconds"), QStringLiteral("6"));
    const QCommandLineOption roundsOption(
        QStringLiteral("rounds"),
        QStringLiteral("Split each configuration's time into this many slices, taken in turns "
                       "with the other configurations (3)."),
        QStringLiteral("n"), QStringLiteral("3"));
    const QCommandLineOption callsOption(
        QStringLiteral("calls"), QStringLiteral("Measured calls per latency series (1000)."),
        QStringLiteral("n"), QStringLiteral("1000"));
    const QCommandLineOption runsOption(
        QStringLiteral("runs"),
        QStringLiteral("Stop a throughput configuration after this many runs, if that comes "
                       "before --duration (default: no limit)."),
        QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption threadsOption(
        QStringLiteral("threads"), QStringLiteral("Worker thread counts to measure (1,2,4)."),
        QStringLiteral("list"), QStringLiteral("1,2,4"));
    const QCommandLineOption noFsyncOption(
        QStringLiteral("no-fsync"),
        QStringLiteral("Run the server with fsync, synchronous_commit and full_page_writes off."));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("Write the results as JSON to this file."),
                                       QStringLiteral("file"));
    parser.addOptions({durationOption, roundsOption, runsOption, callsOption, threadsOption,
                       noFsyncOption, outOption});
    parser.process(app);

    Settings settings;
    settings.durationSeconds = qMax(1, parser.value(durationOption).toInt());
    settings.calls = qMax(10, parser.value(callsOption).toInt());
    settings.warmup = qMax(10, settings.calls / 10);
    settings.maxRuns = qMax<qint64>(0, parser.value(runsOption).toLongLong());
    settings.rounds = qMax(1, parser.value(roundsOption).toInt());
    settings.durable = !parser.isSet(noFsyncOption);
    settings.threads.clear();
    for (const QString &part : parser.value(threadsOption).split(QLatin1Char(',')))
        if (part.toInt() > 0)
            settings.threads << part.toInt();

    // Ctrl-C ends the measurement early; the server is still stopped below.
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    QTemporaryDir base(QDir::tempPath() + QStringLiteral("/dedup-bench-XXXXXX"));
    if (!base.isValid()) {
        out() << "bench_protocol: cannot create a temporary directory" << Qt::endl;
        return 1;
    }
    LocalCluster::Options options;
    options.baseDir = base.path();
    options.durable = settings.durable;
    LocalCluster cluster(options);
    QString error;
    out() << "starting a private PostgreSQL in " << base.path()
          << (settings.durable ? " (fsync on)" : " (fsync off)") << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_protocol: " << error << Qt::endl;
        LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_protocol: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_protocol: " << message << Qt::endl;
        return finish(1);
    };

    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                 .arg(cluster.port())
                                 .arg(cluster.superuser());
    PgConnection admin;
    if (!admin.open(cluster.conninfo()) ||
        !admin.exec(QStringLiteral("CREATE DATABASE bench")).ok())
        return fail(QStringLiteral("cannot create the bench database"));
    PgConnection conn;
    if (!conn.open(conninfo, QStringLiteral("bench-latency")))
        return fail(conn.openError().toString());
    Migrator migrator(conn);
    Migrator::Report report;
    if (!migrator.migrate(&report, &error))
        return fail(error);
    const PgResult setup = conn.execScript(setupSql);
    if (!setup.ok())
        return fail(setup.error().toString());

    const QJsonObject machineInfo = machine(conn);
    out() << "\nMachine: " << machineInfo.value(QStringLiteral("nproc")).toInt() << " CPUs ("
          << machineInfo.value(QStringLiteral("cpu")).toString() << "), "
          << QString::number(machineInfo.value(QStringLiteral("ram_gib")).toDouble(), 'f', 1)
          << " GiB RAM, PostgreSQL " << machineInfo.value(QStringLiteral("postgresql")).toString()
          << ", fsync " << machineInfo.value(QStringLiteral("fsync")).toString()
          << ", synchronous_commit "
          << machineInfo.value(QStringLiteral("synchronous_commit")).toString() << "; load average "
          << machineInfo.value(QStringLiteral("load_average_at_start")).toString() << Qt::endl;

    // (a)
    out() << "\n(a) Protocol throughput: claim + begin/complete x2 + succeed, 6 calls per run,"
             " each its own transaction; "
          << settings.durationSeconds << " s per row, in " << settings.rounds
          << " slices taken in turns\n"
          << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7\n")
                 .arg(QStringLiteral("loop"), -22)
                 .arg(QStringLiteral("workers"), 7)
                 .arg(QStringLiteral("runs"), 8)
                 .arg(QStringLiteral("runs/s"), 9)
                 .arg(QStringLiteral("run p50 ms"), 11)
                 .arg(QStringLiteral("run p99 ms"), 11)
                 .arg(QStringLiteral("errors"), 7)
          << Qt::flush;
    // The configurations take turns, in --rounds slices each, so that a change in the
    // machine's load or disk latency during the run does not favour one of them.
    std::vector<ThroughputResult> configurations;
    for (const Loop loop : {Loop::Protocol, Loop::ProtocolNotifying, Loop::SixBareInserts})
        for (const int threads : settings.threads) {
            ThroughputResult result;
            result.threads = threads;
            result.loop = loop;
            configurations.push_back(result);
        }
    const double slice = double(settings.durationSeconds) / settings.rounds;
    const qint64 sliceRuns =
        settings.maxRuns > 0 ? qMax<qint64>(1, settings.maxRuns / settings.rounds) : 0;
    for (int round = 0; round < settings.rounds && !interrupted; ++round)
        for (ThroughputResult &result : configurations)
            if (!interrupted)
                result.add(throughput(conninfo, result.threads, result.loop, slice, sliceRuns));
    QJsonArray throughputJson;
    for (const ThroughputResult &result : configurations) {
        const LatencyStats runLatency = result.runLatency();
        out() << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7\n")
                     .arg(loopName(result.loop), -22)
                     .arg(result.threads, 7)
                     .arg(result.runs, 8)
                     .arg(QString::number(result.runsPerSecond(), 'f', 0), 9)
                     .arg(ms(runLatency.p50), 11)
                     .arg(ms(runLatency.p99), 11)
                     .arg(result.errors, 7);
        if (!result.firstError.isEmpty())
            out() << "    first error: " << result.firstError << '\n';
        throughputJson.append(QJsonObject{
            {QStringLiteral("workers"), result.threads},
            {QStringLiteral("loop"), loopName(result.loop)},
            {QStringLiteral("runs"), result.runs},
            {QStringLiteral("seconds"), result.seconds},
            {QStringLiteral("runs_per_s"), result.runsPerSecond()},
            {QStringLiteral("calls_per_s"), result.runsPerSecond() * 6},
            {QStringLiteral("run_latency"), runLatency.toJson()},
            {QStringLiteral("errors"), result.errors},
        });
    }
    out() << Qt::flush;

    if (interrupted)
        return fail(QStringLiteral("interrupted"));

    // (b)
    out() << "\n(b) One call, one round trip, one transaction, single connection ("
          << settings.calls << " measured calls each after " << settings.warmup
          << " warm-up calls, interleaved)\n"
          << QStringLiteral("  %1 %2 %3 %4 %5\n")
                 .arg(QString(), -44)
                 .arg(QStringLiteral("mean ms"), 9)
                 .arg(QStringLiteral("p50 ms"), 9)
                 .arg(QStringLiteral("p99 ms"), 9)
                 .arg(QStringLiteral("calls"), 7)
          << Qt::flush;
    const LatencyResult lat = latencies(conn, settings);
    if (!lat.error.isEmpty())
        return fail(lat.error);
    if (interrupted)
        return fail(QStringLiteral("interrupted"));
    printLatency(QStringLiteral("INSERT .. ON CONFLICT DO NOTHING, new key"), lat.insertNew);
    printLatency(QStringLiteral("dedup.claim, new key, 2 steps"), lat.claimNew);
    printLatency(QStringLiteral("INSERT into a copy of dedup.runs, new key"), lat.insertRunsCopy);
    printLatency(QStringLiteral("INSERT .. ON CONFLICT DO NOTHING, existing"), lat.insertExisting);
    printLatency(QStringLiteral("dedup.claim, finished key (replay)"), lat.claimReplay);
    const double ratioMean = lat.claimNew.mean / lat.insertNew.mean;
    const double ratioP50 = lat.claimNew.p50 / lat.insertNew.p50;
    const double replayMean = lat.claimReplay.mean / lat.insertExisting.mean;
    const double replayP50 = lat.claimReplay.p50 / lat.insertExisting.p50;
    out() << QStringLiteral("  claim / INSERT ON CONFLICT: %1x (mean), %2x (p50); "
                            "replay / conflicting INSERT: %3x (mean), %4x (p50)\n")
                 .arg(ratioMean, 0, 'f', 2)
                 .arg(ratioP50, 0, 'f', 2)
                 .arg(replayMean, 0, 'f', 2)
                 .arg(replayP50, 0, 'f', 2)
          << Qt::flush;

    const int profileCalls = qMin(settings.calls, 500);
    const int profileLoops = qMax(10, profileCalls / 5);
    const Profile prof = profile(conninfo, profileCalls, profileLoops);
    if (!prof.error.isEmpty())
        return fail(prof.error);
    if (interrupted)
        return fail(QStringLiteral("interrupted"));
    const auto printFunctions = [](const QJsonArray &functions, const QString &per) {
        out() << QStringLiteral("  %1 %2 %3 %4\n")
                     .arg(QStringLiteral("function"), -22)
                     .arg(QStringLiteral("calls"), 7)
                     .arg(QStringLiteral("total us/") + per, 15)
                     .arg(QStringLiteral("self us/") + per, 14);
        for (const QJsonValue &value : functions) {
            const QJsonObject function = value.toObject();
            out() << QStringLiteral("  %1 %2 %3 %4\n")
                         .arg(function.value(QStringLiteral("name")).toString(), -22)
                         .arg(function.value(QStringLiteral("calls")).toInteger(), 7)
                         .arg(function.value(QStringLiteral("total_us")).toDouble(), 15, 'f', 1)
                         .arg(function.value(QStringLiteral("self_us")).toDouble(), 14, 'f', 1);
        }
    };
    out() << "\nWhere a new-key claim's time goes (server side, track_functions = all, "
          << profileCalls << " claims):\n";
    printFunctions(prof.claimFunctions, QStringLiteral("claim"));
    out() << "\nServer time per protocol run (" << profileLoops
          << " runs on one connection; client-side wall time per run " << ms(prof.loopWallMicros)
          << " ms):\n";
    printFunctions(prof.loopFunctions, QStringLiteral("run"));
    out() << "WAL bytes per call:";
    for (auto it = prof.walBytesPerCall.begin(); it != prof.walBytesPerCall.end(); ++it)
        out() << "  " << it.key() << " " << QString::number(it.value().toDouble(), 'f', 0);
    out() << Qt::endl;

    if (parser.isSet(outOption)) {
        const QJsonObject results{
            {QStringLiteral("machine"), machineInfo},
            {QStringLiteral("load_average_at_end"), loadAverage()},
            {QStringLiteral("settings"),
             QJsonObject{{QStringLiteral("duration_s"), settings.durationSeconds},
                         {QStringLiteral("rounds"), settings.rounds},
                         {QStringLiteral("max_runs"), settings.maxRuns},
                         {QStringLiteral("calls"), settings.calls},
                         {QStringLiteral("warmup"), settings.warmup},
                         {QStringLiteral("durable"), settings.durable}}},
            {QStringLiteral("throughput"), throughputJson},
            {QStringLiteral("latency"),
             QJsonObject{
                 {QStringLiteral("insert_on_conflict_new"), lat.insertNew.toJson()},
                 {QStringLiteral("claim_new"), lat.claimNew.toJson()},
                 {QStringLiteral("insert_runs_copy_new"), lat.insertRunsCopy.toJson()},
                 {QStringLiteral("insert_on_conflict_existing"), lat.insertExisting.toJson()},
                 {QStringLiteral("claim_replay"), lat.claimReplay.toJson()},
                 {QStringLiteral("ratio_claim_vs_insert_mean"), ratioMean},
                 {QStringLiteral("ratio_claim_vs_insert_p50"), ratioP50},
                 {QStringLiteral("ratio_replay_vs_conflict_mean"), replayMean},
                 {QStringLiteral("ratio_replay_vs_conflict_p50"), replayP50}}},
            {QStringLiteral("profile"),
             QJsonObject{{QStringLiteral("claims"), profileCalls},
                         {QStringLiteral("functions_per_claim"), prof.claimFunctions},
                         {QStringLiteral("runs"), profileLoops},
                         {QStringLiteral("run_wall_us"), prof.loopWallMicros},
                         {QStringLiteral("functions_per_run"), prof.loopFunctions},
                         {QStringLiteral("wal_bytes_per_call"), prof.walBytesPerCall}}},
        };
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(results).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    return finish(0);
}