#include "ForgedWrites.h"

#include "StoreSnapshot.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunProtocol.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QUuid>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

using namespace dedup;
using store::PgConnection;
using store::PgParams;
using store::RunLease;

namespace {

constexpr int kProgressKinds = 4; // nothing, s1 begun, s1 done, s1 done and s2 begun

// The same connection string for another login (the conninfo of ReliabilityTarget names its
// login as user=...; a later keyword would also win, but one user= is clearer in logs).
QString asLogin(const QString &conninfo, const QString &login) {
    static const QRegularExpression user(QStringLiteral("(^|\\s)user=\\S+"));
    QString result = conninfo;
    if (result.contains(user))
        result.replace(user, QStringLiteral("\\1user=") + login);
    else
        result += QStringLiteral(" user=") + login;
    return result;
}

// One forged write: what it is called, and the call under a given lease.
struct Forgery {
    QString name;
    std::function<QString(store::RunProtocol &, const RunLease &)> call; // "ok" or SQLSTATE
};

template <typename Result>
QString stateOf(const Result &result) {
    return result.ok() ? QStringLiteral("ok") : result.error().sqlState;
}

} // namespace

LineReport ForgedWrites::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("3c");
    QElapsedTimer clock;
    clock.start();

    PgConnection owner;
    PgConnection workerConn;
    if (!owner.open(target.owner, QStringLiteral("dedup-reliability")) ||
        !workerConn.open(target.worker, QStringLiteral("dedup-reliability"))) {
        report.addProblem(owner.isOpen() ? workerConn.openError().toString()
                                         : owner.openError().toString());
        return report;
    }
    // The forging login: granted the same workflow as the worker, so only the lease's owner
    // and secret stand between it and the run. Named after this process (roles are
    // cluster-wide); dropped at the end.
    const QString workflow = QStringLiteral("forgery");
    const QString forgerLogin =
        QStringLiteral("rel_forger_%1").arg(QCoreApplication::applicationPid());
    const QString workerLogin =
        StoreSnapshot::scalar(workerConn, QStringLiteral("SELECT session_user"));
    (void)owner.exec(QStringLiteral("SET client_min_messages = error"));
    (void)owner.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(forgerLogin)); // our own name
    const auto created = owner.exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(forgerLogin));
    if (!created.ok()) {
        report.addProblem(created.error().toString());
        return report;
    }
    for (const QString &login : {workerLogin, forgerLogin}) {
        PgParams grant;
        grant.add(login).add(QStringList{workflow});
        const auto granted = owner.exec(
            QStringLiteral("SELECT dedup.access_grant($1, 'worker', $2::text[])"), grant);
        if (!granted.ok()) {
            report.addProblem(granted.error().toString());
            (void)owner.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(forgerLogin));
            return report;
        }
    }
    report.title =
        QStringLiteral("forged writes by another worker (%1 trials)").arg(options.trials);

    {
        PgConnection forgerConn;
        if (!forgerConn.open(asLogin(target.worker, forgerLogin),
                             QStringLiteral("dedup-reliability"))) {
            report.addProblem(forgerConn.openError().toString());
            (void)owner.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(forgerLogin));
            return report;
        }
        store::RunProtocol worker(workerConn);
        store::RunProtocol forger(forgerConn);
        QRandomGenerator random(options.seed);
        const QString label =
            QStringLiteral("rel-forge-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
        qint64 accepted = 0;
        qint64 refusedOtherLogin = 0;
        qint64 refusedWrongSecret = 0;
        qint64 otherError = 0;
        qint64 changedState = 0;
        qint64 expiredTrials = 0;
        qint64 finished = 0;
        qint64 ownerReplays = 0;
        std::vector<qint64> byProgress(kProgressKinds, 0);

        for (int trial = 0; trial < options.trials; ++trial) {
            ++report.trials;
            const QString where = QStringLiteral("trial %1").arg(trial);
            store::ClaimRequest request;
            request.scope = label;
            request.key = QStringLiteral("k%1").arg(trial);
            request.workflow = workflow;
            request.fingerprint = QStringLiteral("sha256:f%1").arg(trial);
            request.worker = QStringLiteral("worker");
            request.steps = {QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("s3")};
            const auto claimed = worker.claim(request);
            if (!claimed.ok() || !claimed.value().acquired()) {
                report.addProblem(where + QStringLiteral(": the worker's claim did not acquire: ") +
                                  claimed.error().toString());
                continue;
            }
            const RunLease lease = claimed.value().lease();

            const int progress = int(random.bounded(quint32(kProgressKinds)));
            ++byProgress[size_t(progress)];
            bool setUp = true;
            if (progress >= 1)
                setUp = setUp && worker.beginStep(lease, QStringLiteral("s1")).ok();
            if (progress >= 2)
                setUp = setUp && worker.completeStep(lease, QStringLiteral("s1")).ok();
            if (progress >= 3)
                setUp = setUp &&
                        worker.beginStep(lease, QStringLiteral("s2"), QStringLiteral("dk2")).ok();
            const bool expired = random.bounded(2u) == 1;
            if (expired) {
                ++expiredTrials;
                PgParams id;
                id.add(lease.runId);
                const auto aged =
                    owner.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() -"
                                              " interval '1 second' WHERE id = $1"),
                               id);
                setUp = setUp && aged.ok() && aged.affectedRows() == 1;
            }
            if (!setUp) {
                report.addProblem(where + QStringLiteral(": set-up failed"));
                continue;
            }

            // The forger knows the run, the token and (worst case) the secret.
            const QString current = progress >= 2 ? QStringLiteral("s2") : QStringLiteral("s1");
            const QJsonObject forgedResult{{QStringLiteral("paid_to"), QStringLiteral("forger")}};
            const std::vector<Forgery> forgeries{
                {QStringLiteral("heartbeat"),
                 [](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(p.heartbeat(l, std::chrono::minutes(10)));
                 }},
                {QStringLiteral("begin_step"),
                 [&](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(p.beginStep(l, current, QStringLiteral("dk-forged")));
                 }},
                {QStringLiteral("complete_step"),
                 [&](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(p.completeStep(l, current, QStringLiteral("ref-forged")));
                 }},
                {QStringLiteral("fail_step"),
                 [&](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(p.failStep(
                         l, current, {QStringLiteral("forged"), QStringLiteral("forged"), false}));
                 }},
                {QStringLiteral("skip_step"),
                 [](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(p.skipStep(l, QStringLiteral("s3"), QStringLiteral("forged")));
                 }},
                {QStringLiteral("succeed"),
                 [&](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(p.succeed(l, forgedResult));
                 }},
                {QStringLiteral("fail"),
                 [](store::RunProtocol &p, const RunLease &l) {
                     return stateOf(
                         p.fail(l, {QStringLiteral("forged"), QStringLiteral("forged"), false}));
                 }},
            };
            std::vector<std::pair<const Forgery *, bool>> writes; // (write, right secret)
            for (const Forgery &forgery : forgeries) {
                writes.emplace_back(&forgery, true);
                writes.emplace_back(&forgery, false);
            }
            std::shuffle(writes.begin(), writes.end(), random);
            for (const auto &[forgery, rightSecret] : writes) {
                ++report.faults;
                const RunLease stolen{lease.runId, lease.token,
                                      rightSecret
                                          ? lease.secret
                                          : QUuid::createUuid().toString(QUuid::WithoutBraces)};
                const QString before = StoreSnapshot::run(owner, lease.runId);
                const QString answer = forgery->call(forger, stolen);
                const bool unchanged = StoreSnapshot::run(owner, lease.runId) == before;
                const QString expected =
                    rightSecret ? QStringLiteral("DD011") : QStringLiteral("DD001");
                if (answer == QLatin1String("ok"))
                    ++accepted;
                else if (answer == QLatin1String("DD011"))
                    ++refusedOtherLogin;
                else if (answer == QLatin1String("DD001"))
                    ++refusedWrongSecret;
                else
                    ++otherError;
                if (!unchanged)
                    ++changedState;
                if (answer == expected && unchanged) {
                    ++report.survived;
                    continue;
                }
                if (!unchanged)
                    ++report.lost; // the worker's run was overwritten
                report.addProblem(
                    QStringLiteral("%1 (progress %2%3): forged %4 with the %5 secret: "
                                   "%6%7")
                        .arg(where)
                        .arg(progress)
                        .arg(expired ? QStringLiteral(", expired") : QString(), forgery->name,
                             rightSecret ? QStringLiteral("right") : QStringLiteral("wrong"),
                             answer, unchanged ? QString() : QStringLiteral(", run changed")));
            }

            // The worker still owns its run and finishes it.
            bool done = !expired || worker.heartbeat(lease).ok();
            for (int step = progress >= 2 ? 2 : 1; done && step <= 3; ++step) {
                const QString name = QStringLiteral("s%1").arg(step);
                done = worker.beginStep(lease, name, QStringLiteral("dk%1").arg(step)).ok() &&
                       worker.completeStep(lease, name, QStringLiteral("ref%1").arg(step)).ok();
            }
            const QJsonObject result{{QStringLiteral("paid_to"), QStringLiteral("as asked")},
                                     {QStringLiteral("trial"), trial}};
            done = done && worker.succeed(lease, result).ok();
            if (!done) {
                ++report.lost;
                report.addProblem(where + QStringLiteral(": the worker could not finish its run"));
                continue;
            }
            ++finished;
            // A duplicate delivery replays the worker's result, never the forged one.
            const auto duplicate = forger.claim(request);
            if (duplicate.ok() && duplicate.value().outcome == store::ClaimOutcome::Replay &&
                duplicate.value().result.toObject() == result) {
                ++ownerReplays;
            } else {
                ++report.duplicated; // another outcome than the worker's went out
                report.addProblem(where + QStringLiteral(": the duplicate was not answered with "
                                                         "the worker's result"));
            }
            PgParams events;
            events.add(lease.runId).add(forgerLogin);
            const QString forgedEvents = StoreSnapshot::scalar(
                owner,
                QStringLiteral("SELECT count(*) FROM dedup.events WHERE run_id = $1 AND login = $2"
                               " AND kind NOT IN ('duplicate_suppressed', 'mismatch')"),
                events);
            if (forgedEvents != QLatin1String("0"))
                report.addProblem(where + QStringLiteral(": events by the forging login: ") +
                                  forgedEvents);
        }
        report.title = QStringLiteral("forged writes by another worker: %1 attempted, %2 accepted")
                           .arg(report.faults)
                           .arg(accepted);
        report.setFigure(QStringLiteral("forged_writes"), report.faults);
        report.setFigure(QStringLiteral("forged_writes_accepted"), accepted);
        report.setFigure(QStringLiteral("forged_writes_changed_state"), changedState);
        report.setFigure(QStringLiteral("refused_lease_of_another_login"), refusedOtherLogin);
        report.setFigure(QStringLiteral("refused_wrong_secret"), refusedWrongSecret);
        report.setFigure(QStringLiteral("refused_other_error"), otherError);
        report.setFigure(QStringLiteral("trials_with_expired_lease"), expiredTrials);
        report.setFigure(QStringLiteral("runs_finished_by_their_worker"), finished);
        report.setFigure(QStringLiteral("duplicates_replaying_the_workers_result"), ownerReplays);
        for (int progress = 0; progress < kProgressKinds; ++progress)
            report.setFigure(QStringLiteral("progress_%1").arg(progress),
                             byProgress[size_t(progress)]);
    }
    (void)owner.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(forgerLogin));
    report.elapsedMs = clock.elapsed();
    return report;
}
