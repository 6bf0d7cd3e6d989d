// docs/RELIABILITY.md "Fault-injection suite", line 1 at a small count: 40 intents, each delivered
// by 32 workers at once; exactly one side effect per intent at the provider, every other delivery
// a replay.
#include "DuplicateDeliveries.h"
#include "StoreSnapshot.h"

#include <QtTest>

class TestReliabilityDuplicates : public QObject {
    Q_OBJECT

private slots:
    void thirtyTwoCopiesOneSideEffect();
};

void TestReliabilityDuplicates::thirtyTwoCopiesOneSideEffect() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    DuplicateDeliveries::Options options;
    options.intents = 40;
    options.copies = 32;
    const LineReport report = DuplicateDeliveries::run(ReliabilityTarget::of(db), options);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 40);
    QCOMPARE(report.faults, 40 * 31);
    QCOMPARE(report.survived, 40 * 31);
    QCOMPARE(report.lost, 0);
    QCOMPARE(report.duplicated, 0);
    QCOMPARE(report.figure(QStringLiteral("side_effects")), 40);
    QCOMPARE(report.figure(QStringLiteral("deliveries_that_ran")), 40);
    QCOMPARE(report.figure(QStringLiteral("deliveries_replayed")), 40 * 31);
    QCOMPARE(report.figure(QStringLiteral("runs_succeeded")), 40);
    QCOMPARE(report.figure(QStringLiteral("acquisitions")), 40);
    QCOMPARE(report.figure(QStringLiteral("deliveries")),
             40 * 32 + report.figure(QStringLiteral("in_progress_answers")));
    // The ledger itself, counted here rather than taken from the report.
    auto conn = db.connect();
    QVERIFY(conn);
    QCOMPARE(StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(*) FROM sim.ledger")),
             QStringLiteral("40"));
    QCOMPARE(StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(DISTINCT intent) FROM "
                                                         "sim.ledger")),
             QStringLiteral("40"));
    QCOMPARE(StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE "
                                                         "status <> 'succeeded'")),
             QStringLiteral("0"));
}

QTEST_GUILESS_MAIN(TestReliabilityDuplicates)
#include "tst_duplicates.moc"
