// The list of unfinished bulk operations against a private PostgreSQL. A console that goes
// away in the middle of a bulk cancel leaves it running in the store: the list shows it with
// who applied its last batch, another operator follows it and continues it here to the end
// (every run cancelled once, whoever applied which batch); another such operation is
// paused, resumed and aborted with a reason (the rest never applied). Continue Here, pause,
// resume and abort need a reason, and each is audited with it. The followed operation has
// one progress figure: its row in the list, the bar and the counters always agree.
#include "ActionTestRuns.h"
#include "actions/BulkRunner.h"
#include "widgets/BulkOperationsDialog.h"
#include "widgets/BulkProgressText.h"
#include "widgets/StoreConnections.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

using namespace dedup;
using actions::BulkPhase;
using actions::BulkPlan;
using actions::BulkRunner;
using actions::BulkTarget;
using store::PgConnection;
using widgets::BulkOperationsDialog;
using widgets::StoreConnections;

namespace {

QString phaseName(BulkPhase phase) {
    return QString::number(int(phase));
}

// A bulk cancel of every failed run, started by "console-a", which applies some batches of
// five and then goes away (its runner is destroyed, as when its console closes).
QString abandonedCancel(const QString &conninfo, qint64 appliedBeforeLeaving) {
    store::RunFilter failed;
    failed.statuses = {core::RunStatus::Failed};
    // The login's read regions, as the console's runs list puts them into every filter (an
    // operator reads the runs' protected columns only redacted, 0016_protected_columns.sql).
    failed.readable = store::ReadRegions{store::ReadRegion{}};
    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.reason = QStringLiteral("provider outage");
    plan.target = BulkTarget::matching(failed);
    BulkRunner doomed(conninfo);
    doomed.setRunnerName(QStringLiteral("console-a"));
    doomed.setBatchSize(5);
    const QString id = doomed.start(plan);
    QElapsedTimer clock;
    clock.start();
    while (doomed.state().applied < appliedBeforeLeaving && clock.elapsed() < 30000)
        QTest::qWait(5);
    return doomed.state().applied >= appliedBeforeLeaving ? id : QString();
}

qint64 countOf(PgConnection &su, const QString &sql, const QString &bulkId = {}) {
    store::PgParams params;
    if (!bulkId.isEmpty())
        params.add(bulkId);
    return actiontest::count(su, sql, params);
}

} // namespace

class TestBulkOperationsDialog : public QObject {
    Q_OBJECT

private slots:
    void continueAnAbandonedOperation();
    void pauseResumeAbortNeedAReason();
};

void TestBulkOperationsDialog::continueAnAbandonedOperation() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    QCOMPARE(actiontest::seedFailedRuns(db, 60, QStringLiteral("c-")), QString());
    const QString conninfo = db.conninfo(QStringLiteral("t_operator"));
    const QString id = abandonedCancel(conninfo, 10);
    QVERIFY(!id.isEmpty());
    const qint64 before =
        countOf(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'"));
    QVERIFY(before >= 10 && before < 60);

    BulkOperationsDialog dialog{StoreConnections(conninfo)};
    dialog.setRefreshInterval(100);
    dialog.setPollInterval(50);
    dialog.setBatchSize(7);
    dialog.show();
    auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("operationsTable"));
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 1, 10000);
    QCOMPARE(dialog.operations().at(0).id, id);
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("t_operator"));
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("running"));
    QCOMPARE(table->item(0, 4)->text(), QStringLiteral("console-a"));
    QVERIFY2(table->item(0, 3)->text().endsWith(QLatin1String(" of 60")),
             qPrintable(table->item(0, 3)->text()));

    auto *continueButton = dialog.findChild<QPushButton *>(QStringLiteral("continueButton"));
    QVERIFY(!continueButton->isEnabled()); // nothing selected yet
    QVERIFY(dialog.selectOperation(id));
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Watching),
                              10000);
    QTRY_COMPARE_WITH_TIMEOUT(dialog.runner()->state().applied, before, 10000);
    const QString selected = dialog.findChild<QLabel *>(QStringLiteral("selectedLabel"))->text();
    QVERIFY2(selected.contains(QLatin1String("last batch by console-a")), qPrintable(selected));
    QVERIFY(!continueButton->isEnabled()); // continuing needs a reason: it is audited
    auto *reason = dialog.findChild<QLineEdit *>(QStringLiteral("reasonEdit"));
    reason->setText(QStringLiteral("OPS-12: console-a closed mid-way"));
    QVERIFY(continueButton->isEnabled());

    // One figure: whenever the list, the bar or the counters change, all three show the
    // followed operation's same counts.
    auto *bar = dialog.findChild<QProgressBar *>(QStringLiteral("progressBar"));
    auto *counters = dialog.findChild<QLabel *>(QStringLiteral("countersLabel"));
    int shownCount = 0;
    QStringList disagreements;
    connect(&dialog, &BulkOperationsDialog::operationsShown, this,
            [&](const QList<store::BulkState> &operations) {
                for (int row = 0; row < operations.size(); ++row) {
                    const store::BulkState &op = operations.at(row);
                    // (While the bar is busy, before the runner's first read, neither it
                    // nor the counters show a figure.)
                    if (op.id != id || row >= table->rowCount() || op.total <= 0 ||
                        bar->maximum() == 0)
                        continue;
                    ++shownCount;
                    const QString done = widgets::BulkProgressText::done(op);
                    const QStringList seen{table->item(row, 3)->text(), bar->format(),
                                           counters->text()};
                    const QStringList expected{done, done, widgets::BulkProgressText::counters(op)};
                    if (seen != expected)
                        disagreements << seen.join(QLatin1String(" | "));
                }
            });

    QTest::mouseClick(continueButton, Qt::LeftButton);
    QVERIFY(dialog.isStepping());
    QVERIFY(!table->isEnabled()); // no switching to another operation while applying this one
    QSignalSpy finished(&dialog, &BulkOperationsDialog::operationFinished);
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Finished),
                              60000);
    QCOMPARE(finished.size(), 1);
    QVERIFY(!dialog.isStepping());
    const store::BulkState state = dialog.runner()->report().state;
    QCOMPARE(state.total, 60);
    QCOMPARE(state.applied, 60);
    QCOMPARE(state.pending, 0);
    QCOMPARE(
        countOf(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        60);
    // Each run's op_cancel once, under the operation's keys, whichever console applied it.
    QCOMPARE(countOf(*su,
                     QStringLiteral("SELECT COALESCE(max(n), 0) FROM (SELECT count(*) AS n FROM"
                                    " dedup.audit_log WHERE action_key LIKE $1 || ':%'"
                                    " GROUP BY run_id) x"),
                     id),
             1);
    QCOMPARE(countOf(*su,
                     QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action_key LIKE"
                                    " $1 || ':%' AND outcome = 'applied' AND action = 'op_cancel'"
                                    " AND reason = 'provider outage'"),
                     id),
             60);
    const QString shown =
        dialog.findChild<QPlainTextEdit *>(QStringLiteral("reportText"))->toPlainText();
    QVERIFY2(shown.startsWith(QLatin1String("60 runs: 60 applied")), qPrintable(shown));
    QCOMPARE(countOf(*su,
                     QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action ="
                                    " 'op_bulk_attach' AND params->>'bulk_id' = $1"
                                    " AND reason = 'OPS-12: console-a closed mid-way'"),
                     id),
             1);
    QVERIFY(shownCount > 0);
    QVERIFY2(disagreements.isEmpty(), qPrintable(disagreements.join(QLatin1Char('\n'))));
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 0, 10000);
    QVERIFY(table->isEnabled());
}

void TestBulkOperationsDialog::pauseResumeAbortNeedAReason() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    QCOMPARE(actiontest::seedFailedRuns(db, 200, QStringLiteral("p-")), QString());
    const QString conninfo = db.conninfo(QStringLiteral("t_operator"));
    const QString id = abandonedCancel(conninfo, 10);
    QVERIFY(!id.isEmpty());
    const qint64 applied =
        countOf(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'"));

    BulkOperationsDialog dialog{StoreConnections(conninfo)};
    dialog.setRefreshInterval(100);
    dialog.setPollInterval(50);
    dialog.show();
    QTRY_COMPARE_WITH_TIMEOUT(dialog.operations().size(), 1, 10000);
    QVERIFY(dialog.selectOperation(id));
    QTRY_COMPARE_WITH_TIMEOUT(dialog.runner()->state().status, QStringLiteral("running"), 10000);
    auto *reason = dialog.findChild<QLineEdit *>(QStringLiteral("reasonEdit"));
    auto *pause = dialog.findChild<QPushButton *>(QStringLiteral("pauseButton"));
    auto *resume = dialog.findChild<QPushButton *>(QStringLiteral("resumeButton"));
    auto *abort = dialog.findChild<QPushButton *>(QStringLiteral("abortButton"));
    QVERIFY(!pause->isEnabled());
    QVERIFY(!abort->isEnabled());
    reason->setText(QStringLiteral("   "));
    QVERIFY(!abort->isEnabled());
    reason->setText(QStringLiteral("OPS-11: console of alice crashed"));
    QVERIFY(pause->isEnabled());
    QVERIFY(!resume->isEnabled());
    QVERIFY(abort->isEnabled());

    QTest::mouseClick(pause, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(dialog.runner()->state().status, QStringLiteral("paused"), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(resume->isEnabled(), 5000);
    QVERIFY(!pause->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(
        dialog.findChild<QTableWidget *>(QStringLiteral("operationsTable"))->item(0, 2)->text(),
        QStringLiteral("paused"), 10000);
    QTest::mouseClick(resume, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(dialog.runner()->state().status, QStringLiteral("running"), 10000);
    QTest::mouseClick(abort, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(phaseName(dialog.runner()->phase()), phaseName(BulkPhase::Aborted),
                              10000);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.operations().isEmpty(), 10000);
    QVERIFY(!abort->isEnabled());
    QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("continueButton"))->isEnabled());

    // Nobody applied anything after the first console left: the rest stays as it was.
    QCOMPARE(
        countOf(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'cancelled'")),
        applied);
    QCOMPARE(
        countOf(*su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'failed'")),
        200 - applied);
    const store::BulkState state = dialog.runner()->report().state;
    QCOMPARE(state.applied, applied);
    QCOMPARE(state.pending, 200 - applied);
    for (const char *action : {"op_bulk_pause", "op_bulk_resume", "op_bulk_abort"}) {
        QCOMPARE(
            countOf(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = '%1'"
                                        " AND reason = 'OPS-11: console of alice crashed'")
                             .arg(QLatin1String(action))),
            1);
    }
    const QString shown =
        dialog.findChild<QPlainTextEdit *>(QStringLiteral("reportText"))->toPlainText();
    QVERIFY2(shown.contains(QLatin1String("were not applied")), qPrintable(shown));
}

QTEST_MAIN(TestBulkOperationsDialog)
#include "tst_bulkoperationsdialog.moc"
