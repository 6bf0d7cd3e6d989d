// The Settle Step dialog against a private PostgreSQL (docs/CONSOLE.md "Settling an uncertain
// step"): what was sent is shown; nothing can be sent before an answer, a reason and a preview
// that allows it; each answer applies its one audited action; escalating a run already in review
// needs a name; a run that changed since the operator looked blocks until Look Again; the
// OperatorViews entry point (the run detail's steps).
#include "ActionTestRuns.h"
#include "widgets/SettleStepDialog.h"
#include "widgets/StoreConnections.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QtTest>

using namespace dedup;
using actions::ActionResult;
using actions::SettleChoice;
using core::RunStatus;
using store::PgConnection;
using store::PgParams;
using widgets::SettleStepDialog;
using widgets::StoreConnections;

namespace {

QString labelText(const SettleStepDialog &dialog, const char *name) {
    const auto *label = dialog.findChild<QLabel *>(QLatin1String(name));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

bool waitForPreview(SettleStepDialog &dialog) {
    return QTest::qWaitFor([&dialog] { return !dialog.isLoading() && dialog.preview(); }, 10000);
}

bool waitForResult(SettleStepDialog &dialog) {
    return QTest::qWaitFor([&dialog] { return dialog.result().has_value(); }, 15000);
}

QString stepOf(PgConnection &su, qint64 runId, const QString &columns) {
    PgParams params;
    params.add(runId);
    return optest::text(
        su,
        QStringLiteral("SELECT %1 FROM dedup.steps WHERE run_id = $1 AND name = 'send'")
            .arg(columns),
        params);
}

} // namespace

class TestSettleStepDialog : public QObject {
    Q_OBJECT

private slots:
    void showsWhatWasSentAndRecordsItHappened();
    void didNotHappenQueuesTheContinuation();
    void escalatingARunInReviewNeedsAName();
    void changedSinceSeenBlocksUntilLookAgain();
};

void TestSettleStepDialog::showsWhatWasSentAndRecordsItHappened() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    SettleStepDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), run.id,
                            QStringLiteral("send"), run.token, RunStatus::Failed);
    QVERIFY(waitForPreview(dialog));
    QVERIFY2(labelText(dialog, "stepValue").contains(QLatin1String("send (number 2, uncertain)")),
             qPrintable(labelText(dialog, "stepValue")));
    QCOMPARE(labelText(dialog, "attemptValue"), QStringLiteral("1"));
    QCOMPARE(labelText(dialog, "downstreamKeyValue"), QStringLiteral("none"));
    QVERIFY(labelText(dialog, "startedValue") != QLatin1String("none"));
    QVERIFY2(labelText(dialog, "errorValue").contains(QLatin1String("outcome_unknown")),
             qPrintable(labelText(dialog, "errorValue")));
    // Nothing chosen, nothing to send; a reason alone does not do.
    QVERIFY(!dialog.okButton()->isEnabled());
    dialog.setReason(QStringLiteral("seen in the provider's dashboard"));
    QVERIFY(!dialog.okButton()->isEnabled());

    dialog.radio(SettleChoice::Happened)->click();
    QVERIFY(waitForPreview(dialog));
    dialog.setReference(QStringLiteral("pi_3OqB2c"));
    QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.blockedText()));
    QVERIFY(labelText(dialog, "effectsLabel").contains(QLatin1String("recorded as done")));
    // DEDUP_SCREENSHOT_DIR=<dir>: keep a picture of the dialog to look at (README).
    if (qEnvironmentVariableIsSet("DEDUP_SCREENSHOT_DIR")) {
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.grab().save(QDir(qEnvironmentVariable("DEDUP_SCREENSHOT_DIR"))
                                       .filePath(QStringLiteral("settle-step.png"))));
    }
    dialog.okButton()->click();
    QVERIFY(waitForResult(dialog));
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("applied"));
    QCOMPARE(stepOf(*su, run.id, QStringLiteral("status || '|' || side_effect_ref")),
             QStringLiteral("done|pi_3OqB2c"));
    QCOMPARE(
        optest::text(*su, QStringLiteral("SELECT action || '|' || reason FROM dedup.audit_log")),
        QStringLiteral("op_resolve_step|seen in the provider's dashboard"));
    QVERIFY(!dialog.okButton()->isVisible());
    QVERIFY(labelText(dialog, "resultLabel").contains(QLatin1String("Request a continuation")));
}

void TestSettleStepDialog::didNotHappenQueuesTheContinuation() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    SettleStepDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), run.id,
                            QStringLiteral("send"), run.token, RunStatus::Failed);
    QVERIFY(waitForPreview(dialog));
    dialog.choose(SettleChoice::DidNotHappen);
    dialog.setReason(QStringLiteral("no charge at the provider"));
    QVERIFY(waitForPreview(dialog));
    QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.blockedText()));
    QVERIFY(labelText(dialog, "statusChangeLabel").contains(QLatin1String("failed")));
    dialog.okButton()->click();
    QVERIFY(waitForResult(dialog));
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("applied"));
    PgParams params;
    params.add(run.id);
    QCOMPARE(optest::text(*su,
                          QStringLiteral("SELECT from_step || '|' || rerun_uncertain || '|' ||"
                                         " reason FROM dedup.commands WHERE run_id = $1"),
                          params),
             QStringLiteral("send|true|Step \"send\": no charge at the provider"));
}

void TestSettleStepDialog::escalatingARunInReviewNeedsAName() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("manual_review"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    SettleStepDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), run.id,
                            QStringLiteral("send"), run.token, RunStatus::ManualReview);
    QVERIFY(waitForPreview(dialog));
    dialog.choose(SettleChoice::Escalate);
    dialog.setReason(QStringLiteral("finance must check the ledger"));
    QVERIFY(waitForPreview(dialog));
    QVERIFY(!dialog.okButton()->isEnabled());
    QVERIFY2(labelText(dialog, "blockedLabel").contains(QLatin1String("name who takes it over")),
             qPrintable(labelText(dialog, "blockedLabel")));
    dialog.setAssignee(QStringLiteral("finance-oncall"));
    QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.blockedText()));
    dialog.okButton()->click();
    QVERIFY(waitForResult(dialog));
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("applied"));
    PgParams params;
    params.add(run.id);
    QCOMPARE(optest::text(*su,
                          QStringLiteral("SELECT status || '|' || review_assignee FROM dedup.runs"
                                         " WHERE id = $1"),
                          params),
             QStringLiteral("manual_review|finance-oncall"));
    // The step itself stays unknown: escalating decides nothing about it.
    QCOMPARE(stepOf(*su, run.id, QStringLiteral("status")), QStringLiteral("uncertain"));
}

void TestSettleStepDialog::changedSinceSeenBlocksUntilLookAgain() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    // Another operator settled it first and the operator's view is one token behind.
    QCOMPARE(db.exec(QStringLiteral("SELECT dedup.op_route_to_review(id, 1, 'other operator',"
                                    " 'k-other') FROM dedup.runs")),
             QString());

    SettleStepDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), run.id,
                            QStringLiteral("send"), run.token, RunStatus::Failed);
    QVERIFY(waitForPreview(dialog));
    dialog.choose(SettleChoice::Happened);
    dialog.setReason(QStringLiteral("seen at the provider"));
    QVERIFY(waitForPreview(dialog));
    QVERIFY(!dialog.okButton()->isEnabled());
    QVERIFY2(labelText(dialog, "blockedLabel").contains(QLatin1String("changed since you looked")),
             qPrintable(labelText(dialog, "blockedLabel")));

    dialog.lookAgain();
    QVERIFY(waitForPreview(dialog));
    QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.blockedText()));
    dialog.okButton()->click();
    QVERIFY(waitForResult(dialog));
    QCOMPARE(actiontest::kindName(dialog.result()->kind), QStringLiteral("applied"));
    QCOMPARE(stepOf(*su, run.id, QStringLiteral("status")), QStringLiteral("done"));
}

QTEST_MAIN(TestSettleStepDialog)
#include "tst_settlestepdialog.moc"
