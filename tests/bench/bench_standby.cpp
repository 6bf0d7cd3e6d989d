// bench_standby: reads from a streaming-replication standby, measured (never
// asserted) for docs/SCALING.md section 3.
//
//  (a) replay lag under protocol load: bench_protocol's worker loop (claim + two steps +
//      succeed, one transaction per call) on the primary with --threads workers for --seconds,
//      while the main thread samples the standby's lag as the console's status bar computes it
//      (store::ReplicationStatus: WAL bytes not replayed, age of the last replayed commit) and
//      measures visibility directly: a row committed on the primary, then polled for on the
//      standby until it is there. The same probe without load is the floor;
//  (b) catching up after the load, and the idle case where the commit age keeps growing while
//      the standby is caught up (why "caught up" compares WAL positions);
//  (c) the runs list's first pages (store::RunQueries, the console's own statements) on the
//      primary and on the standby, over --runs generated runs, and the standby's catch-up
//      after that bulk load.
//
// The pair is tests/support/TestStandby: a private primary and standby on loopback, fsync off
// on both, synchronous_commit on; both stopped by pid at the end.
#include "ProtocolWorkload.h"
#include "TestStandby.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/ReplicationStatus.h"
#include "store/RunQueries.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <thread>
#include <vector>

using namespace dedup::store;

namespace {

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

struct Series {
    std::vector<double> values;
    double at(double q) const {
        if (values.empty())
            return 0;
        std::vector<double> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        return sorted[std::min(sorted.size() - 1, size_t(q * double(sorted.size() - 1) + 0.5))];
    }
    QString summary(int decimals = 1) const {
        return QStringLiteral("p50 %1  p95 %2  max %3  (n=%4)")
            .arg(at(0.5), 0, 'f', decimals)
            .arg(at(0.95), 0, 'f', decimals)
            .arg(at(1.0), 0, 'f', decimals)
            .arg(values.size());
    }
};

// Milliseconds from the commit of one probe row on the primary until the standby returns it.
double visibilityMs(PgConnection &primary, PgConnection &standby, qint64 id) {
    PgParams params;
    params.add(id);
    if (!primary.exec(QStringLiteral("INSERT INTO public.standby_probe (id) VALUES ($1)"), params)
             .ok())
        return -1;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 60000) {
        const auto seen = standby.exec(
            QStringLiteral("SELECT EXISTS (SELECT 1 FROM public.standby_probe WHERE id = $1)"),
            params);
        if (seen.ok() && seen.toBool(0, 0))
            return double(timer.nsecsElapsed()) / 1e6;
        QThread::usleep(200);
    }
    return -1;
}

std::optional<ReplicationStatus> lagNow(PgConnection &primary, PgConnection &standby) {
    PgError error;
    const auto position = ReplicationStatus::readPrimary(primary, &error);
    return position ? ReplicationStatus::read(standby, position->lsn, &error) : std::nullopt;
}

double queryMs(PgConnection &conn, const RunQuery &query) {
    QElapsedTimer timer;
    timer.start();
    const auto result = conn.exec(query.sql, query.params);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    return result.ok() ? ms : -1;
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Standby reads, measured (docs/SCALING.md)."));
    parser.addHelpOption();
    const QCommandLineOption seconds(QStringLiteral("seconds"),
                                     QStringLiteral("Protocol load duration."), QStringLiteral("s"),
                                     QStringLiteral("20"));
    const QCommandLineOption threads(QStringLiteral("threads"), QStringLiteral("Protocol workers."),
                                     QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption runs(QStringLiteral("runs"), QStringLiteral("Generated runs for (c)."),
                                  QStringLiteral("n"), QStringLiteral("500000"));
    parser.addOptions({seconds, threads, runs});
    parser.process(app);

    out() << "bench_standby: starting a primary and a streaming standby..." << Qt::endl;
    QElapsedTimer setup;
    setup.start();
    TestStandby pair;
    if (!pair.isValid()) {
        out() << pair.error() << Qt::endl;
        return 1;
    }
    out() << "pair ready in " << setup.elapsed() << " ms (initdb, migrate, pg_basebackup)"
          << Qt::endl;
    pair.execPrimary(QStringLiteral(
        "CREATE TABLE public.standby_probe (id bigint PRIMARY KEY, at timestamptz DEFAULT now())"));
    pair.waitForReplay();
    auto primary = pair.connectPrimary();
    auto standby = pair.connectStandby();
    auto lagPrimary = pair.connectPrimary();
    auto lagStandby = pair.connectStandby();
    if (!primary || !standby || !lagPrimary || !lagStandby)
        return 1;
    qint64 probeId = 0;

    Series idleVisibility;
    for (int i = 0; i < 50; ++i)
        idleVisibility.values.push_back(visibilityMs(*primary, *standby, ++probeId));
    out() << "\n(a) visibility on the standby, no load (ms): " << idleVisibility.summary(2)
          << Qt::endl;

    const int workers = parser.value(threads).toInt();
    const double loadSeconds = parser.value(seconds).toDouble();
    bench::ThroughputResult load;
    std::thread loader([&] {
        load = bench::throughput(pair.primaryConninfo(), workers, bench::Loop::Protocol,
                                 loadSeconds, 0);
    });
    Series lagBytes, lagSeconds, visibility;
    int caughtUpSamples = 0;
    QElapsedTimer loadTimer;
    loadTimer.start();
    while (loadTimer.elapsed() < qint64(loadSeconds * 1000) - 500) {
        if (const auto status = lagNow(*lagPrimary, *lagStandby)) {
            lagBytes.values.push_back(double(status->lagBytes.value_or(0)));
            lagSeconds.values.push_back(status->lagSeconds().value_or(0) * 1000.0);
            caughtUpSamples += status->caughtUp() ? 1 : 0;
        }
        visibility.values.push_back(visibilityMs(*primary, *standby, ++probeId));
        QThread::msleep(200);
    }
    loader.join();
    out() << "(a) protocol load on the primary: " << workers << " workers, "
          << QString::number(load.runsPerSecond(), 'f', 0) << " runs/s (" << load.runs << " runs, "
          << load.errors << " errors)" << Qt::endl;
    out() << "    WAL not replayed (bytes):        " << lagBytes.summary(0) << Qt::endl;
    out() << "    lag as the status bar shows (ms): " << lagSeconds.summary(1) << Qt::endl;
    out() << "    samples caught up: " << caughtUpSamples << " of " << lagBytes.values.size()
          << Qt::endl;
    out() << "    visibility on the standby (ms):   " << visibility.summary(2) << Qt::endl;

    QElapsedTimer catchUp;
    catchUp.start();
    while (catchUp.elapsed() < 60000) {
        const auto status = lagNow(*lagPrimary, *lagStandby);
        if (status && status->caughtUp())
            break;
        QThread::msleep(5);
    }
    out() << "\n(b) caught up " << catchUp.elapsed() << " ms after the load stopped" << Qt::endl;
    QThread::sleep(3);
    if (const auto idle = lagNow(*lagPrimary, *lagStandby))
        out() << "    idle 3 s later: " << idle->lagText() << ", WAL behind "
              << idle->lagBytes.value_or(-1) << " B, last replayed commit "
              << QString::number(idle->replayDelaySeconds.value_or(-1), 'f', 1) << " s old"
              << Qt::endl;

    const qint64 generated = parser.value(runs).toLongLong();
    out() << "\n(c) generating " << generated << " runs on the primary..." << Qt::endl;
    QElapsedTimer gen;
    gen.start();
    PgParams count;
    count.add(generated);
    const auto inserted = primary->exec(
        QStringLiteral(
            "INSERT INTO dedup.runs (scope, idem_key, workflow, correlation_id, fingerprint,"
            " status, attempt, lease_token, created_at, updated_at, finished_at)"
            " SELECT 'scope-' || (g % 20), 'gen-' || g, 'wf-' || (g % 7), 'corr-' || (g / 3),"
            "  'fp', (ARRAY['succeeded','succeeded','succeeded','failed','manual_review',"
            "   'cancelled'])[1 + g % 6], 1, 1,"
            "  now() - g * interval '5 seconds', now() - g * interval '5 seconds',"
            "  CASE WHEN g % 6 IN (3, 4) THEN NULL ELSE now() - g * interval '5 seconds' END"
            " FROM generate_series(1, $1::bigint) g"),
        count);
    if (!inserted.ok()) {
        out() << inserted.error().toString() << Qt::endl;
        return 1;
    }
    primary->exec(QStringLiteral("ANALYZE dedup.runs"));
    const qint64 insertMs = gen.elapsed();
    QElapsedTimer replay;
    replay.start();
    pair.waitForReplay(600000);
    out() << "    inserted in " << insertMs << " ms; the standby had replayed it "
          << replay.elapsed() << " ms after the commit" << Qt::endl;

    RunFilter failed;
    failed.statuses = {dedup::core::RunStatus::Failed};
    RunFilter workflow;
    workflow.workflow = QStringLiteral("wf-3");
    RunFilter key;
    key.exactKey = QStringLiteral("gen-") + QString::number(generated / 2);
    RunFilter prefix;
    prefix.keyPrefix = QStringLiteral("gen-4711");
    RunFilter correlation;
    correlation.correlationId = QStringLiteral("corr-") + QString::number(generated / 5);
    const std::pair<QString, RunFilter> cases[] = {
        {QStringLiteral("all, first page"), RunFilter()},
        {QStringLiteral("status failed"), failed},
        {QStringLiteral("workflow wf-3"), workflow},
        {QStringLiteral("exact key"), key},
        {QStringLiteral("key prefix"), prefix},
        {QStringLiteral("correlation id"), correlation},
    };
    out() << "    first page (200 rows) of the runs list, ms, 30 runs each, alternating:"
          << Qt::endl;
    for (const auto &[name, filter] : cases) {
        const RunQuery query = RunQueries::page(filter, RunKey(), 200);
        Series onPrimary, onStandby;
        for (int i = 0; i < 33; ++i) {
            const double p = queryMs(*primary, query);
            const double s = queryMs(*standby, query);
            if (i >= 3) { // the first ones warm the caches
                onPrimary.values.push_back(p);
                onStandby.values.push_back(s);
            }
        }
        out() << "    " << name.leftJustified(16) << " primary " << onPrimary.summary(2)
              << " | standby " << onStandby.summary(2) << Qt::endl;
    }
    return 0;
}
