#include "FencedWorkers.h"

#include "StoreSnapshot.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunProtocol.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QRandomGenerator>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

using namespace dedup;
using store::RunLease;
using store::StoreErrorKind;

namespace {

enum class Takeover {
    WorkerTakeover,       // another worker's claim after the lease expired
    WorkerTakeoverGoesOn, // ... which then begins and completes the next step
    WorkerSucceeds,       // ... which settles every step and finishes the run
    OperatorClear,        // op_clear_stale_lease
    ClearThenRedelivery,  // op_clear_stale_lease, then a redelivery acquires the failed run
    OperatorCancel,       // op_cancel
    OperatorReview,       // op_route_to_review
    ClearThenCommand,     // op_clear_stale_lease, a continuation, a worker takes the command
};
constexpr int kTakeoverKinds = 8;

const char *name(Takeover kind) {
    switch (kind) {
    case Takeover::WorkerTakeover:
        return "worker_takeover";
    case Takeover::WorkerTakeoverGoesOn:
        return "worker_takeover_goes_on";
    case Takeover::WorkerSucceeds:
        return "worker_takeover_succeeds";
    case Takeover::OperatorClear:
        return "operator_clear";
    case Takeover::ClearThenRedelivery:
        return "clear_then_redelivery";
    case Takeover::OperatorCancel:
        return "operator_cancel";
    case Takeover::OperatorReview:
        return "operator_route_to_review";
    case Takeover::ClearThenCommand:
        return "clear_then_continuation";
    }
    return "?";
}

// What a refused write looks like from the caller: an error, and the fencing one.
template <typename Result>
std::pair<bool, QString> refusedAsFenced(const Result &result) {
    if (result.ok())
        return {false, QStringLiteral("accepted")};
    if (!result.isFenced())
        return {false, result.error().toString()};
    return {true, {}};
}

} // namespace

LineReport FencedWorkers::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("3a");
    report.title =
        QStringLiteral("a fenced-out worker never writes (%1 trials)").arg(options.trials);
    QElapsedTimer clock;
    clock.start();

    store::PgConnection owner;
    store::PgConnection zombieConn;
    store::PgConnection rivalConn;
    store::PgConnection operatorConn;
    for (auto [conn, conninfo] :
         {std::pair{&owner, target.owner}, std::pair{&zombieConn, target.worker},
          std::pair{&rivalConn, target.worker}, std::pair{&operatorConn, target.operatorRole}}) {
        if (!conn->open(conninfo, QStringLiteral("dedup-reliability"))) {
            report.addProblem(conn->openError().toString());
            return report;
        }
    }
    store::RunProtocol zombie(zombieConn);
    store::RunProtocol rival(rivalConn);
    store::OperatorActions operatorActions(operatorConn);
    QRandomGenerator random(options.seed);
    const QString label =
        QStringLiteral("rel-fence-%1")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
    std::vector<qint64> byTakeover(kTakeoverKinds, 0);
    qint64 writesAccepted = 0;
    qint64 writesOtherError = 0;
    qint64 writesChangedState = 0;

    for (int trial = 0; trial < options.trials; ++trial) {
        ++report.trials;
        const QString where = QStringLiteral("trial %1").arg(trial);
        store::ClaimRequest request;
        request.scope = label;
        request.key = QStringLiteral("k%1").arg(trial);
        request.workflow = QStringLiteral("fencing");
        request.fingerprint = QStringLiteral("sha256:f%1").arg(trial);
        request.worker = QStringLiteral("zombie");
        request.lease = std::chrono::seconds(30);
        request.steps = {QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("s3")};
        const auto claimed = zombie.claim(request);
        if (!claimed.ok() || !claimed.value().acquired()) {
            report.addProblem(where + QStringLiteral(": the first claim did not acquire: ") +
                              claimed.error().toString());
            continue;
        }
        const RunLease old = claimed.value().lease();

        // How far the zombie got before it stalled. Every step has a downstream key, so a new
        // owner may run a step the zombie left uncertain again (and keeps its lease).
        const int progress = int(random.bounded(4u));
        bool setUp = true;
        if (progress >= 1)
            setUp =
                setUp && zombie.beginStep(old, QStringLiteral("s1"), QStringLiteral("dk1")).ok();
        if (progress >= 2)
            setUp =
                setUp && zombie.completeStep(old, QStringLiteral("s1"), QStringLiteral("r1")).ok();
        if (progress >= 3)
            setUp =
                setUp && zombie.beginStep(old, QStringLiteral("s2"), QStringLiteral("dk2")).ok();
        store::PgParams runId;
        runId.add(old.runId);
        const auto expired = owner.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = "
                                                       "now() - interval '1 second' WHERE id = $1"),
                                        runId);
        setUp = setUp && expired.ok() && expired.affectedRows() == 1;

        // The run is taken away.
        const auto takeover = Takeover(random.bounded(quint32(kTakeoverKinds)));
        ++byTakeover[size_t(takeover)];
        request.worker = QStringLiteral("rival");
        const auto operatorCall = [&](auto call) {
            store::OperatorRequest op{old.runId, old.token,
                                      QStringLiteral("reliability: fence the zombie"),
                                      store::OperatorActions::newActionKey()};
            const auto result = call(op);
            return result.ok() && result.value().outcome == store::OperatorOutcomeKind::Applied;
        };
        std::optional<RunLease> rivalLease;
        switch (takeover) {
        case Takeover::WorkerTakeover:
        case Takeover::WorkerTakeoverGoesOn:
        case Takeover::WorkerSucceeds: {
            const auto taken = rival.claim(request);
            setUp = setUp && taken.ok() && taken.value().acquired();
            if (!setUp)
                break;
            rivalLease = taken.value().lease();
            if (takeover == Takeover::WorkerTakeoverGoesOn ||
                takeover == Takeover::WorkerSucceeds) {
                // Steps run in their order: the rival goes through them as a worker does,
                // skipping what is done, running (again) what is not.
                const bool all = takeover == Takeover::WorkerSucceeds;
                for (int step = 1; setUp && step <= 3; ++step) {
                    const QString stepName = QStringLiteral("s%1").arg(step);
                    const auto begun =
                        rival.beginStep(*rivalLease, stepName, QStringLiteral("dk%1").arg(step));
                    setUp = begun.ok() && begun.value() != store::StepAnswer::Uncertain;
                    if (!setUp || begun.value() == store::StepAnswer::Skip)
                        continue;
                    setUp =
                        rival.completeStep(*rivalLease, stepName, QStringLiteral("r%1").arg(step))
                            .ok();
                    if (!all)
                        break;
                }
            }
            if (setUp && takeover == Takeover::WorkerSucceeds) {
                setUp = rival
                            .succeed(*rivalLease,
                                     QJsonObject{{QStringLiteral("by"), QStringLiteral("rival")}})
                            .ok();
                rivalLease.reset();
            }
            break;
        }
        case Takeover::OperatorClear:
        case Takeover::ClearThenRedelivery:
            setUp = setUp && operatorCall([&](const store::OperatorRequest &op) {
                        return operatorActions.clearStaleLease(op);
                    });
            if (setUp && takeover == Takeover::ClearThenRedelivery) {
                const auto retried = rival.claim(request);
                setUp = retried.ok() && retried.value().acquired();
                if (setUp)
                    rivalLease = retried.value().lease();
            }
            break;
        case Takeover::OperatorCancel:
            setUp = setUp && operatorCall([&](const store::OperatorRequest &op) {
                        return operatorActions.cancel(op);
                    });
            break;
        case Takeover::OperatorReview:
            setUp = setUp && operatorCall([&](const store::OperatorRequest &op) {
                        return operatorActions.routeToReview(op);
                    });
            break;
        case Takeover::ClearThenCommand: {
            setUp = setUp && operatorCall([&](const store::OperatorRequest &op) {
                        return operatorActions.clearStaleLease(op);
                    });
            // The clear moved the token on by one; the continuation names the new one.
            const auto continued = operatorActions.requestContinuation(
                {old.runId, old.token + 1, QStringLiteral("reliability: continue"),
                 store::OperatorActions::newActionKey()});
            setUp = setUp && continued.ok() && continued.value().isApplied();
            const auto taken = rival.takeCommand(QStringLiteral("rival"), std::chrono::seconds(30),
                                                 {QStringLiteral("fencing")});
            setUp = setUp && taken.ok() && taken.value().has_value() &&
                    taken.value()->runId == old.runId;
            if (setUp)
                rivalLease = taken.value()->lease();
            break;
        }
        }
        if (!setUp) {
            report.addProblem(where + QStringLiteral(": could not set up %1 after progress %2")
                                          .arg(QLatin1String(name(takeover)))
                                          .arg(progress));
            continue;
        }

        // The zombie wakes up and writes with its old token, in a random order.
        const QString before = StoreSnapshot::run(owner, old.runId);
        std::vector<std::pair<const char *, std::function<std::pair<bool, QString>()>>> writes{
            {"heartbeat", [&] { return refusedAsFenced(zombie.heartbeat(old)); }},
            {"begin_step s1",
             [&] { return refusedAsFenced(zombie.beginStep(old, QStringLiteral("s1"))); }},
            {"begin_step s3",
             [&] {
                 return refusedAsFenced(
                     zombie.beginStep(old, QStringLiteral("s3"), QStringLiteral("dk3")));
             }},
            {"complete_step s1",
             [&] {
                 return refusedAsFenced(
                     zombie.completeStep(old, QStringLiteral("s1"), QStringLiteral("zombie-ref")));
             }},
            {"complete_step s2",
             [&] { return refusedAsFenced(zombie.completeStep(old, QStringLiteral("s2"))); }},
            {"fail_step s2",
             [&] {
                 return refusedAsFenced(
                     zombie.failStep(old, QStringLiteral("s2"),
                                     {QStringLiteral("timeout"), QStringLiteral("zombie"), true}));
             }},
            {"skip_step s3",
             [&] { return refusedAsFenced(zombie.skipStep(old, QStringLiteral("s3"))); }},
            {"succeed",
             [&] {
                 return refusedAsFenced(zombie.succeed(
                     old, QJsonObject{{QStringLiteral("by"), QStringLiteral("zombie")}}));
             }},
            {"fail",
             [&] {
                 return refusedAsFenced(zombie.fail(
                     old, {QStringLiteral("validation"), QStringLiteral("zombie"), false}));
             }},
        };
        std::shuffle(writes.begin(), writes.end(), random);
        for (const auto &[call, write] : writes) {
            ++report.faults;
            const auto [fenced, why] = write();
            const QString after = StoreSnapshot::run(owner, old.runId);
            const bool unchanged = after == before;
            if (fenced && unchanged) {
                ++report.survived;
                continue;
            }
            if (!fenced && why == QLatin1String("accepted")) {
                ++writesAccepted;
                ++report.duplicated; // a second owner's write went through
            } else if (!fenced) {
                ++writesOtherError;
            }
            if (!unchanged) {
                ++writesChangedState;
                ++report.lost; // the new owner's (or the operator's) state was overwritten
            }
            report.addProblem(QStringLiteral("%1 (%2, progress %3): zombie %4: %5%6")
                                  .arg(where, QLatin1String(name(takeover)))
                                  .arg(progress)
                                  .arg(QLatin1String(call), fenced ? QStringLiteral("fenced") : why,
                                       unchanged ? QString() : QStringLiteral(", run changed")));
        }
        // The new owner still owns the run: its own heartbeat goes through.
        if (rivalLease && !rival.heartbeat(*rivalLease).ok())
            report.addProblem(where + QStringLiteral(": the new owner lost its lease"));
    }
    report.setFigure(QStringLiteral("zombie_writes"), report.faults);
    report.setFigure(QStringLiteral("zombie_writes_accepted"), writesAccepted);
    report.setFigure(QStringLiteral("zombie_writes_other_error"), writesOtherError);
    report.setFigure(QStringLiteral("zombie_writes_changed_state"), writesChangedState);
    for (int kind = 0; kind < kTakeoverKinds; ++kind)
        report.setFigure(QStringLiteral("takeover_%1").arg(QLatin1String(name(Takeover(kind)))),
                         byTakeover[size_t(kind)]);
    report.elapsedMs = clock.elapsed();
    return report;
}
