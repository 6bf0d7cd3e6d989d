// Line 6 at one round: two operators acting from the same screen on one run, for every
// status and every pair of actions, one after the other and released together: at most one
// applies, exactly one when either applies alone, and the refusal names the change.
#include "OperatorPairs.h"

#include <QtTest>

// How many of the 11 actions apply alone in each state (see the count below).
static constexpr qint64 kApplicableAlone[] = {
    2, // processing: route_to_review, cancel
    3, // processing_expired: clear_stale_lease, route_to_review, cancel
    5, // failed: request_continuation, route_to_review, cancel, resolve_step done / skipped
    9, // manual_review: all but clear_stale_lease and route_to_review
    7, // review_continuing: as manual_review but no second continuation
    0, // succeeded
    0, // cancelled
};

class TestReliabilityOperatorPairs : public QObject {
    Q_OBJECT

private slots:
    void oneScreenAppliesOnce();
};

void TestReliabilityOperatorPairs::oneScreenAppliesOnce() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const LineReport report = OperatorPairs::run(ReliabilityTarget::of(db), {1, 3});
    qInfo("%s", qPrintable(report.summary()));
    for (auto it = report.figures.begin(); it != report.figures.end(); ++it)
        qInfo("  %s: %lld", qPrintable(it.key()), it.value().toInteger());
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    const qint64 states = report.figure(QStringLiteral("states"));
    const qint64 actions = report.figure(QStringLiteral("actions"));
    QCOMPARE(states, 7);
    QCOMPARE(actions, 11);
    // Every ordered pair one after the other, every unordered pair released together.
    QCOMPARE(report.figure(QStringLiteral("sequential_trials")), states * actions * actions);
    QCOMPARE(report.figure(QStringLiteral("released_trials")),
             states * actions * (actions + 1) / 2);
    QCOMPARE(report.figure(QStringLiteral("sequential_both_applied")), 0);
    QCOMPARE(report.figure(QStringLiteral("released_both_applied")), 0);
    // Exactly one applied wherever either action applies alone: per state, n * n ordered
    // pairs minus those of two inapplicable actions (released: unordered pairs, the same
    // action twice included).
    qint64 sequentialOne = 0;
    qint64 releasedOne = 0;
    for (const qint64 applicable : kApplicableAlone) {
        const qint64 neither = actions - applicable;
        sequentialOne += actions * actions - neither * neither;
        releasedOne += actions * (actions + 1) / 2 - neither * (neither + 1) / 2;
    }
    QCOMPARE(report.figure(QStringLiteral("sequential_one_applied")), sequentialOne);
    QCOMPARE(report.figure(QStringLiteral("released_one_applied")), releasedOne);
    QCOMPARE(report.figure(QStringLiteral("sequential_neither_applicable")),
             states * actions * actions - sequentialOne);
    QVERIFY(report.figure(QStringLiteral("refusals_naming_the_change")) > 0);
    // What applies alone (docs/PROTOCOL.md, the operator actions' table), in the states
    // processing, processing_expired, failed, manual_review, review_continuing (a
    // continuation queued), succeeded, cancelled: clear_stale_lease 1 (expired),
    // request_continuation 2 (failed, review), route_to_review 3 (processing, expired,
    // failed), resolve_review succeeded 2 and cancelled 2 (review, continuing), continue 1
    // (review), cancel 5 (all but the finished), assign_review 2 and review_note 2 (review,
    // continuing), resolve_step done 3 and skipped 3 (failed, review, continuing: "send" is
    // uncertain).
    QCOMPARE(report.figure(QStringLiteral("applicable_alone")), 26);
    qint64 sum = 0;
    for (const qint64 applicable : kApplicableAlone)
        sum += applicable;
    QCOMPARE(sum, 26);
}

QTEST_GUILESS_MAIN(TestReliabilityOperatorPairs)
#include "tst_operatorpairs.moc"
