// The store's statements behind dedupctl's maintenance commands (issue 15: the cli holds no
// SQL): PurgeQueries (purge and dry run agree), DemoQueries (the demo's status line and
// store facts), CrashTestQueries' outcome, AuditChainQueries on an intact chain, QueryPlan,
// and the exact microsecond instants StuckQueries reads for `dedupctl stale`'s whole-second
// ages. The cli tests (tests/cli) cover the commands' output; these pin the classes
// themselves.
#include "TestDatabase.h"
#include "store/AuditChainQueries.h"
#include "store/CrashTestQueries.h"
#include "store/DemoQueries.h"
#include "store/PgConnection.h"
#include "store/PurgeQueries.h"
#include "store/QueryPlan.h"
#include "store/StuckQueries.h"

#include <QtTest>

using namespace dedup::store;

class TestMaintenanceQueries : public QObject {
    Q_OBJECT

private slots:
    void init();
    void demoCountsRunsByState();
    void demoStoreFacts();
    void purgeDeletesWhatTheDryRunCounted();
    void crashTestOutcomeCountsItsScopeOnly();
    void auditChainOfAFreshStoreIsIntact();
    void planOfAStoreStatement();
    void stuckRunsCarryExactInstants();
    void emptyStuckListStillHasTheServersNow();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_conn;
};

void TestMaintenanceQueries::init() {
    m_conn.reset();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    // 7 runs under crash/t/: 4 succeeded (3 expired for retention), 2 processing with an
    // expired lease, 1 processing with a live one; 1 more succeeded run elsewhere.
    const QString load = QStringLiteral(R"(
        INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, attempt,
                                lease_token, lease_owner, lease_expires_at, heartbeat_at,
                                created_at, updated_at, finished_at, expires_at)
        SELECT CASE WHEN g = 8 THEN 'other' ELSE 'crash/t/' || g END, 'key-' || g, 'wf', 'fp',
               CASE WHEN g <= 3 THEN 'processing' ELSE 'succeeded' END, 1, 1,
               CASE WHEN g <= 3 THEN 'worker-' || g END,
               CASE WHEN g <= 2 THEN now() - g * interval '1 minute'
                    WHEN g = 3 THEN now() + interval '1 hour' END,
               now() - interval '1 minute',
               now() - interval '2 hours' - g * interval '1 second',
               now() - interval '90 minutes',
               CASE WHEN g > 3 THEN now() END,
               CASE WHEN g BETWEEN 4 AND 6 THEN now() - interval '1 day'
                    WHEN g > 6 THEN now() + interval '90 days' END
          FROM generate_series(1, 8) AS g)");
    const QString loadError = m_db->exec(load);
    QVERIFY2(loadError.isEmpty(), qPrintable(loadError));
    m_conn = m_db->connect();
    QVERIFY(m_conn);
}

void TestMaintenanceQueries::demoCountsRunsByState() {
    PgError error;
    const auto counts = DemoQueries(*m_conn).runCounts(&error);
    QVERIFY2(counts, qPrintable(error.toString()));
    QCOMPARE(counts->total, 8);
    QCOMPARE(counts->succeeded, 5);
    QCOMPARE(counts->failed, 0);
    QCOMPARE(counts->manualReview, 0);
    QCOMPARE(counts->stuck, 2);
    QCOMPARE(counts->processing, 1);
}

void TestMaintenanceQueries::demoStoreFacts() {
    PgError error;
    const auto facts = DemoQueries(*m_conn).storeFacts(&error);
    QVERIFY2(facts, qPrintable(error.toString()));
    QVERIFY(!facts->currentUser.isEmpty());
    QVERIFY2(facts->serverVersion >= 150000, qPrintable(QString::number(facts->serverVersion)));
    // The template database is migrated to the newest migration shipped in the binaries.
    QVERIFY(facts->schemaVersion >= 18);
}

void TestMaintenanceQueries::purgeDeletesWhatTheDryRunCounted() {
    PurgeQueries queries(*m_conn);
    PgError error;
    const auto expired = queries.countExpired(&error);
    QVERIFY2(expired, qPrintable(error.toString()));
    QCOMPARE(expired->deleted, 3);
    QCOMPARE(expired->succeeded, 3);
    QCOMPARE(expired->failed + expired->cancelled, 0);

    PurgeCounts total;
    for (const qint64 expected : {2, 1, 0}) {
        const auto batch = queries.purgeBatch(2, &error);
        QVERIFY2(batch, qPrintable(error.toString()));
        QCOMPARE(batch->deleted, expected);
        total += *batch;
    }
    QCOMPARE(total.deleted, expired->deleted);
    QCOMPARE(total.succeeded, expired->succeeded);
    const auto after = queries.countExpired(&error);
    QVERIFY2(after, qPrintable(error.toString()));
    QCOMPARE(after->deleted, 0);
    // Out of purge_expired's bounds: the server refuses, nothing is deleted.
    QVERIFY(!queries.purgeBatch(PurgeQueries::MaxBatch + 1, &error));
    QVERIFY(!error.sqlState.isEmpty());
}

void TestMaintenanceQueries::crashTestOutcomeCountsItsScopeOnly() {
    PgError error;
    const auto outcome = CrashTestQueries(*m_conn).outcome(QStringLiteral("crash/t/"), &error);
    QVERIFY2(outcome, qPrintable(error.toString()));
    QCOMPARE(outcome->runs, 7);
    QCOMPARE(outcome->succeeded, 4);
    QCOMPARE(outcome->manualReview, 0);
    QCOMPARE(outcome->failedFinal, 0);
    QCOMPARE(outcome->unfinished, 3); // processing: nobody will finish them
}

void TestMaintenanceQueries::auditChainOfAFreshStoreIsIntact() {
    PgError error;
    const auto chain = AuditChainQueries(*m_conn).read(&error);
    QVERIFY2(chain, qPrintable(error.toString()));
    QVERIFY(chain->intact);
    QVERIFY(!chain->brokenId);
    QVERIFY(!chain->expected && !chain->actual);
    // The migrations seed the head (its genesis hash) before any row is written.
    QVERIFY(chain->headId.has_value());
    QVERIFY(!chain->headHash.isEmpty());
    QVERIFY(chain->rows >= 0);
}

void TestMaintenanceQueries::planOfAStoreStatement() {
    PgError error;
    const auto plan = QueryPlan::explainAnalyze(
        *m_conn, StuckQueries::cappedCount(std::chrono::milliseconds(0), 100), &error);
    QVERIFY2(plan, qPrintable(error.toString()));
    QVERIFY(!plan->isEmpty());
    QVERIFY2(plan->join(u'\n').contains(QStringLiteral("Execution Time")),
             qPrintable(plan->join(u'\n')));
    // A statement the server refuses is an error, not an empty plan.
    QVERIFY(!QueryPlan::explainAnalyze(*m_conn, {QStringLiteral("SELECT nope"), {}}, &error));
    QVERIFY(!error.sqlState.isEmpty());
}

void TestMaintenanceQueries::stuckRunsCarryExactInstants() {
    PgError error;
    const auto snapshot =
        StuckQueries::read(*m_conn, std::chrono::hours(1), 10, qint64(1) << 50, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    // The two expired leases, and the live one acquired 90 minutes ago.
    QCOMPARE(snapshot->runs.size(), 3);
    QCOMPARE(snapshot->count.value, 3);
    QVERIFY(snapshot->serverNowMicros > 0);
    QVERIFY(qAbs(snapshot->serverNowMicros / 1000 - snapshot->serverNow.toMSecsSinceEpoch()) <= 1);
    for (const StuckRun &run : snapshot->runs) {
        QVERIFY(qAbs(run.updatedAtMicros / 1000 - run.updatedAt.toMSecsSinceEpoch()) <= 1);
        QVERIFY(qAbs(run.leaseExpiresAtMicros / 1000 - run.leaseExpiresAt.toMSecsSinceEpoch()) <=
                1);
        // processing since 90 minutes (updated_at), to the second
        QCOMPARE((snapshot->serverNowMicros - run.updatedAtMicros) / 1000000, 90 * 60);
    }
}

// The rows carry now(); with none, the snapshot asks for it on its own (same transaction).
void TestMaintenanceQueries::emptyStuckListStillHasTheServersNow() {
    QVERIFY(
        m_conn->exec(QStringLiteral("DELETE FROM dedup.runs WHERE status = 'processing'")).ok());
    PgError error;
    const auto snapshot =
        StuckQueries::read(*m_conn, std::chrono::hours(1), 10, qint64(1) << 50, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QVERIFY(snapshot->runs.isEmpty());
    QCOMPARE(snapshot->count.value, 0);
    QVERIFY(snapshot->serverNow.isValid());
    QVERIFY(qAbs(snapshot->serverNowMicros / 1000 - snapshot->serverNow.toMSecsSinceEpoch()) <= 1);
    // The test server runs on this machine: its clock is this clock.
    QVERIFY(qAbs(snapshot->serverNow.msecsTo(QDateTime::currentDateTimeUtc())) < 60'000);
}

QTEST_GUILESS_MAIN(TestMaintenanceQueries)
#include "tst_maintenancequeries.moc"
