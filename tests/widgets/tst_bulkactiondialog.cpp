// The bulk action dialog against a private PostgreSQL: the preview's breakdown, the typed
// confirmation above the threshold (Start enabled only by the exact number), and a small
// bulk cancel run to the end in batches, with one run changed after the selection: the
// report's numbers and items are the database's.
#include "ActionTestRuns.h"
#include "actions/BulkRunner.h"
#include "widgets/BulkActionDialog.h"
#include "widgets/StoreConnections.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QtTest>

using namespace dedup;
using actions::BulkPhase;
using actions::BulkPlan;
using actions::BulkTarget;
using actions::SelectedRun;
using store::PgConnection;
using store::PgResult;
using widgets::BulkActionDialog;
using widgets::StoreConnections;

namespace {

QList<SelectedRun> selectAll(PgConnection &su) {
    QList<SelectedRun> runs;
    const PgResult rows = su.exec(QStringLiteral(
        "SELECT id, lease_token, status FROM dedup.runs WHERE scope = 'bulk' ORDER BY id"));
    for (int i = 0; rows.ok() && i < rows.rows(); ++i) {
        runs.append(
            {rows.toInt64(i, 0), rows.toInt64(i, 1),
             core::runStatusFromString(rows.text(i, 2)).value_or(core::RunStatus::Cancelled)});
    }
    return runs;
}

QString phaseName(BulkPhase phase) {
    return QString::number(int(phase));
}

} // namespace

class TestBulkActionDialog : public QObject {
    Q_OBJECT

private slots:
    void typedConfirmationAndRun();
    void pauseResumeAbort();
};

void TestBulkActionDialog::typedConfirmationAndRun() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QString error = actiontest::seedFailedRuns(db, 8, QStringLiteral("b-"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QList<SelectedRun> selected = selectAll(*su);
    QCOMPARE(selected.size(), 8);
    // A worker takes one run again after the operator selected it.
    error = db.exec(QStringLiteral(
        "SELECT dedup.claim(p_scope => 'bulk', p_key => 'b-1', p_workflow => 'wf-b',"
        " p_fingerprint => 'fp', p_worker => 'w2', p_steps => '{draft,send,notify}')"));
    QVERIFY2(error.isEmpty(), qPrintable(error));

    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.target = BulkTarget::selection(selected);
    BulkActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), plan);
    dialog.setConfirmationThreshold(5);
    dialog.setBatchSize(3);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 10000);
    QCOMPARE(dialog.preview()->matched, 8);
    QCOMPARE(dialog.preview()->changedSinceSelection, 1);
    QVERIFY(dialog.preview()->requiresTypedConfirmation());
    const QString breakdown = dialog.findChild<QLabel *>(QStringLiteral("breakdownLabel"))->text();
    QVERIFY2(breakdown.contains(QLatin1String("Changed since you selected them: 1")),
             qPrintable(breakdown));
    QVERIFY2(breakdown.contains(QLatin1String("By status: 7 failed, 1 processing\n")),
             qPrintable(breakdown));
    QVERIFY2(breakdown.contains(QLatin1String("By workflow: 6 wf-b, 2 wf-a\n")),
             qPrintable(breakdown));

    auto *confirm = dialog.findChild<QLineEdit *>(QStringLiteral("confirmEdit"));
    QVERIFY(confirm->isVisibleTo(&dialog));
    QVERIFY(!dialog.startButton()->isEnabled()); // no reason, nothing typed
    dialog.setReason(QStringLiteral("OPS-9: provider outage"));
    QVERIFY(!dialog.startButton()->isEnabled()); // nothing typed
    confirm->setText(QStringLiteral("7"));
    QVERIFY(!dialog.startButton()->isEnabled());
    confirm->setText(QStringLiteral("all"));
    QVERIFY(!dialog.startButton()->isEnabled()); // the count is exact: the number is asked
    confirm->setText(dialog.preview()->confirmationText());
    QVERIFY(dialog.startButton()->isEnabled());
    dialog.setReason(QStringLiteral("  "));
    QVERIFY(!dialog.startButton()->isEnabled());
    dialog.setReason(QStringLiteral("OPS-9: provider outage"));

    QSignalSpy finished(&dialog, &BulkActionDialog::finished);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton); // hidden: starts nothing more
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Finished),
                              20000);
    QCOMPARE(finished.size(), 1);
    const actions::BulkReport report = dialog.runner()->report();
    const qint64 cancelled = actiontest::count(
        *su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope = 'bulk' AND status ="
                            " 'cancelled'"));
    const qint64 applied = actiontest::count(
        *su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = 'op_cancel' AND"
                            " outcome = 'applied'"));
    QCOMPARE(cancelled, 7);
    QCOMPARE(report.state.total, 8);
    QCOMPARE(report.state.applied, applied);
    QCOMPARE(report.state.applied, cancelled);
    QCOMPARE(report.state.changed, 1);
    QCOMPARE(report.state.failed, 0);
    QCOMPARE(report.state.pending, 0);
    QCOMPARE(actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.bulk_operations")),
             1);
    QCOMPARE(report.changedItems.size(), 1);
    QCOMPARE(report.changedItems.at(0).runId, selected.at(0).runId);

    const QString shown =
        dialog.findChild<QPlainTextEdit *>(QStringLiteral("reportText"))->toPlainText();
    QVERIFY2(shown.startsWith(report.summary()), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("run %1:").arg(selected.at(0).runId)));
    const QString counters = dialog.findChild<QLabel *>(QStringLiteral("countersLabel"))->text();
    QVERIFY2(counters.startsWith(
                 QStringLiteral("Applied 7 · skipped because changed 1 · failed 0 · pending 0")),
             qPrintable(counters));
    QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("abortButton"))->isEnabled());
}

void TestBulkActionDialog::pauseResumeAbort() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QCOMPARE(actiontest::seedFailedRuns(db, 400, QStringLiteral("p-")), QString());
    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.target = BulkTarget::selection(selectAll(*su));
    BulkActionDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), plan);
    dialog.setBatchSize(2); // many short batches: the pause lands in the middle
    dialog.runner()->setPollInterval(50);
    dialog.setReason(QStringLiteral("OPS-10"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 10000);
    QVERIFY(dialog.preview()->requiresTypedConfirmation()); // default threshold 100
    QVERIFY(!dialog.canStart());
    dialog.findChild<QLineEdit *>(QStringLiteral("confirmEdit"))->setText(QStringLiteral("400"));
    QVERIFY(dialog.canStart());
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);

    auto *pause = dialog.findChild<QPushButton *>(QStringLiteral("pauseButton"));
    auto *resume = dialog.findChild<QPushButton *>(QStringLiteral("resumeButton"));
    auto *abort = dialog.findChild<QPushButton *>(QStringLiteral("abortButton"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.runner()->state().applied >= 10, 30000);
    QVERIFY(pause->isEnabled());
    QVERIFY(!resume->isEnabled());
    QTest::mouseClick(pause, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Paused),
                              10000);
    QVERIFY(resume->isEnabled());
    QVERIFY(!pause->isEnabled());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("countersLabel"))
                ->text()
                .endsWith(QLatin1String("(paused)")));
    QTest::mouseClick(resume, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Running),
                              10000);
    QTest::mouseClick(abort, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Aborted),
                              30000);
    const store::BulkState state = dialog.runner()->report().state;
    QVERIFY(state.pending > 0);
    QCOMPARE(state.applied + state.pending, 400);
    QCOMPARE(actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status"
                                                   " = 'cancelled'")),
             state.applied);
    QVERIFY(!abort->isEnabled());
    const QString shown =
        dialog.findChild<QPlainTextEdit *>(QStringLiteral("reportText"))->toPlainText();
    QVERIFY2(shown.contains(QLatin1String("were not applied")), qPrintable(shown));
    for (const char *action : {"op_bulk_pause", "op_bulk_resume", "op_bulk_abort"}) {
        QCOMPARE(actiontest::count(
                     *su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = '%1'"
                                         " AND reason = 'OPS-10'")
                              .arg(QLatin1String(action))),
                 1);
    }
}

QTEST_MAIN(TestBulkActionDialog)
#include "tst_bulkactiondialog.moc"
