// The manual review queue view against a private PostgreSQL: the runs shown are the
// database's manual_review runs, oldest review first; the workflow, key prefix and assignee
// filters narrow them to the database's answer; Assign to me goes through the action dialog
// and shows in the queue; read-only mode offers no action; double click activates the run.
#include "ActionTestRuns.h"
#include "WholeCell.h"
#include "models/ReviewQueueModel.h"
#include "widgets/ActionDialog.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/StoreConnections.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using models::ReviewQueueModel;
using store::PgConnection;
using store::ReviewQueueFilter;
using widgets::ActionDialog;
using widgets::ReviewQueueView;
using widgets::StoreConnections;

namespace {

QList<qint64> shownIds(const ReviewQueueModel &model) {
    QList<qint64> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(ReviewQueueModel::RunIdRole).toLongLong();
    return ids;
}

QList<qint64> dbIds(PgConnection &su, const QString &where = QStringLiteral("true")) {
    const store::PgResult r =
        su.exec(QStringLiteral("SELECT id FROM dedup.runs WHERE status ="
                               " 'manual_review' AND %1 ORDER BY review_at, id")
                    .arg(where));
    QList<qint64> ids;
    for (int row = 0; r.ok() && row < r.rows(); ++row)
        ids << r.toInt64(row, 0);
    return ids;
}

void setText(ReviewQueueView &view, const char *name, const QString &text) {
    auto *edit = view.findChild<QLineEdit *>(QLatin1String(name));
    QVERIFY(edit);
    edit->setText(text);
    emit edit->editingFinished();
}

} // namespace

class TestReviewQueueView : public QObject {
    Q_OBJECT

private slots:
    void showsFiltersAndAssigns();
    void attemptsNeverCutInTheMiddle();
};

void TestReviewQueueView::attemptsNeverCutInTheMiddle() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QString error =
        actiontest::seedFailedRuns(db, 2, QStringLiteral("wide-"), QStringLiteral("manual_review"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(db.exec(QStringLiteral("UPDATE dedup.runs SET attempt = 2501, max_attempts = 100000"
                                    " WHERE idem_key = (SELECT min(idem_key) FROM dedup.runs)")),
             QString());
    ReviewQueueModel model(db.conninfo(QStringLiteral("t_operator")));
    ReviewQueueView view;
    view.setModel(&model);
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 10000);
    QModelIndex attempts;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex cell = model.index(row, ReviewQueueModel::AttemptColumn);
        if (cell.data().toString() == QLatin1String("2501/100000"))
            attempts = cell;
    }
    QVERIFY(attempts.isValid());
    QTRY_COMPARE(WholeCell::problem(view.table(), attempts), QString());
}

void TestReviewQueueView::showsFiltersAndAssigns() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QString error =
        actiontest::seedFailedRuns(db, 6, QStringLiteral("rq-"), QStringLiteral("manual_review"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const optest::PreparedRun failed = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(failed.error.isEmpty(), qPrintable(failed.error));
    QCOMPARE(dbIds(*su).size(), 6);

    ReviewQueueModel model(db.conninfo(QStringLiteral("t_operator")));
    ReviewQueueView view;
    view.setActionSource(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), true);
    view.setModel(&model);
    view.show();
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su), 10000);
    QVERIFY(!shownIds(model).contains(failed.id));

    setText(view, "workflowEdit", QStringLiteral("wf-a"));
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su, QStringLiteral("workflow = 'wf-a'")),
                              10000);
    QCOMPARE(model.rowCount(), 2);
    setText(view, "workflowEdit", QString());
    setText(view, "keyEdit", QStringLiteral("rq-2"));
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su, QStringLiteral("idem_key = 'rq-2'")),
                              10000);
    QCOMPARE(model.rowCount(), 1);
    setText(view, "keyEdit", QString());
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su), 10000);

    // Read-only: nothing offered.
    auto *assign = view.findChild<QPushButton *>(QStringLiteral("assignButton"));
    view.table()->setCurrentIndex(model.index(1, 0));
    QVERIFY(assign->isVisible() && assign->isEnabled());
    view.setActionSource(StoreConnections(db.conninfo(QStringLiteral("t_viewer"))), false);
    QVERIFY(!assign->isVisible());
    QCOMPARE(view.openAction(actions::OperatorAction::AssignReview), nullptr);
    view.setActionSource(StoreConnections(db.conninfo(QStringLiteral("t_operator"))), true);

    // Assign to me through the dialog.
    const qint64 runId = view.currentRunId();
    QCOMPARE(runId, dbIds(*su).at(1));
    ActionDialog *dialog = view.openAction(actions::OperatorAction::AssignReview);
    QVERIFY(dialog);
    QCOMPARE(dialog->runId(), runId);
    QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("assigneeEdit"))->text(),
             QStringLiteral("t_operator"));
    dialog->setReason(QStringLiteral("taking it"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog->okButton()->isEnabled(), 10000);
    QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->result().has_value(), 10000);
    QCOMPARE(actiontest::kindName(dialog->result()->kind), QStringLiteral("applied"));
    QCOMPARE(optest::runRow(*su, runId).value(QStringLiteral("review_assignee")).toString(),
             QStringLiteral("t_operator"));
    dialog->close(); // deleted on close

    auto *assignee = view.findChild<QComboBox *>(QStringLiteral("assigneeCombo"));
    assignee->setCurrentIndex(assignee->findData(int(ReviewQueueFilter::Assignee::Me)));
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), QList<qint64>{runId}, 10000);
    assignee->setCurrentIndex(assignee->findData(int(ReviewQueueFilter::Assignee::Unassigned)));
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model),
                              dbIds(*su, QStringLiteral("review_assignee IS NULL")), 10000);
    QCOMPARE(model.rowCount(), 5);

    QSignalSpy activated(&view, &ReviewQueueView::runActivated);
    emit view.table()->activated(model.index(0, 0));
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.at(0).at(0).toLongLong(), shownIds(model).at(0));
    view.setModel(nullptr);
}

QTEST_MAIN(TestReviewQueueView)
#include "tst_reviewqueueview.moc"
