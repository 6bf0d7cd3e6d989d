// The pure parts of the operator actions, without a database: which actions a state offers
// (and that a read-only session gets none), what an intent needs before it may be sent, the
// impact preview's verdicts and warnings, the bulk plan's frozen set, and the typed
// confirmation.
#include "actions/ActionAvailability.h"
#include "actions/ActionIntent.h"
#include "actions/ActionPreview.h"
#include "actions/BulkPlan.h"
#include "actions/BulkPreview.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;

namespace {

QStringList names(const QList<OperatorAction> &actions) {
    QStringList list;
    for (const OperatorAction action : actions) {
        QString name = OperatorActionText::functionName(action);
        if (action == OperatorAction::ResolveSucceeded)
            name += QStringLiteral(":succeeded");
        else if (action == OperatorAction::ResolveCancelled)
            name += QStringLiteral(":cancelled");
        else if (action == OperatorAction::ResolveContinue)
            name += QStringLiteral(":continue");
        list << name;
    }
    return list;
}

PreviewStep step(const QString &name, const QString &status, store::StepWill will,
                 const QString &downstreamKey = {}, const QString &ref = {}) {
    PreviewStep s;
    s.name = name;
    s.status = status;
    s.will = will;
    s.downstreamKey = downstreamKey;
    s.sideEffectRef = ref;
    return s;
}

ActionPreview failedRun(OperatorAction action) {
    ActionPreview p;
    p.request.action = action;
    p.request.runId = 7;
    p.request.seenToken = 3;
    p.request.seenStatus = RunStatus::Failed;
    p.found = true;
    p.status = RunStatus::Failed;
    p.statusName = QStringLiteral("failed");
    p.leaseToken = 3;
    p.attempt = 2;
    p.maxAttempts = 5;
    p.steps = {
        step(QStringLiteral("draft"), QStringLiteral("done"), store::StepWill::Skip,
             QStringLiteral("dk-1"), QStringLiteral("in_1")),
        step(QStringLiteral("send"), QStringLiteral("uncertain"), store::StepWill::Uncertain),
        step(QStringLiteral("pay"), QStringLiteral("uncertain"), store::StepWill::Run,
             QStringLiteral("INV-1:pi")),
        step(QStringLiteral("notify"), QStringLiteral("pending"), store::StepWill::Run)};
    return p;
}

} // namespace

class TestActionRules : public QObject {
    Q_OBJECT

private slots:
    void offeredActionsPerState_data();
    void offeredActionsPerState();
    void readOnlySessionGetsNothing();
    void continuationAlreadyQueued();
    void intentValidation();
    void previewOfAContinuation();
    void previewNoticesAChangedRun();
    void previewOfAStaleLeaseClear();
    void previewOfAStepResolution();
    void bulkPlanFreezesOnlyApplicableRuns();
    void typedConfirmation();
};

void TestActionRules::offeredActionsPerState_data() {
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("leaseExpired");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("processing, live lease")
        << int(RunStatus::Processing) << false
        << QStringList{QStringLiteral("op_route_to_review"), QStringLiteral("op_cancel")};
    QTest::newRow("processing, expired lease")
        << int(RunStatus::Processing) << true
        << QStringList{QStringLiteral("op_clear_stale_lease"), QStringLiteral("op_route_to_review"),
                       QStringLiteral("op_cancel")};
    QTest::newRow("failed") << int(RunStatus::Failed) << false
                            << QStringList{QStringLiteral("op_request_continuation"),
                                           QStringLiteral("op_route_to_review"),
                                           QStringLiteral("op_cancel"),
                                           QStringLiteral("op_resolve_step")};
    QTest::newRow("manual_review") << int(RunStatus::ManualReview) << false
                                   << QStringList{QStringLiteral("op_resolve_review:succeeded"),
                                                  QStringLiteral("op_resolve_review:cancelled"),
                                                  QStringLiteral("op_resolve_review:continue"),
                                                  QStringLiteral("op_cancel"),
                                                  QStringLiteral("op_assign_review"),
                                                  QStringLiteral("op_review_note"),
                                                  QStringLiteral("op_resolve_step")};
    QTest::newRow("succeeded") << int(RunStatus::Succeeded) << false << QStringList{};
    QTest::newRow("cancelled") << int(RunStatus::Cancelled) << false << QStringList{};
}

void TestActionRules::offeredActionsPerState() {
    QFETCH(int, status);
    QFETCH(bool, leaseExpired);
    QFETCH(QStringList, expected);
    QCOMPARE(names(availableActions(RunStatus(status), leaseExpired, true)), expected);
}

void TestActionRules::readOnlySessionGetsNothing() {
    for (const RunStatus status : core::allRunStatuses()) {
        for (const bool expired : {false, true})
            QVERIFY(availableActions(status, expired, false).isEmpty());
    }
}

void TestActionRules::continuationAlreadyQueued() {
    QVERIFY(!availableActions(RunStatus::Failed, false, true, true)
                 .contains(OperatorAction::RequestContinuation));
    QVERIFY(!availableActions(RunStatus::ManualReview, false, true, true)
                 .contains(OperatorAction::ResolveContinue));
    QString why;
    QVERIFY(!ActionAvailability::applies(OperatorAction::ClearStaleLease, RunStatus::Processing,
                                         false, false, &why));
    QVERIFY2(why.contains(QStringLiteral("live")), qPrintable(why));
    QVERIFY(!ActionAvailability::applies(OperatorAction::Cancel, RunStatus::Succeeded, false, false,
                                         &why));
    QVERIFY2(why.contains(QStringLiteral("succeeded")), qPrintable(why));
}

void TestActionRules::intentValidation() {
    ActionIntent intent = ActionIntent::create(OperatorAction::Cancel, 5, 2, QStringLiteral(" "));
    QCOMPARE(intent.actionKey.size(), 36); // a UUID
    QVERIFY(!intent.validationError().isEmpty());
    intent.reason = QStringLiteral("\t\n\u00a0");
    QVERIFY(!intent.validationError().isEmpty());
    intent.reason = QStringLiteral("duplicate of run 4");
    QVERIFY(intent.validationError().isEmpty());
    QCOMPARE(intent.request().expectedToken, 2);
    intent.action = OperatorAction::ReviewNote;
    QVERIFY(!intent.validationError().isEmpty()); // a note needs its text
    intent.note = QStringLiteral("waiting for the provider");
    QVERIFY(intent.validationError().isEmpty());
    // Two intents never share a key.
    QVERIFY(ActionIntent::create(OperatorAction::Cancel, 5, 2, QStringLiteral("x")).actionKey !=
            ActionIntent::create(OperatorAction::Cancel, 5, 2, QStringLiteral("x")).actionKey);
}

void TestActionRules::previewOfAContinuation() {
    ActionPreview p = failedRun(OperatorAction::RequestContinuation);
    p.evaluate();
    QVERIFY(p.canConfirm());
    QVERIFY(!p.changedSinceSeen);
    QVERIFY(p.statusAfter == RunStatus::Failed);
    QCOMPARE(p.stepsToRun, 2);
    QCOMPARE(p.stepsToSkip, 1);
    QCOMPARE(p.stepsUncertain, 1);
    // Both uncertain steps carry the "may already have happened" warning with what to check.
    QVERIFY(p.steps[1].warning.contains(QStringLiteral("may already have happened")));
    QVERIFY(p.steps[1].warning.contains(QStringLiteral("provider's log")));
    QVERIFY(p.steps[2].warning.contains(QStringLiteral("INV-1:pi")));
    QVERIFY(p.steps[0].warning.isEmpty());
    QVERIFY(p.steps[3].warning.isEmpty());
    const QString warnings = p.warnings.join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(QStringLiteral("\"send\" has no downstream key")),
             qPrintable(warnings));
    const QString effects = p.effects.join(QLatin1Char('\n'));
    QVERIFY2(effects.contains(QStringLiteral("INV-1:pi: the provider deduplicates")),
             qPrintable(effects));
    QVERIFY(p.statusChangeText().contains(QStringLiteral("unchanged until a worker")));

    // Rerunning uncertain steps: the server then says "run"; the preview warns it may repeat.
    ActionPreview rerun = failedRun(OperatorAction::RequestContinuation);
    rerun.request.rerunUncertain = true;
    rerun.steps[1].will = store::StepWill::Run;
    rerun.evaluate();
    QCOMPARE(rerun.stepsUncertain, 0);
    QVERIFY(rerun.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("happens twice")));
    const ActionIntent intent = rerun.intent(QStringLiteral("provider says not sent"));
    QVERIFY(intent.rerunUncertain);
    QCOMPARE(intent.expectedToken, 3);
    QCOMPARE(intent.runId, 7);
}

void TestActionRules::previewNoticesAChangedRun() {
    ActionPreview p = failedRun(OperatorAction::Cancel);
    p.leaseToken = 4; // a redelivery took it and failed again
    p.evaluate();
    QVERIFY(p.changedSinceSeen);
    QVERIFY(!p.canConfirm());
    QVERIFY(p.blockedText().contains(QStringLiteral("changed since you looked")));

    ActionPreview gone = failedRun(OperatorAction::Cancel);
    gone.found = false;
    gone.evaluate();
    QVERIFY(!gone.canConfirm());
    QVERIFY(gone.blockedText().contains(QStringLiteral("does not exist")));

    ActionPreview wrongState = failedRun(OperatorAction::ResolveSucceeded);
    wrongState.evaluate();
    QVERIFY(!wrongState.changedSinceSeen);
    QVERIFY(!wrongState.applies);
    QVERIFY(!wrongState.canConfirm());
}

void TestActionRules::previewOfAStaleLeaseClear() {
    ActionPreview p;
    p.request.action = OperatorAction::ClearStaleLease;
    p.request.runId = 9;
    p.request.seenToken = 1;
    p.request.seenStatus = RunStatus::Processing;
    p.found = true;
    p.status = RunStatus::Processing;
    p.statusName = QStringLiteral("processing");
    p.leaseToken = 1;
    p.leaseExpired = true;
    p.leaseOwner = QStringLiteral("worker-1");
    p.attempt = 5;
    p.maxAttempts = 5;
    p.steps = {
        step(QStringLiteral("send"), QStringLiteral("in_progress"), store::StepWill::Uncertain)};
    p.evaluate();
    QVERIFY(p.canConfirm());
    QVERIFY(p.statusAfter == RunStatus::ManualReview); // its attempts are used up
    QCOMPARE(p.steps[0].statusAfter, QStringLiteral("uncertain"));
    QVERIFY(p.effects.join(QLatin1Char('\n')).contains(QStringLiteral("from 1 to 2")));
    QCOMPARE(p.warnings.size(), 1);
    p.leaseExpired = false; // the worker heartbeated meanwhile
    p.evaluate();
    QVERIFY(!p.canConfirm());
    QVERIFY(p.blockedText().contains(QStringLiteral("live")));
}

void TestActionRules::previewOfAStepResolution() {
    ActionPreview p = failedRun(OperatorAction::ResolveStep);
    p.request.step = QStringLiteral("send");
    p.request.stepResolution = store::StepResolution::Done;
    p.evaluate();
    QVERIFY(p.canConfirm());
    QCOMPARE(p.steps[1].statusAfter, QStringLiteral("done"));
    p.request.step = QStringLiteral("draft"); // done already
    p.evaluate();
    QVERIFY(!p.canConfirm());
    p.request.step = QStringLiteral("nope");
    p.evaluate();
    QVERIFY(p.blockedText().contains(QStringLiteral("no step")));
}

void TestActionRules::bulkPlanFreezesOnlyApplicableRuns() {
    BulkPlan plan;
    plan.action = store::BulkAction::RequestContinuation;
    plan.reason = QStringLiteral("provider back");
    plan.target = BulkTarget::selection({{1, 2, RunStatus::Failed},
                                         {2, 1, RunStatus::Succeeded},
                                         {3, 4, RunStatus::ManualReview},
                                         {1, 2, RunStatus::Failed}});
    const QList<store::BulkItem> items = plan.selectedItems();
    QCOMPARE(items.size(), 2);
    QCOMPARE(items[0].runId, 1);
    QCOMPARE(items[1].expectedStatus, QStringLiteral("manual_review"));
    QVERIFY(plan.validationError().isEmpty());
    plan.rerunUncertain = true;
    const store::BulkRequest request = plan.request(QStringLiteral("id"));
    QVERIFY(request.params.value(QStringLiteral("rerun_uncertain")).toBool());
    QCOMPARE(request.selection.value(QStringLiteral("runs")).toInteger(), 4);
    QVERIFY(request.action == store::BulkAction::RequestContinuation);

    store::RunFilter filter;
    filter.statuses = {RunStatus::Failed, RunStatus::Succeeded};
    plan.target = BulkTarget::matching(filter);
    QVERIFY(plan.freezeFilter()->statuses == QList<RunStatus>{RunStatus::Failed});
    filter.statuses = {RunStatus::Succeeded};
    plan.target = BulkTarget::matching(filter);
    QVERIFY(!plan.freezeFilter()); // never "every status"
    QVERIFY(!plan.validationError().isEmpty());
    plan.target = BulkTarget::matching({});
    QVERIFY((plan.freezeFilter()->statuses ==
             QList<RunStatus>{RunStatus::Failed, RunStatus::ManualReview}));
    plan.reason = QStringLiteral("  ");
    QVERIFY(!plan.validationError().isEmpty());
}

void TestActionRules::typedConfirmation() {
    BulkPreview small;
    small.applicable = 99;
    QVERIFY(!small.requiresTypedConfirmation());
    QVERIFY(small.confirmationMatches(QString()));

    BulkPreview big;
    big.applicable = 3000;
    QVERIFY(big.requiresTypedConfirmation());
    QCOMPARE(big.confirmationText(), QStringLiteral("3000"));
    QVERIFY(big.confirmationMatches(QStringLiteral("3000")));
    QVERIFY(big.confirmationMatches(QStringLiteral(" 3,000 ")));
    QVERIFY(big.confirmationMatches(QStringLiteral("3 000")));
    QVERIFY(!big.confirmationMatches(QStringLiteral("300")));
    QVERIFY(!big.confirmationMatches(QStringLiteral("yes")));
    QVERIFY(!big.confirmationMatches(QString()));

    big.confirmationThreshold = 5000;
    QVERIFY(!big.requiresTypedConfirmation());
    big.confirmationThreshold = 3000; // from the threshold on
    QVERIFY(big.requiresTypedConfirmation());

    BulkPreview huge;
    huge.exact = false;
    huge.cap = 1000000;
    huge.matched = huge.applicable = 1000001;
    QVERIFY(huge.requiresTypedConfirmation());
    QVERIFY(huge.confirmationMatches(QStringLiteral("ALL")));
    QVERIFY(!huge.confirmationMatches(QStringLiteral("1000001")));
}

QTEST_GUILESS_MAIN(TestActionRules)
#include "tst_actionrules.moc"
