// docs/RELIABILITY.md "Fault-injection suite", line 3 at a small count: zombie workers whose lease
// was taken in every way write nothing; an operator action (mostly a stale-lease clear) racing the
// worker's heartbeat and a redelivery never leaves two owners.
#include "FencedWorkers.h"
#include "LeaseRace.h"

#include <QtTest>

class TestReliabilityFencing : public QObject {
    Q_OBJECT

private slots:
    void fencedWorkerNeverWrites();
    void operatorRacingWorkerLeavesOneOwner();
};

void TestReliabilityFencing::fencedWorkerNeverWrites() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const LineReport report = FencedWorkers::run(ReliabilityTarget::of(db), {140, 5});
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 140);
    QCOMPARE(report.faults, 140 * 9); // nine zombie writes per trial
    QCOMPARE(report.survived, 140 * 9);
    QCOMPARE(report.figure(QStringLiteral("zombie_writes_accepted")), 0);
    QCOMPARE(report.figure(QStringLiteral("zombie_writes_changed_state")), 0);
    qint64 takeovers = 0;
    for (const char *kind :
         {"worker_takeover", "worker_takeover_goes_on", "worker_takeover_succeeds",
          "operator_clear", "clear_then_redelivery", "operator_cancel", "operator_route_to_review",
          "clear_then_continuation"}) {
        const qint64 count = report.figure(QStringLiteral("takeover_%1").arg(QLatin1String(kind)));
        QVERIFY2(count > 0, kind); // every way of losing the run was tried
        takeovers += count;
    }
    QCOMPARE(takeovers, 140);
}

void TestReliabilityFencing::operatorRacingWorkerLeavesOneOwner() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const LineReport report = LeaseRace::run(ReliabilityTarget::of(db), {120, 5});
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 120);
    QCOMPARE(report.survived, 120);
    QCOMPARE(report.duplicated, 0);
    // Every race has an outcome: the worker finished the run, or the operator's action
    // applied (a clear may be followed by the redelivery's retry), or the redelivery took the
    // run over first; and every loser's late write was refused.
    const qint64 finished = report.figure(QStringLiteral("worker_finished_the_run"));
    qint64 races = 0;
    qint64 applied = 0;
    for (const char *action : {"clear_stale_lease", "cancel", "route_to_review"}) {
        const qint64 count = report.figure(QStringLiteral("races_%1").arg(QLatin1String(action)));
        QVERIFY2(count > 0, action);
        races += count;
        applied += report.figure(QStringLiteral("applied_%1").arg(QLatin1String(action)));
    }
    QCOMPARE(races, 120);
    QVERIFY(finished + applied + report.figure(QStringLiteral("redelivery_took_over")) >= 120);
    QCOMPARE(report.figure(QStringLiteral("late_writes_refused")), 120 - finished);
}

QTEST_GUILESS_MAIN(TestReliabilityFencing)
#include "tst_fencing.moc"
