// Single-run actions against the private PostgreSQL, through the models the console uses:
// the impact preview (ActionPreviewLoader) and the executor (ActionExecutor). Every action's
// happy path and its refusal when the run changed after the preview; one intent applied once
// however often it is sent (double submit, a resend after the server killed the executor's
// connection, idle or in the middle of the statement, a first send whose answer was lost);
// a blank reason refused before any round trip; the viewer refused by the database.
#include "ActionTestRuns.h"
#include "actions/ActionAvailability.h"
#include "actions/ActionExecutor.h"
#include "actions/ActionPreviewLoader.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;
using store::PgConnection;
using store::PgParams;
using store::PgResult;
using Kind = ActionResult::Kind;

namespace {

struct Case {
    OperatorAction action;
    QString state; // optest::prepareRun state
    RunStatus seen;
    RunStatus after;
};

Case caseFor(const QString &name) {
    static const QMap<QString, Case> cases{
        {QStringLiteral("clear stale lease"),
         {OperatorAction::ClearStaleLease, QStringLiteral("processing_expired"),
          RunStatus::Processing, RunStatus::Failed}},
        {QStringLiteral("continuation"),
         {OperatorAction::RequestContinuation, QStringLiteral("failed"), RunStatus::Failed,
          RunStatus::Failed}},
        {QStringLiteral("route to review"),
         {OperatorAction::RouteToReview, QStringLiteral("failed"), RunStatus::Failed,
          RunStatus::ManualReview}},
        {QStringLiteral("resolve succeeded"),
         {OperatorAction::ResolveSucceeded, QStringLiteral("manual_review"),
          RunStatus::ManualReview, RunStatus::Succeeded}},
        {QStringLiteral("resolve cancelled"),
         {OperatorAction::ResolveCancelled, QStringLiteral("manual_review"),
          RunStatus::ManualReview, RunStatus::Cancelled}},
        {QStringLiteral("resolve continue"),
         {OperatorAction::ResolveContinue, QStringLiteral("manual_review"), RunStatus::ManualReview,
          RunStatus::ManualReview}},
        {QStringLiteral("cancel"),
         {OperatorAction::Cancel, QStringLiteral("failed"), RunStatus::Failed,
          RunStatus::Cancelled}},
        {QStringLiteral("assign"),
         {OperatorAction::AssignReview, QStringLiteral("manual_review"), RunStatus::ManualReview,
          RunStatus::ManualReview}},
        {QStringLiteral("note"),
         {OperatorAction::ReviewNote, QStringLiteral("manual_review"), RunStatus::ManualReview,
          RunStatus::ManualReview}},
        {QStringLiteral("settle step"),
         {OperatorAction::ResolveStep, QStringLiteral("failed"), RunStatus::Failed,
          RunStatus::Failed}},
    };
    return cases.value(name);
}

PreviewRequest previewRequest(const Case &c, const optest::PreparedRun &run) {
    PreviewRequest request;
    request.action = c.action;
    request.runId = run.id;
    request.seenToken = run.token;
    request.seenStatus = c.seen;
    request.step = QStringLiteral("send");
    request.stepResolution = store::StepResolution::Done;
    return request;
}

// The intent the dialog would make from the preview, with the action's own inputs.
ActionIntent intentFrom(const ActionPreview &preview) {
    ActionIntent intent = preview.intent(QStringLiteral("ticket OPS-17: checked the provider"));
    intent.assignee = QStringLiteral("alice");
    intent.note = QStringLiteral("provider confirms nothing was sent");
    intent.sideEffectRef = QStringLiteral("SM8812");
    return intent;
}

QString runStatus(PgConnection &su, qint64 runId) {
    return optest::runRow(su, runId).value(QStringLiteral("status")).toString();
}

} // namespace

class TestActionExecutor : public QObject {
    Q_OBJECT

private slots:
    void happyPath_data();
    void happyPath();
    void refusedWhenTheRunChangedAfterThePreview_data();
    void refusedWhenTheRunChangedAfterThePreview();
    void previewLoaderAnswersAsynchronously();
    void doubleSubmitAppliesOnce();
    void resendAfterIdleConnectionWasKilled();
    void resendAfterConnectionKilledMidStatement();
    void firstSendsAnswerLost();
    void blankReasonRefusedWithoutRoundTrip();
    void viewerIsRefusedByTheDatabase();
};

void TestActionExecutor::happyPath_data() {
    QTest::addColumn<QString>("name");
    for (const char *name :
         {"clear stale lease", "continuation", "route to review", "resolve succeeded",
          "resolve cancelled", "resolve continue", "cancel", "assign", "note", "settle step"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestActionExecutor::happyPath() {
    QFETCH(QString, name);
    const Case c = caseFor(name);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const optest::PreparedRun run = optest::prepareRun(*su, c.state);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    store::PgError error;
    const auto preview = ActionPreviewLoader::read(*op, previewRequest(c, run), &error);
    QVERIFY2(preview, qPrintable(error.toString()));
    QVERIFY2(preview->canConfirm(), qPrintable(preview->blockedText()));
    QVERIFY(!preview->changedSinceSeen);
    QVERIFY(preview->statusAfter == c.after);
    QVERIFY(!preview->effects.isEmpty());
    QCOMPARE(preview->steps.size(), 3);
    QCOMPARE(preview->steps[1].name, QStringLiteral("send"));
    // "send" was started without a downstream key: its outcome is unknown (in_progress under
    // the expired lease, uncertain otherwise), and the preview says what to check.
    QVERIFY2(preview->steps[1].warning.contains(QStringLiteral("may already have happened")),
             qPrintable(preview->steps[1].warning));
    if (OperatorActionText::isContinuation(c.action)) {
        QCOMPARE(preview->stepsToSkip, 1);
        QCOMPARE(preview->stepsUncertain, 1);
        QCOMPARE(preview->stepsToRun, 1);
    }

    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    actiontest::Results results(executor);
    const ActionIntent intent = intentFrom(*preview);
    const int id = executor.execute(intent);
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 10000);
    const ActionResult result = results.byId.value(id);
    QVERIFY2(result.kind == Kind::Applied, qPrintable(result.message));
    QCOMPARE(result.attempts, 1);
    QVERIFY(result.outcome && result.outcome->auditId > 0);
    QVERIFY(!result.message.isEmpty());
    QCOMPARE(runStatus(*su, run.id), core::toString(c.after));
    QCOMPARE(actiontest::auditRowsFor(*su, intent.actionKey), 1);
    const QJsonObject row = optest::runRow(*su, run.id);
    PgParams id1;
    id1.add(run.id);
    switch (c.action) {
    case OperatorAction::RequestContinuation:
    case OperatorAction::ResolveContinue:
        QCOMPARE(actiontest::count(*su,
                                   QStringLiteral("SELECT count(*) FROM dedup.commands WHERE"
                                                  " run_id = $1 AND status = 'pending'"),
                                   id1),
                 1);
        break;
    case OperatorAction::AssignReview:
        QCOMPARE(row.value(QStringLiteral("review_assignee")).toString(), QStringLiteral("alice"));
        break;
    case OperatorAction::ReviewNote:
        QCOMPARE(row.value(QStringLiteral("review_note")).toString(), intent.note);
        break;
    case OperatorAction::ResolveStep:
        QCOMPARE(optest::stepStatuses(*su, run.id),
                 QStringLiteral("draft=done,send=done,notify=pending"));
        break;
    case OperatorAction::ClearStaleLease:
        QCOMPARE(row.value(QStringLiteral("lease_token")).toInteger(), 2); // the worker fenced
        QCOMPARE(optest::stepStatuses(*su, run.id),
                 QStringLiteral("draft=done,send=uncertain,notify=pending"));
        break;
    default:
        break;
    }
    QCOMPARE(results.answers, 1);
}

void TestActionExecutor::refusedWhenTheRunChangedAfterThePreview_data() {
    happyPath_data();
}

void TestActionExecutor::refusedWhenTheRunChangedAfterThePreview() {
    QFETCH(QString, name);
    const Case c = caseFor(name);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const optest::PreparedRun run = optest::prepareRun(*su, c.state);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    store::PgError error;
    const auto preview = ActionPreviewLoader::read(*op, previewRequest(c, run), &error);
    QVERIFY2(preview && preview->canConfirm(), qPrintable(error.toString()));
    const ActionIntent intent = intentFrom(*preview);

    // The world moves on while the dialog is open.
    PgParams ids;
    ids.add(run.id).add(run.token).add(run.secret);
    if (c.state == QLatin1String("processing_expired")) {
        // the worker was only slow: its heartbeat renews the lease
        QVERIFY(su->exec(QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid)"), ids).ok());
    } else if (c.state == QLatin1String("failed")) {
        // a redelivery takes it (token 2) and fails again: same status, newer token
        const PgResult again = su->exec(QStringLiteral(
            "SELECT dedup.fail(c.run_id, c.lease_token, c.lease_secret, 'timeout', 'again', true)"
            " FROM dedup.claim(p_scope => 'test', p_key => 'key-1',"
            " p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w2') c"));
        QVERIFY2(again.ok() && again.text(0, 0) == QLatin1String("failed"),
                 qPrintable(again.error().toString()));
    } else {
        // another operator cancels it
        store::OperatorActions other(*su);
        const auto cancelled =
            other.cancel(optest::request(run, store::OperatorActions::newActionKey()));
        QVERIFY(cancelled.ok() && cancelled.value().isApplied());
    }
    const auto again = ActionPreviewLoader::read(*op, previewRequest(c, run), &error);
    QVERIFY(again);
    QVERIFY(!again->canConfirm());
    QVERIFY(!again->blockedText().isEmpty());

    const QString before = optest::snapshot(*su);
    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    actiontest::Results results(executor);
    const int id = executor.execute(intent);
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 10000);
    const ActionResult result = results.byId.value(id);
    QVERIFY2(result.kind == Kind::Changed, qPrintable(result.message));
    QVERIFY(!result.isApplied());
    QVERIFY(!result.serverDetail.isEmpty());
    QVERIFY(result.message.contains(QStringLiteral("Look at it again")));
    QCOMPARE(optest::snapshot(*su), before); // nothing changed but the audit of the refusal
    QCOMPARE(actiontest::auditRowsFor(*su, intent.actionKey), 1);
}

void TestActionExecutor::previewLoaderAnswersAsynchronously() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    // A viewer may look at previews; only acting is refused.
    ActionPreviewLoader loader(db.conninfo(QStringLiteral("t_viewer")));
    QList<ActionPreview> previews;
    QList<int> ids;
    connect(&loader, &ActionPreviewLoader::loaded, this, [&](int id, const ActionPreview &preview) {
        ids << id;
        previews << preview;
    });
    PreviewRequest request = previewRequest(caseFor(QStringLiteral("continuation")), run);
    const int first = loader.load(request);
    request.rerunUncertain = true;
    const int second = loader.load(request);
    request.runId = 999999;
    const int third = loader.load(request);
    QTRY_COMPARE_WITH_TIMEOUT(previews.size(), 3, 10000);
    QCOMPARE(ids, (QList<int>{first, second, third}));
    QCOMPARE(previews[0].stepsUncertain, 1);
    QCOMPARE(previews[1].stepsUncertain, 0); // rerun: the operator vouches
    QCOMPARE(previews[1].stepsToRun, 2);
    QVERIFY(!previews[2].found);
    QVERIFY(!previews[2].canConfirm());
}

void TestActionExecutor::doubleSubmitAppliesOnce() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    actiontest::Results results(executor);
    const ActionIntent intent =
        ActionIntent::create(OperatorAction::Cancel, run.id, run.token, QStringLiteral("dup"));
    const int first = executor.execute(intent);
    const int second = executor.execute(intent); // the double click, while the first is out
    QCOMPARE(second, first);
    QVERIFY(executor.isInFlight(intent.actionKey));
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(first), 10000);
    QVERIFY(results.byId.value(first).kind == Kind::Applied);
    QVERIFY(!executor.isBusy());
    const int third = executor.execute(intent); // a retry button, after the answer
    QVERIFY(third != first);
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(third), 10000);
    const ActionResult replay = results.byId.value(third);
    QVERIFY2(replay.kind == Kind::AppliedBefore, qPrintable(replay.message));
    QVERIFY(replay.isApplied());
    QCOMPARE(replay.outcome->auditId, results.byId.value(first).outcome->auditId);
    QCOMPARE(results.answers, 2);
    QCOMPARE(actiontest::auditRowsFor(*su, intent.actionKey), 1);
    QCOMPARE(optest::eventKinds(*su, run.id).count(QStringLiteral("cancelled")), 1);
}

void TestActionExecutor::resendAfterIdleConnectionWasKilled() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun a =
        optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("a"));
    const optest::PreparedRun b =
        optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("b"));
    QVERIFY(a.error.isEmpty() && b.error.isEmpty());
    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    executor.setRetryPolicy(6, 50, 400);
    actiontest::Results results(executor);
    QSignalSpy lost(&executor, &ActionExecutor::connectionLost);
    QSignalSpy restored(&executor, &ActionExecutor::connectionRestored);
    const int warm = executor.execute(
        ActionIntent::create(OperatorAction::RouteToReview, a.id, a.token, QStringLiteral("warm")));
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(warm), 10000);
    const int pid = executor.backendPid();
    QVERIFY(pid > 0);
    QVERIFY(actiontest::terminate(*su, pid));

    const ActionIntent intent =
        ActionIntent::create(OperatorAction::Cancel, b.id, b.token, QStringLiteral("after kill"));
    const int id = executor.execute(intent);
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 10000);
    const ActionResult result = results.byId.value(id);
    QVERIFY2(result.kind == Kind::Applied, qPrintable(result.message));
    QCOMPARE(result.attempts, 2); // the first send met the dead connection
    QVERIFY(executor.backendPid() != pid);
    QCOMPARE(lost.count(), 1);
    QCOMPARE(restored.count(), 1);
    QCOMPARE(actiontest::auditRowsFor(*su, intent.actionKey), 1);
    QCOMPARE(runStatus(*su, b.id), QStringLiteral("cancelled"));
}

void TestActionExecutor::resendAfterConnectionKilledMidStatement() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto blocker = db.connect();
    QVERIFY(su && blocker);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    executor.setRetryPolicy(6, 50, 400);
    actiontest::Results results(executor);

    // Hold the run's row: the action reaches the server and waits inside its transaction.
    PgParams id1;
    id1.add(run.id);
    QVERIFY(blocker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(blocker->exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), id1)
                .ok());
    const ActionIntent intent = ActionIntent::create(OperatorAction::RequestContinuation, run.id,
                                                     run.token, QStringLiteral("mid-statement"));
    const int id = executor.execute(intent);
    QTRY_VERIFY_WITH_TIMEOUT(executor.backendPid() > 0, 10000);
    const int pid = executor.backendPid();
    QVERIFY(actiontest::waitsForLock(*su, pid, blocker->backendPid()));
    QVERIFY(actiontest::terminate(*su, pid));
    // The resend waits for the same row; let it go.
    QTRY_VERIFY_WITH_TIMEOUT(executor.backendPid() != pid && executor.backendPid() > 0, 10000);
    QVERIFY(blocker->exec(QStringLiteral("ROLLBACK")).ok());
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 10000);
    const ActionResult result = results.byId.value(id);
    QVERIFY2(result.kind == Kind::Applied, qPrintable(result.message));
    QCOMPARE(result.attempts, 2);
    QCOMPARE(actiontest::auditRowsFor(*su, intent.actionKey), 1);
    QCOMPARE(actiontest::count(*su,
                               QStringLiteral("SELECT count(*) FROM dedup.commands WHERE"
                                              " run_id = $1"),
                               id1),
             1);
    QCOMPARE(optest::eventKinds(*su, run.id).count(QStringLiteral("continuation_requested")), 1);
}

void TestActionExecutor::firstSendsAnswerLost() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const ActionIntent intent =
        ActionIntent::create(OperatorAction::Cancel, run.id, run.token, QStringLiteral("lost"));
    // The first send reached the server and committed; its answer never came back. What the
    // server then holds is exactly this: the key applied.
    PgParams p;
    p.add(run.id).add(run.token).add(intent.reason).add(intent.actionKey);
    const PgResult first = op->exec(optest::sqlFor(QStringLiteral("op_cancel")), p);
    QVERIFY2(first.ok() && first.text(0, "outcome") == QLatin1String("applied"),
             qPrintable(first.error().toString()));

    ActionExecutor executor(db.conninfo(QStringLiteral("t_operator")));
    actiontest::Results results(executor);
    const int id = executor.execute(intent);
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 10000);
    const ActionResult result = results.byId.value(id);
    QVERIFY2(result.kind == Kind::AppliedBefore, qPrintable(result.message));
    QVERIFY(result.message.contains(QStringLiteral("nothing was done twice")));
    QCOMPARE(actiontest::auditRowsFor(*su, intent.actionKey), 1);
    QCOMPARE(optest::eventKinds(*su, run.id).count(QStringLiteral("cancelled")), 1);
}

void TestActionExecutor::blankReasonRefusedWithoutRoundTrip() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    for (const QString &conninfo :
         {db.conninfo(QStringLiteral("t_operator")),
          QStringLiteral("host=/nonexistent-socket-dir port=1 connect_timeout=1")}) {
        ActionExecutor executor(conninfo);
        actiontest::Results results(executor);
        for (const QString &reason : {QString(), QStringLiteral("   "), QStringLiteral("\t\n")}) {
            const int id = executor.execute(
                ActionIntent::create(OperatorAction::Cancel, run.id, run.token, reason));
            QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(id), 2000);
            const ActionResult result = results.byId.value(id);
            QVERIFY(result.kind == Kind::Error);
            QVERIFY(result.errorKind == store::StoreErrorKind::InvalidArgument);
            QCOMPARE(result.attempts, 0);
            QVERIFY(result.message.contains(QStringLiteral("reason")));
        }
        QCOMPARE(executor.backendPid(), 0); // never even connected
    }
    QCOMPARE(actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), 0);
    QCOMPARE(runStatus(*su, run.id), QStringLiteral("failed"));
}

void TestActionExecutor::viewerIsRefusedByTheDatabase() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("manual_review"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const QString before = optest::snapshot(*su);
    ActionExecutor executor(db.conninfo(QStringLiteral("t_viewer")));
    actiontest::Results results(executor);
    QList<int> ids;
    for (const OperatorAction action :
         {OperatorAction::ResolveCancelled, OperatorAction::Cancel, OperatorAction::AssignReview}) {
        ActionIntent intent =
            ActionIntent::create(action, run.id, run.token, QStringLiteral("viewer tries"));
        intent.assignee = QStringLiteral("mallory");
        ids << executor.execute(intent);
    }
    QTRY_COMPARE_WITH_TIMEOUT(results.answers, 3, 10000);
    for (const int id : ids) {
        const ActionResult result = results.byId.value(id);
        QVERIFY(result.kind == Kind::Error);
        QVERIFY2(result.errorKind == store::StoreErrorKind::PermissionDenied,
                 qPrintable(result.error.toString()));
        QCOMPARE(result.attempts, 1);
    }
    QCOMPARE(optest::snapshot(*su), before);
    QCOMPARE(actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), 0);
    // and the console offers a read-only session nothing to click
    QVERIFY(availableActions(RunStatus::ManualReview, false, false).isEmpty());
}

QTEST_GUILESS_MAIN(TestActionExecutor)
#include "tst_actionexecutor.moc"
