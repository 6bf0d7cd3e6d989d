// Bulk operations against the real store (migrations 0006 and 0018): a frozen set applied
// in batches, runs that changed since selection skipped, nothing applied twice (resends,
// pause/abort, two consoles sharing the work, a batch killed half way), the viewer refused;
// every control (start, attach, pause, resume, abort) audited with its reason; a batch that
// stops at its time budget, before a run someone else holds, and a limit above the bound
// refused.
#include "OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "store/BulkOperations.h"
#include "store/StoreError.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace dedup::store;
using optest::PreparedRun;

class TestBulkOperations : public QObject {
    Q_OBJECT

private slots:
    void cancelsTheFrozenSetInBatches();
    void skipsRunsThatChangedSinceSelection();
    void resendsChangeNothing();
    void pauseResumeAbort();
    void twoConsolesShareTheWork();
    void killedBatchIsAllOrNothing();
    void refusals();
    void viewerCannotCreate();
    void controlsAreAuditedWithTheirReason();
    void batchStopsBeforeARunSomeoneHolds();
    void batchStopsWhenItsBudgetIsSpent();
    void limitFollowsTheBound();

private:
    // Steps until the operation has nothing left to apply; the items applied.
    static qint64 stepToTheEnd(BulkOperations &bulk, const QString &id, int limit);
    static QList<PreparedRun> prepare(PgConnection &su, int count, const QString &state,
                                      const QString &prefix);
    static QList<BulkItem> itemsOf(const QList<PreparedRun> &runs, const QString &status);
    static BulkRequest cancelRequest();
    static qint64 count(PgConnection &su, const QString &sql);
};

QList<PreparedRun> TestBulkOperations::prepare(PgConnection &su, int count, const QString &state,
                                               const QString &prefix) {
    QList<PreparedRun> runs;
    for (int i = 0; i < count; ++i) {
        const PreparedRun run = optest::prepareRun(su, state, prefix + QString::number(i));
        if (!run.error.isEmpty()) {
            qWarning("prepare: %s", qPrintable(run.error));
            return {};
        }
        runs.append(run);
    }
    return runs;
}

qint64 TestBulkOperations::stepToTheEnd(BulkOperations &bulk, const QString &id, int limit) {
    qint64 items = 0;
    for (;;) {
        const auto batch = bulk.step(id, limit, QString());
        if (!batch.ok() || batch.value().isEmpty())
            return items;
        items += batch.value().size();
    }
}

QList<BulkItem> TestBulkOperations::itemsOf(const QList<PreparedRun> &runs, const QString &status) {
    QList<BulkItem> items;
    for (const PreparedRun &run : runs)
        items.append({run.id, run.token, status});
    return items;
}

BulkRequest TestBulkOperations::cancelRequest() {
    BulkRequest request;
    request.id = BulkOperations::newBulkId();
    request.action = BulkAction::Cancel;
    request.reason = QStringLiteral("provider outage: cancel and resend by hand");
    request.selection = QJsonObject{{QStringLiteral("statuses"), QStringLiteral("failed")}};
    return request;
}

qint64 TestBulkOperations::count(PgConnection &su, const QString &sql) {
    return optest::scalar(su, sql);
}

void TestBulkOperations::cancelsTheFrozenSetInBatches() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs = prepare(*su, 20, QStringLiteral("failed"), QStringLiteral("b"));
    QCOMPARE(runs.size(), 20);

    BulkOperations bulk(*op);
    const BulkRequest request = cancelRequest();
    const auto created = bulk.create(request);
    QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    QCOMPARE(created.value().status, QStringLiteral("preparing"));
    QCOMPARE(created.value().requestedBy, QStringLiteral("t_operator"));
    const auto added = bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed")));
    QVERIFY2(added.ok(), qPrintable(added.error().toString()));
    QCOMPARE(added.value(), 20);
    const auto started = bulk.control(request.id, BulkCommand::Start, request.reason,
                                      OperatorActions::newActionKey());
    QVERIFY2(started.ok(), qPrintable(started.error().toString()));
    QCOMPARE(started.value().status, QStringLiteral("running"));

    int batches = 0;
    qint64 applied = 0;
    for (;;) {
        const auto batch = bulk.step(request.id, 7, QStringLiteral("console-1"));
        QVERIFY2(batch.ok(), qPrintable(batch.error().toString()));
        if (batch.value().isEmpty())
            break;
        ++batches;
        // At most the limit; fewer when the batch's time budget ran out first (0018).
        QVERIFY(batch.value().size() <= 7);
        for (const BulkItemOutcome &outcome : batch.value()) {
            QCOMPARE(outcome.state, QStringLiteral("applied"));
            QVERIFY(outcome.auditId > 0);
            ++applied;
        }
    }
    QVERIFY(batches >= 3); // 7 + 7 + 6 unless the budget cut a batch short
    QCOMPARE(applied, 20);
    const auto finished = bulk.state(request.id);
    QVERIFY(finished.ok());
    QCOMPARE(finished.value().status, QStringLiteral("finished"));
    QCOMPARE(finished.value().applied, 20);
    QCOMPARE(finished.value().pending, 0);
    QCOMPARE(finished.value().runner, QStringLiteral("console-1"));
    QVERIFY(finished.value().finishedAt.isValid());

    QCOMPARE(
        count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        20);
    // one audit row per run, with the item's own action key, plus the start
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = "
                                       "'op_cancel' AND action_key LIKE '%:%'")),
             20);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                       " WHERE action = 'op_bulk_start'")),
             1);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log a JOIN"
                                       " dedup.bulk_items i ON i.audit_id = a.id"
                                       " WHERE a.action_key = i.bulk_id::text || ':' || i.run_id")),
             20);
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT count(*) FROM dedup.verify_audit()")),
             QStringLiteral("0"));
}

void TestBulkOperations::skipsRunsThatChangedSinceSelection() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs = prepare(*su, 10, QStringLiteral("failed"), QStringLiteral("c"));
    QCOMPARE(runs.size(), 10);
    BulkOperations bulk(*op);
    const BulkRequest request = cancelRequest();
    QVERIFY(bulk.create(request).ok());
    QVERIFY(bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed"))).ok());

    // After selection: run 0 is redelivered and succeeds (status differs; its open steps
    // skipped first, as succeed requires), run 1 is redelivered and fails again (same
    // status, newer token), run 2 is purged... by being cancelled by another operator first.
    PgParams first;
    first.add(QStringLiteral("c0"));
    const PgResult redelivered = su->exec(
        QStringLiteral("SELECT d.run_id, d.lease_token,"
                       " dedup.skip_step(d.run_id, d.lease_token, d.lease_secret, 'send'),"
                       " dedup.skip_step(d.run_id, d.lease_token, d.lease_secret, 'notify'),"
                       " dedup.succeed(d.run_id, d.lease_token, d.lease_secret, '{}'::jsonb)"
                       " FROM dedup.claim(p_scope => 'test', p_key => $1,"
                       " p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w2',"
                       " p_steps => ARRAY['draft','send','notify']) d"),
        first);
    QVERIFY2(redelivered.ok(), qPrintable(redelivered.error().toString()));
    PgParams second;
    second.add(QStringLiteral("c1"));
    const PgResult refailed = su->exec(
        QStringLiteral(
            "SELECT dedup.fail(d.run_id, d.lease_token, d.lease_secret, 'timeout', 'again', true)"
            " FROM dedup.claim(p_scope => 'test', p_key => $1, p_workflow => 'wf',"
            " p_fingerprint => 'fp', p_worker => 'w2',"
            " p_steps => ARRAY['draft','send','notify']) d"),
        second);
    QVERIFY2(refailed.ok(), qPrintable(refailed.error().toString()));
    QCOMPARE(refailed.text(0, 0), QStringLiteral("failed"));
    OperatorActions other(*su);
    QVERIFY(other.cancel(optest::request(runs[2], OperatorActions::newActionKey())).ok());
    const QString before1 =
        optest::runRow(*su, runs[1].id).value(QStringLiteral("updated_at")).toString();

    QVERIFY(bulk.control(request.id, BulkCommand::Start, request.reason,
                         OperatorActions::newActionKey())
                .ok());
    QMap<qint64, QString> states;
    for (;;) {
        const auto batch = bulk.step(request.id, 50, QString());
        QVERIFY(batch.ok());
        if (batch.value().isEmpty())
            break;
        for (const BulkItemOutcome &outcome : batch.value())
            states.insert(outcome.runId, outcome.state);
    }
    QCOMPARE(states.size(), 10);
    QCOMPARE(states.value(runs[0].id), QStringLiteral("changed"));
    QCOMPARE(states.value(runs[1].id), QStringLiteral("changed"));
    QCOMPARE(states.value(runs[2].id), QStringLiteral("changed"));
    for (int i = 3; i < 10; ++i)
        QCOMPARE(states.value(runs[i].id), QStringLiteral("applied"));
    const auto report = bulk.state(request.id);
    QCOMPARE(report.value().applied, 7);
    QCOMPARE(report.value().changed, 3);
    QCOMPARE(report.value().failed, 0);
    // the changed runs were not touched by the bulk
    QCOMPARE(optest::runRow(*su, runs[0].id).value(QStringLiteral("status")).toString(),
             QStringLiteral("succeeded"));
    QCOMPARE(optest::runRow(*su, runs[1].id).value(QStringLiteral("status")).toString(),
             QStringLiteral("failed"));
    QCOMPARE(optest::runRow(*su, runs[1].id).value(QStringLiteral("updated_at")).toString(),
             before1);
    const auto changed = bulk.items(request.id, QStringLiteral("changed"), 100);
    QVERIFY(changed.ok());
    QCOMPARE(changed.value().size(), 3);
    QVERIFY2(changed.value()[0].detail.contains(QStringLiteral("succeeded")),
             qPrintable(changed.value()[0].detail));
    QVERIFY2(changed.value()[1].detail.contains(QStringLiteral("lease token")),
             qPrintable(changed.value()[1].detail));
}

void TestBulkOperations::resendsChangeNothing() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs = prepare(*su, 5, QStringLiteral("failed"), QStringLiteral("r"));
    BulkOperations bulk(*op);
    const BulkRequest request = cancelRequest();
    QVERIFY(bulk.create(request).ok());
    QVERIFY(bulk.create(request).ok()); // resent create: same operation
    QCOMPARE(bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed"))).value(), 5);
    QCOMPARE(bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed"))).value(), 5);
    const QString startKey = OperatorActions::newActionKey();
    QVERIFY(bulk.control(request.id, BulkCommand::Start, request.reason, startKey).ok());
    QVERIFY(bulk.control(request.id, BulkCommand::Start, request.reason, startKey).ok());
    QCOMPARE(stepToTheEnd(bulk, request.id, 50), 5);
    QCOMPARE(bulk.step(request.id, 50, QString()).value().size(), 0);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), 6);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.bulk_operations")), 1);

    // the id reused for another action is a conflict, not a second operation
    BulkRequest other = request;
    other.action = BulkAction::RequestContinuation;
    const auto conflict = bulk.create(other);
    QVERIFY(!conflict.ok());
    QCOMPARE(conflict.errorKind(), StoreErrorKind::ActionKeyConflict);
}

void TestBulkOperations::pauseResumeAbort() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs = prepare(*su, 10, QStringLiteral("failed"), QStringLiteral("p"));
    BulkOperations bulk(*op);
    const BulkRequest request = cancelRequest();
    QVERIFY(bulk.create(request).ok());
    QVERIFY(bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed"))).ok());
    const auto earlyStep = bulk.step(request.id, 50, QString());
    QVERIFY(earlyStep.ok());
    QCOMPARE(earlyStep.value().size(), 0); // not started: nothing happens
    QVERIFY(bulk.control(request.id, BulkCommand::Start, request.reason,
                         OperatorActions::newActionKey())
                .ok());
    // A batch takes at most its limit, fewer when its time budget runs out (0018).
    const qint64 first = bulk.step(request.id, 3, QString()).value().size();
    QVERIFY(first >= 1 && first <= 3);
    const auto paused =
        bulk.control(request.id, BulkCommand::Pause, QStringLiteral("checking the provider"),
                     OperatorActions::newActionKey());
    QVERIFY(paused.ok());
    QCOMPARE(paused.value().status, QStringLiteral("paused"));
    QCOMPARE(bulk.step(request.id, 50, QString()).value().size(), 0);
    QVERIFY(bulk.control(request.id, BulkCommand::Resume, QStringLiteral("provider fine"),
                         OperatorActions::newActionKey())
                .ok());
    const qint64 second = bulk.step(request.id, 3, QString()).value().size();
    QVERIFY(second >= 1 && second <= 3);
    const auto aborted = bulk.control(request.id, BulkCommand::Abort, QStringLiteral("enough"),
                                      OperatorActions::newActionKey());
    QVERIFY(aborted.ok());
    QCOMPARE(aborted.value().status, QStringLiteral("aborted"));
    QCOMPARE(aborted.value().applied, first + second);
    QCOMPARE(aborted.value().pending, 10 - first - second);
    QCOMPARE(bulk.step(request.id, 50, QString()).value().size(), 0);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'failed'")),
             10 - first - second);
    const auto resumeAborted = bulk.control(
        request.id, BulkCommand::Resume, QStringLiteral("again"), OperatorActions::newActionKey());
    QVERIFY(!resumeAborted.ok());
    QCOMPARE(resumeAborted.errorKind(), StoreErrorKind::IllegalTransition);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action LIKE"
                                       " 'op_bulk_%'")),
             4); // start, pause, resume, abort
}

void TestBulkOperations::twoConsolesShareTheWork() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs =
        prepare(*su, 200, QStringLiteral("failed"), QStringLiteral("t"));
    QCOMPARE(runs.size(), 200);
    BulkOperations bulk(*op);
    const BulkRequest request = cancelRequest();
    QVERIFY(bulk.create(request).ok());
    QVERIFY(bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed"))).ok());
    QVERIFY(bulk.control(request.id, BulkCommand::Start, request.reason,
                         OperatorActions::newActionKey())
                .ok());

    std::atomic<int> reported{0};
    std::atomic<int> errors{0};
    auto console = [&](const QString &name) {
        auto conn = db.connect(QStringLiteral("t_operator"));
        if (!conn) {
            ++errors;
            return;
        }
        BulkOperations mine(*conn);
        for (;;) {
            const auto batch = mine.step(request.id, 10, name);
            if (!batch.ok()) {
                ++errors;
                return;
            }
            if (batch.value().isEmpty())
                return;
            reported += int(batch.value().size());
        }
    };
    std::thread a(console, QStringLiteral("console-a"));
    std::thread b(console, QStringLiteral("console-b"));
    a.join();
    b.join();
    QCOMPARE(errors.load(), 0);
    QCOMPARE(reported.load(), 200);
    QCOMPARE(
        count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        200);
    QCOMPARE(count(*su, QStringLiteral("SELECT max(n) FROM (SELECT count(*) AS n FROM"
                                       " dedup.audit_log WHERE action = 'op_cancel'"
                                       " GROUP BY run_id) x")),
             1);
    QCOMPARE(bulk.state(request.id).value().status, QStringLiteral("finished"));
}

void TestBulkOperations::killedBatchIsAllOrNothing() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    auto blocker = db.connect();
    QVERIFY(su && op && blocker);
    const QList<PreparedRun> runs = prepare(*su, 10, QStringLiteral("failed"), QStringLiteral("k"));
    BulkOperations bulk(*op);
    const BulkRequest request = cancelRequest();
    QVERIFY(bulk.create(request).ok());
    QVERIFY(bulk.addItems(request.id, itemsOf(runs, QStringLiteral("failed"))).ok());
    QVERIFY(bulk.control(request.id, BulkCommand::Start, request.reason,
                         OperatorActions::newActionKey())
                .ok());

    // Hold the first item's bulk_items row: the batch applies the item's action (its run
    // cancelled, its audit row written, inside the batch's transaction) and then waits to
    // record the item's state; kill the console's backend there. (A batch does not wait for
    // a run someone else holds once it holds the audit head, 0018: it stops before it.)
    PgParams first;
    first.add(request.id).add(runs[0].id);
    QVERIFY(blocker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(blocker
                ->exec(QStringLiteral("SELECT 1 FROM dedup.bulk_items WHERE bulk_id = $1::uuid"
                                      " AND run_id = $2 FOR UPDATE"),
                       first)
                .ok());
    const int pid = op->backendPid();
    std::thread stepper([&] { (void)bulk.step(request.id, 50, QStringLiteral("doomed")); });
    QTRY_VERIFY_WITH_TIMEOUT(
        optest::scalar(*su, QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1"
                                           " AND wait_event_type = 'Lock'")
                                .arg(pid)) == 1,
        10000);
    QVERIFY(su->exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)).ok());
    stepper.join();
    QVERIFY(blocker->exec(QStringLiteral("ROLLBACK")).ok());

    // nothing of the killed batch stayed
    QCOMPARE(
        count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        0);
    QCOMPARE(count(*su, QStringLiteral(
                            "SELECT count(*) FROM dedup.bulk_items WHERE state <> 'pending'")),
             0);
    // the console reconnects and carries on: every run once
    auto again = db.connect(QStringLiteral("t_operator"));
    QVERIFY(again);
    BulkOperations resumed(*again);
    QCOMPARE(stepToTheEnd(resumed, request.id, 50), 10);
    QCOMPARE(
        count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        10);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = "
                                       "'op_cancel'")),
             10);
}

void TestBulkOperations::refusals() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs =
        prepare(*su, 2, QStringLiteral("manual_review"), QStringLiteral("f"));
    BulkOperations bulk(*op);

    BulkRequest blank = cancelRequest();
    blank.reason = QStringLiteral(" \t\n");
    QCOMPARE(bulk.create(blank).errorKind(), StoreErrorKind::InvalidArgument);

    BulkRequest noResolution = cancelRequest();
    noResolution.action = BulkAction::ResolveReview;
    QCOMPARE(bulk.create(noResolution).errorKind(), StoreErrorKind::InvalidArgument);

    BulkRequest resolve = cancelRequest();
    resolve.action = BulkAction::ResolveReview;
    resolve.params = QJsonObject{{QStringLiteral("resolution"), QStringLiteral("cancelled")}};
    QVERIFY(bulk.create(resolve).ok());
    QCOMPARE(bulk.control(resolve.id, BulkCommand::Start, resolve.reason,
                          OperatorActions::newActionKey())
                 .errorKind(),
             StoreErrorKind::InvalidArgument); // no runs yet
    QVERIFY(bulk.addItems(resolve.id, itemsOf(runs, QStringLiteral("manual_review"))).ok());
    QVERIFY(bulk.control(resolve.id, BulkCommand::Start, resolve.reason,
                         OperatorActions::newActionKey())
                .ok());
    // the set is frozen once started
    QCOMPARE(bulk.addItems(resolve.id, itemsOf(runs, QStringLiteral("manual_review"))).errorKind(),
             StoreErrorKind::IllegalTransition);
    QCOMPARE(bulk.step(resolve.id, 0, QString()).errorKind(), StoreErrorKind::InvalidArgument);
    QCOMPARE(stepToTheEnd(bulk, resolve.id, 10), 2);
    QCOMPARE(
        count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        2);
}

void TestBulkOperations::viewerCannotCreate() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto viewer = db.connect(QStringLiteral("t_viewer"));
    QVERIFY(viewer);
    BulkOperations bulk(*viewer);
    QCOMPARE(bulk.create(cancelRequest()).errorKind(), StoreErrorKind::PermissionDenied);
    // but may watch what operators are doing
    const auto active = bulk.active();
    QVERIFY2(active.ok(), qPrintable(active.error().toString()));
    QVERIFY(active.value().isEmpty());
}

namespace {

// A running bulk cancel of `runs` by `bulk`'s login.
QString startedCancel(BulkOperations &bulk, const QList<PreparedRun> &runs) {
    BulkRequest request;
    request.id = BulkOperations::newBulkId();
    request.action = BulkAction::Cancel;
    request.reason = QStringLiteral("provider outage: cancel and resend by hand");
    QList<BulkItem> items;
    for (const PreparedRun &run : runs)
        items.append({run.id, run.token, QStringLiteral("failed")});
    if (!bulk.create(request).ok() || !bulk.addItems(request.id, items).ok() ||
        !bulk.control(request.id, BulkCommand::Start, request.reason,
                      OperatorActions::newActionKey())
             .ok())
        return {};
    return request.id;
}

} // namespace

void TestBulkOperations::controlsAreAuditedWithTheirReason() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs = prepare(*su, 6, QStringLiteral("failed"), QStringLiteral("a"));
    BulkOperations bulk(*op);
    const QString id = startedCancel(bulk, runs);
    QVERIFY(!id.isEmpty());
    QVERIFY(!bulk.step(id, 2, QStringLiteral("console-a")).value().isEmpty());

    // Continue Here from a second console: audited with its reason and the previous runner;
    // the status stays; a resend (same key) writes nothing new.
    auto other = db.connect(QStringLiteral("t_operator"));
    QVERIFY(other);
    BulkOperations second(*other);
    const QString attachKey = OperatorActions::newActionKey();
    const auto attached = second.control(id, BulkCommand::Attach,
                                         QStringLiteral("OPS-7: console-a froze"), attachKey);
    QVERIFY2(attached.ok(), qPrintable(attached.error().toString()));
    QCOMPARE(attached.value().status, QStringLiteral("running"));
    QVERIFY(
        second.control(id, BulkCommand::Attach, QStringLiteral("OPS-7: console-a froze"), attachKey)
            .ok());
    QVERIFY(second
                .control(id, BulkCommand::Pause, QStringLiteral("OPS-7: checking"),
                         OperatorActions::newActionKey())
                .ok());
    // attaching to a paused operation is allowed: it goes on here once resumed
    QVERIFY(second
                .control(id, BulkCommand::Attach, QStringLiteral("OPS-7: mine now"),
                         OperatorActions::newActionKey())
                .ok());
    QVERIFY(second
                .control(id, BulkCommand::Resume, QStringLiteral("OPS-7: provider fine"),
                         OperatorActions::newActionKey())
                .ok());
    QVERIFY(second
                .control(id, BulkCommand::Abort, QStringLiteral("OPS-7: enough"),
                         OperatorActions::newActionKey())
                .ok());
    // nothing to take over once aborted; a key used for another control is a conflict
    QCOMPARE(second
                 .control(id, BulkCommand::Attach, QStringLiteral("late"),
                          OperatorActions::newActionKey())
                 .errorKind(),
             StoreErrorKind::IllegalTransition);
    PgParams bulkId;
    bulkId.add(id);
    const QString pauseKey = optest::text(
        *su,
        QStringLiteral("SELECT action_key FROM dedup.audit_log WHERE action = 'op_bulk_pause'"
                       " AND params->>'bulk_id' = $1"),
        bulkId);
    QCOMPARE(second.control(id, BulkCommand::Attach, QStringLiteral("x"), pauseKey).errorKind(),
             StoreErrorKind::ActionKeyConflict);
    QCOMPARE(
        second
            .control(id, BulkCommand::Attach, QStringLiteral("  "), OperatorActions::newActionKey())
            .errorKind(),
        StoreErrorKind::InvalidArgument);

    QCOMPARE(optest::text(*su,
                          QStringLiteral("SELECT string_agg(action || '|' || reason || '|' ||"
                                         " db_role, ',' ORDER BY id) FROM dedup.audit_log"
                                         " WHERE action LIKE 'op_bulk_%' AND"
                                         " params->>'bulk_id' = $1"),
                          bulkId),
             QStringLiteral("op_bulk_start|provider outage: cancel and resend by hand|t_operator,"
                            "op_bulk_attach|OPS-7: console-a froze|t_operator,"
                            "op_bulk_pause|OPS-7: checking|t_operator,"
                            "op_bulk_attach|OPS-7: mine now|t_operator,"
                            "op_bulk_resume|OPS-7: provider fine|t_operator,"
                            "op_bulk_abort|OPS-7: enough|t_operator"));
    const QString attachRow = optest::text(
        *su,
        QStringLiteral("SELECT detail || ' ' || (before->>'runner') || ' ' || (after->>'status')"
                       " FROM dedup.audit_log WHERE action_key = $1"),
        PgParams().add(attachKey));
    QCOMPARE(attachRow, QStringLiteral("bulk op_cancel attach: %1 (last batch by console-a)"
                                       " console-a running")
                            .arg(id));
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT count(*) FROM dedup.verify_audit()")),
             QStringLiteral("0"));
}

void TestBulkOperations::batchStopsBeforeARunSomeoneHolds() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    auto blocker = db.connect();
    QVERIFY(su && op && blocker);
    const QList<PreparedRun> runs = prepare(*su, 8, QStringLiteral("failed"), QStringLiteral("h"));
    BulkOperations bulk(*op);
    const QString id = startedCancel(bulk, runs);
    QVERIFY(!id.isEmpty());

    // A worker (here: a test connection) holds the third run: the batch does not wait for it
    // while it holds the audit head; it ends before it, with what it did so far.
    PgParams third;
    third.add(runs[2].id);
    QVERIFY(blocker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(
        blocker->exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), third)
            .ok());
    const auto batch = bulk.step(id, 8, QString());
    QVERIFY2(batch.ok(), qPrintable(batch.error().toString()));
    QVERIFY(!batch.value().isEmpty());
    QVERIFY(batch.value().size() <= 2); // 2, or 1 if the budget ran out after the first
    for (const BulkItemOutcome &outcome : batch.value()) {
        QVERIFY(outcome.runId < runs[2].id);
        QCOMPARE(outcome.state, QStringLiteral("applied"));
    }
    const qint64 done = batch.value().size();
    QCOMPARE(bulk.state(id).value().pending, 8 - done);
    QVERIFY(blocker->exec(QStringLiteral("ROLLBACK")).ok());

    // The rest, the held run first, once it is free.
    qint64 applied = done;
    for (;;) {
        const auto next = bulk.step(id, 8, QString());
        QVERIFY(next.ok());
        if (next.value().isEmpty())
            break;
        applied += next.value().size();
    }
    QCOMPARE(applied, 8);
    QCOMPARE(bulk.state(id).value().status, QStringLiteral("finished"));
    QCOMPARE(
        count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        8);
}

void TestBulkOperations::batchStopsWhenItsBudgetIsSpent() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    auto blocker = db.connect();
    QVERIFY(su && op && blocker);
    const QList<PreparedRun> runs = prepare(*su, 6, QStringLiteral("failed"), QStringLiteral("g"));
    BulkOperations bulk(*op);
    const QString id = startedCancel(bulk, runs);
    QVERIFY(!id.isEmpty());

    // The second item's action waits for the store lock of its action key (held here, as a
    // single action with a key in the same stripe would hold it) longer than the budget:
    // the batch ends after it, whatever its limit.
    PgParams secondKey;
    secondKey.add(QStringLiteral("%1:%2").arg(id).arg(runs[1].id));
    QVERIFY(blocker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(blocker
                ->exec(QStringLiteral("SELECT 1 FROM dedup.lock_stripes WHERE space = 1 AND"
                                      " stripe = hashtext($1) & 16383 FOR UPDATE"),
                       secondKey)
                .ok());
    const int pid = op->backendPid();
    OperatorResult<QList<BulkItemOutcome>> batch =
        OperatorResult<QList<BulkItemOutcome>>::success({});
    std::thread stepper([&] { batch = bulk.step(id, 6, QString()); });
    // Whatever happens below, the stepper is let go and joined.
    const auto release = qScopeGuard([&] {
        (void)blocker->exec(QStringLiteral("ROLLBACK"));
        if (stepper.joinable())
            stepper.join();
    });
    QTRY_VERIFY_WITH_TIMEOUT(
        optest::scalar(*su, QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1"
                                           " AND wait_event_type = 'Lock'")
                                .arg(pid)) == 1,
        10000);
    // Waiting already; the wait now lasts longer than the 20 ms budget.
    QTest::qWait(4 * BulkOperations::BatchBudgetMs);
    QVERIFY(blocker->exec(QStringLiteral("ROLLBACK")).ok());
    stepper.join();
    QVERIFY2(batch.ok(), qPrintable(batch.error().toString()));
    QCOMPARE(batch.value().size(), 2);
    QCOMPARE(batch.value().at(0).runId, runs[0].id);
    QCOMPARE(batch.value().at(1).runId, runs[1].id);
    QCOMPARE(bulk.state(id).value().pending, 4);
}

void TestBulkOperations::limitFollowsTheBound() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QList<PreparedRun> runs = prepare(*su, 3, QStringLiteral("failed"), QStringLiteral("l"));
    BulkOperations bulk(*op);
    const QString id = startedCancel(bulk, runs);
    QVERIFY(!id.isEmpty());
    const auto tooMany = bulk.step(id, BulkOperations::MaxBatch + 1, QString());
    QCOMPARE(tooMany.errorKind(), StoreErrorKind::InvalidArgument);
    QVERIFY2(tooMany.error().message.contains(
                 QStringLiteral("between 1 and %1").arg(BulkOperations::MaxBatch)),
             qPrintable(tooMany.error().message));
    QCOMPARE(bulk.step(id, 1000, QString()).errorKind(), StoreErrorKind::InvalidArgument);
    QCOMPARE(bulk.state(id).value().pending, 3); // nothing was applied by the refused calls
    const auto largest = bulk.step(id, BulkOperations::MaxBatch, QString());
    QVERIFY2(largest.ok(), qPrintable(largest.error().toString()));
    QVERIFY(!largest.value().isEmpty());
}

QTEST_GUILESS_MAIN(TestBulkOperations)
#include "tst_bulkoperations.moc"
