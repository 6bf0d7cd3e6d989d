#include "DemoCommand.h"

#include "ExitCode.h"
#include "sim/DemoTraffic.h"
#include "store/DemoDatabase.h"
#include "store/DemoQueries.h"
#include "store/PgConnection.h"

#include <QElapsedTimer>

#include <cerrno>
#include <csignal>
#include <ctime>
#include <optional>
#include <pthread.h>
#include <unistd.h>

namespace dedup::cli {

namespace {

constexpr int kStatusEverySeconds = 3;

} // namespace

QString DemoCommand::summary() const {
    return tr("Run the demo store (a private PostgreSQL under your data directory) with live "
              "traffic.");
}

void DemoCommand::addOptions(QCommandLineParser &parser) {
    parser.addOption(QCommandLineOption(QStringLiteral("dir"),
                                        tr("Directory of the demo cluster (default: %1).")
                                            .arg(store::DemoDatabase::defaultBaseDir()),
                                        tr("dir")));
    parser.addOption(QCommandLineOption(QStringLiteral("once"),
                                        tr("Start and migrate, print the connection string, "
                                           "and leave the server running (no traffic).")));
    const sim::DemoTrafficOptions defaults;
    parser.addOption(QCommandLineOption(
        QStringLiteral("rate"),
        tr("New business intents per second of the demo traffic (default: %1).").arg(defaults.rate),
        tr("n"), QString::number(defaults.rate)));
    parser.addOption(QCommandLineOption(
        QStringLiteral("seed"),
        tr("Seed of the traffic's mix of workflows, duplicates and faults (default: %1).")
            .arg(defaults.seed),
        tr("n"), QString::number(defaults.seed)));
    parser.addOption(QCommandLineOption(QStringLiteral("no-traffic"),
                                        tr("Only run the store; send no traffic.")));
}

QString DemoCommand::statusLine(store::PgConnection &conn, const sim::DemoTraffic *traffic,
                                qint64 elapsedMs) {
    store::PgError error;
    const auto runs = store::DemoQueries(conn).runCounts(&error);
    QString line = tr("%1 s: ").arg(elapsedMs / 1000);
    if (runs)
        line += tr("%1 runs: %2 succeeded, %3 failed, %4 in manual review, %5 stuck, "
                   "%6 processing")
                    .arg(runs->total)
                    .arg(runs->succeeded)
                    .arg(runs->failed)
                    .arg(runs->manualReview)
                    .arg(runs->stuck)
                    .arg(runs->processing);
    else
        line += shown(error.toString());
    if (traffic) {
        const sim::DemoTrafficCounters counters = traffic->counters();
        line += tr(" | %1 deliveries, %2 duplicates, %3 crashes")
                    .arg(counters.deliveries)
                    .arg(counters.duplicates)
                    .arg(counters.crashed);
    }
    return line;
}

// Until SIGINT, SIGTERM or SIGHUP (blocked by the caller): a status line every few seconds
// on a terminal, from a connection of its own.
void DemoCommand::waitForStop(const sigset_t &stopSignals, const QString &conninfo,
                              const sim::DemoTraffic *traffic) {
    const bool showStatus = isatty(STDOUT_FILENO) == 1;
    store::PgConnection statusConn;
    const auto connectStatus = [&] {
        return statusConn.open(conninfo, QStringLiteral("dedupctl-demo-status"));
    };
    if (showStatus)
        connectStatus();
    QElapsedTimer elapsed;
    elapsed.start();
    for (;;) {
        const timespec wait{kStatusEverySeconds, 0};
        const int signal = sigtimedwait(&stopSignals, nullptr, &wait);
        if (signal > 0)
            break;
        if (signal < 0 && errno != EAGAIN && errno != EINTR)
            break;
        if (!showStatus)
            continue;
        // After a server restart the status connection is gone like every other: say so on
        // the line, and open it again for the next one.
        if (!statusConn.isOpen() && !connectStatus()) {
            out() << tr("%1 s: the store is unreachable (%2); reconnecting")
                         .arg(elapsed.elapsed() / 1000)
                         .arg(shown(statusConn.openError().toString()))
                  << Qt::endl;
            continue;
        }
        out() << statusLine(statusConn, traffic, elapsed.elapsed()) << Qt::endl;
    }
}

int DemoCommand::run(const QCommandLineParser &parser) {
    sim::DemoTrafficOptions trafficOptions;
    bool rateOk = false;
    bool seedOk = false;
    trafficOptions.rate = parser.value(QStringLiteral("rate")).toDouble(&rateOk);
    trafficOptions.seed = parser.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!rateOk || !(trafficOptions.rate > 0) || trafficOptions.rate > 10000) {
        err() << tr("dedupctl demo: --rate must be a number above 0 and at most 10000") << Qt::endl;
        return Usage;
    }
    if (!seedOk) {
        err() << tr("dedupctl demo: --seed must be a non-negative integer") << Qt::endl;
        return Usage;
    }

    // Block the stop signals before anything starts (threads inherit the mask), so they wait
    // for sigtimedwait() below instead of killing us half-way through start-up.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

    store::DemoDatabase demo(parser.isSet(QStringLiteral("dir"))
                                 ? parser.value(QStringLiteral("dir"))
                                 : store::DemoDatabase::defaultBaseDir());
    QString error;
    if (!demo.start(&error)) {
        err() << tr("dedupctl demo: %1").arg(shown(error)) << Qt::endl;
        return DatabaseError;
    }
    out() << tr("demo store ready: %1").arg(shown(demo.conninfo())) << Qt::endl;
    if (parser.isSet(QStringLiteral("once")))
        return Success;

    std::optional<sim::DemoTraffic> traffic;
    if (!parser.isSet(QStringLiteral("no-traffic"))) {
        trafficOptions.conninfo = demo.conninfo();
        traffic.emplace(trafficOptions);
        if (!traffic->start(&error)) {
            err() << tr("dedupctl demo: the demo traffic did not start: %1").arg(shown(error))
                  << Qt::endl;
            traffic.reset();
            if (demo.startedServer())
                demo.stop(&error);
            return DatabaseError;
        }
        out() << tr("demo traffic: %1 intents/s over five workflows, with duplicates, provider "
                    "faults and crashed workers (seed %2)")
                     .arg(trafficOptions.rate)
                     .arg(trafficOptions.seed)
              << Qt::endl;
    }
    out() << tr("press Ctrl-C to stop") << Qt::endl;

    waitForStop(stopSignals, demo.conninfo(), traffic ? &*traffic : nullptr);
    if (traffic) {
        traffic->stop();
        out() << tr("demo traffic stopped") << Qt::endl;
    }
    if (demo.startedServer() && !demo.stop(&error)) {
        err() << tr("dedupctl demo: %1").arg(shown(error)) << Qt::endl;
        return Failure;
    }
    out() << tr("demo stopped") << Qt::endl;
    return Success;
}

} // namespace dedup::cli
