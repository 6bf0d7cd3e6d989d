// BulkRunner against the private PostgreSQL: a continuation over 3,000 runs while another
// thread keeps claiming, failing and finishing some of them (every run ends applied or
// skipped as changed, none twice, and the report's numbers are the database's); a filter
// frozen in keyset pages with the state read then; pause, resume and abort; the server
// killing the runner's connection (idle and in the middle of a batch); a second console
// sharing the work, one watching, one taking over after a crash (continuing audited with its
// reason); the viewer refused.
#include "ActionTestRuns.h"
#include "actions/BulkPreviewLoader.h"
#include "actions/BulkRunner.h"

#include <QRandomGenerator>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;
using store::PgConnection;
using store::PgParams;
using store::PgResult;

namespace {

QList<SelectedRun> selectAll(PgConnection &su) {
    QList<SelectedRun> runs;
    const PgResult rows = su.exec(QStringLiteral(
        "SELECT id, lease_token, status FROM dedup.runs WHERE scope = 'bulk' ORDER BY id"));
    for (int i = 0; rows.ok() && i < rows.rows(); ++i) {
        runs.append({rows.toInt64(i, 0), rows.toInt64(i, 1),
                     core::runStatusFromString(rows.text(i, 2)).value_or(RunStatus::Cancelled)});
    }
    return runs;
}

BulkPlan cancelAll(PgConnection &su) {
    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.reason = QStringLiteral("provider outage: resend by hand");
    plan.target = BulkTarget::selection(selectAll(su));
    return plan;
}

// Records what a runner reports.
struct Watch {
    explicit Watch(BulkRunner &runner) {
        QObject::connect(&runner, &BulkRunner::progress, &runner,
                         [this](const store::BulkState &state) {
                             ++progressCount;
                             last = state;
                         });
        QObject::connect(&runner, &BulkRunner::finished, &runner, [this](const BulkReport &r) {
            report = r;
            ++finished;
        });
        QObject::connect(&runner, &BulkRunner::failed, &runner,
                         [this](const QString &message) { failures << message; });
        QObject::connect(&runner, &BulkRunner::frozenProgress, &runner,
                         [this](qint64 added) { frozen << added; });
        QObject::connect(&runner, &BulkRunner::connectionLost, &runner,
                         [this](const QString &) { ++lost; });
    }
    int progressCount = 0;
    store::BulkState last;
    BulkReport report;
    int finished = 0;
    QStringList failures;
    QList<qint64> frozen;
    int lost = 0;
};

qint64 count(PgConnection &su, const QString &sql, const QString &bulkId = {}) {
    PgParams p;
    if (!bulkId.isEmpty())
        p.add(bulkId);
    return actiontest::count(su, sql, p);
}

// The database's own counts of an operation's items: "applied changed failed pending".
QString databaseCounts(PgConnection &su, const QString &bulkId) {
    PgParams p;
    p.add(bulkId);
    return optest::text(su,
                        QStringLiteral("SELECT concat_ws(' ', applied, changed, failed, pending)"
                                       " FROM dedup.bulk_summary WHERE bulk_id = $1::uuid"),
                        p);
}

QString reportCounts(const store::BulkState &s) {
    return QStringLiteral("%1 %2 %3 %4").arg(s.applied).arg(s.changed).arg(s.failed).arg(s.pending);
}

// No run got two audit rows from the operation, and every applied item has exactly its one.
void verifyNothingTwice(PgConnection &su, const QString &bulkId, qint64 applied) {
    QCOMPARE(count(su,
                   QStringLiteral("SELECT COALESCE(max(n), 0) FROM (SELECT count(*) AS n FROM"
                                  " dedup.audit_log WHERE action_key LIKE $1 || ':%'"
                                  " GROUP BY run_id) x"),
                   bulkId),
             1);
    QCOMPARE(count(su,
                   QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action_key LIKE"
                                  " $1 || ':%' AND outcome = 'applied'"),
                   bulkId),
             applied);
}

} // namespace

class TestBulkRunner : public QObject {
    Q_OBJECT

private slots:
    void continuationWhileRunsChange();
    void filterIsFrozenInPages();
    void pauseResumeAbort();
    void survivesKilledConnections();
    void secondConsoleSharesWatchesAndTakesOver();
    void viewerIsRefused();
};

void TestBulkRunner::continuationWhileRunsChange() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    constexpr int Runs = 3000;
    QCOMPARE(actiontest::seedFailedRuns(db, Runs, QStringLiteral("b")), QString());
    BulkPlan plan;
    plan.action = store::BulkAction::RequestContinuation;
    plan.reason = QStringLiteral("provider recovered: continue the missing steps");
    plan.target = BulkTarget::selection(selectAll(*su)); // what the operator saw
    QCOMPARE(plan.target.runs.size(), Runs);

    // Meanwhile redeliveries keep taking runs: some fail again (same status, newer token),
    // some succeed (other status) after skipping the steps the seed left open (succeed is
    // refused while a step is not done or skipped). A redelivery names the run's own
    // workflow: under another one claim answers 'mismatch' and takes nothing.
    std::atomic<bool> stop{false};
    std::atomic<int> mutations{0};
    std::atomic<int> mutatorErrors{0};
    std::thread mutator([&] {
        auto conn = db.connect(QStringLiteral("t_worker"));
        if (!conn) {
            ++mutatorErrors;
            return;
        }
        auto *random = QRandomGenerator::global();
        while (!stop.load()) {
            const int i = random->bounded(1, Runs + 1);
            PgParams key;
            key.add(QStringLiteral("b%1").arg(i))
                .add(i % 3 == 0 ? QStringLiteral("wf-a") : QStringLiteral("wf-b"));
            const PgResult claimed = conn->exec(
                QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret::text"
                               " FROM dedup.claim(p_scope => 'bulk', p_key => $1,"
                               " p_workflow => $2, p_fingerprint => 'fp', p_worker => 'mutator')"),
                key);
            if (!claimed.ok()) {
                ++mutatorErrors;
                continue;
            }
            if (claimed.text(0, 0) != QLatin1String("acquired"))
                continue;
            PgParams lease;
            lease.add(claimed.toInt64(0, 1)).add(claimed.toInt64(0, 2)).add(claimed.text(0, 3));
            const PgResult done = conn->exec(
                random->bounded(2) == 0
                    ? QStringLiteral(
                          "SELECT dedup.fail($1, $2, $3::uuid, 'timeout', 'again', true)")
                    : QStringLiteral("SELECT dedup.skip_step($1, $2, $3::uuid, 'send', 'resent'),"
                                     " dedup.skip_step($1, $2, $3::uuid, 'notify', 'resent'),"
                                     " dedup.succeed($1, $2, $3::uuid, '{}'::jsonb)"),
                lease);
            if (!done.ok())
                ++mutatorErrors;
            else
                ++mutations;
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(mutations.load() >= 20, 10000); // the set changes after selection

    BulkRunner runner(db.conninfo(QStringLiteral("t_operator")));
    runner.setRunnerName(QStringLiteral("console-1"));
    Watch watch(runner);
    const QString bulkId = runner.start(plan);
    QVERIFY(!bulkId.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(watch.finished == 1, 240000);
    stop.store(true);
    mutator.join();
    QCOMPARE(mutatorErrors.load(), 0);
    QVERIFY2(watch.failures.isEmpty(), qPrintable(watch.failures.join(QLatin1Char('\n'))));

    const BulkReport &report = watch.report;
    QCOMPARE(report.state.status, QStringLiteral("finished"));
    QCOMPARE(report.state.total, Runs);
    QCOMPARE(report.state.pending, 0);
    QCOMPARE(report.state.failed, 0);
    QCOMPARE(report.state.applied + report.state.changed, Runs);
    QVERIFY(report.state.changed > 0);
    QVERIFY(report.state.applied > 0);
    QCOMPARE(reportCounts(report.state), databaseCounts(*su, bulkId));
    QCOMPARE(runner.phase(), BulkPhase::Finished);
    QVERIFY(watch.progressCount > 1);
    QCOMPARE(reportCounts(watch.last), reportCounts(report.state));
    QCOMPARE(report.changedItems.size(), qMin<qint64>(report.state.changed, 1000));
    QVERIFY(!report.changedItems.first().detail.isEmpty());
    QVERIFY(report.failedItems.isEmpty());

    verifyNothingTwice(*su, bulkId, report.state.applied);
    // each applied item queued exactly one continuation, under its own key
    QCOMPARE(count(*su,
                   QStringLiteral("SELECT count(*) FROM dedup.commands WHERE action_key LIKE"
                                  " $1 || ':%'"),
                   bulkId),
             report.state.applied);
    // a run skipped as changed really had changed (tokens only grow: it still differs)
    QCOMPARE(count(*su,
                   QStringLiteral("SELECT count(*) FROM dedup.bulk_items i JOIN dedup.runs r"
                                  " ON r.id = i.run_id WHERE i.bulk_id = $1::uuid"
                                  " AND i.state = 'changed' AND r.lease_token = i.expected_token"
                                  " AND r.status = i.expected_status"),
                   bulkId),
             0);
    // a run nobody touched was never skipped
    QCOMPARE(count(*su,
                   QStringLiteral("SELECT count(*) FROM dedup.bulk_items i WHERE"
                                  " i.bulk_id = $1::uuid AND i.state <> 'applied' AND NOT EXISTS"
                                  " (SELECT 1 FROM dedup.events e WHERE e.run_id = i.run_id"
                                  " AND e.actor = 'mutator')"),
                   bulkId),
             0);
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT count(*) FROM dedup.verify_audit()")),
             QStringLiteral("0"));
    qInfo("%lld applied, %lld skipped as changed; %d redeliveries meanwhile", report.state.applied,
          report.state.changed, mutations.load());
}

void TestBulkRunner::filterIsFrozenInPages() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    QCOMPARE(actiontest::seedFailedRuns(db, 2500, QStringLiteral("f")), QString());
    QCOMPARE(
        actiontest::seedFailedRuns(db, 30, QStringLiteral("m"), QStringLiteral("manual_review")),
        QString());
    QCOMPARE(
        db.exec(QStringLiteral("SELECT dedup.succeed(c.run_id, c.lease_token, c.lease_secret) FROM "
                               "generate_series(1, 10) g,"
                               " LATERAL dedup.claim(p_scope => 'bulk', p_key => 'done' || g,"
                               " p_workflow => 'wf-c', p_fingerprint => 'fp', p_worker => 'w') c")),
        QString());
    // A run from another scope must stay out.
    QVERIFY(optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("elsewhere"))
                .error.isEmpty());

    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.reason = QStringLiteral("scope retired");
    store::RunFilter filter;
    filter.scope = QStringLiteral("bulk");
    // An operator's read regions, as the console's runs list puts them into every filter
    // (protected columns are read redacted, 0016_protected_columns.sql).
    filter.readable = store::ReadRegions{store::ReadRegion{}};
    plan.target = BulkTarget::matching(filter);
    store::PgError error;
    const auto preview = BulkPreviewLoader::read(*op, plan, 1000000, 50, 100, &error);
    QVERIFY2(preview, qPrintable(error.toString()));
    QCOMPARE(preview->matched, 2540);
    QCOMPARE(preview->applicable, 2530);

    BulkRunner runner(db.conninfo(QStringLiteral("t_operator")));
    runner.setPageSize(1000);
    runner.setBatchSize(200);
    Watch watch(runner);
    const QString bulkId = runner.start(plan);
    QTRY_VERIFY_WITH_TIMEOUT(watch.finished == 1, 120000);
    QCOMPARE(watch.frozen, (QList<qint64>{1000, 2000, 2530}));
    QCOMPARE(watch.report.state.total, preview->applicable);
    QCOMPARE(watch.report.state.applied, 2530);
    QCOMPARE(reportCounts(watch.report.state), databaseCounts(*su, bulkId));
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'cancelled'")),
             2530);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'succeeded' AND scope = 'bulk'")),
             10);
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT status FROM dedup.runs WHERE"
                                              " idem_key = 'elsewhere'")),
             QStringLiteral("failed"));
    PgParams id;
    id.add(bulkId);
    QCOMPARE(optest::text(*su,
                          QStringLiteral("SELECT selection->>'kind' || ' ' ||"
                                         " (selection->>'scope') FROM dedup.bulk_operations"
                                         " WHERE id = $1::uuid"),
                          id),
             QStringLiteral("filter bulk"));
    verifyNothingTwice(*su, bulkId, 2530);
}

void TestBulkRunner::pauseResumeAbort() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    QCOMPARE(actiontest::seedFailedRuns(db, 400, QStringLiteral("p")), QString());
    BulkRunner runner(db.conninfo(QStringLiteral("t_operator")));
    runner.setBatchSize(2); // many short batches: the pause lands in the middle
    runner.setPollInterval(50);
    Watch watch(runner);
    const QString bulkId = runner.start(cancelAll(*su));
    const QString cancelled =
        QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'");
    QTRY_VERIFY_WITH_TIMEOUT(watch.last.applied >= 10, 30000);
    runner.pause(QStringLiteral("checking the provider"));
    QTRY_COMPARE_WITH_TIMEOUT(runner.phase(), BulkPhase::Paused, 10000);
    const qint64 atPause = count(*su, cancelled);
    QVERIFY(atPause < 400);
    QTest::qWait(500);
    QCOMPARE(count(*su, cancelled), atPause); // nothing moves while paused
    QCOMPARE(reportCounts(runner.state()), databaseCounts(*su, bulkId));

    runner.resume(QStringLiteral("provider fine"));
    QTRY_COMPARE_WITH_TIMEOUT(runner.phase(), BulkPhase::Running, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(count(*su, cancelled) >= atPause + 10, 30000);
    runner.abort(QStringLiteral("enough for today"));
    QTRY_VERIFY_WITH_TIMEOUT(watch.finished == 1, 30000);
    QCOMPARE(runner.phase(), BulkPhase::Aborted);
    const store::BulkState &state = watch.report.state;
    QCOMPARE(state.status, QStringLiteral("aborted"));
    QVERIFY(state.pending > 0);
    QCOMPARE(state.applied + state.pending, 400);
    QCOMPARE(count(*su, cancelled), state.applied);
    QCOMPARE(reportCounts(state), databaseCounts(*su, bulkId));
    QVERIFY(watch.report.summary().contains(QStringLiteral("were not applied")));
    for (const char *action :
         {"op_bulk_start", "op_bulk_pause", "op_bulk_resume", "op_bulk_abort"}) {
        QCOMPARE(
            count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = '%1'")
                           .arg(QLatin1String(action))),
            1);
    }
    verifyNothingTwice(*su, bulkId, state.applied);
    // an aborted operation stays aborted
    runner.resume(QStringLiteral("again"));
    QTRY_COMPARE_WITH_TIMEOUT(watch.failures.size(), 1, 10000);
    QTest::qWait(200);
    QCOMPARE(count(*su, cancelled), state.applied);
}

void TestBulkRunner::survivesKilledConnections() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto blocker = db.connect();
    QVERIFY(su && blocker);
    constexpr int Runs = 1500;
    QCOMPARE(actiontest::seedFailedRuns(db, Runs, QStringLiteral("k")), QString());
    const BulkPlan plan = cancelAll(*su);

    // Hold one run in the middle: the batch that reaches it waits inside its transaction,
    // with the items before it already applied there, and is killed.
    PgParams held;
    held.add(plan.target.runs.at(700).runId);
    QVERIFY(blocker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(blocker->exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), held)
                .ok());

    BulkRunner runner(db.conninfo(QStringLiteral("t_operator")));
    runner.setBatchSize(25);
    runner.setReconnectBackoff(50, 400);
    Watch watch(runner);
    const QString bulkId = runner.start(plan);
    QTRY_VERIFY_WITH_TIMEOUT(runner.backendPid() > 0 && runner.phase() == BulkPhase::Running,
                             30000);
    int pid = runner.backendPid();
    QVERIFY(actiontest::waitsForLock(*su, pid, blocker->backendPid(), 60000));
    const QString cancelled =
        QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'");
    const qint64 beforeKill = count(*su, cancelled);
    QCOMPARE(beforeKill, 700); // the batches before the held run (batches of 25 end at 699)
    QVERIFY(actiontest::terminate(*su, pid));
    QTRY_VERIFY_WITH_TIMEOUT(runner.backendPid() > 0 && runner.backendPid() != pid, 30000);
    QCOMPARE(count(*su, cancelled), beforeKill); // the killed batch left nothing behind
    QVERIFY(blocker->exec(QStringLiteral("ROLLBACK")).ok());

    // Twice more, wherever it is.
    for (int kill = 0; kill < 2 && watch.finished == 0; ++kill) {
        QTest::qWait(150);
        pid = runner.backendPid();
        if (pid > 0)
            actiontest::terminate(*su, pid);
    }
    QTRY_VERIFY_WITH_TIMEOUT(watch.finished == 1, 120000);
    QVERIFY(watch.lost >= 1);
    QVERIFY2(watch.failures.isEmpty(), qPrintable(watch.failures.join(QLatin1Char('\n'))));
    QCOMPARE(watch.report.state.applied, Runs);
    QCOMPARE(reportCounts(watch.report.state), databaseCounts(*su, bulkId));
    QCOMPARE(count(*su, cancelled), Runs);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.events WHERE kind = "
                                       "'cancelled'")),
             Runs);
    verifyNothingTwice(*su, bulkId, Runs);
}

void TestBulkRunner::secondConsoleSharesWatchesAndTakesOver() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    QCOMPARE(actiontest::seedFailedRuns(db, 800, QStringLiteral("s")), QString());
    const QString conninfo = db.conninfo(QStringLiteral("t_operator"));

    BulkRunner a(conninfo);
    a.setRunnerName(QStringLiteral("console-a"));
    a.setBatchSize(10);
    Watch watchA(a);
    const QString bulkId = a.start(cancelAll(*su));
    QTRY_VERIFY_WITH_TIMEOUT(watchA.last.applied > 0, 30000);

    // A third console lists what is running and follows it without applying anything.
    BulkRunner c(conninfo);
    c.setPollInterval(50);
    QList<store::BulkState> active;
    connect(&c, &BulkRunner::activeOperations, this,
            [&](const QList<store::BulkState> &list) { active = list; });
    c.requestActiveOperations();
    QTRY_COMPARE_WITH_TIMEOUT(active.size(), 1, 10000);
    QCOMPARE(active.first().id, bulkId);
    QCOMPARE(active.first().runner, QStringLiteral("console-a"));
    Watch watchC(c);
    c.attach(bulkId, false);
    QTRY_COMPARE_WITH_TIMEOUT(c.phase(), BulkPhase::Watching, 10000);

    // A second console helps.
    BulkRunner b(conninfo);
    b.setRunnerName(QStringLiteral("console-b"));
    b.setBatchSize(10);
    Watch watchB(b);
    b.attach(bulkId, true, QStringLiteral("sharing the work"));
    QTRY_VERIFY_WITH_TIMEOUT(watchA.finished == 1 && watchB.finished == 1 && watchC.finished == 1,
                             120000);
    QCOMPARE(watchA.report.state.applied, 800);
    QCOMPARE(reportCounts(watchB.report.state), reportCounts(watchA.report.state));
    QCOMPARE(reportCounts(watchC.report.state), reportCounts(watchA.report.state));
    QCOMPARE(c.backendPid() > 0, true);
    verifyNothingTwice(*su, bulkId, 800);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'cancelled'")),
             800);
    // Helping is audited with its reason; following is not.
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action ="
                                       " 'op_bulk_attach' AND reason = 'sharing the work'")),
             1);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action ="
                                       " 'op_bulk_attach'")),
             1);

    // A console closes in the middle of an operation (its batch is cancelled); another one
    // takes it over from the database alone.
    QCOMPARE(actiontest::seedFailedRuns(db, 500, QStringLiteral("t")), QString());
    BulkPlan second;
    second.action = store::BulkAction::RouteToReview;
    second.reason = QStringLiteral("look at each");
    store::RunFilter failed;
    failed.statuses = {RunStatus::Failed};
    failed.readable = store::ReadRegions{store::ReadRegion{}};
    second.target = BulkTarget::matching(failed);
    QString crashedId;
    {
        BulkRunner doomed(conninfo);
        doomed.setBatchSize(10);
        Watch watchDoomed(doomed);
        crashedId = doomed.start(second);
        QTRY_VERIFY_WITH_TIMEOUT(watchDoomed.last.applied >= 20, 30000);
    }
    BulkRunner heir(conninfo);
    Watch watchHeir(heir);
    heir.attach(crashedId, true); // continuing needs a reason: refused without one
    QTRY_COMPARE_WITH_TIMEOUT(watchHeir.failures.size(), 1, 5000);
    QCOMPARE(heir.backendPid(), 0);
    heir.attach(crashedId, true, QStringLiteral("console of bob crashed"));
    QTRY_VERIFY_WITH_TIMEOUT(watchHeir.finished == 1, 60000);
    QCOMPARE(watchHeir.report.state.applied, 500);
    QCOMPARE(watchHeir.report.state.total, 500);
    verifyNothingTwice(*su, crashedId, 500);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'manual_review'")),
             500);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action ="
                                       " 'op_bulk_attach' AND reason = 'console of bob crashed'")),
             1);
}

void TestBulkRunner::viewerIsRefused() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    QCOMPARE(actiontest::seedFailedRuns(db, 5, QStringLiteral("v")), QString());
    BulkRunner runner(db.conninfo(QStringLiteral("t_viewer")));
    Watch watch(runner);
    QVERIFY(!runner.start(cancelAll(*su)).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(runner.phase(), BulkPhase::Failed, 10000);
    QCOMPARE(watch.failures.size(), 1);
    QVERIFY2(watch.failures.first().contains(QStringLiteral("permission denied")),
             qPrintable(watch.failures.first()));
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.bulk_operations")), 0);
    QCOMPARE(count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'failed'")),
             5);
    // and a plan without a reason never reaches the database
    BulkPlan blank = cancelAll(*su);
    blank.reason = QStringLiteral(" ");
    BulkRunner other(db.conninfo(QStringLiteral("t_operator")));
    Watch watchOther(other);
    QVERIFY(other.start(blank).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(watchOther.failures.size(), 1, 5000);
    QCOMPARE(other.backendPid(), 0);
}

QTEST_GUILESS_MAIN(TestBulkRunner)
#include "tst_bulkrunner.moc"
