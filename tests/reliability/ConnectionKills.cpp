#include "ConnectionKills.h"

#include "KilledAction.h"
#include "StoreSnapshot.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunProtocol.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>

#include <algorithm>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

using namespace dedup;
using store::OperatorActions;
using store::OperatorOutcome;
using store::OperatorOutcomeKind;
using store::OperatorRequest;
using store::OperatorResult;
using store::PgConnection;
using store::PgParams;

namespace {

enum class KillPoint {
    BeforeCall,
    BlockedOnRun,
    BeforeCommit,
    RandomMoment,
    OpenTransaction,
    AfterCommit
};
constexpr int kKillPoints = 6;

const char *name(KillPoint point) {
    switch (point) {
    case KillPoint::BeforeCall:
        return "before_call";
    case KillPoint::BlockedOnRun:
        return "blocked_on_run";
    case KillPoint::BeforeCommit:
        return "before_commit";
    case KillPoint::RandomMoment:
        return "random_moment";
    case KillPoint::OpenTransaction:
        return "open_transaction";
    case KillPoint::AfterCommit:
        return "after_commit";
    }
    return "?";
}

bool terminate(PgConnection &owner, int pid) {
    PgParams params;
    params.add(qint64(pid));
    // Waits (up to 5 s) until the backend is gone, so the state read next is final.
    const auto result = owner.exec(QStringLiteral("SELECT pg_terminate_backend($1, 5000)"), params);
    return result.ok() && result.toBool(0, 0);
}

// Waits until backend `pid` waits for a lock; false after 5 s.
bool waitUntilBlocked(PgConnection &owner, int pid) {
    PgParams params;
    params.add(qint64(pid));
    for (int i = 0; i < 5000; ++i) {
        const auto result = owner.exec(
            QStringLiteral("SELECT wait_event_type = 'Lock' FROM pg_stat_activity WHERE pid = $1"),
            params);
        if (result.ok() && result.rows() == 1 && result.toBool(0, 0))
            return true;
        QThread::msleep(1);
    }
    return false;
}

// How long an action takes from the moment its thread starts until it returned, as the
// median of a few cancels on this machine now, each on a fresh operator connection like the
// trials' (a new backend compiles the plpgsql functions on its first call, which is most of
// the time). A random kill inside twice that window lands before, during and after the
// commit alike. Zero when it cannot be measured.
qint64 actionWindowUs(PgConnection &owner, const QString &operatorConninfo, const QString &scope) {
    store::RunProtocol setup(owner);
    std::vector<qint64> durations;
    for (int i = 0; i < 7; ++i) {
        store::ClaimRequest claim;
        claim.scope = scope;
        claim.key = QStringLiteral("calibration-%1").arg(i);
        claim.workflow = QStringLiteral("connection-kill");
        claim.fingerprint = QStringLiteral("sha256:calibration");
        claim.worker = QStringLiteral("w");
        const auto claimed = setup.claim(claim);
        PgConnection conn;
        if (!claimed.ok() || !claimed.value().acquired() ||
            !conn.open(operatorConninfo, QStringLiteral("dedup-console")))
            return 0;
        OperatorActions actions(conn);
        QElapsedTimer timer;
        timer.start();
        std::thread caller([&] {
            (void)actions.cancel({claimed.value().runId, claimed.value().leaseToken,
                                  QStringLiteral("calibration"), OperatorActions::newActionKey()});
        });
        caller.join();
        durations.push_back(timer.nsecsElapsed() / 1000);
    }
    std::sort(durations.begin(), durations.end());
    return 2 * durations[durations.size() / 2];
}

} // namespace

LineReport ConnectionKills::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("4");
    report.title =
        QStringLiteral("connection killed during an action (%1 trials)").arg(options.trials);
    QElapsedTimer clock;
    clock.start();

    PgConnection owner;
    PgConnection blocker;
    for (PgConnection *conn : {&owner, &blocker}) {
        if (!conn->open(target.owner, QStringLiteral("dedup-reliability"))) {
            report.addProblem(conn->openError().toString());
            return report;
        }
    }
    store::RunProtocol setup(owner);
    OperatorActions setupActions(owner);
    QRandomGenerator random(options.seed);
    const QString scope =
        QStringLiteral("rel-kill-%1")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
    // Every (action, point) pair in turn, in an order shuffled per round.
    std::vector<std::pair<KilledAction::Kind, KillPoint>> plan;
    while (int(plan.size()) < options.trials) {
        std::vector<std::pair<KilledAction::Kind, KillPoint>> round;
        for (int a = 0; a < KilledAction::kKinds; ++a)
            for (int p = 0; p < kKillPoints; ++p)
                round.emplace_back(KilledAction::Kind(a), KillPoint(p));
        std::shuffle(round.begin(), round.end(), random);
        plan.insert(plan.end(), round.begin(), round.end());
    }
    plan.resize(size_t(options.trials));
    const qint64 windowUs =
        std::max<qint64>(1000, actionWindowUs(owner, target.operatorRole, scope));
    std::vector<qint64> byPoint(kKillPoints, 0);
    std::vector<qint64> persistedByPoint(kKillPoints, 0);
    qint64 resendApplied = 0;
    qint64 resendReplayed = 0;

    for (int trial = 0; trial < options.trials; ++trial) {
        // Plain copies: the lambdas below capture them.
        const KilledAction::Kind action = plan[size_t(trial)].first;
        const KillPoint point = plan[size_t(trial)].second;
        const KilledAction::Spec s = KilledAction::spec(action);
        const QString where = QStringLiteral("trial %1 (%2, %3)")
                                  .arg(trial)
                                  .arg(QLatin1String(s.name), QLatin1String(name(point)));
        // --- the run, in the state the action applies to ----------------------------------
        store::ClaimRequest claim;
        claim.scope = scope;
        claim.key = QStringLiteral("k%1").arg(trial);
        claim.workflow = QStringLiteral("connection-kill");
        claim.fingerprint = QStringLiteral("sha256:c%1").arg(trial);
        claim.worker = QStringLiteral("w");
        claim.steps = {QStringLiteral("a"), QStringLiteral("b")};
        const auto claimed = setup.claim(claim);
        if (!claimed.ok() || !claimed.value().acquired()) {
            report.addProblem(where + QStringLiteral(": claim: ") + claimed.error().toString());
            continue;
        }
        const qint64 runId = claimed.value().runId;
        qint64 token = claimed.value().leaseToken;
        bool ready = setup.beginStep(claimed.value().lease(), QStringLiteral("a")).ok();
        PgParams byRun;
        byRun.add(runId);
        if (action == KilledAction::Kind::ClearStaleLease) {
            ready = ready && owner
                                 .exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = "
                                                      "now() - interval '1 second' WHERE id = $1"),
                                       byRun)
                                 .ok();
        } else if (action == KilledAction::Kind::RequestContinuation) {
            ready = ready && setup
                                 .fail(claimed.value().lease(),
                                       {QStringLiteral("timeout"), QStringLiteral("set-up"), true})
                                 .ok();
        } else if (action == KilledAction::Kind::ResolveReview) {
            const auto routed = setupActions.routeToReview(
                {runId, token, QStringLiteral("set-up"), OperatorActions::newActionKey()});
            ready = ready && routed.ok() && routed.value().outcome == OperatorOutcomeKind::Applied;
            if (ready)
                token = routed.value().leaseToken.value_or(-1);
        }
        if (!ready) {
            report.addProblem(where + QStringLiteral(": set-up failed"));
            continue;
        }
        const OperatorRequest request{runId, token,
                                      QStringLiteral("reliability: connection killed"),
                                      OperatorActions::newActionKey()};

        // --- the action and the kill -----------------------------------------------------
        PgConnection operatorConn;
        if (!operatorConn.open(target.operatorRole, QStringLiteral("dedup-console"))) {
            report.addProblem(where + QStringLiteral(": ") + operatorConn.openError().toString());
            continue;
        }
        ++report.trials;
        ++report.faults;
        ++byPoint[size_t(point)];
        const int pid = operatorConn.backendPid();
        OperatorActions operatorActions(operatorConn);
        bool killed = false;
        bool held = true;
        const auto fail = [&](const QString &why) {
            held = false;
            report.addProblem(where + QStringLiteral(": ") + why);
        };
        std::optional<OperatorResult<OperatorOutcome>> first;
        const auto callInThread = [&] {
            return std::thread(
                [&] { first = KilledAction::call(operatorActions, action, request); });
        };
        switch (point) {
        case KillPoint::BeforeCall:
            killed = terminate(owner, pid);
            first = KilledAction::call(operatorActions, action, request);
            break;
        case KillPoint::BlockedOnRun:
        case KillPoint::BeforeCommit: {
            if (!blocker.exec(QStringLiteral("BEGIN")).ok()) {
                report.addProblem(where + QStringLiteral(": BEGIN failed"));
                continue;
            }
            // The run's row lock stops the call before it changed anything; the audit chain's
            // head stops it after it changed the run, when it appends its audit row.
            const auto locked =
                point == KillPoint::BlockedOnRun
                    ? blocker.exec(
                          QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"),
                          byRun)
                    : blocker.exec(QStringLiteral("SELECT 1 FROM dedup.audit_head FOR UPDATE"));
            if (!locked.ok() || locked.rows() != 1) {
                report.addProblem(where + QStringLiteral(": cannot take the blocking lock"));
                (void)blocker.exec(QStringLiteral("ROLLBACK"));
                continue;
            }
            std::thread caller = callInThread();
            if (!waitUntilBlocked(owner, pid))
                fail(QStringLiteral("the call never waited for the lock"));
            killed = terminate(owner, pid);
            caller.join();
            (void)blocker.exec(QStringLiteral("ROLLBACK"));
            break;
        }
        case KillPoint::RandomMoment: {
            std::thread caller = callInThread();
            QThread::usleep(random.bounded(quint32(windowUs)));
            killed = terminate(owner, pid);
            caller.join();
            break;
        }
        case KillPoint::OpenTransaction:
            if (!operatorConn.exec(QStringLiteral("BEGIN")).ok()) {
                report.addProblem(where + QStringLiteral(": BEGIN failed"));
                continue;
            }
            first = KilledAction::call(operatorActions, action, request);
            killed = terminate(owner, pid);
            break;
        case KillPoint::AfterCommit:
            first = KilledAction::call(operatorActions, action, request);
            killed = terminate(owner, pid);
            break;
        }
        // The operator's connection stays open until it is killed: the kill always finds it.
        if (!killed)
            fail(QStringLiteral("pg_terminate_backend did not find the operator's backend"));

        // --- all or nothing ----------------------------------------------------------------
        const KilledAction afterKill = KilledAction::read(owner, action, runId, request.actionKey);
        const bool persisted = afterKill.all();
        if (!afterKill.none() && !persisted)
            fail(QStringLiteral("half an action after the kill: ") + afterKill.toString());
        const bool mustBeNone =
            point == KillPoint::BeforeCall || point == KillPoint::BlockedOnRun ||
            point == KillPoint::BeforeCommit || point == KillPoint::OpenTransaction;
        if (mustBeNone && !afterKill.none())
            fail(QStringLiteral("an uncommitted action survived the kill: ") +
                 afterKill.toString());
        if (point == KillPoint::AfterCommit && !persisted)
            fail(QStringLiteral("a committed action vanished: ") + afterKill.toString());
        if (first && first->ok() && mustBeNone && point != KillPoint::OpenTransaction)
            fail(QStringLiteral("the call reported success on a killed connection"));
        persistedByPoint[size_t(point)] += persisted ? 1 : 0;

        // --- the console's resend, same action key, new connection -------------------------
        PgConnection again;
        if (!again.open(target.operatorRole, QStringLiteral("dedup-console"))) {
            fail(again.openError().toString());
            continue;
        }
        OperatorActions resendActions(again);
        const auto resent = KilledAction::call(resendActions, action, request);
        if (!resent.ok()) {
            fail(QStringLiteral("the resend failed: ") + resent.error().toString());
        } else if (persisted) {
            if (resent.value().outcome != OperatorOutcomeKind::Replayed ||
                resent.value().originalOutcome != OperatorOutcomeKind::Applied)
                fail(QStringLiteral("the resend of a committed action answered %1")
                         .arg(store::toString(resent.value().outcome)));
            ++resendReplayed;
        } else {
            if (resent.value().outcome != OperatorOutcomeKind::Applied)
                fail(QStringLiteral("the resend of a lost action answered %1: %2")
                         .arg(store::toString(resent.value().outcome), resent.value().detail));
            ++resendApplied;
        }
        const KilledAction final = KilledAction::read(owner, action, runId, request.actionKey);
        if (final.auditRows > 1 || final.events > 1 || final.token > token + s.tokenBump) {
            ++report.duplicated;
            fail(QStringLiteral("applied twice: ") + final.toString());
        } else if (!final.all() || final.token != token + s.tokenBump) {
            ++report.lost;
            fail(QStringLiteral("not in effect after the resend: ") + final.toString());
        }
        const QString chain = StoreSnapshot::scalar(
            owner, QStringLiteral("SELECT count(*) FROM dedup.verify_audit()"));
        if (chain != QLatin1String("0"))
            fail(QStringLiteral("the audit chain does not verify (%1)").arg(chain));
        if (held)
            ++report.survived;
    }
    for (int p = 0; p < kKillPoints; ++p) {
        const QString point = QLatin1String(name(KillPoint(p)));
        report.setFigure(QStringLiteral("kills_%1").arg(point), byPoint[size_t(p)]);
        report.setFigure(QStringLiteral("committed_before_kill_%1").arg(point),
                         persistedByPoint[size_t(p)]);
    }
    report.setFigure(QStringLiteral("random_moment_window_us"), windowUs);
    report.setFigure(QStringLiteral("resend_applied"), resendApplied);
    report.setFigure(QStringLiteral("resend_replayed"), resendReplayed);
    report.elapsedMs = clock.elapsed();
    return report;
}
