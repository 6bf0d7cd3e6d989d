#include "ServerRestarts.h"

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

namespace {

// The server's clock, as text a later query can compare created_at with.
QString serverNow(PgConnection &conn, QString *error) {
    const store::PgResult now = conn.exec(
        QStringLiteral("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')"));
    if (!now.ok()) {
        *error = now.error().toString();
        return {};
    }
    return now.text(0, 0) + QStringLiteral("+00");
}

qint64 number(PgConnection &conn, const QString &sql, const PgParams &params, LineReport &report) {
    const store::PgResult result = conn.exec(sql, params);
    if (!result.ok()) {
        report.addProblem(result.error().toString());
        return -1;
    }
    return result.toInt64(0, 0);
}

} // namespace

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
    sim::DemoTrafficOptions traffic;
    // The traffic installs the providers' schema, so it runs as the server's superuser.
    traffic.conninfo = server.conninfo();
    traffic.rate = 20;
    traffic.workers = 3;
    traffic.seed = options.seed;
    traffic.lease = std::chrono::milliseconds(2000);
    traffic.faults = sim::SimulationFaults();
    traffic.crashShare = 0;
    sim::DemoTraffic demo(traffic);
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
        const QString crashAt = conn ? serverNow(*conn, &error) : QString();
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
        restarted = conn ? serverNow(*conn, &error) : QString();
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
        windows.append({restarted, serverNow(*conn, &error)});
    demo.stop();
    const sim::DemoTrafficCounters counters = demo.counters();

    const PgParams none;
    for (const auto &[from, until] : std::as_const(windows)) {
        PgParams window;
        window.add(from).add(until);
        const qint64 created = number(*conn,
                                      QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                     " WHERE created_at >= $1::timestamptz"
                                                     "   AND created_at < $2::timestamptz"
                                                     "                    - interval '1 second'"),
                                      window, report);
        const qint64 notSucceeded =
            number(*conn,
                   QStringLiteral("SELECT count(*) FROM dedup.runs"
                                  " WHERE created_at >= $1::timestamptz"
                                  "   AND created_at < $2::timestamptz - interval '1 second'"
                                  "   AND status <> 'succeeded'"),
                   window, report);
        if (created > 0 && notSucceeded == 0)
            ++report.survived;
        else
            report.addProblem(QStringLiteral("after the restart at %1: %2 runs, %3 not succeeded")
                                  .arg(from)
                                  .arg(created)
                                  .arg(notSucceeded));
    }
    const qint64 stuck =
        number(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'processing'"),
               none, report);
    report.lost = qMax<qint64>(0, stuck);
    sim::Ledger ledger(*conn);
    sim::LedgerFilter filter;
    filter.label = QStringLiteral("demo");
    const auto totals = ledger.totals(filter);
    if (!totals.ok())
        report.addProblem(totals.errorMessage());
    else
        report.duplicated = totals.value().duplicates;

    report.setFigure(
        QStringLiteral("runs"),
        number(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs"), none, report));
    report.setFigure(
        QStringLiteral("runs_succeeded"),
        number(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'succeeded'"),
               none, report));
    report.setFigure(QStringLiteral("runs_in_review_uncertain_step"),
                     number(*conn,
                            QStringLiteral("SELECT count(*) FROM dedup.runs r"
                                           " WHERE r.status = 'manual_review' AND EXISTS"
                                           " (SELECT 1 FROM dedup.steps s WHERE s.run_id = r.id"
                                           "     AND s.status = 'uncertain')"),
                            none, report));
    report.setFigure(QStringLiteral("runs_in_review_other"),
                     number(*conn,
                            QStringLiteral("SELECT count(*) FROM dedup.runs r"
                                           " WHERE r.status = 'manual_review' AND NOT EXISTS"
                                           " (SELECT 1 FROM dedup.steps s WHERE s.run_id = r.id"
                                           "     AND s.status = 'uncertain')"),
                            none, report));
    report.setFigure(
        QStringLiteral("runs_failed"),
        number(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'failed'"),
               none, report));
    report.setFigure(QStringLiteral("runs_left_processing"), stuck);
    report.setFigure(QStringLiteral("side_effects"), totals.ok() ? totals.value().sideEffects : -1);
    report.setFigure(QStringLiteral("intents"), counters.intents);
    report.setFigure(QStringLiteral("deliveries"), counters.deliveries);
    report.setFigure(QStringLiteral("deliveries_handed_out_again_after_an_error"),
                     counters.redelivered);
    report.setFigure(QStringLiteral("deliveries_other"), counters.other);
    return done();
}
