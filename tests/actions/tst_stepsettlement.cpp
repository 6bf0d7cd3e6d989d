// actions::StepSettlement without a database: which action each answer about an uncertain
// step sends in each run state, when it is refused, and the intent it makes (the reason that
// names the step, the reference, the assignee, the continuation's rerun).
#include "actions/StepSettlement.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;

Q_DECLARE_METATYPE(dedup::actions::SettleChoice)
Q_DECLARE_METATYPE(dedup::core::RunStatus)

namespace {

PreviewStep step(const QString &name, const QString &status, const QString &downstreamKey = {}) {
    PreviewStep s;
    s.name = name;
    s.status = status;
    s.downstreamKey = downstreamKey;
    s.will = store::StepWill::Uncertain;
    return s;
}

// The run as read, seen by the operator exactly so (same token and status).
ActionPreview preview(SettleChoice choice, RunStatus status, const QList<PreviewStep> &steps) {
    ActionPreview p;
    p.found = true;
    p.status = status;
    p.statusName = core::toString(status);
    p.leaseToken = 3;
    p.steps = steps;
    p.request = StepSettlement::request(choice, QStringLiteral("send"), 42, 3, status);
    p.evaluate();
    return p;
}

const QList<PreviewStep> oneUncertain{step(QStringLiteral("draft"), QStringLiteral("done")),
                                      step(QStringLiteral("send"), QStringLiteral("uncertain")),
                                      step(QStringLiteral("notify"), QStringLiteral("pending"))};

} // namespace

class TestStepSettlement : public QObject {
    Q_OBJECT

private slots:
    void answersSendTheirAction_data();
    void answersSendTheirAction();
    void refusals_data();
    void refusals();
    void intentsCarryTheAnswer();
    void choiceNamesRoundTrip();
};

void TestStepSettlement::answersSendTheirAction_data() {
    QTest::addColumn<SettleChoice>("choice");
    QTest::addColumn<RunStatus>("status");
    QTest::addColumn<OperatorAction>("action");
    QTest::newRow("happened, failed")
        << SettleChoice::Happened << RunStatus::Failed << OperatorAction::ResolveStep;
    QTest::newRow("happened, review")
        << SettleChoice::Happened << RunStatus::ManualReview << OperatorAction::ResolveStep;
    QTest::newRow("not, failed") << SettleChoice::DidNotHappen << RunStatus::Failed
                                 << OperatorAction::RequestContinuation;
    QTest::newRow("not, review") << SettleChoice::DidNotHappen << RunStatus::ManualReview
                                 << OperatorAction::RequestContinuation;
    QTest::newRow("escalate, failed")
        << SettleChoice::Escalate << RunStatus::Failed << OperatorAction::RouteToReview;
    QTest::newRow("escalate, review")
        << SettleChoice::Escalate << RunStatus::ManualReview << OperatorAction::AssignReview;
}

void TestStepSettlement::answersSendTheirAction() {
    QFETCH(SettleChoice, choice);
    QFETCH(RunStatus, status);
    QFETCH(OperatorAction, action);
    QCOMPARE(StepSettlement::actionFor(choice, status), action);
    const ActionPreview p = preview(choice, status, oneUncertain);
    QCOMPARE(p.request.action, action);
    QCOMPARE(p.request.rerunUncertain, choice == SettleChoice::DidNotHappen);
    QCOMPARE(StepSettlement::blocked(choice, p, QStringLiteral("send"), QStringLiteral("ann")),
             QString());
}

void TestStepSettlement::refusals_data() {
    QTest::addColumn<SettleChoice>("choice");
    QTest::addColumn<RunStatus>("status");
    QTest::addColumn<QList<PreviewStep>>("steps");
    QTest::addColumn<QString>("assignee");
    QTest::addColumn<QString>("why");
    const QList<PreviewStep> sendDone{step(QStringLiteral("send"), QStringLiteral("done"))};
    const QList<PreviewStep> twoUncertain{
        step(QStringLiteral("send"), QStringLiteral("uncertain")),
        step(QStringLiteral("notify"), QStringLiteral("uncertain"))};
    const QList<PreviewStep> otherHasKey{
        step(QStringLiteral("send"), QStringLiteral("uncertain")),
        step(QStringLiteral("notify"), QStringLiteral("uncertain"), QStringLiteral("dk-1"))};
    QTest::newRow("no such step") << SettleChoice::Escalate << RunStatus::Failed
                                  << QList<PreviewStep>{} << QString()
                                  << QStringLiteral("no step \"send\"");
    QTest::newRow("step done") << SettleChoice::DidNotHappen << RunStatus::Failed << sendDone
                               << QString() << QStringLiteral("only a step whose outcome");
    QTest::newRow("another uncertain step")
        << SettleChoice::DidNotHappen << RunStatus::Failed << twoUncertain << QString()
        << QStringLiteral("Settle \"notify\" first");
    // The other one has a downstream key: the continuation re-runs it anyway (its provider
    // deduplicates), so the rerun asks nothing more of it.
    QTest::newRow("another uncertain step with a key")
        << SettleChoice::DidNotHappen << RunStatus::Failed << otherHasKey << QString() << QString();
    QTest::newRow("two uncertain, happened is fine")
        << SettleChoice::Happened << RunStatus::Failed << twoUncertain << QString() << QString();
    QTest::newRow("escalate in review, nobody named")
        << SettleChoice::Escalate << RunStatus::ManualReview << oneUncertain << QStringLiteral("  ")
        << QStringLiteral("name who takes it over");
    QTest::newRow("escalate failed, nobody named")
        << SettleChoice::Escalate << RunStatus::Failed << oneUncertain << QString() << QString();
    QTest::newRow("processing run") << SettleChoice::Happened << RunStatus::Processing
                                    << oneUncertain << QString() << QStringLiteral("processing");
}

void TestStepSettlement::refusals() {
    QFETCH(SettleChoice, choice);
    QFETCH(RunStatus, status);
    QFETCH(QList<PreviewStep>, steps);
    QFETCH(QString, assignee);
    QFETCH(QString, why);
    const QString blocked = StepSettlement::blocked(choice, preview(choice, status, steps),
                                                    QStringLiteral("send"), assignee);
    if (why.isEmpty())
        QCOMPARE(blocked, QString());
    else
        QVERIFY2(blocked.contains(why), qPrintable(blocked));
}

void TestStepSettlement::intentsCarryTheAnswer() {
    const auto make = [](SettleChoice choice, RunStatus status) {
        return StepSettlement::intent(choice, preview(choice, status, oneUncertain),
                                      QStringLiteral("send"), QStringLiteral("checked"),
                                      QStringLiteral(" pi_1 "), QStringLiteral(" ann "));
    };
    const ActionIntent happened = make(SettleChoice::Happened, RunStatus::Failed);
    QCOMPARE(happened.action, OperatorAction::ResolveStep);
    QCOMPARE(happened.runId, 42);
    QCOMPARE(happened.expectedToken, 3);
    QCOMPARE(happened.reason, QStringLiteral("checked"));
    QCOMPARE(happened.step, QStringLiteral("send"));
    QCOMPARE(happened.stepResolution, store::StepResolution::Done);
    QCOMPARE(happened.sideEffectRef, QStringLiteral("pi_1"));
    QVERIFY(!happened.actionKey.isEmpty());
    QCOMPARE(happened.validationError(), QString());

    const ActionIntent rerun = make(SettleChoice::DidNotHappen, RunStatus::ManualReview);
    QCOMPARE(rerun.action, OperatorAction::RequestContinuation);
    QVERIFY(rerun.rerunUncertain);
    QCOMPARE(rerun.reason, QStringLiteral("Step \"send\": checked"));
    QVERIFY(rerun.sideEffectRef.isEmpty());

    const ActionIntent escalated = make(SettleChoice::Escalate, RunStatus::ManualReview);
    QCOMPARE(escalated.action, OperatorAction::AssignReview);
    QCOMPARE(escalated.assignee, QStringLiteral("ann"));
    QCOMPARE(escalated.reason, QStringLiteral("Step \"send\": checked"));
    QVERIFY(!escalated.rerunUncertain);
    // Each decision is its own intent.
    QVERIFY(make(SettleChoice::Escalate, RunStatus::ManualReview).actionKey != escalated.actionKey);
}

void TestStepSettlement::choiceNamesRoundTrip() {
    for (const SettleChoice choice :
         {SettleChoice::Happened, SettleChoice::DidNotHappen, SettleChoice::Escalate})
        QCOMPARE(StepSettlement::fromString(StepSettlement::toString(choice)), choice);
    QCOMPARE(StepSettlement::fromString(QStringLiteral("maybe")), std::nullopt);
}

QTEST_GUILESS_MAIN(TestStepSettlement)
#include "tst_stepsettlement.moc"
