// The worker's calls take their shortest way first (0026_lean_worker_calls.sql): succeed's
// UPDATE is its fence, _fence locks the lease holder's row before checking its grants, and
// the steps are keyed by (run_id, name). What these tests hold: a refused call still changes
// nothing, and a refused lease holder keeps no lock once its statement is undone. And
// (0027_partial_status_indexes.sql) the lease holder's calls find the run by its primary key.
#include "RunProtocolFixture.h"

#include <QtTest>

#include <utility>

using namespace dedup::store;

namespace {

struct Lease {
    qint64 runId = 0;
    qint64 token = 0;
    QString secret;
};

} // namespace

class TestLeanWorkerCalls
    : public QObject
    , private RunProtocolFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    // first: it needs the young store (no statistics yet) on which the planner liked the
    // small status indexes better than the primary key
    void fencedCallsProbeThePrimaryKey();
    void succeedWithAnOpenStepChangesNothing();
    void succeedRecordsTheRunOnce();
    void revokedHolderGivesTheLockBack_data();
    void revokedHolderGivesTheLockBack();
    void stepsAreKeyedByName();
    void beginStepKeepsTheOrder();

private:
    Lease claimRun(const QString &key, const QString &steps);
    PgResult call(PgConnection &conn, const QString &sql, const Lease &lease,
                  const QString &step = {});
    int count(const QString &sql, qint64 runId) const;
    // true when another session can lock the run row at once (FOR UPDATE NOWAIT)
    bool rowIsFree(qint64 runId) const;
};

void TestLeanWorkerCalls::initTestCase() {
    QString error;
    QVERIFY2(open(&error), qPrintable(error));
}

Lease TestLeanWorkerCalls::claimRun(const QString &key, const QString &steps) {
    const auto claimed = worker->exec(
        QStringLiteral("SELECT run_id, lease_token, lease_secret::text FROM dedup.claim("
                       "p_scope => 'test', p_key => $1, p_workflow => 'wf', "
                       "p_fingerprint => 'sha256:aa', p_worker => 'w1', p_steps => $2::text[])"),
        PgParams().add(key).add(steps));
    if (!claimed.ok() || claimed.rows() != 1)
        return {};
    return {claimed.toInt64(0, 0), claimed.toInt64(0, 1), claimed.text(0, 2)};
}

PgResult TestLeanWorkerCalls::call(PgConnection &conn, const QString &sql, const Lease &lease,
                                   const QString &step) {
    PgParams params;
    params.add(lease.runId).add(lease.token).add(lease.secret);
    if (!step.isNull())
        params.add(step);
    return conn.exec(sql, params);
}

int TestLeanWorkerCalls::count(const QString &sql, qint64 runId) const {
    return scalar(sql, PgParams().add(runId)).toInt();
}

bool TestLeanWorkerCalls::rowIsFree(qint64 runId) const {
    return super
        ->exec(QStringLiteral("SELECT id FROM dedup.runs WHERE id = $1 FOR UPDATE NOWAIT"),
               PgParams().add(runId))
        .ok();
}

// begin_step, complete_step, heartbeat and succeed of the lease holder, in one transaction,
// read the run through runs_pkey and no status index (pg_stat_get_xact_numscans counts this
// transaction's scans of an index). With `status = 'processing'` in their lookups (0026), the
// planner read the status index here, whose entries grow with every run until VACUUM.
void TestLeanWorkerCalls::fencedCallsProbeThePrimaryKey() {
    const Lease lease = claimRun(uniqueKey(), QStringLiteral("{a}"));
    QVERIFY(lease.runId > 0);
    QVERIFY(worker->exec(QStringLiteral("BEGIN")).ok());
    const QString step = QStringLiteral("a");
    // The four calls in order; the first that fails is reported with the server's message.
    QString failed;
    for (const auto &[sql, withStep] :
         {std::pair{QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)"), true},
          std::pair{QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, $4, 'ref-1')"),
                    true},
          std::pair{QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid)"), false},
          std::pair{QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, NULL)"), false}}) {
        const PgResult result = call(*worker, sql, lease, withStep ? step : QString());
        if (!result.ok()) {
            failed = sql + QStringLiteral(": ") + result.error().toString();
            break;
        }
    }
    const PgResult scans = worker->exec(QStringLiteral(
        "SELECT c.relname, pg_stat_get_xact_numscans(c.oid) FROM pg_class c"
        " JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = 'dedup' AND c.relkind = 'i'"
        "   AND c.relname IN ('runs_pkey', 'runs_status_created_idx',"
        "                     'runs_workflow_status_created_idx', 'runs_stale_lease_idx')"
        " ORDER BY 1"));
    QVERIFY(worker->exec(failed.isEmpty() ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"))
                .ok());
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    QVERIFY2(scans.ok(), qPrintable(scans.error().toString()));
    QCOMPARE(scans.rows(), 4);
    for (int row = 0; row < scans.rows(); ++row) {
        const QString index = scans.text(row, 0);
        const qint64 n = scans.toInt64(row, 1);
        if (index == QLatin1String("runs_pkey"))
            QVERIFY2(n >= 4, qPrintable(QStringLiteral("runs_pkey: %1 scans").arg(n)));
        else
            QVERIFY2(n == 0, qPrintable(QStringLiteral("%1: %2 scans").arg(index).arg(n)));
    }
    QCOMPARE(runField(lease.runId, QStringLiteral("status")), QStringLiteral("succeeded"));
}

void TestLeanWorkerCalls::succeedWithAnOpenStepChangesNothing() {
    const Lease lease = claimRun(uniqueKey(), QStringLiteral("{charge,notify}"));
    QVERIFY(lease.runId > 0);
    QVERIFY(call(*worker, QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)"), lease,
                 QStringLiteral("charge"))
                .ok());
    QVERIFY(call(*worker, QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, $4)"), lease,
                 QStringLiteral("charge"))
                .ok());
    const QString rowBefore = runRow(lease.runId);
    const QString deltas = QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas");
    const int deltasBefore = scalar(deltas).toInt();
    const QString changes =
        QStringLiteral("SELECT count(*) FROM dedup.run_changes WHERE run_id = $1");
    const int changesBefore = count(changes, lease.runId);

    const auto refused = call(
        *worker, QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{\"ok\":1}')"), lease);
    QCOMPARE(refused.error().sqlState, QStringLiteral("DD002"));
    QVERIFY2(refused.error().message.contains(QStringLiteral("\"notify\" (pending)")),
             qPrintable(refused.error().message));
    // The UPDATE that went first is undone with the statement: the row, the dashboard and
    // the change feed are as they were, and the lease is still the worker's.
    QCOMPARE(runRow(lease.runId), rowBefore);
    QCOMPARE(scalar(deltas).toInt(), deltasBefore);
    QCOMPARE(count(changes, lease.runId), changesBefore);
    QVERIFY(rowIsFree(lease.runId));
    QVERIFY(call(*worker, QStringLiteral("SELECT dedup.skip_step($1, $2, $3::uuid, $4)"), lease,
                 QStringLiteral("notify"))
                .ok());
    const auto done = call(
        *worker, QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{\"ok\":1}')"), lease);
    QVERIFY2(done.ok(), qPrintable(done.error().toString()));
    QCOMPARE(runField(lease.runId, QStringLiteral("status")), QStringLiteral("succeeded"));
}

void TestLeanWorkerCalls::succeedRecordsTheRunOnce() {
    const Lease lease = claimRun(uniqueKey(), QStringLiteral("{}"));
    QVERIFY(lease.runId > 0);
    const QString changes =
        QStringLiteral("SELECT count(*) FROM dedup.run_changes WHERE run_id = $1");
    const int changesBefore = count(changes, lease.runId);
    const QString succeed = QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{\"n\":7}')");
    QVERIFY(call(*worker, succeed, lease).ok());
    QCOMPARE(runField(lease.runId, QStringLiteral("status")), QStringLiteral("succeeded"));
    QCOMPARE(runField(lease.runId, QStringLiteral("result")), QStringLiteral("{\"n\": 7}"));
    QCOMPARE(runCheck(lease.runId, QStringLiteral("r.lease_expires_at IS NULL AND r.lease_owner "
                                                  "IS NULL AND r.expires_at > now()")),
             QStringLiteral("t"));
    QCOMPARE(count(changes, lease.runId), changesBefore + 1);
    const QString rowAfter = runRow(lease.runId);
    // An exact repeat (a lost reply) is a no-op; another lease's call is fenced.
    QVERIFY(call(*worker, succeed, lease).ok());
    QCOMPARE(runRow(lease.runId), rowAfter);
    QCOMPARE(count(changes, lease.runId), changesBefore + 1);
    Lease stale = lease;
    stale.token = lease.token + 1;
    QCOMPARE(call(*worker, succeed, stale).error().sqlState, QStringLiteral("DD001"));
}

void TestLeanWorkerCalls::revokedHolderGivesTheLockBack_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("step");
    QTest::newRow("succeed (its UPDATE is the fence)")
        << QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid)") << QString();
    QTest::newRow("complete_step (_fence)")
        << QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, $4)")
        << QStringLiteral("charge");
    QTest::newRow("heartbeat (_fence after its UPDATE)")
        << QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid)") << QString();
}

void TestLeanWorkerCalls::revokedHolderGivesTheLockBack() {
    QFETCH(QString, sql);
    QFETCH(QString, step);
    const Lease lease = claimRun(uniqueKey(), QStringLiteral("{charge}"));
    QVERIFY(lease.runId > 0);
    QVERIFY(call(*worker, QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)"), lease,
                 QStringLiteral("charge"))
                .ok());
    const QString rowBefore = runRow(lease.runId);

    // First the converse, so this test can fail: a call that goes through holds the row
    // until the worker's transaction ends.
    QVERIFY(worker->exec(QStringLiteral("BEGIN")).ok());
    const auto held =
        call(*worker, QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid)"), lease);
    QVERIFY2(held.ok(), qPrintable(held.error().toString()));
    QVERIFY(!rowIsFree(lease.runId));
    QVERIFY(worker->exec(QStringLiteral("ROLLBACK")).ok());
    QVERIFY(rowIsFree(lease.runId));

    const auto revoked =
        super->exec(QStringLiteral("SELECT dedup.access_revoke('t_worker', 'worker')"));
    QVERIFY2(revoked.ok(), qPrintable(revoked.error().toString()));
    QVERIFY(worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(worker->exec(QStringLiteral("SAVEPOINT before_call")).ok());
    const auto refused = call(*worker, sql, lease, step);
    QCOMPARE(refused.error().sqlState, QStringLiteral("DD010"));
    QVERIFY(worker->exec(QStringLiteral("ROLLBACK TO SAVEPOINT before_call")).ok());
    // The worker's transaction is still open, and holds nothing of the run.
    QVERIFY(rowIsFree(lease.runId));
    QVERIFY(worker->exec(QStringLiteral("ROLLBACK")).ok());
    QCOMPARE(db->grant(QStringLiteral("t_worker"), QStringLiteral("worker")), QString());
    QCOMPARE(runRow(lease.runId), rowBefore);
    QCOMPARE(stepField(lease.runId, QStringLiteral("charge"), QStringLiteral("status")),
             QStringLiteral("in_progress"));
}

void TestLeanWorkerCalls::stepsAreKeyedByName() {
    QCOMPARE(scalar(QStringLiteral(
                 "SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM pg_constraint c"
                 " CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)"
                 " JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum"
                 " WHERE c.conrelid = 'dedup.steps'::regclass AND c.contype = 'p'")),
             QStringLiteral("run_id,name"));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM pg_index"
                                   " WHERE indrelid = 'dedup.steps'::regclass")),
             QStringLiteral("1"));

    // Ordinals stay one per step: declared ones, then an appended one numbered after them.
    const Lease lease = claimRun(uniqueKey(), QStringLiteral("{a,b}"));
    QVERIFY(lease.runId > 0);
    for (const QString &step : {QStringLiteral("a"), QStringLiteral("b")}) {
        QVERIFY(call(*worker, QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)"),
                     lease, step)
                    .ok());
        QVERIFY(call(*worker, QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, $4)"),
                     lease, step)
                    .ok());
    }
    const auto appended =
        call(*worker, QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)"), lease,
             QStringLiteral("c"));
    QVERIFY2(appended.ok(), qPrintable(appended.error().toString()));
    QCOMPARE(scalar(QStringLiteral("SELECT string_agg(name || ordinal, ',' ORDER BY ordinal)"
                                   " FROM dedup.steps WHERE run_id = $1"),
                    PgParams().add(lease.runId)),
             QStringLiteral("a1,b2,c3"));
    // The key refuses a second row of a name.
    const auto twice = super->exec(QStringLiteral("INSERT INTO dedup.steps (run_id, ordinal, name)"
                                                  " VALUES ($1, 9, 'a')"),
                                   PgParams().add(lease.runId));
    QCOMPARE(twice.error().sqlState, QStringLiteral("23505"));
}

void TestLeanWorkerCalls::beginStepKeepsTheOrder() {
    const Lease lease = claimRun(uniqueKey(), QStringLiteral("{a,b}"));
    QVERIFY(lease.runId > 0);
    const QString begin = QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)");
    const QString attempts =
        QStringLiteral("SELECT string_agg(name || ':' || status || ':' || attempts, ','"
                       " ORDER BY ordinal) FROM dedup.steps WHERE run_id = $1");
    const auto early = call(*worker, begin, lease, QStringLiteral("b"));
    QCOMPARE(early.error().sqlState, QStringLiteral("DD002"));
    QVERIFY2(early.error().message.contains(QStringLiteral("step \"a\" (number 1) is pending")),
             qPrintable(early.error().message));
    QCOMPARE(scalar(attempts, PgParams().add(lease.runId)),
             QStringLiteral("a:pending:0,b:pending:0"));

    const auto first = call(*worker, begin, lease, QStringLiteral("a"));
    QVERIFY2(first.ok(), qPrintable(first.error().toString()));
    QCOMPARE(first.text(0, 0), QStringLiteral("run"));
    // A repeat within the lease (a lost reply) answers run again and starts nothing new.
    const auto again = call(*worker, begin, lease, QStringLiteral("a"));
    QCOMPARE(again.text(0, 0), QStringLiteral("run"));
    QCOMPARE(scalar(attempts, PgParams().add(lease.runId)),
             QStringLiteral("a:in_progress:1,b:pending:0"));
    QCOMPARE(stepField(lease.runId, QStringLiteral("a"), QStringLiteral("lease_token")),
             QString::number(lease.token));
}

QTEST_GUILESS_MAIN(TestLeanWorkerCalls)
#include "tst_leanworkercalls.moc"
