// docs/RELIABILITY.md "Fault-injection suite", line 4 at a small count: every (action, kill point)
// pair once; all or nothing after the kill, exactly once after the console's resend.
#include "ConnectionKills.h"

#include <QtTest>

class TestReliabilityConnectionKills : public QObject {
    Q_OBJECT

private slots:
    void killedActionIsAllOrNothingAndNeverTwice();
};

void TestReliabilityConnectionKills::killedActionIsAllOrNothingAndNeverTwice() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const LineReport report = ConnectionKills::run(ReliabilityTarget::of(db), {30, 7});
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 30);
    QCOMPARE(report.survived, 30);
    for (const char *point : {"before_call", "blocked_on_run", "before_commit", "random_moment",
                              "open_transaction", "after_commit"})
        QCOMPARE(report.figure(QStringLiteral("kills_%1").arg(QLatin1String(point))), 5);
    // Where the kill came before the commit nothing was there; after it, all of it was.
    for (const char *point : {"before_call", "blocked_on_run", "before_commit", "open_transaction"})
        QCOMPARE(
            report.figure(QStringLiteral("committed_before_kill_%1").arg(QLatin1String(point))), 0);
    QCOMPARE(report.figure(QStringLiteral("committed_before_kill_after_commit")), 5);
    const qint64 replayed = report.figure(QStringLiteral("resend_replayed"));
    QCOMPARE(replayed, 5 + report.figure(QStringLiteral("committed_before_kill_random_moment")));
    QCOMPARE(report.figure(QStringLiteral("resend_applied")) + replayed, 30);
}

QTEST_GUILESS_MAIN(TestReliabilityConnectionKills)
#include "tst_connectionkills.moc"
