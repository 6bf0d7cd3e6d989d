// The single-run action dialog against a private PostgreSQL: the impact preview of a
// continuation with an uncertain step (the warning shown), OK gated by a blank reason, the
// run changed since the operator looked (before the preview and after it: OK disabled, the
// message shown, Look again), a double click applying once, the outcome shown, and the menu
// actions per role and state.
#include "ActionTestRuns.h"
#include "widgets/ActionDialog.h"
#include "widgets/StoreConnections.h"

#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

using namespace dedup;
using actions::ActionResult;
using actions::OperatorAction;
using core::RunStatus;
using widgets::ActionDialog;
using widgets::StoreConnections;

namespace {

QString labelText(const ActionDialog &dialog, const char *name) {
    const auto *label = dialog.findChild<QLabel *>(QLatin1String(name));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

QLineEdit *edit(const ActionDialog &dialog, const char *name) {
    return dialog.findChild<QLineEdit *>(QLatin1String(name));
}

// A worker takes the failed run again: new lease token, status processing.
QString reclaim(const TestDatabase &db) {
    return db.exec(QStringLiteral(
        "SELECT dedup.claim(p_scope => 'test', p_key => 'key-1', p_workflow => 'wf',"
        " p_fingerprint => 'fp', p_worker => 'worker-2', p_steps => '{draft,send,notify}')"));
}

} // namespace

class TestActionDialog : public QObject {
    Q_OBJECT

private slots:
    void continuationPreviewWarnsAboutUncertainStep();
    void blankReasonDisablesOk();
    void changedBeforePreviewNeedsLookAgain();
    void changedAfterPreviewIsRefused();
    void doubleClickAppliesOnce();
    void viewerGetsNoActions();
    void refusedSendKeepsItsKey();
    void rerunUncertainReadsPreviewAgain();
};

void TestActionDialog::continuationPreviewWarnsAboutUncertainStep() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                        OperatorAction::RequestContinuation, run.id, run.token, RunStatus::Failed);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 10000);
    QVERIFY(dialog.preview()->canConfirm());
    QVERIFY(labelText(dialog, "statusChangeLabel").contains(QLatin1String("failed")));
    QVERIFY2(
        labelText(dialog, "warningsLabel").contains(QLatin1String("may already have happened")),
        qPrintable(labelText(dialog, "warningsLabel")));
    QVERIFY(labelText(dialog, "effectsLabel")
                .contains(QLatin1String("1 step(s) to run, 1 skipped as done, 1 uncertain")));
    const auto *steps = dialog.findChild<QTableWidget *>(QStringLiteral("stepsTable"));
    QVERIFY(steps);
    QCOMPARE(steps->rowCount(), 3);
    QCOMPARE(steps->item(0, 0)->text(), QStringLiteral("draft"));
    QCOMPARE(steps->item(0, 2)->text(), QStringLiteral("skip (done)"));
    QCOMPARE(steps->item(0, 4)->text(), QString());
    QCOMPARE(steps->item(1, 0)->text(), QStringLiteral("send"));
    QCOMPARE(steps->item(1, 1)->text(), QStringLiteral("uncertain"));
    QCOMPARE(steps->item(1, 2)->text(), QStringLiteral("uncertain: stops for review"));
    QVERIFY(steps->item(1, 4)->text().contains(QLatin1String("may already have happened")));
    QCOMPARE(steps->item(2, 0)->text(), QStringLiteral("notify"));
    QCOMPARE(steps->item(2, 2)->text(), QStringLiteral("run"));
}

void TestActionDialog::blankReasonDisablesOk() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                        OperatorAction::Cancel, run.id, run.token, RunStatus::Failed);
    QVERIFY(!dialog.okButton()->isEnabled()); // loading
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 10000);
    QVERIFY(dialog.preview()->canConfirm());
    QVERIFY(!dialog.okButton()->isEnabled());
    edit(dialog, "reasonEdit")->setText(QStringLiteral("   "));
    QVERIFY(!dialog.okButton()->isEnabled());
    edit(dialog, "reasonEdit")->setText(QStringLiteral("OPS-1"));
    QVERIFY(dialog.okButton()->isEnabled());
    edit(dialog, "reasonEdit")->clear();
    QVERIFY(!dialog.okButton()->isEnabled());
    // Nothing was sent.
    QCOMPARE(actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), 0);
}

void TestActionDialog::changedBeforePreviewNeedsLookAgain() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    // The view showed the run while it was still processing with the worker's token.
    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                        OperatorAction::Cancel, run.id, run.token + 7, RunStatus::Processing);
    dialog.setReason(QStringLiteral("OPS-2"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 10000);
    QVERIFY(dialog.preview()->changedSinceSeen);
    QVERIFY(!dialog.okButton()->isEnabled());
    QVERIFY2(labelText(dialog, "blockedLabel").contains(QLatin1String("changed since you looked")),
             qPrintable(labelText(dialog, "blockedLabel")));
    QVERIFY(dialog.lookAgainButton()->isEnabled());

    QTest::mouseClick(dialog.lookAgainButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isLoading(), 10000);
    QVERIFY(!dialog.preview()->changedSinceSeen);
    QCOMPARE(dialog.preview()->request.seenToken, run.token);
    QVERIFY(dialog.okButton()->isEnabled());
    QCOMPARE(labelText(dialog, "blockedLabel"), QString());
}

void TestActionDialog::changedAfterPreviewIsRefused() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                        OperatorAction::Cancel, run.id, run.token, RunStatus::Failed);
    dialog.setReason(QStringLiteral("OPS-3"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.okButton()->isEnabled(), 10000);

    const QString error = reclaim(db); // the run changes while the dialog is open
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.result().has_value(), 10000);
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("changed"));
    QVERIFY(!dialog.okButton()->isEnabled());
    QVERIFY(labelText(dialog, "blockedLabel").contains(QLatin1String("changed since you looked")));
    QVERIFY(labelText(dialog, "resultLabel").contains(QLatin1String("Look again")));
    QVERIFY(dialog.lookAgainButton()->isEnabled());
    QCOMPARE(optest::runRow(*su, run.id).value(QStringLiteral("status")).toString(),
             QStringLiteral("processing"));

    // A new look: the run is processing under a live lease now, so cancel is still offered
    // (op_cancel fences the worker) but with the new token.
    QTest::mouseClick(dialog.lookAgainButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isLoading(), 10000);
    QCOMPARE(dialog.preview()->request.seenToken, run.token + 1);
    QCOMPARE(optest::name(dialog.preview()->request.seenStatus), QStringLiteral("processing"));
    QVERIFY(!dialog.result().has_value());
}

void TestActionDialog::doubleClickAppliesOnce() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                        OperatorAction::Cancel, run.id, run.token, RunStatus::Failed);
    QSignalSpy finished(&dialog, &ActionDialog::actionFinished);
    dialog.setReason(QStringLiteral("OPS-4: duplicate order"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.okButton()->isEnabled(), 10000);
    QTest::mouseDClick(dialog.okButton(), Qt::LeftButton);
    QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
    QVERIFY(dialog.isSending());
    QVERIFY(!dialog.okButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(dialog.result().has_value(), 10000);
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("applied"));
    QTest::qWait(200);
    QCOMPARE(finished.size(), 1);
    store::PgParams id;
    id.add(run.id);
    QCOMPARE(actiontest::count(
                 *su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE run_id = $1"), id),
             1);
    QCOMPARE(optest::runRow(*su, run.id).value(QStringLiteral("status")).toString(),
             QStringLiteral("cancelled"));
    QVERIFY(!dialog.okButton()->isVisible());
    QCOMPARE(labelText(dialog, "resultLabel"), dialog.result()->message);
}

void TestActionDialog::viewerGetsNoActions() {
    QObject parent;
    for (const RunStatus status :
         {RunStatus::Processing, RunStatus::Failed, RunStatus::ManualReview}) {
        QVERIFY(ActionDialog::actionsFor(status, true, false, &parent).isEmpty());
    }
    QVERIFY(ActionDialog::actionsFor(RunStatus::Succeeded, false, true, &parent).isEmpty());
    const QList<QAction *> failed =
        ActionDialog::actionsFor(RunStatus::Failed, false, true, &parent);
    QList<OperatorAction> offered;
    for (const QAction *action : failed) {
        QCOMPARE(action->parent(), &parent);
        offered << ActionDialog::actionOf(action);
    }
    QVERIFY(offered.contains(OperatorAction::Cancel));
    QVERIFY(offered.contains(OperatorAction::RequestContinuation));
    QVERIFY(!offered.contains(OperatorAction::ResolveStep));
    QVERIFY(!offered.contains(OperatorAction::ResolveSucceeded));
}

void TestActionDialog::refusedSendKeepsItsKey() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    // A viewer may read the preview; the database refuses the action.
    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_viewer"))),
                        OperatorAction::Cancel, run.id, run.token, RunStatus::Failed);
    dialog.setReason(QStringLiteral("OPS-5"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.okButton()->isEnabled(), 10000);
    QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.result().has_value(), 10000);
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("error"));
    QVERIFY(dialog.result()->errorKind == store::StoreErrorKind::PermissionDenied);
    const QString key = dialog.result()->intent.actionKey;
    QVERIFY(!key.isEmpty());
    QCOMPARE(dialog.okButton()->text(), QStringLiteral("Send again"));
    QVERIFY(dialog.okButton()->isEnabled());
    QVERIFY(edit(dialog, "reasonEdit")->isReadOnly()); // the same decision, resent as is
    QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isSending(), 10000);
    QCOMPARE(dialog.result()->intent.actionKey, key);
    QCOMPARE(actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), 0);
    QCOMPARE(optest::runRow(*su, run.id).value(QStringLiteral("status")).toString(),
             QStringLiteral("failed"));
}

void TestActionDialog::rerunUncertainReadsPreviewAgain() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    ActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                        OperatorAction::RequestContinuation, run.id, run.token, RunStatus::Failed);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 10000);
    QCOMPARE(dialog.preview()->stepsUncertain, 1);
    auto *rerun = dialog.findChild<QCheckBox *>(QStringLiteral("rerunUncertainCheck"));
    QVERIFY(rerun && rerun->isVisibleTo(&dialog));
    rerun->setChecked(true);
    QVERIFY(dialog.isLoading());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isLoading(), 10000);
    QVERIFY(dialog.preview()->request.rerunUncertain);
    QCOMPARE(dialog.preview()->stepsUncertain, 0);
    QCOMPARE(dialog.preview()->stepsToRun, 2);
    const auto *steps = dialog.findChild<QTableWidget *>(QStringLiteral("stepsTable"));
    QCOMPARE(steps->item(1, 2)->text(), QStringLiteral("run"));

    dialog.setReason(QStringLiteral("OPS-6: provider has no record of the send"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.okButton()->isEnabled(), 10000);
    QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.result().has_value(), 10000);
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("applied"));
    QVERIFY(dialog.result()->intent.rerunUncertain);
}

QTEST_MAIN(TestActionDialog)
#include "tst_actiondialog.moc"
