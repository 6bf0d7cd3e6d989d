#include "LeaseRace.h"

#include "StoreSnapshot.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunProtocol.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QThread>

#include <latch>
#include <optional>
#include <thread>

using namespace dedup;
using store::RunLease;

namespace {

enum class OperatorAction { ClearStaleLease, Cancel, RouteToReview };
constexpr int kOperatorActions = 3;

const char *name(OperatorAction action) {
    switch (action) {
    case OperatorAction::ClearStaleLease:
        return "clear_stale_lease";
    case OperatorAction::Cancel:
        return "cancel";
    case OperatorAction::RouteToReview:
        return "route_to_review";
    }
    return "?";
}

store::ClaimRequest request(const QString &scope, int trial, const QString &worker) {
    store::ClaimRequest r;
    r.scope = scope;
    r.key = QStringLiteral("k%1").arg(trial);
    r.workflow = QStringLiteral("lease-race");
    r.fingerprint = QStringLiteral("sha256:r%1").arg(trial);
    r.worker = worker;
    r.lease = std::chrono::seconds(30);
    r.steps = {QStringLiteral("send"), QStringLiteral("notify")};
    return r;
}

} // namespace

LineReport LeaseRace::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("3b");
    report.title =
        QStringLiteral("operator action racing the worker (%1 races)").arg(options.trials);
    QElapsedTimer clock;
    clock.start();

    store::PgConnection owner;
    store::PgConnection workerConn;
    store::PgConnection rivalConn;
    store::PgConnection operatorConn;
    for (auto [conn, conninfo] :
         {std::pair{&owner, target.owner}, std::pair{&workerConn, target.worker},
          std::pair{&rivalConn, target.worker}, std::pair{&operatorConn, target.operatorRole}}) {
        if (!conn->open(conninfo, QStringLiteral("dedup-reliability"))) {
            report.addProblem(conn->openError().toString());
            return report;
        }
    }
    store::RunProtocol worker(workerConn);
    store::RunProtocol rival(rivalConn);
    store::OperatorActions operatorActions(operatorConn);
    QRandomGenerator random(options.seed);
    const QString scope =
        QStringLiteral("rel-race-%1")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
    qint64 withRival = 0;
    qint64 workerFinished = 0;
    qint64 rivalWon = 0;
    qint64 lateWritesRefused = 0;
    qint64 byAction[kOperatorActions] = {};
    qint64 appliedByAction[kOperatorActions] = {};

    for (int trial = 0; trial < options.trials; ++trial) {
        const QString where = QStringLiteral("race %1").arg(trial);
        const auto claimed = worker.claim(request(scope, trial, QStringLiteral("slow-worker")));
        if (!claimed.ok() || !claimed.value().acquired()) {
            report.addProblem(where + QStringLiteral(": claim: ") + claimed.error().toString());
            continue;
        }
        const RunLease lease = claimed.value().lease();
        store::PgParams runId;
        runId.add(lease.runId);
        const auto begun = worker.beginStep(lease, QStringLiteral("send"));
        const auto expired =
            owner.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = "
                                      "now() - interval '1 millisecond' WHERE id = $1"),
                       runId);
        if (!begun.ok() || !expired.ok() || expired.affectedRows() != 1) {
            report.addProblem(where + QStringLiteral(": set-up failed"));
            continue;
        }
        ++report.trials;
        ++report.faults;
        // Half the races are the stale-lease clear of docs/RELIABILITY.md line 3b; the others an
        // operator who cancels or routes the run to review while its worker carries on.
        const int drawn = int(random.bounded(4u));
        const auto action =
            drawn < 2 ? OperatorAction::ClearStaleLease
                      : (drawn == 2 ? OperatorAction::Cancel : OperatorAction::RouteToReview);
        ++byAction[int(action)];
        const bool raceRival = random.bounded(2u) == 1;
        withRival += raceRival ? 1 : 0;
        const ulong stagger[3] = {random.bounded(1000u), random.bounded(1000u),
                                  random.bounded(1000u)};

        // The three parties, released together.
        std::latch start(raceRival ? 3 : 2);
        bool heartbeatOk = false;
        bool finished = false; // the worker's succeed was accepted
        std::optional<store::OperatorOutcome> acted;
        QString actionError;
        std::optional<RunLease> rivalLease;
        std::thread workerThread([&] {
            start.arrive_and_wait();
            QThread::usleep(stagger[0]);
            heartbeatOk = worker.heartbeat(lease).ok();
            // Carries on as the owner: the step's outcome, the next step, the run's end.
            finished =
                heartbeatOk &&
                worker.completeStep(lease, QStringLiteral("send"), QStringLiteral("SM1")).ok() &&
                worker.beginStep(lease, QStringLiteral("notify")).ok() &&
                worker.completeStep(lease, QStringLiteral("notify")).ok() &&
                worker.succeed(lease, QJsonObject{{QStringLiteral("by"), QStringLiteral("worker")}})
                    .ok();
        });
        std::thread operatorThread([&] {
            start.arrive_and_wait();
            QThread::usleep(stagger[1]);
            const store::OperatorRequest op{lease.runId, lease.token,
                                            QStringLiteral("reliability: the worker looks dead"),
                                            store::OperatorActions::newActionKey()};
            const auto result =
                action == OperatorAction::ClearStaleLease ? operatorActions.clearStaleLease(op)
                : action == OperatorAction::Cancel        ? operatorActions.cancel(op)
                                                          : operatorActions.routeToReview(op);
            if (result.ok())
                acted = result.value();
            else
                actionError = result.error().toString();
        });
        std::optional<std::thread> rivalThread;
        if (raceRival) {
            rivalThread.emplace([&] {
                start.arrive_and_wait();
                QThread::usleep(stagger[2]);
                const auto taken = rival.claim(request(scope, trial, QStringLiteral("redelivery")));
                if (taken.ok() && taken.value().acquired())
                    rivalLease = taken.value().lease();
            });
        }
        workerThread.join();
        operatorThread.join();
        if (rivalThread)
            rivalThread->join();

        if (!acted) {
            report.addProblem(where + QStringLiteral(": the operator's action failed: ") +
                              actionError);
            continue;
        }
        const bool applied = acted->outcome == store::OperatorOutcomeKind::Applied;
        appliedByAction[int(action)] += applied ? 1 : 0;
        // Who holds the run now: a fresh heartbeat each (a finished run has no holder).
        const bool workerHolds = worker.heartbeat(lease).ok();
        const bool rivalOwns = rivalLease && rival.heartbeat(*rivalLease).ok();
        const QString state = StoreSnapshot::scalar(
            owner,
            QStringLiteral(
                "SELECT coalesce(lease_owner, '-') || ':' || status FROM dedup.runs WHERE id = $1"),
            runId);
        // Worker calls accepted after the operator's action took effect: each one writes an
        // event, so none may come after the action's own.
        const QString lateWorkerEvents = StoreSnapshot::scalar(
            owner,
            QStringLiteral("SELECT count(*) FROM dedup.events e WHERE e.run_id = $1"
                           " AND e.actor = 'slow-worker' AND e.id > (SELECT min(x.id) FROM"
                           " dedup.events x WHERE x.run_id = $1 AND x.kind IN"
                           " ('lease_cleared', 'cancelled', 'routed_to_review'))"),
            runId);
        QStringList broken;
        if (workerHolds)
            broken << QStringLiteral("the worker still holds a lease after the race");
        if (finished && (applied || rivalOwns))
            broken << QStringLiteral("two outcomes: the worker succeeded the run and %1")
                          .arg(applied ? QStringLiteral("the operator's action applied")
                                       : QStringLiteral("the redelivery owns it"));
        if (finished && state != QLatin1String("-:succeeded"))
            broken << QStringLiteral("the worker's succeed was accepted but the run is ") + state;
        if (rivalOwns && state != QLatin1String("redelivery:processing"))
            broken << QStringLiteral("the redelivery owns a run that names ") + state;
        if (!finished && !rivalOwns && !state.startsWith(QLatin1String("-:")))
            broken << QStringLiteral("the run names an owner nobody is: ") + state;
        if (action == OperatorAction::ClearStaleLease && applied && heartbeatOk)
            broken << QStringLiteral("the clear and the heartbeat both took effect");
        if (applied && lateWorkerEvents != QLatin1String("0"))
            broken << QStringLiteral("%1 worker writes after the operator's action")
                          .arg(lateWorkerEvents);
        // The loser's later writes are refused.
        if (!finished) {
            const bool refused =
                worker.succeed(lease, QJsonObject{{QStringLiteral("late"), true}}).isFenced();
            lateWritesRefused += refused ? 1 : 0;
            if (!refused)
                broken << QStringLiteral("a late succeed of the loser was not fenced");
        }
        if (broken.isEmpty()) {
            ++report.survived;
        } else {
            ++report.duplicated;
            report.addProblem(
                QStringLiteral("%1 (%2 %3: %4; heartbeat %5; redelivery %6): %7")
                    .arg(where, QLatin1String(name(action)), store::toString(acted->outcome),
                         acted->detail,
                         heartbeatOk ? QStringLiteral("ok") : QStringLiteral("refused"),
                         raceRival
                             ? (rivalLease ? QStringLiteral("acquired") : QStringLiteral("refused"))
                             : QStringLiteral("none"),
                         broken.join(QStringLiteral("; "))));
        }
        workerFinished += finished ? 1 : 0;
        rivalWon += rivalOwns ? 1 : 0;
    }
    report.setFigure(QStringLiteral("races_with_redelivery"), withRival);
    report.setFigure(QStringLiteral("worker_finished_the_run"), workerFinished);
    report.setFigure(QStringLiteral("redelivery_took_over"), rivalWon);
    report.setFigure(QStringLiteral("late_writes_refused"), lateWritesRefused);
    for (int a = 0; a < kOperatorActions; ++a) {
        const QString kind = QLatin1String(name(OperatorAction(a)));
        report.setFigure(QStringLiteral("races_%1").arg(kind), byAction[a]);
        report.setFigure(QStringLiteral("applied_%1").arg(kind), appliedByAction[a]);
    }
    report.elapsedMs = clock.elapsed();
    return report;
}
