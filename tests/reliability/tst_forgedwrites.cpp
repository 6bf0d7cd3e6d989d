// docs/RELIABILITY.md, line 3c, at a small count: another login granted the same workflow,
// knowing a run's lease token and secret, writes nothing under it, and the run ends with
// its worker's result.
#include "ForgedWrites.h"

#include <QtTest>

class TestReliabilityForgedWrites : public QObject {
    Q_OBJECT

private slots:
    void anotherLoginNeverWrites();
};

void TestReliabilityForgedWrites::anotherLoginNeverWrites() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const LineReport report = ForgedWrites::run(ReliabilityTarget::of(db), {80, 7});
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 80);
    QCOMPARE(report.faults, 80 * 14); // seven writes, each with the right and a wrong secret
    QCOMPARE(report.survived, report.faults);
    QCOMPARE(report.figure(QStringLiteral("forged_writes_accepted")), 0);
    QCOMPARE(report.figure(QStringLiteral("forged_writes_changed_state")), 0);
    QCOMPARE(report.figure(QStringLiteral("refused_lease_of_another_login")), 80 * 7);
    QCOMPARE(report.figure(QStringLiteral("refused_wrong_secret")), 80 * 7);
    QCOMPARE(report.figure(QStringLiteral("runs_finished_by_their_worker")), 80);
    QCOMPARE(report.figure(QStringLiteral("duplicates_replaying_the_workers_result")), 80);
    for (int progress = 0; progress < 4; ++progress) // every stage of a run was attacked
        QVERIFY(report.figure(QStringLiteral("progress_%1").arg(progress)) > 0);
    QVERIFY(report.figure(QStringLiteral("trials_with_expired_lease")) > 0);
    QCOMPARE(report.title,
             QStringLiteral("forged writes by another worker: 1120 attempted, 0 accepted"));
}

QTEST_GUILESS_MAIN(TestReliabilityForgedWrites)
#include "tst_forgedwrites.moc"
