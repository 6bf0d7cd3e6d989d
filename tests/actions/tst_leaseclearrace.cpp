// A stale-lease clear (through ActionExecutor, as the console sends it) racing the worker
// that still holds the lease and is only slow, 200 times: the worker heartbeats (or first
// records its step, which an expired lease still allows) and carries on while the operator
// clears. Whoever wins, there are never two owners: either the clear is refused because the
// heartbeat renewed the lease and the worker finishes the run, or the clear fences the worker
// and nothing the worker sends after the clear is accepted (checked against the run's
// events, which every accepted worker call writes).
#include "ActionTestRuns.h"
#include "DetailTestRuns.h"
#include "actions/ActionExecutor.h"
#include "store/RunProtocol.h"

#include <QRandomGenerator>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace dedup;
using namespace dedup::actions;
using store::PgConnection;
using store::PgParams;
using store::RunLease;
using store::RunProtocol;
using Kind = ActionResult::Kind;

namespace {

// What the worker got from its calls, in order; it stops at the first refusal.
struct WorkerLog {
    QStringList calls; // "heartbeat=ok", "complete send=fenced", ...
    bool fenced = false;
    bool otherError = false;
    bool succeeded = false;
};

void work(PgConnection &conn, const RunLease &lease, bool heartbeatFirst, WorkerLog *log) {
    RunProtocol protocol(conn);
    const auto note = [log](const char *call, bool ok, bool fenced) {
        log->calls << QStringLiteral("%1=%2").arg(QLatin1String(call),
                                                  ok       ? QStringLiteral("ok")
                                                  : fenced ? QStringLiteral("fenced")
                                                           : QStringLiteral("error"));
        log->fenced = log->fenced || fenced;
        log->otherError = log->otherError || (!ok && !fenced);
        return ok;
    };
    const auto heartbeat = [&] {
        const auto r = protocol.heartbeat(lease, std::chrono::seconds(30));
        return note("heartbeat", r.ok(), r.isFenced());
    };
    const auto completeSend = [&] {
        const auto r = protocol.completeStep(lease, QStringLiteral("send"), QStringLiteral("SM1"));
        return note("complete send", r.ok(), r.isFenced());
    };
    if (heartbeatFirst) {
        if (!heartbeat() || !completeSend())
            return;
    } else {
        if (!completeSend() || !heartbeat())
            return;
    }
    const auto begin = protocol.beginStep(lease, QStringLiteral("notify"));
    if (!note("begin notify", begin.ok() && begin.value() == store::StepAnswer::Run,
              begin.isFenced()))
        return;
    const auto complete = protocol.completeStep(lease, QStringLiteral("notify"));
    if (!note("complete notify", complete.ok(), complete.isFenced()))
        return;
    const auto succeeded = protocol.succeed(lease, QJsonObject{{QStringLiteral("ok"), true}});
    log->succeeded = note("succeed", succeeded.ok(), succeeded.isFenced());
}

} // namespace

class TestLeaseClearRace : public QObject {
    Q_OBJECT

private slots:
    void clearRacingTheWorker();
};

void TestLeaseClearRace::clearRacingTheWorker() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto worker = db.connect(QStringLiteral("t_worker"));
    QVERIFY(su && worker);
    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    actiontest::Results results(executor);

    constexpr int Trials = 200;
    int cleared = 0;
    int refused = 0;
    for (int trial = 0; trial < Trials; ++trial) {
        const QString key = QStringLiteral("race-%1").arg(trial);
        const RunLease lease = DetailTestRuns::claim(
            *worker,
            DetailTestRuns::request(key, {QStringLiteral("send"), QStringLiteral("notify")}));
        QVERIFY(lease.runId > 0);
        RunProtocol protocol(*worker);
        QVERIFY(protocol.beginStep(lease, QStringLiteral("send")).ok());
        // The worker went quiet long enough for its lease to run out (nobody took over).
        QVERIFY(DetailTestRuns::expireLease(*su, lease.runId, 1));

        WorkerLog log;
        std::atomic<bool> go{false};
        const bool heartbeatFirst = trial % 2 == 0;
        const int headStartUs = int(QRandomGenerator::global()->bounded(3000));
        std::thread thread([&] {
            while (!go.load())
                std::this_thread::yield();
            std::this_thread::sleep_for(std::chrono::microseconds(headStartUs));
            work(*worker, lease, heartbeatFirst, &log);
        });
        const int id = executor.execute(ActionIntent::create(
            OperatorAction::ClearStaleLease, lease.runId, lease.token, QStringLiteral("race")));
        go.store(true);
        QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 10000);
        thread.join();

        const ActionResult result = results.byId.value(id);
        const QJsonObject run = optest::runRow(*su, lease.runId);
        PgParams runId;
        runId.add(lease.runId);
        const QString context = QStringLiteral("trial %1: clear %2 (%3); worker %4")
                                    .arg(trial)
                                    .arg(actiontest::kindName(result.kind), result.serverDetail,
                                         log.calls.join(QStringLiteral(", ")));
        QVERIFY2(!log.otherError, qPrintable(context));
        QVERIFY2(result.kind == Kind::Applied || result.kind == Kind::Changed, qPrintable(context));
        if (result.kind == Kind::Applied) {
            ++cleared;
            // The worker lost the run: it was fenced, and it did not finish it.
            QVERIFY2(log.fenced && !log.succeeded, qPrintable(context));
            QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            QVERIFY(run.value(QStringLiteral("lease_owner")).isNull());
            QCOMPARE(run.value(QStringLiteral("lease_token")).toInteger(), lease.token + 1);
            // Nothing the worker sent after the clear was accepted.
            QVERIFY2(actiontest::count(
                         *su,
                         QStringLiteral("SELECT count(*) FROM dedup.events e WHERE e.run_id = $1"
                                        " AND e.actor = 'w1' AND e.id > (SELECT c.id FROM"
                                        " dedup.events c WHERE c.run_id = $1"
                                        " AND c.kind = 'lease_cleared')"),
                         runId) == 0,
                     qPrintable(context));
            QVERIFY2(
                !optest::stepStatuses(*su, lease.runId).contains(QStringLiteral("notify=done")),
                qPrintable(context));
        } else {
            ++refused;
            // The heartbeat renewed the lease first (or the worker had even finished): the
            // worker kept the run and finished it; the operator changed nothing.
            QVERIFY2(result.serverDetail.contains(QStringLiteral("live")) ||
                         result.serverDetail.contains(QStringLiteral("run is succeeded")),
                     qPrintable(context));
            QVERIFY2(log.succeeded && !log.fenced, qPrintable(context));
            QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("succeeded"));
            QCOMPARE(run.value(QStringLiteral("lease_token")).toInteger(), lease.token);
            QCOMPARE(actiontest::count(*su,
                                       QStringLiteral("SELECT count(*) FROM dedup.events WHERE"
                                                      " run_id = $1 AND kind = 'lease_cleared'"),
                                       runId),
                     0);
        }
    }
    QCOMPARE(cleared + refused, Trials);
    QCOMPARE(results.answers, Trials);
    qInfo("%d clears applied, %d refused because the worker's heartbeat came first", cleared,
          refused);
}

QTEST_GUILESS_MAIN(TestLeaseClearRace)
#include "tst_leaseclearrace.moc"
