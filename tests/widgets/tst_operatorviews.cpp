// Where operators act, in the main window: the Actions menu (the run in the detail, the
// selection, the filter), the runs list's context menu, and the Review and Audit tabs; none
// of it without an operator grant, and only for the runs the grants cover (0010_access.sql):
// the status bar says what the login may do.
#include "ActionTestRuns.h"
#include "TestDatabase.h"
#include "actions/OperatorAction.h"
#include "models/ReviewQueueModel.h"
#include "models/RunDetailSource.h"
#include "models/RunListModel.h"
#include "models/StuckRunsModel.h"
#include "store/BulkOperations.h"
#include "store/ConnectionCheck.h"
#include "widgets/ActionDialog.h"
#include "widgets/AuditLogView.h"
#include "widgets/BulkOperationsDialog.h"
#include "widgets/DetailViews.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunsView.h"
#include "widgets/SettleStepDialog.h"
#include "widgets/StuckView.h"

#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScopeGuard>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using widgets::MainWindow;

namespace {

// A report built by hand (no grants read): canOperate stands for every run.
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

// A run of `workflow` in `scope` that failed (retryable: `maxAttempts` 1 sends it to
// manual_review), made by the superuser through the worker protocol; its id, or 0 with `error`.
qint64 seedRun(store::PgConnection &su, const QString &scope, const QString &workflow,
               const QString &key, int maxAttempts, QString *error) {
    store::PgParams claim;
    claim.add(scope).add(key).add(workflow).add(qint64(maxAttempts));
    const store::PgResult claimed = su.exec(
        QStringLiteral("SELECT run_id, lease_token, lease_secret::text FROM dedup.claim("
                       "p_scope => $1, p_key => $2, p_workflow => $3, p_fingerprint => 'fp',"
                       " p_worker => 'seed', p_steps => '{draft}', p_max_attempts => $4::int)"),
        claim);
    if (!claimed.ok() || claimed.rows() != 1) {
        *error = claimed.error().toString();
        return 0;
    }
    store::PgParams lease;
    lease.add(claimed.toInt64(0, 0)).add(claimed.toInt64(0, 1)).add(claimed.text(0, 2));
    for (const QString &sql :
         {QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'draft')"),
          QStringLiteral("SELECT dedup.fail($1, $2, $3::uuid, 'timeout', 'seeded', true)")}) {
        const store::PgResult done = su.exec(sql, lease);
        if (!done.ok()) {
            *error = done.error().toString();
            return 0;
        }
    }
    return claimed.toInt64(0, 0);
}

// A login role of the test cluster for one test (cluster-wide: named after the process), a
// member of dedup_viewer so it may read the tables, and its grants in `db` ("capability
// workflows prefixes", lists comma-separated, "-" for every). Empty, or the error.
QString createLogin(const TestDatabase &db, const QString &login, const QStringList &grants) {
    QString error =
        db.exec(QStringLiteral("DROP ROLE IF EXISTS %1; CREATE ROLE %1 LOGIN IN ROLE dedup_viewer")
                    .arg(login));
    for (const QString &grant : grants) {
        if (!error.isEmpty())
            break;
        const QStringList parts = grant.split(QLatin1Char(' '));
        auto list = [](const QString &text) {
            return text == QLatin1String("-") ? QStringList() : text.split(QLatin1Char(','));
        };
        error = db.grant(login, parts.at(0), list(parts.at(1)), list(parts.at(2)));
    }
    return error;
}

QString loginName(const char *what) {
    return QStringLiteral("t_ov_%1_%2")
        .arg(QCoreApplication::applicationPid())
        .arg(QLatin1String(what));
}

QLabel *statusLabel(MainWindow &window, const char *name) {
    return window.statusBar()->findChild<QLabel *>(QLatin1String(name));
}

// "Cancel run…": the menus use the actions' own titles.
QString cancelItem() {
    return actions::OperatorActionText::title(actions::OperatorAction::Cancel) +
           QStringLiteral("…");
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
    void statusBarShowsTheGrants_data();
    void statusBarShowsTheGrants();
    void actionsFollowTheGrants();
    void refusalByTheStoreIsShown();
    void uncertainStepIsSettledFromTheDetail();
};

void TestOperatorViews::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QSettings().clear();
}

void TestOperatorViews::operatorGetsActionsForDetailSelectionAndFilter() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
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
                             return item.startsWith(run + actions::OperatorActionText::title(
                                                              actions::OperatorAction::Cancel));
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
    QCOMPARE(db.grantTestLogins(), QString());
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
    QCOMPARE(entries(*actions), QStringList{QStringLiteral(
                                    "Read-only: no operator grant in this store for this login")});
}

void TestOperatorViews::reviewAndAuditTabsShowTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
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
    QCOMPARE(db.grantTestLogins(), QString());
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
        actions::OperatorActionText::title(actions::OperatorAction::ClearStaleLease) +
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
    QCOMPARE(db.grantTestLogins(), QString());
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
    QCOMPARE(db.grantTestLogins(), QString());
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

void TestOperatorViews::statusBarShowsTheGrants_data() {
    QTest::addColumn<QString>("login"); // empty: the cluster's superuser (the store's owner)
    QTest::addColumn<QStringList>("grants");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<QString>("badge"); // empty: hidden

    QTest::newRow("owner") << QString() << QStringList{} << QStringLiteral("owner") << QString();
    QTest::newRow("operator for one clinic")
        << loginName("op") << QStringList{QStringLiteral("operator - clinic-42/")}
        << QStringLiteral("operator for clinic-42/*") << QString();
    QTest::newRow("operator in a clinic, viewer for everything")
        << loginName("mixed")
        << QStringList{QStringLiteral("operator lab-results clinic-42/"),
                       QStringLiteral("viewer - -")}
        << QStringLiteral("operator for lab-results in clinic-42/*; viewer for everything")
        << QString();
    QTest::newRow("viewer") << loginName("viewer") << QStringList{QStringLiteral("viewer - -")}
                            << QStringLiteral("viewer for everything")
                            << QStringLiteral("read-only");
    QTest::newRow("no grants") << loginName("none") << QStringList{}
                               << QStringLiteral("no access in this store")
                               << QStringLiteral("no access");
}

void TestOperatorViews::statusBarShowsTheGrants() {
    QFETCH(QString, login);
    QFETCH(QStringList, grants);
    QFETCH(QString, summary);
    QFETCH(QString, badge);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    if (!login.isEmpty())
        QCOMPARE(createLogin(db, login, grants), QString());
    auto dropLogin = qScopeGuard([&] {
        if (!login.isEmpty())
            db.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    });
    // The report the connection dialog would hand over: the grants as the store tells them.
    const store::ConnectionReport report = store::ConnectionCheck::run(db.conninfo(login));
    QVERIFY2(report.ok(), qPrintable(report.message + report.detail));
    MainWindow window;
    window.attachStore(report);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QCOMPARE(statusLabel(window, "roleLabel")->text(),
             QStringLiteral("as %1: %2").arg(report.currentUser, summary));
    QVERIFY(statusLabel(window, "roleLabel")->toolTip().contains(report.access->explanation()));
    QLabel *readOnly = statusLabel(window, "readOnlyBadge");
    QCOMPARE(readOnly->isVisible(), !badge.isEmpty());
    if (!badge.isEmpty())
        QCOMPARE(readOnly->text(), badge);
    // A login without grants is told why the store looks empty.
    if (report.canRead)
        QVERIFY(window.statusBar()->currentMessage().isEmpty());
    else
        QCOMPARE(window.statusBar()->currentMessage(), report.warning);
    window.detachStore();
}

void TestOperatorViews::actionsFollowTheGrants() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QString error;
    const qint64 inside = seedRun(*su, QStringLiteral("clinic-42/p-1"),
                                  QStringLiteral("lab-results"), QStringLiteral("in"), 5, &error);
    QVERIFY2(inside, qPrintable(error));
    const qint64 outside = seedRun(*su, QStringLiteral("clinic-7/p-2"),
                                   QStringLiteral("lab-results"), QStringLiteral("out"), 5, &error);
    QVERIFY2(outside, qPrintable(error));
    const qint64 reviewInside =
        seedRun(*su, QStringLiteral("clinic-42/p-3"), QStringLiteral("lab-results"),
                QStringLiteral("review-in"), 1, &error);
    QVERIFY2(reviewInside, qPrintable(error));
    const qint64 reviewOutside =
        seedRun(*su, QStringLiteral("clinic-7/p-4"), QStringLiteral("lab-results"),
                QStringLiteral("review-out"), 1, &error);
    QVERIFY2(reviewOutside, qPrintable(error));
    const QString login = loginName("scoped");
    QCOMPARE(createLogin(db, login,
                         {QStringLiteral("operator - clinic-42/"), QStringLiteral("viewer - -")}),
             QString());
    auto dropLogin =
        qScopeGuard([&] { db.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login)); });
    const store::ConnectionReport report = store::ConnectionCheck::run(db.conninfo(login));
    QVERIFY2(report.ok(), qPrintable(report.message + report.detail));

    MainWindow window;
    window.attachStore(report);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(statusLabel(window, "roleLabel")->text(),
             QStringLiteral("as %1: operator for clinic-42/*; viewer for everything").arg(login));
    QVERIFY(!statusLabel(window, "readOnlyBadge")->isVisible());
    widgets::RunsView *runs = window.runsView();
    QTRY_COMPARE(runs->model()->rowCount(), 4); // the viewer grant shows every run

    // The runs list's context menu: the run inside the grants has its actions, the one
    // outside only a line saying so.
    auto contextFor = [&](qint64 runId) {
        runs->table()->clearSelection();
        runs->table()->selectRow(runs->model()->rowOfRun(runId));
        QMenu menu;
        emit runs->contextMenuAboutToShow(&menu);
        return entries(menu);
    };
    QStringList items = contextFor(inside);
    QVERIFY2(items.contains(QStringLiteral("Run %1/").arg(inside) + cancelItem()),
             qPrintable(items.join(QLatin1Char('\n'))));
    items = contextFor(outside);
    QVERIFY2(items.contains(QStringLiteral("Run %1: outside your grants").arg(outside)),
             qPrintable(items.join(QLatin1Char('\n'))));
    QVERIFY2(std::none_of(items.begin(), items.end(),
                          [&](const QString &item) {
                              return item.startsWith(QStringLiteral("Run %1/").arg(outside));
                          }),
             qPrintable(items.join(QLatin1Char('\n'))));
    // Bulk: the selection's actions only while every selected run is covered; the filter's
    // not at all, since it matches runs the login may only read.
    const QString selection = QStringLiteral("1 run selected in the Runs list/");
    QVERIFY(!items.contains(selection + cancelItem()));
    QVERIFY2(items.contains(selection +
                            QStringLiteral("Not offered: outside your operator grants (operator "
                                           "for clinic-42/*; viewer for everything): 1 of 1 "
                                           "selected runs. Select only runs you may act on.")),
             qPrintable(items.join(QLatin1Char('\n'))));
    QVERIFY(!items.contains(QStringLiteral("Every run matching the Runs list's filter/") +
                            cancelItem()));
    runs->table()->selectRow(runs->model()->rowOfRun(inside));
    runs->table()->selectionModel()->select(
        runs->model()->index(runs->model()->rowOfRun(reviewInside), 0),
        QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QMenu both;
    window.operatorViews()->fillMenu(&both);
    items = entries(both);
    QVERIFY2(items.contains(QStringLiteral("2 runs selected in the Runs list/") + cancelItem()),
             qPrintable(items.join(QLatin1Char('\n'))));
    // A filter that keeps to the grant's runs gets the bulk actions back.
    store::RunFilter filter;
    filter.scope = QStringLiteral("clinic-42/p-1");
    QVERIFY(runs->model()->setFilter(filter));
    QMenu filtered;
    window.operatorViews()->fillMenu(&filtered);
    QVERIFY2(entries(filtered).contains(QStringLiteral("Every run matching the Runs list's "
                                                       "filter/") +
                                        cancelItem()),
             qPrintable(entries(filtered).join(QLatin1Char('\n'))));

    // The run in the detail.
    window.detailViews()->showRun(outside);
    QTRY_COMPARE(window.detailViews()->detail()->source()->state(),
                 models::RunDetailSource::State::Loaded);
    QMenu detailMenu;
    window.operatorViews()->fillMenu(&detailMenu);
    QVERIFY2(
        entries(detailMenu)
            .contains(QStringLiteral("Run %1 (in the detail): outside your grants").arg(outside)),
        qPrintable(entries(detailMenu).join(QLatin1Char('\n'))));

    // The review queue: its context menu and its buttons follow the current run.
    widgets::ReviewQueueView *review = window.operatorViews()->review();
    // Both runs, not merely two rows: the queue may still show an earlier read.
    QTRY_VERIFY(review->model()->rowOfRun(reviewInside) >= 0 &&
                review->model()->rowOfRun(reviewOutside) >= 0);
    QTRY_COMPARE(review->model()->rowCount(), 2);
    auto reviewIndex = [&](qint64 runId) {
        return review->table()->model()->index(review->model()->rowOfRun(runId), 0);
    };
    QMenu reviewIn;
    window.operatorViews()->fillRowMenu(&reviewIn, review->table(), reviewIndex(reviewInside));
    // One list: iterators of two temporaries would not delimit anything.
    const QStringList reviewInEntries = entries(reviewIn);
    QVERIFY2(std::any_of(reviewInEntries.cbegin(), reviewInEntries.cend(),
                         [&](const QString &item) {
                             return item.startsWith(QStringLiteral("Run %1/").arg(reviewInside));
                         }),
             qPrintable(reviewInEntries.join(QLatin1Char('\n'))));
    QMenu reviewOut;
    window.operatorViews()->fillRowMenu(&reviewOut, review->table(), reviewIndex(reviewOutside));
    QCOMPARE(entries(reviewOut),
             QStringList{QStringLiteral("Run %1: outside your grants").arg(reviewOutside)});
    window.showView(review);
    auto *assign = review->findChild<QPushButton *>(QStringLiteral("assignButton"));
    QVERIFY(assign);
    review->table()->setCurrentIndex(reviewIndex(reviewInside));
    QVERIFY(assign->isVisible());
    QVERIFY(assign->isEnabled());
    review->table()->setCurrentIndex(reviewIndex(reviewOutside));
    QVERIFY(!assign->isVisible());
    QVERIFY(!review->openAction(actions::OperatorAction::AssignReview));
    window.detachStore();
}

void TestOperatorViews::refusalByTheStoreIsShown() {
    // The console's idea of the grants can be out of date (revoked since it connected, or
    // a report built by hand): the store refuses, and the refusal is said plainly.
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QString error;
    const qint64 runId = seedRun(*su, QStringLiteral("clinic-7/p-9"), QStringLiteral("lab-results"),
                                 QStringLiteral("r"), 1, &error);
    QVERIFY2(runId, qPrintable(error));
    const QString login = loginName("stale");
    QCOMPARE(createLogin(db, login,
                         {QStringLiteral("operator - clinic-42/"), QStringLiteral("viewer - -")}),
             QString());
    auto dropLogin =
        qScopeGuard([&] { db.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login)); });
    MainWindow window;
    window.attachStore(reportFor(db, login, true)); // believes it may act on every run
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    widgets::ReviewQueueView *review = window.operatorViews()->review();
    QTRY_COMPARE(review->model()->rowCount(), 1);
    window.showView(review);
    review->table()->setCurrentIndex(review->table()->model()->index(0, 0));
    widgets::ActionDialog *dialog = review->openAction(actions::OperatorAction::ResolveCancelled);
    QVERIFY(dialog);
    dialog->setReason(QStringLiteral("OPS-7"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog->okButton()->isEnabled(), 10000);
    QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->result().has_value(), 10000);
    QCOMPARE(dialog->result()->errorKind, store::StoreErrorKind::PermissionDenied);
    QTRY_VERIFY(window.statusBar()->currentMessage().startsWith(
        QStringLiteral("The store refused Resolve: cancel on run %1").arg(runId)));
    QCOMPARE(optest::runRow(*su, runId).value(QStringLiteral("status")).toString(),
             QStringLiteral("manual_review"));
    dialog->close();
    window.detachStore();
}

void TestOperatorViews::uncertainStepIsSettledFromTheDetail() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(actiontest::seedFailedRuns(db, 1, QStringLiteral("settle-")), QString());
    MainWindow window;
    window.attachStore(reportFor(db, QStringLiteral("t_operator"), true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    widgets::RunsView *runs = window.runsView();
    QTRY_COMPARE(runs->model()->rowCount(), 1);
    const qint64 runId = runs->model()->runAt(0).id;
    window.detailViews()->showRun(runId);
    QTRY_COMPARE(window.detailViews()->detail()->source()->state(),
                 models::RunDetailSource::State::Loaded);

    // The Actions menu offers the uncertain step (send), not the done or pending ones.
    QMenu menu;
    window.operatorViews()->fillMenu(&menu);
    QList<QAction *> settle;
    for (QAction *action : menu.actions())
        if (action->objectName() == QLatin1String("settleStepAction"))
            settle << action;
    QCOMPARE(settle.size(), 1);
    QCOMPARE(settle.first()->text(), QStringLiteral("Settle Step \"send\"…"));
    settle.first()->trigger();
    auto *dialog =
        window.findChild<widgets::SettleStepDialog *>(QStringLiteral("settleStepDialog"));
    QVERIFY(dialog);
    QCOMPARE(dialog->runId(), runId);
    QCOMPARE(dialog->step(), QStringLiteral("send"));
    QTRY_VERIFY_WITH_TIMEOUT(dialog->preview().has_value(), 10000);
    QVERIFY(dialog->preview()->found);
    dialog->close();
}

QTEST_MAIN(TestOperatorViews)
#include "tst_operatorviews.moc"
