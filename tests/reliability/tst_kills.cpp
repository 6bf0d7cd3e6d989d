// docs/RELIABILITY.md "Fault-injection suite", line 2 at a small count: 16 SIGKILLs of real worker
// processes (dedupctl crash-test); nothing lost, no deduplicated side effect twice, every unknown
// outcome at a non-deduplicating provider in manual review.
#include "StoreSnapshot.h"
#include "WorkerKills.h"

#include <QtTest>

class TestReliabilityKills : public QObject {
    Q_OBJECT

private slots:
    void killedWorkersLoseAndDuplicateNothing();
};

void TestReliabilityKills::killedWorkersLoseAndDuplicateNothing() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    WorkerKills::Options options;
    options.dedupctl = QStringLiteral(DEDUPCTL_PATH);
    options.kills = 16;
    options.intents = 30;
    options.workers = 3;
    options.seed = 3;
    const LineReport report = WorkerKills::run(ReliabilityTarget::of(db), options);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 16);
    QCOMPARE(report.faults, 16);
    QCOMPARE(report.survived, 16);
    QCOMPARE(report.lost, 0);
    QCOMPARE(report.duplicated, 0);
    QCOMPARE(report.figure(QStringLiteral("unknown_outcomes_not_in_review")), 0);
    const qint64 intents = report.figure(QStringLiteral("intents"));
    QVERIFY(intents >= 30);
    // The database agrees: one run per intent, none left processing or failed-retryable.
    auto conn = db.connect();
    QVERIFY(conn);
    QCOMPARE(StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs")),
             QString::number(intents));
    QCOMPARE(StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE "
                                                         "status IN ('processing', 'failed')")),
             QStringLiteral("0"));
    QCOMPARE(StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE "
                                                         "status = 'manual_review'")),
             QString::number(report.figure(QStringLiteral("manual_review"))));
}

QTEST_GUILESS_MAIN(TestReliabilityKills)
#include "tst_kills.moc"
