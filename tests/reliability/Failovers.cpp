#include "Failovers.h"

#include "RunFigures.h"
#include "TestServer.h"
#include "TestStandby.h"
#include "sim/DemoTraffic.h"
#include "sim/Ledger.h"
#include "sim/SimSchema.h"
#include "sim/Strategy.h"
#include "sim/Traffic.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QElapsedTimer>
#include <QThread>

#include <mutex>

using namespace dedup;
using store::PgConnection;
using store::PgParams;

namespace {

// What the senders were told, per run: checked against the new primary afterwards.
struct Answers {
    std::mutex mutex;
    QStringList runIds;
    QStringList correlationIds;

    void record(const sim::TrafficIntent &intent, const sim::DeliveryReport &report) {
        if (report.runId <= 0 || (report.outcome != QLatin1String("succeeded") &&
                                  report.outcome != QLatin1String("replayed")))
            return;
        std::lock_guard lock(mutex);
        runIds << QString::number(report.runId);
        correlationIds << intent.intent.correlationId;
    }
};

struct LedgerCounts {
    qint64 sideEffects = -1;
    qint64 duplicates = -1;
};

LedgerCounts ledgerCounts(const TestServer &ledgerServer, LineReport &report) {
    auto conn = ledgerServer.connect();
    if (!conn) {
        report.addProblem(QStringLiteral("no connection to the ledger's server"));
        return {};
    }
    sim::Ledger ledger(*conn);
    sim::LedgerFilter filter;
    filter.label = QStringLiteral("demo");
    const auto totals = ledger.totals(filter);
    if (!totals.ok()) {
        report.addProblem(totals.errorMessage());
        return {};
    }
    return {totals.value().sideEffects, totals.value().duplicates};
}

// One failover; adds its figures to `report`.
void trial(const Failovers::Options &options, int number, const TestServer &ledgerServer,
           LineReport &report) {
    const auto problem = [&](const QString &what) {
        report.addProblem(QStringLiteral("failover %1: %2").arg(number).arg(what));
    };
    TestStandby pair(options.synchronous ? TestStandby::Replication::Synchronous
                                         : TestStandby::Replication::Asynchronous);
    if (!pair.isValid())
        return problem(pair.error());
    const LedgerCounts before = ledgerCounts(ledgerServer, report);

    Answers answers;
    sim::DemoTrafficOptions traffic =
        RunFigures::quietTraffic(pair.failoverConninfo(), options.seed + quint32(number));
    traffic.providerConninfo = ledgerServer.conninfo();
    traffic.onDelivered = [&answers](const sim::TrafficIntent &intent,
                                     const sim::DeliveryReport &delivery) {
        answers.record(intent, delivery);
    };
    sim::DemoTraffic demo(traffic);
    QString error;
    if (!demo.start(&error))
        return problem(error);
    QThread::msleep(ulong(options.upMs));
    ++report.trials;
    if (!pair.failOver(&error, options.stallMs)) {
        demo.stop();
        return problem(error);
    }
    ++report.faults;
    auto conn = pair.connectStandby();
    const QString promoted = conn ? RunFigures::serverNow(*conn, &error) : QString();
    QThread::msleep(ulong(options.afterMs));
    const QString end = conn ? RunFigures::serverNow(*conn, &error) : QString();
    demo.stop();
    if (promoted.isEmpty() || end.isEmpty())
        return problem(QStringLiteral("no connection to the promoted standby: %1").arg(error));

    LineReport figures; // this trial's, added up below
    const auto [created, notSucceeded] = RunFigures::createdBetween(*conn, promoted, end, figures);
    const qint64 stuck = RunFigures::addRunFigures(*conn, figures);
    // Asynchronous: a run whose claim reached the standby but whose end did not stays
    // `processing` when its sender was already answered (nobody delivers it again); that is
    // counted (runs_left_processing), as the Stuck view would show it to an operator.
    if (created > 0 && notSucceeded == 0 && (stuck == 0 || !options.synchronous))
        ++report.survived;
    else
        problem(QStringLiteral("after the promotion: %1 runs, %2 not succeeded; %3 left processing")
                    .arg(created)
                    .arg(notSucceeded)
                    .arg(stuck));
    PgParams told;
    {
        std::lock_guard lock(answers.mutex);
        told.add(answers.runIds).add(answers.correlationIds);
        RunFigures::addUp(report, QStringLiteral("answers_succeeded_or_replayed"),
                          answers.runIds.size());
    }
    const qint64 forgotten = RunFigures::count(
        *conn,
        QStringLiteral("SELECT count(*) FROM unnest($1::bigint[], $2::text[]) AS a(id, corr)"
                       " WHERE NOT EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = a.id"
                       "   AND r.correlation_id = a.corr AND r.status = 'succeeded')"),
        told, figures);
    report.lost += qMax<qint64>(0, forgotten);
    const LedgerCounts after = ledgerCounts(ledgerServer, report);
    if (before.duplicates >= 0 && after.duplicates >= 0) {
        report.duplicated += after.duplicates - before.duplicates;
        RunFigures::addUp(report, QStringLiteral("side_effects"),
                          after.sideEffects - before.sideEffects);
    }
    for (auto it = figures.figures.constBegin(); it != figures.figures.constEnd(); ++it)
        RunFigures::addUp(report, it.key(), it.value().toInteger());
    for (const QString &what : std::as_const(figures.problems))
        problem(what);
    RunFigures::addTrafficFigures(report, demo.counters());
}

} // namespace

LineReport Failovers::run(const Options &options) {
    LineReport report;
    report.id = options.synchronous ? QStringLiteral("8a") : QStringLiteral("8b");
    report.title = options.synchronous
                       ? QStringLiteral("failover to a synchronous standby under traffic")
                       : QStringLiteral("failover to an asynchronous standby under traffic");
    report.measured = !options.synchronous;
    QElapsedTimer elapsed;
    elapsed.start();
    const TestServer ledgerServer;
    QString error;
    if (!ledgerServer.isValid()) {
        error = ledgerServer.error();
    } else if (auto conn = ledgerServer.connect()) {
        (void)conn->exec(QStringLiteral("SET client_min_messages = warning"));
        sim::SimSchema::install(*conn, &error); // counted before the first trial's traffic
    } else {
        error = QStringLiteral("no connection");
    }
    if (!error.isEmpty())
        report.addProblem(QStringLiteral("the ledger's server: ") + error);
    for (int number = 1; error.isEmpty() && number <= options.failovers; ++number)
        trial(options, number, ledgerServer, report);
    report.elapsedMs = elapsed.elapsed();
    return report;
}
