#include "ServerRestarts.h"

#include "RunFigures.h"
#include "TestServer.h"
#include "sim/DemoTraffic.h"
#include "sim/Ledger.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QElapsedTimer>
#include <QThread>

using namespace dedup;
using store::PgConnection;
using store::PgParams;

LineReport ServerRestarts::run(const Options &options) {
    LineReport report;
    report.id = QStringLiteral("7");
    report.title = QStringLiteral("server crash (SIGKILL) and restart under traffic");
    QElapsedTimer elapsed;
    elapsed.start();
    const auto done = [&] {
        report.elapsedMs = elapsed.elapsed();
        return report;
    };

    TestServer server;
    if (!server.isValid()) {
        report.addProblem(server.error());
        return done();
    }
    sim::DemoTraffic demo(RunFigures::quietTraffic(server.conninfo(), options.seed));
    QString error;
    if (!demo.start(&error)) {
        report.addProblem(error);
        return done();
    }

    // [restarted, next crash) per trial, on the server's clock.
    QList<std::pair<QString, QString>> windows;
    QString restarted;
    for (int trial = 0; trial < options.restarts; ++trial) {
        QThread::msleep(ulong(options.upMs));
        auto conn = server.connect();
        const QString crashAt = conn ? RunFigures::serverNow(*conn, &error) : QString();
        conn.reset();
        if (crashAt.isEmpty()) {
            report.addProblem(QStringLiteral("trial %1: %2").arg(trial).arg(error));
            break;
        }
        if (!restarted.isEmpty())
            windows.append({restarted, crashAt});
        ++report.trials;
        if (!server.crash(&error)) {
            report.addProblem(error);
            break;
        }
        ++report.faults;
        QThread::msleep(ulong(options.downMs));
        if (!server.start(&error)) {
            report.addProblem(error);
            break;
        }
        conn = server.connect();
        restarted = conn ? RunFigures::serverNow(*conn, &error) : QString();
        if (restarted.isEmpty()) {
            report.addProblem(QStringLiteral("after restart %1: %2").arg(trial).arg(error));
            break;
        }
    }
    QThread::msleep(ulong(options.upMs));
    auto conn = server.connect();
    if (!conn) {
        report.addProblem(QStringLiteral("no connection after the last restart"));
        demo.stop();
        return done();
    }
    if (!restarted.isEmpty())
        windows.append({restarted, RunFigures::serverNow(*conn, &error)});
    demo.stop();
    const sim::DemoTrafficCounters counters = demo.counters();

    for (const auto &[from, until] : std::as_const(windows)) {
        const auto [created, notSucceeded] = RunFigures::createdBetween(*conn, from, until, report);
        if (created > 0 && notSucceeded == 0)
            ++report.survived;
        else
            report.addProblem(QStringLiteral("after the restart at %1: %2 runs, %3 not succeeded")
                                  .arg(from)
                                  .arg(created)
                                  .arg(notSucceeded));
    }
    const qint64 stuck = RunFigures::addRunFigures(*conn, report);
    report.lost = qMax<qint64>(0, stuck);
    sim::Ledger ledger(*conn);
    sim::LedgerFilter filter;
    filter.label = QStringLiteral("demo");
    const auto totals = ledger.totals(filter);
    if (!totals.ok())
        report.addProblem(totals.errorMessage());
    else
        report.duplicated = totals.value().duplicates;

    report.setFigure(QStringLiteral("side_effects"), totals.ok() ? totals.value().sideEffects : -1);
    RunFigures::addTrafficFigures(report, counters);
    return done();
}
