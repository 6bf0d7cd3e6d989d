// Where operators act, in the main window: the Actions menu (the run in the detail, the
// selection, the filter), the runs list's context menu, and the Review and Audit tabs; and
// none of it for a role without dedup_operator.
#include "ActionTestRuns.h"
#include "TestDatabase.h"
#include "models/OperatorAction.h"
#include "models/ReviewQueueModel.h"
#include "models/RunDetailSource.h"
#include "models/RunListModel.h"
#include "models/StuckRunsModel.h"
#include "store/BulkOperations.h"
#include "widgets/AuditLogView.h"
#include "widgets/BulkOperationsDialog.h"
#include "widgets/DetailViews.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunsView.h"
#include "widgets/StuckView.h"

#include <QLabel>
#include <QMenu>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using widgets::MainWindow;

namespace {

store::ConnectionReport reportFor(const TestDatabase &db, const QString &user, bool canOperate) {
    store::ConnectionReport report;
    report.conninfo = db.conninfo(user);
    report.target = user + QStringLiteral("@test/") + db.name();
    report.currentUser = user;
    report.canOperate = canOperate;
    report.canRead = true;
    return report;
}

// Every action text of a menu and its submenus, as "Submenu/Action".
QStringList entries(const QMenu &menu, const QString &prefix = {}) {
    QStringList out;
    for (QAction *action : menu.actions()) {
        if (action->isSeparator())
            continue;
        if (action->menu())
            out += entries(*action->menu(), prefix + action->text() + QLatin1Char('/'));
        else
            out.append(prefix + action->text());
    }
    return out;
}

// What another console does when it starts a bulk cancel of every failed run (before it
// applies any batch): create, add the runs, start. False when any call fails.
bool startCancelOfFailedRuns(store::BulkOperations &bulk, store::PgConnection &conn,
                             store::BulkRequest *request) {
    request->id = store::BulkOperations::newBulkId();
    request->action = store::BulkAction::Cancel;
    request->reason = QStringLiteral("provider outage");
    if (!bulk.create(*request).ok())
        return false;
    const auto rows = conn.exec(QStringLiteral(
        "SELECT id, lease_token FROM dedup.runs WHERE status = 'failed' ORDER BY id"));
    if (!rows.ok())
        return false;
    QList<store::BulkItem> items;
    for (int i = 0; i < rows.rows(); ++i)
        items.append({rows.toInt64(i, 0), rows.toInt64(i, 1), QStringLiteral("failed")});
    return bulk.addItems(request->id, items).ok() &&
           bulk.control(request->id, store::BulkCommand::Start, request->reason,
                        store::BulkOperations::newBulkId())
               .ok();
}

// "Cancel run…": the menus use the actions' own titles.
QString cancelItem() {
    return models::OperatorActionText::title(models::OperatorAction::Cancel) + QStringLiteral("…");
}

} // namespace

class TestOperatorViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void operatorGetsActionsForDetailSelectionAndFilter();
    void viewerGetsNone();
    void reviewAndAuditTabsShowTheStore();
    void stuckRowsOfferTheirActions();
    void anotherConsolesBulkOperationIsShown();
    void operatorOpensUnfinishedOperations();
};

void TestOperatorViews::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QSettings().clear();
}

void TestOperatorViews::operatorGetsActionsForDetailSelectionAndFilter() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(actiontest::seedFailedRuns(db, 3, QStringLiteral("op-")), QString());
    MainWindow window;
    window.attachStore(reportFor(db, QStringLiteral("t_operator"), true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    widgets::RunsView *runs = window.runsView();
    QTRY_COMPARE(runs->model()->rowCount(), 3);
    const qint64 runId = runs->model()->runAt(0).id;

    // Nothing in the detail, nothing selected: only the filter's bulk actions.
    QMenu empty;
    window.operatorViews()->fillMenu(&empty);
    QStringList items = entries(empty);
    QVERIFY2(
        items.contains(QStringLiteral("Every run matching the Runs list's filter/") + cancelItem()),
        qPrintable(items.join(QLatin1Char('\n'))));
    QVERIFY(!items.join(QLatin1Char(' ')).contains(QStringLiteral("selected in")));

    // The run in the detail: its single-run actions, as its state allows (failed: a
    // continuation and a cancel, no stale-lease clear).
    window.detailViews()->showRun(runId);
    QTRY_COMPARE(window.detailViews()->detail()->source()->state(),
                 models::RunDetailSource::State::Loaded);
    runs->table()->selectRow(0);
    runs->table()->selectionModel()->select(
        runs->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QMenu full;
    window.operatorViews()->fillMenu(&full);
    items = entries(full);
    const QString run = QStringLiteral("Run %1 (in the detail)/").arg(runId);
    QVERIFY2(std::any_of(items.begin(), items.end(),
                         [&](const QString &item) {
                             return item.startsWith(run + models::OperatorActionText::title(
                                                              models::OperatorAction::Cancel));
                         }),
             qPrintable(items.join(QLatin1Char('\n'))));
    QVERIFY(std::none_of(items.begin(), items.end(), [&](const QString &item) {
        return item.startsWith(run) && item.contains(QStringLiteral("stale"));
    }));
    QVERIFY2(items.contains(QStringLiteral("2 runs selected in the Runs list/") + cancelItem()),
             qPrintable(items.join(QLatin1Char('\n'))));

    // The runs list's context menu gets the clicked run's actions and the bulk ones.
    QMenu context;
    emit runs->contextMenuAboutToShow(&context);
    items = entries(context);
    QVERIFY2(
        std::any_of(items.begin(), items.end(),
                    [](const QString &item) { return item.startsWith(QStringLiteral("Run ")); }),
        qPrintable(items.join(QLatin1Char('\n'))));
    QVERIFY(items.contains(QStringLiteral("Every run matching the Runs list's filter/") +
                           cancelItem()));
}

void TestOperatorViews::viewerGetsNone() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(actiontest::seedFailedRuns(db, 2, QStringLiteral("ro-")), QString());
    MainWindow window;
    window.attachStore(reportFor(db, QStringLiteral("t_viewer"), false));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    widgets::RunsView *runs = window.runsView();
    QTRY_COMPARE(runs->model()->rowCount(), 2);
    window.detailViews()->showRun(runs->model()->runAt(0).id);
    QTRY_COMPARE(window.detailViews()->detail()->source()->state(),
                 models::RunDetailSource::State::Loaded);
    runs->table()->selectRow(0);
    QMenu menu;
    window.operatorViews()->fillMenu(&menu);
    QVERIFY(menu.isEmpty());
    QMenu context;
    emit runs->contextMenuAboutToShow(&context);
    QVERIFY(context.isEmpty());
    // The Actions menu says why instead of being empty.
    QMenu *actions = window.operatorViews()->actionsMenu();
    emit actions->aboutToShow();
    QCOMPARE(entries(*actions), QStringList{QStringLiteral("Read-only: this role cannot act")});
}

void TestOperatorViews::reviewAndAuditTabsShowTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(
        actiontest::seedFailedRuns(db, 2, QStringLiteral("rv-"), QStringLiteral("manual_review")),
        QString());
    MainWindow window;
    window.attachStore(reportFor(db, QStringLiteral("t_operator"), true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("viewTabs"));
    QVERIFY(tabs);
    QVERIFY(tabs->indexOf(window.operatorViews()->review()) >= 0);
    QVERIFY(tabs->indexOf(window.operatorViews()->audit()) >= 0);
    QTRY_COMPARE(window.operatorViews()->review()->model()->rowCount(), 2);
    // A run activated in the queue opens in the detail.
    const qint64 runId = window.operatorViews()
                             ->review()
                             ->model()
                             ->index(0, 0)
                             .data(models::ReviewQueueModel::RunIdRole)
                             .toLongLong();
    emit window.operatorViews()->review()->runActivated(runId);
    QCOMPARE(window.detailViews()->detail()->runId(), runId);
    QVERIFY(window.operatorViews()->audit()->model() != nullptr);
    window.detachStore();
    QVERIFY(window.operatorViews()->review()->model() == nullptr);
    QVERIFY(window.operatorViews()->audit()->model() == nullptr);
}

void TestOperatorViews::stuckRowsOfferTheirActions() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun stuck =
        optest::prepareRun(*su, QStringLiteral("processing_expired"), QStringLiteral("stuck-1"));
    QVERIFY2(stuck.error.isEmpty(), qPrintable(stuck.error));
    MainWindow window;
    window.attachStore(reportFor(db, QStringLiteral("t_operator"), true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    widgets::StuckView *view = window.detailViews()->stuck();
    QTRY_COMPARE(view->model()->rowCount(), 1);
    const QModelIndex row = view->table()->model()->index(0, 0);
    QMenu menu;
    window.operatorViews()->fillRowMenu(&menu, view->table(), row);
    const QString clear =
        QStringLiteral("Run %1/").arg(stuck.id) +
        models::OperatorActionText::title(models::OperatorAction::ClearStaleLease) +
        QStringLiteral("…");
    QVERIFY2(entries(menu).contains(clear), qPrintable(entries(menu).join(QLatin1Char('\n'))));

    // A viewer gets nothing there either.
    window.attachStore(reportFor(db, QStringLiteral("t_viewer"), false));
    QTRY_COMPARE(view->model()->rowCount(), 1);
    QMenu none;
    window.operatorViews()->fillRowMenu(&none, view->table(), view->table()->model()->index(0, 0));
    QVERIFY(none.isEmpty());
}

void TestOperatorViews::anotherConsolesBulkOperationIsShown() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(actiontest::seedFailedRuns(db, 4, QStringLiteral("bk-")), QString());
    MainWindow window;
    window.operatorViews()->setBulkPollInterval(200);
    window.attachStore(reportFor(db, QStringLiteral("t_viewer"), false));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QLabel *label = window.operatorViews()->bulkLabel();
    QTest::qWait(400);
    QVERIFY(!label->isVisible());

    // Another console starts a bulk cancel and has not applied it yet.
    auto other = db.connect(QStringLiteral("t_operator"));
    QVERIFY(other);
    store::BulkOperations bulk(*other);
    store::BulkRequest request;
    QVERIFY(startCancelOfFailedRuns(bulk, *other, &request));
    QTRY_VERIFY_WITH_TIMEOUT(label->isVisible(), 5000);
    QVERIFY2(label->text().contains(QStringLiteral("t_operator")), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("0 of 4")), qPrintable(label->text()));
    QVERIFY(bulk.step(request.id, 2, QStringLiteral("console-b")).ok());
    QTRY_VERIFY_WITH_TIMEOUT(label->text().contains(QStringLiteral("2 of 4")), 5000);
    QVERIFY(label->text().contains(QStringLiteral("console-b")));
    QVERIFY(bulk.control(request.id, store::BulkCommand::Abort, QStringLiteral("enough"),
                         store::BulkOperations::newBulkId())
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT(!label->isVisible(), 5000);
}

void TestOperatorViews::operatorOpensUnfinishedOperations() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(actiontest::seedFailedRuns(db, 3, QStringLiteral("uo-")), QString());
    MainWindow window;
    window.operatorViews()->setBulkPollInterval(200);
    window.attachStore(reportFor(db, QStringLiteral("t_operator"), true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QMenu menu;
    window.operatorViews()->fillMenu(&menu);
    QVERIFY2(entries(menu).contains(QStringLiteral("Unfinished &Bulk Operations…")),
             qPrintable(entries(menu).join(QLatin1Char('\n'))));

    // A console left an operation behind: the status bar's label links to the list.
    auto other = db.connect(QStringLiteral("t_operator"));
    QVERIFY(other);
    store::BulkOperations bulk(*other);
    store::BulkRequest request;
    QVERIFY(startCancelOfFailedRuns(bulk, *other, &request));
    QLabel *label = window.operatorViews()->bulkLabel();
    QTRY_VERIFY_WITH_TIMEOUT(label->isVisible(), 5000);
    QVERIFY2(label->text().startsWith(QStringLiteral("<a href=")), qPrintable(label->text()));
    emit label->linkActivated(QStringLiteral("bulk"));
    auto *dialog = window.findChild<widgets::BulkOperationsDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(dialog->operations().size(), 1, 5000);
    QCOMPARE(dialog->operations().at(0).id, request.id);
    // The same dialog again (work continued in it goes on while it is hidden).
    dialog->hide();
    QCOMPARE(window.operatorViews()->openBulkOperations(), dialog);
    QVERIFY(dialog->isVisible());

    // A viewer is offered neither the entry nor the link, and gets no dialog.
    window.attachStore(reportFor(db, QStringLiteral("t_viewer"), false));
    QVERIFY(!window.findChild<widgets::BulkOperationsDialog *>());
    QVERIFY(!window.operatorViews()->openBulkOperations());
    QTRY_VERIFY_WITH_TIMEOUT(label->isVisible(), 5000);
    QVERIFY2(!label->text().contains(QStringLiteral("<a ")), qPrintable(label->text()));
}

QTEST_MAIN(TestOperatorViews)
#include "tst_operatorviews.moc"
