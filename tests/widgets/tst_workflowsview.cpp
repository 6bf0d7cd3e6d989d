// The Workflows tab, its Pause / Resume dialog and the pause banner against a private
// PostgreSQL (docs/CONSOLE.md "Workflows"): pausing through the dialog writes the pause and
// its audit row, the table says Paused and the banner shows what is paused; resuming hides
// it again. A blank reason keeps OK disabled; the dialog says what will happen; what is
// offered follows the login's grants (dedup.my_access()); a refusal and a lost connection are
// shown as such.
#include "TestDatabase.h"
#include "models/WorkflowOverviewLoader.h"
#include "models/WorkflowsModel.h"
#include "store/ConnectionCheck.h"
#include "store/WorkflowPauses.h"
#include "widgets/MainWindow.h"
#include "widgets/PauseBanner.h"
#include "widgets/PauseWorkflowDialog.h"
#include "widgets/RunsView.h"
#include "widgets/StoreConnections.h"
#include "widgets/StoreSession.h"
#include "widgets/WorkflowsView.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QPointer>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using namespace Qt::StringLiterals;
using models::WorkflowsModel;
using widgets::MainWindow;
using widgets::PauseBanner;
using widgets::PauseWorkflowDialog;
using widgets::WorkflowsView;

namespace {

// Runs of billing (eu- and us- scopes) and shipping, so both workflows are listed.
const QString kSeed = uR"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at, last_error)
SELECT s, 'k' || i, w, 'fp', st, now() - i * interval '1 minute',
       CASE WHEN st = 'failed' THEN '{"class": "provider_5xx"}'::jsonb END
  FROM (VALUES (1, 'eu-1', 'billing', 'failed'), (2, 'eu-2', 'billing', 'failed'),
               (3, 'us-1', 'billing', 'succeeded'), (4, 'eu-3', 'shipping', 'succeeded'))
       v(i, s, w, st);
)SQL"_s;

store::ConnectionReport reportFor(const TestDatabase &db, const QString &user, bool canOperate) {
    store::ConnectionReport report;
    report.conninfo = db.conninfo(user);
    report.target = user + u"@test/"_s + db.name();
    report.currentUser = user;
    report.canOperate = canOperate;
    report.canRead = true;
    return report;
}

QString text(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const store::PgResult result = conn ? conn->exec(sql) : store::PgResult();
    if (!result.ok())
        return u"<error: %1>"_s.arg(result.error().toString());
    QStringList rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.append(result.text(row, 0));
    return rows.join(u'\n');
}

PauseWorkflowDialog *openedDialog(MainWindow &window) {
    return window.findChild<PauseWorkflowDialog *>(u"pauseWorkflowDialog"_s);
}

bool waitForAnswer(PauseWorkflowDialog *dialog) {
    return QTest::qWaitFor([dialog] { return dialog->answer().has_value(); }, 30000);
}

} // namespace

class TestWorkflowsView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pauseShowsBannerAndResumeHidesIt();
    void dialogSaysWhatWillHappen();
    void bannerListsEveryPause();
    void offeredAsTheGrantsAllow();
    void refusalIsShown();
    void lostConnectionLeavesTheOutcomeUnknown();
};

void TestWorkflowsView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    QSettings().clear();
}

void TestWorkflowsView::pauseShowsBannerAndResumeHidesIt() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(db.exec(kSeed), QString());
    MainWindow window;
    window.resize(1280, 720);
    window.attachStore(reportFor(db, u"t_operator"_s, true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    WorkflowsView *view = window.workflowsView();
    window.showView(view);
    auto *banner = window.findChild<PauseBanner *>(u"pauseBanner"_s);
    QVERIFY(banner);
    QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 15000);
    QCOMPARE(view->summaryText(), u"2 workflows, none paused"_s);
    QVERIFY(!banner->isVisible());
    // Nothing selected: nothing to pause.
    QVERIFY(!view->pauseAction()->isEnabled());
    QVERIFY(view->selectWorkflow(u"billing"_s));
    QVERIFY(view->pauseAction()->isEnabled());
    QVERIFY(!view->resumeAction()->isEnabled()); // not paused

    view->pauseAction()->trigger();
    PauseWorkflowDialog *dialog = openedDialog(window);
    QVERIFY(dialog);
    QCOMPARE(dialog->workflow(), u"billing"_s);
    // A blank reason keeps OK disabled.
    QVERIFY(!dialog->okButton()->isEnabled());
    dialog->setReason(u"   "_s);
    QVERIFY(!dialog->okButton()->isEnabled());
    dialog->setReason(u"provider outage"_s);
    QVERIFY(dialog->okButton()->isEnabled());
    QCOMPARE(dialog->effectText(),
             u"New runs of billing (all scopes) are not started; runs in flight finish."_s);
    dialog->okButton()->click();
    QVERIFY(waitForAnswer(dialog));
    QVERIFY2(dialog->answer()->ok(), qPrintable(dialog->resultText()));
    QCOMPARE(dialog->answer()->result->outcome, u"paused"_s);
    QCOMPARE(dialog->resultText(), u"Paused billing (all scopes)."_s);
    QVERIFY(!dialog->okButton()->isVisible());

    // The store has the pause and its audit row.
    QCOMPARE(text(db, u"SELECT workflow || '|' || scope_prefix || '|' || stop_steps || '|' ||"
                      u" reason || '|' || paused_by FROM dedup.workflow_pauses"_s),
             u"billing||false|provider outage|t_operator"_s);
    QCOMPARE(text(db, u"SELECT action || '|' || outcome || '|' || reason || '|' || db_role"
                      u" FROM dedup.audit_log ORDER BY id"_s),
             u"op_pause_workflow|applied|provider outage|t_operator"_s);

    // The table and the banner follow (the view re-reads after the answer).
    const int row = view->model()->rowOfWorkflow(u"billing"_s);
    QTRY_VERIFY_WITH_TIMEOUT(view->model()
                                 ->index(row, WorkflowsModel::StateColumn)
                                 .data()
                                 .toString()
                                 .startsWith(u"Paused (all scopes) since "_s),
                             15000);
    QTRY_VERIFY(banner->isVisible());
    QVERIFY2(banner->message().startsWith(u"Paused: billing (all scopes) since "_s),
             qPrintable(banner->message()));
    QVERIFY2(banner->message().endsWith(u" by t_operator — provider outage"_s),
             qPrintable(banner->message()));
    QCOMPARE(view->summaryText(), u"2 workflows, 1 paused"_s);
    QVERIFY(view->resumeAction()->isEnabled());
    const QPointer<PauseWorkflowDialog> closed = dialog;
    dialog->close();
    QTRY_VERIFY(!closed); // deleted on close

    // The banner's button brings the Workflows tab back.
    window.showView(window.runsView());
    banner->findChild<QPushButton *>(u"showWorkflowsButton"_s)->click();
    QVERIFY(view->isVisible());

    // Resume asks for a reason too.
    QVERIFY(view->selectWorkflow(u"billing"_s));
    view->resumeAction()->trigger();
    dialog = openedDialog(window);
    QVERIFY(dialog);
    QCOMPARE(dialog->kind(), PauseWorkflowDialog::Kind::Resume);
    QCOMPARE(dialog->scopePrefix(), QString());
    QVERIFY(!dialog->okButton()->isEnabled());
    dialog->setReason(u"provider back"_s);
    dialog->okButton()->click();
    QVERIFY(waitForAnswer(dialog));
    QCOMPARE(dialog->answer()->result->outcome, u"resumed"_s);
    QCOMPARE(text(db, u"SELECT count(*) FROM dedup.workflow_pauses"_s), u"0"_s);
    QCOMPARE(text(db, u"SELECT action || '|' || reason FROM dedup.audit_log ORDER BY id"_s),
             u"op_pause_workflow|provider outage\nop_resume_workflow|provider back"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), 15000);
    QCOMPARE(view->model()->index(row, WorkflowsModel::StateColumn).data().toString(),
             u"Running"_s);
    dialog->close();
    window.detachStore();
    QVERIFY(!banner->isVisible());
}

void TestWorkflowsView::dialogSaysWhatWillHappen() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    PauseWorkflowDialog dialog(widgets::StoreConnections(db.conninfo(u"t_operator"_s)),
                               PauseWorkflowDialog::Kind::Pause, u"billing"_s, {});
    dialog.setScopePrefix(u"eu-"_s);
    dialog.setStopSteps(true);
    QCOMPARE(dialog.effectText(),
             u"New runs of billing (scopes eu-*) are not started; runs in flight stop before "
             u"their next step and wait until it is resumed."_s);
    dialog.setRetryAfterSeconds(120);
    dialog.setReason(u"PSP down in the EU"_s);
    dialog.okButton()->click();
    QVERIFY(QTest::qWaitFor([&dialog] { return dialog.answer().has_value(); }, 30000));
    QVERIFY2(dialog.answer()->ok(), qPrintable(dialog.resultText()));
    QCOMPARE(text(db, u"SELECT scope_prefix || '|' || stop_steps || '|' ||"
                      u" extract(epoch FROM retry_after)::int FROM dedup.workflow_pauses"_s),
             u"eu-|true|120"_s);
    // Pausing again with the same settings replaces them (a new decision, a new action key).
    PauseWorkflowDialog again(widgets::StoreConnections(db.conninfo(u"t_operator"_s)),
                              PauseWorkflowDialog::Kind::Pause, u"billing"_s, {});
    again.setScopePrefix(u"eu-"_s);
    again.setReason(u"PSP down, steps may go on"_s);
    again.okButton()->click();
    QVERIFY(QTest::qWaitFor([&again] { return again.answer().has_value(); }, 30000));
    QCOMPARE(again.answer()->result->outcome, u"updated"_s);
    QVERIFY2(again.resultText().contains(u"already paused"_s), qPrintable(again.resultText()));
    QCOMPARE(text(db, u"SELECT count(DISTINCT action_key) FROM dedup.audit_log"_s), u"2"_s);
}

void TestWorkflowsView::bannerListsEveryPause() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // Five workflows as the demo store has them, with runs of every status in the last hour.
    QCOMPARE(db.exec(uR"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at,
                        lease_expires_at, review_at, last_error)
SELECT 'clinic-' || (40 + i % 3) || '/p-' || i, 'k' || i, w, 'fp', s,
       now() - (i % 50) * interval '1 minute',
       CASE WHEN s = 'processing' THEN now() + (CASE WHEN i % 7 = 0 THEN -1 ELSE 1 END)
                                              * interval '2 minutes' END,
       CASE WHEN s = 'manual_review' THEN now() END,
       CASE WHEN s IN ('failed', 'manual_review') THEN '{"class": "timeout"}'::jsonb END
  FROM generate_series(1, 600) i
 CROSS JOIN LATERAL (SELECT (ARRAY['appointment-confirmation', 'appointment-scheduling',
                                   'invoice-payment-intent', 'lab-results-notification',
                                   'lab-sample-sync'])[1 + i % 5] AS w,
                            CASE WHEN i % 23 = 0 THEN 'failed'
                                 WHEN i % 31 = 0 THEN 'manual_review'
                                 WHEN i % 11 = 0 THEN 'processing'
                                 ELSE 'succeeded' END AS s) v;
)SQL"_s),
             QString());
    auto op = db.connect(u"t_operator"_s);
    QVERIFY(op);
    store::PgError error;
    QVERIFY2(store::WorkflowPauses(*op).pause(
                 u"invoice-payment-intent"_s, {}, false, 120,
                 u"payment provider outage (status page incident 4471)"_s, u"wv-b-1"_s, &error),
             qPrintable(error.toString()));
    QVERIFY2(store::WorkflowPauses(*op).pause(u"lab-results-notification"_s, u"clinic-42/"_s, true,
                                              60, u"clinic-42 lab gateway in maintenance"_s,
                                              u"wv-b-2"_s, &error),
             qPrintable(error.toString()));
    MainWindow window;
    window.resize(1600, 1000);
    store::ConnectionReport report = reportFor(db, u"t_operator"_s, true);
    report.target = u"t_operator@db1.example/dedup"_s;
    window.attachStore(report);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    WorkflowsView *view = window.workflowsView();
    window.showView(view);
    auto *banner = window.findChild<PauseBanner *>(u"pauseBanner"_s);
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
    QCOMPARE(view->model()->rowCount(), 5);
    QCOMPARE(view->summaryText(), u"5 workflows, 2 paused"_s);
    // In the overview's order (by workflow), a line each.
    const QString message = banner->message();
    QVERIFY2(message.startsWith(u"Paused: invoice-payment-intent (all scopes) since "_s),
             qPrintable(message));
    QVERIFY2(message.contains(u" — payment provider outage (status page incident 4471)\n"
                              u"Paused: lab-results-notification (scopes clinic-42/*) since "_s),
             qPrintable(message));
    QVERIFY(banner->toolTip().contains(u"stop before their next step"_s));
    const int lab = view->model()->rowOfWorkflow(u"lab-results-notification"_s);
    QVERIFY(view->model()
                ->index(lab, WorkflowsModel::StateColumn)
                .data()
                .toString()
                .startsWith(u"Paused (scopes clinic-42/*, stops before the next step) since "_s));
    QVERIFY(view->selectWorkflow(u"invoice-payment-intent"_s));
    // DEDUP_SCREENSHOT_DIR=<dir>: keep a picture of the window to look at (README).
    if (qEnvironmentVariableIsSet("DEDUP_SCREENSHOT_DIR")) {
        QTest::qWait(200);
        QVERIFY(window.grab().save(
            QDir(qEnvironmentVariable("DEDUP_SCREENSHOT_DIR")).filePath(u"workflows.png"_s)));
    }
    window.detachStore();
}

void TestWorkflowsView::offeredAsTheGrantsAllow() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(db.exec(kSeed), QString());
    // A viewer: nothing offered.
    {
        MainWindow window;
        window.attachStore(reportFor(db, u"t_viewer"_s, false));
        WorkflowsView *view = window.workflowsView();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 15000);
        QVERIFY(view->selectWorkflow(u"billing"_s));
        QVERIFY(!view->pauseAction()->isEnabled());
        QVERIFY(view->pauseAction()->toolTip().contains(u"do not cover"_s));
        QVERIFY(!view->openPause());
    }
    // An operator of billing's eu- scopes, its grants as dedup.my_access() tells them:
    // billing can be paused, from the prefix eu-; shipping cannot.
    const QString login = u"t_wv_eu_%1"_s.arg(QCoreApplication::applicationPid());
    db.exec(u"DROP ROLE IF EXISTS %1"_s.arg(login));
    QCOMPARE(db.exec(u"CREATE ROLE %1 LOGIN IN ROLE dedup_operator"_s.arg(login)), QString());
    auto dropLogin = qScopeGuard([&] { db.exec(u"DROP ROLE IF EXISTS %1"_s.arg(login)); });
    QCOMPARE(db.grant(login, u"operator"_s, {u"billing"_s}, {u"eu-"_s}), QString());
    QCOMPARE(db.grant(login, u"viewer"_s, {u"shipping"_s}), QString());
    const store::ConnectionReport report = store::ConnectionCheck::run(db.conninfo(login));
    QVERIFY2(report.ok(), qPrintable(report.message + report.detail));
    MainWindow window;
    window.attachStore(report);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    WorkflowsView *view = window.workflowsView();
    QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 15000);
    QVERIFY(view->selectWorkflow(u"shipping"_s));
    QVERIFY(!view->pauseAction()->isEnabled());
    QVERIFY(view->selectWorkflow(u"billing"_s));
    QVERIFY(view->pauseAction()->isEnabled());
    PauseWorkflowDialog *dialog = view->openPause();
    QVERIFY(dialog);
    QCOMPARE(dialog->scopePrefix(), u"eu-"_s);
    dialog->setReason(u"EU provider outage"_s);
    dialog->okButton()->click();
    QVERIFY(waitForAnswer(dialog));
    QVERIFY2(dialog->answer()->ok(), qPrintable(dialog->resultText()));
    QCOMPARE(text(db, u"SELECT paused_by || '|' || scope_prefix FROM dedup.workflow_pauses"_s),
             login + u"|eu-"_s);
    dialog->close();
    window.detachStore();
    db.exec(u"DROP OWNED BY %1"_s.arg(login));
}

void TestWorkflowsView::refusalIsShown() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString login = u"t_wv_refused_%1"_s.arg(QCoreApplication::applicationPid());
    db.exec(u"DROP ROLE IF EXISTS %1"_s.arg(login));
    QCOMPARE(db.exec(u"CREATE ROLE %1 LOGIN IN ROLE dedup_operator"_s.arg(login)), QString());
    auto dropLogin = qScopeGuard([&] { db.exec(u"DROP ROLE IF EXISTS %1"_s.arg(login)); });
    QCOMPARE(db.grant(login, u"operator"_s, {u"billing"_s}, {u"eu-"_s}), QString());
    // The whole workflow is beyond its grants: the store refuses, whatever the dialog sent.
    PauseWorkflowDialog dialog(widgets::StoreConnections(db.conninfo(login)),
                               PauseWorkflowDialog::Kind::Pause, u"billing"_s, {});
    dialog.setReason(u"outage"_s);
    dialog.okButton()->click();
    QVERIFY(QTest::qWaitFor([&dialog] { return dialog.answer().has_value(); }, 30000));
    QCOMPARE(dialog.answer()->errorKind, store::StoreErrorKind::PermissionDenied);
    QVERIFY2(dialog.resultText().startsWith(u"The store refused: your operator grants do not "
                                            u"cover billing (all scopes). Nothing was done."_s),
             qPrintable(dialog.resultText()));
    QCOMPARE(text(db, u"SELECT count(*) FROM dedup.workflow_pauses"_s), u"0"_s);
    // Nothing was applied: the request may be changed and sent as a new one.
    QVERIFY(dialog.okButton()->isEnabled());
    QCOMPARE(dialog.okButton()->text(), u"Pause"_s);
    db.exec(u"DROP OWNED BY %1"_s.arg(login));
}

void TestWorkflowsView::lostConnectionLeavesTheOutcomeUnknown() {
    // A server that is not there: every send finds no connection.
    PauseWorkflowDialog dialog(
        widgets::StoreConnections(u"host=127.0.0.1 port=1 connect_timeout=1 dbname=none"_s),
        PauseWorkflowDialog::Kind::Pause, u"billing"_s, {});
    dialog.sender()->setRetryPolicy(2, 10, 10);
    dialog.setReason(u"outage"_s);
    dialog.okButton()->click();
    QVERIFY(QTest::qWaitFor([&dialog] { return dialog.answer().has_value(); }, 30000));
    QVERIFY(dialog.answer()->outcomeUnknown());
    QVERIFY2(dialog.resultText().contains(u"may or may not have applied"_s),
             qPrintable(dialog.resultText()));
    // The same request (same action key) is what Send Again sends: its fields stay.
    QCOMPARE(dialog.okButton()->text(), u"Send Again"_s);
    QVERIFY(dialog.okButton()->isEnabled());
    QVERIFY(!dialog.findChild<QCheckBox *>(u"stopStepsCheck"_s)->isEnabled());
}

QTEST_MAIN(TestWorkflowsView)
#include "tst_workflowsview.moc"
