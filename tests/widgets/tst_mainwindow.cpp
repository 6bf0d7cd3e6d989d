// The main window offscreen, without a database: menus and shortcuts (and the dialog that
// lists them), themes, the status bar for an attached store, the banner for a store that
// cannot be reached, and saved window state.
#include "models/RunListModel.h"
#include "widgets/AppTheme.h"
#include "widgets/ConnectionBanner.h"
#include "widgets/CorrelationView.h"
#include "widgets/DetailViews.h"
#include "widgets/MainWindow.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunFilterBar.h"
#include "widgets/RunsView.h"
#include "widgets/ShortcutsDialog.h"
#include "widgets/StuckCountLabel.h"
#include "widgets/StuckView.h"
#include "widgets/WarningLabel.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

using namespace dedup::widgets;
using dedup::store::ConnectionReport;

namespace {

// A store nobody listens at: the models fail to connect at once, and keep retrying.
ConnectionReport unreachableStore(bool canOperate) {
    ConnectionReport report;
    report.conninfo = QStringLiteral("host=/nonexistent-dedup-socket-dir port=1 dbname=dedup");
    report.target = QStringLiteral("alice@nowhere:1/dedup");
    report.currentUser = QStringLiteral("alice");
    report.canOperate = canOperate;
    report.canRead = true;
    return report;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void showsAndQuits();
    void notConnectedPlaceholder();
    void attachShowsTargetRoleAndBadge();
    void unreachableStoreShowsBanner();
    void connectActionAndShortcut();
    void shortcutsDialogListsTheActions();
    void shortcutsDialogOpensFromHelp();
    void viewTabsSwitchByKeyboard();
    void activationOpensDetailAndCorrelation();
    void themeSwitchChangesPalette();
    void restoresWindowState();

private:
    template <typename T>
    static T *child(const QObject &parent, const char *name) {
        auto *object = parent.findChild<T *>(QLatin1String(name));
        if (!object)
            qFatal("no child %s", name);
        return object;
    }
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
}

void TestMainWindow::init() {
    QSettings().clear();
}

void TestMainWindow::showsAndQuits() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Dedup Console"));
    QAction *quit = child<QAction>(window, "actionQuit");
    QCOMPARE(quit->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit->trigger();
    QVERIFY(!window.isVisible());
}

void TestMainWindow::notConnectedPlaceholder() {
    MainWindow window;
    QVERIFY(!window.isAttached());
    QCOMPARE(child<QLabel>(*window.statusBar(), "storeLabel")->text(),
             QStringLiteral("Not connected"));
    auto *pages = child<QStackedWidget>(window, "pages");
    QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("placeholderPage"));
    window.showPlaceholderMessage(QStringLiteral("Starting the demo store…"));
    QCOMPARE(child<QLabel>(window, "placeholderLabel")->text(),
             QStringLiteral("Starting the demo store…"));
    QVERIFY(!child<QAction>(window, "actionDisconnect")->isEnabled());
}

void TestMainWindow::attachShowsTargetRoleAndBadge() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *badge = child<QLabel>(*window.statusBar(), "readOnlyBadge");

    window.attachStore(unreachableStore(false));
    QVERIFY(window.isAttached());
    QVERIFY(window.runsView()->model());
    QCOMPARE(child<QStackedWidget>(window, "pages")->currentWidget()->objectName(),
             QStringLiteral("viewsPage"));
    QCOMPARE(child<QLabel>(*window.statusBar(), "storeLabel")->text(),
             QStringLiteral("alice@nowhere:1/dedup"));
    QCOMPARE(child<QLabel>(*window.statusBar(), "roleLabel")->text(),
             QStringLiteral("as alice: viewer (read-only)"));
    QVERIFY(badge->isVisible());
    QCOMPARE(badge->text(), QStringLiteral("read-only"));
    QVERIFY(window.windowTitle().contains(QStringLiteral("alice@nowhere:1/dedup")));
    QVERIFY(child<QAction>(window, "actionDisconnect")->isEnabled());

    // No replication read (a report built by hand): no replication label.
    auto *replication = child<QLabel>(*window.statusBar(), "replicationLabel");
    QVERIFY(!replication->isVisible());

    dedup::store::ConnectionReport asynchronous = unreachableStore(true);
    dedup::store::ReplicationMode mode;
    mode.kind = dedup::store::ReplicationMode::Kind::Asynchronous;
    mode.synchronousCommit = QStringLiteral("on");
    mode.streamingStandbys = 1;
    asynchronous.replication = mode;
    window.attachStore(asynchronous); // replaces the attached store
    QVERIFY(replication->isVisible());
    QCOMPARE(replication->text(), QStringLiteral("asynchronous replication"));
    QVERIFY(replication->toolTip().contains(QStringLiteral("side effect twice")));
    QVERIFY(static_cast<WarningLabel *>(replication)->isWarning());
    QVERIFY(!badge->isVisible());
    QCOMPARE(child<QLabel>(*window.statusBar(), "roleLabel")->text(),
             QStringLiteral("as alice: operator"));

    child<QAction>(window, "actionDisconnect")->trigger();
    QVERIFY(!window.isAttached());
    QCOMPARE(window.runsView()->model(), nullptr);
    QVERIFY(!badge->isVisible());
    QCOMPARE(child<QLabel>(*window.statusBar(), "storeLabel")->text(),
             QStringLiteral("Not connected"));
    QVERIFY(!replication->isVisible());
    QCOMPARE(window.windowTitle(), QStringLiteral("Dedup Console"));
}

void TestMainWindow::unreachableStoreShowsBanner() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *banner = child<ConnectionBanner>(window, "banner");
    QVERIFY(!banner->isVisible());
    window.attachStore(unreachableStore(true));
    QTRY_VERIFY(banner->isActive());
    QVERIFY(banner->isVisible());
    QVERIFY2(
        banner->message().startsWith(QStringLiteral("Connection to alice@nowhere:1/dedup lost: ")),
        qPrintable(banner->message()));
    // libpq's multi-line message on one line, then what happens next.
    QVERIFY(banner->message().endsWith(QStringLiteral(" Reconnecting…")));
    QVERIFY(!banner->message().contains(QLatin1Char('\n')));
    QVERIFY(!banner->message().contains(QStringLiteral("?.")));
    // The runs list says why it is empty too, and offers nothing misleading.
    QTRY_VERIFY(child<QWidget>(*window.runsView(), "errorRow")->isVisible());
    QCOMPARE(child<QLabel>(*window.runsView(), "emptyStateLabel")->isVisible(), false);

    // A failed load is not retried in a loop (the view asks for more rows on every layout):
    // the session retries every few seconds, the loader's backoff spaces the real attempts.
    QSignalSpy errors(window.runsView()->model(), &dedup::models::RunListModel::errorOccurred);
    QTest::qWait(1000);
    QVERIFY2(errors.count() <= 2, qPrintable(QString::number(errors.count())));

    // Retry now keeps it up (still unreachable), and detaching takes it down.
    QSignalSpy active(banner, &ConnectionBanner::activeChanged);
    child<QPushButton>(*banner, "retryNowButton")->click();
    QTest::qWait(200);
    QVERIFY(banner->isActive());
    QCOMPARE(active.count(), 0);
    window.detachStore();
    QVERIFY(!banner->isActive());
    QVERIFY(!banner->isVisible());
}

void TestMainWindow::connectActionAndShortcut() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QSignalSpy requested(&window, &MainWindow::connectRequested);
    QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(requested.count(), 1);
    child<QPushButton>(window, "connectButton")->click();
    QCOMPARE(requested.count(), 2);
}

void TestMainWindow::shortcutsDialogListsTheActions() {
    MainWindow window;
    const QString ctrlShiftO =
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O).toString(QKeySequence::NativeText);
    const ShortcutsDialog dialog(window.menuBar());
    const QList<QStringList> rows = dialog.rows();
    const auto row = [&rows](const QString &menu, const QString &action) -> QString {
        for (const QStringList &r : rows) {
            if (r.at(0) == menu && r.at(1) == action)
                return r.at(2);
        }
        return QStringLiteral("<missing>");
    };
    QCOMPARE(row(QStringLiteral("File"), QStringLiteral("Connect…")), ctrlShiftO);
    QCOMPARE(row(QStringLiteral("File"), QStringLiteral("Quit")), QStringLiteral("Ctrl+Q"));
    QCOMPARE(row(QStringLiteral("Runs"), QStringLiteral("Refresh")), QStringLiteral("F5"));
    QCOMPARE(row(QStringLiteral("Runs"), QStringLiteral("Find Runs…")), QStringLiteral("Ctrl+F"));
    QCOMPARE(row(QStringLiteral("Runs"), QStringLiteral("Cancel Loading")), QStringLiteral("Esc"));
    QCOMPARE(row(QStringLiteral("Runs"), QStringLiteral("Live Updates")), QStringLiteral("Ctrl+L"));
    QCOMPARE(row(QStringLiteral("Runs"), QStringLiteral("Open Run")),
             QStringLiteral("Return, Enter"));
    QVERIFY(row(QStringLiteral("View"), QStringLiteral("Next View"))
                .startsWith(QStringLiteral("Ctrl+PgDown")));
    QVERIFY(row(QStringLiteral("View"), QStringLiteral("Previous View"))
                .startsWith(QStringLiteral("Ctrl+PgUp")));
    QCOMPARE(row(QStringLiteral("Help"), QStringLiteral("Keyboard Shortcuts")),
             QStringLiteral("F1"));

    // Exactly the menu actions that have a shortcut, each once.
    int withShortcut = 0;
    for (const QAction *menuAction : window.menuBar()->actions()) {
        for (const QAction *action : menuAction->menu()->actions()) {
            if (!action->menu() && !action->shortcuts().isEmpty())
                ++withShortcut;
        }
    }
    QCOMPARE(rows.size(), withShortcut);

    // Generated from the actions: a changed shortcut shows the next time it opens.
    child<QAction>(*window.runsView(), "actionRefresh")->setShortcut(Qt::CTRL | Qt::Key_R);
    const ShortcutsDialog again(window.menuBar());
    bool found = false;
    for (const QStringList &r : again.rows())
        found =
            found || (r.at(1) == QStringLiteral("Refresh") && r.at(2) == QStringLiteral("Ctrl+R"));
    QVERIFY(found);
}

void TestMainWindow::shortcutsDialogOpensFromHelp() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    int rowsShown = -1;
    QTimer::singleShot(0, &window, [&rowsShown, &window] {
        auto *dialog = window.findChild<ShortcutsDialog *>(QStringLiteral("shortcutsDialog"));
        if (dialog) {
            rowsShown = int(dialog->rows().size());
            dialog->reject();
        }
    });
    child<QAction>(window, "actionKeyboardShortcuts")->trigger(); // modal: returns once closed
    QCOMPARE(rowsShown, int(ShortcutsDialog(window.menuBar()).rows().size()));
    QVERIFY(rowsShown > 10);
}

void TestMainWindow::viewTabsSwitchByKeyboard() {
    MainWindow window;
    auto *tabs = child<QTabWidget>(window, "viewTabs");
    // Runs, Correlation, Stuck, Review queue, Audit, Dashboard, Workflows
    const int builtIn = tabs->count();
    QCOMPARE(builtIn, 7);
    auto *other = new QLabel(QStringLiteral("other view"));
    auto *otherAction = new QAction(QStringLiteral("Do Other"), other);
    otherAction->setShortcut(Qt::CTRL | Qt::Key_J);
    QCOMPARE(window.addView(other, QStringLiteral("&Other"), {otherAction}), builtIn);
    window.attachStore(unreachableStore(true));
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    tabs->setCurrentIndex(0);
    QCOMPARE(tabs->tabText(builtIn), QStringLiteral("Other"));
    QTest::keyClick(&window, Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 1);
    QTest::keyClick(&window, Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 0);
    QTest::keyClick(&window, Qt::Key_PageUp, Qt::ControlModifier); // wraps around
    QCOMPARE(tabs->currentIndex(), builtIn);
    window.showView(window.runsView());
    QCOMPARE(tabs->currentIndex(), 0);
    // The view's actions are in a menu of their own, so in the shortcuts dialog too.
    bool listed = false;
    for (const QStringList &r : ShortcutsDialog(window.menuBar()).rows())
        listed =
            listed || (r.at(0) == QStringLiteral("Other") && r.at(1) == QStringLiteral("Do Other"));
    QVERIFY(listed);
}

void TestMainWindow::themeSwitchChangesPalette() {
    MainWindow window;
    child<QAction>(window, "actionThemeDark")->trigger();
    QVERIFY(AppTheme::isDark(QApplication::palette()));
    QCOMPARE(QApplication::palette().color(QPalette::Window),
             AppTheme::darkPalette().color(QPalette::Window));
    QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
    QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(),
             QStringLiteral("dark"));
    QCOMPARE(AppTheme::saved(), AppTheme::Choice::Dark);
    // Widgets follow (the palette change reaches them through the event loop).
    QTRY_VERIFY(window.runsView()->table()->palette().color(QPalette::Base).lightness() < 128);

    child<QAction>(window, "actionThemeLight")->trigger();
    QVERIFY(!AppTheme::isDark(QApplication::palette()));
    QCOMPARE(QApplication::palette().color(QPalette::Window),
             AppTheme::lightPalette().color(QPalette::Window));
    QCOMPARE(AppTheme::saved(), AppTheme::Choice::Light);

    child<QAction>(window, "actionThemeSystem")->trigger();
    QCOMPARE(AppTheme::saved(), AppTheme::Choice::System);
    // The offscreen platform's palette is light.
    QCOMPARE(AppTheme::effective(AppTheme::Choice::System), AppTheme::Choice::Light);
    QVERIFY(!AppTheme::isDark(QApplication::palette()));

    // A new window shows the saved choice as checked.
    AppTheme::save(AppTheme::Choice::Dark);
    MainWindow next;
    QVERIFY(child<QAction>(next, "actionThemeDark")->isChecked());
    QVERIFY(!child<QAction>(next, "actionThemeSystem")->isChecked());
    AppTheme::apply(AppTheme::Choice::Light);
}

void TestMainWindow::restoresWindowState() {
    int keyWidth = 0;
    QSize size;
    {
        MainWindow window;
        window.attachStore(unreachableStore(true)); // the header has its columns
        const int height = qMax(600, window.minimumSizeHint().height() + 30);
        window.resize(window.minimumSizeHint().width() + 50, height);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        size = window.size();
        QCOMPARE(size.height(), height);
        RunsView *runs = window.runsView();
        QHeaderView *header = runs->table()->horizontalHeader();
        keyWidth = header->sectionSize(dedup::models::RunListModel::KeyColumn) + 37;
        header->resizeSection(dedup::models::RunListModel::KeyColumn, keyWidth);
        header->setSectionHidden(dedup::models::RunListModel::LeaseOwnerColumn, true);
        child<QToolButton>(*runs, "statusButton_failed")->setChecked(true);
        child<QLineEdit>(*runs, "scopeEdit")->setText(QStringLiteral("clinic-7"));
        window.close();
    }
    QVERIFY(!QSettings().value(QStringLiteral("mainWindow/geometry")).toByteArray().isEmpty());

    MainWindow restored;
    QCOMPARE(restored.size(), size);
    const auto filter = restored.runsView()->filterBar()->filter();
    QVERIFY(filter.statuses == QList<dedup::core::RunStatus>{dedup::core::RunStatus::Failed});
    QCOMPARE(filter.scope, std::optional<QString>(QStringLiteral("clinic-7")));
    restored.attachStore(unreachableStore(true));
    // The last filter is shown, with the login's read regions added (here a reader of every
    // run, under row-level security: one region without workflow and prefix).
    auto shown = restored.runsView()->model()->filter();
    QCOMPARE(shown.readable, std::optional<dedup::store::ReadRegions>(
                                 dedup::store::ReadRegions{dedup::store::ReadRegion{}}));
    shown.readable.reset();
    QCOMPARE(shown, filter);
    QHeaderView *header = restored.runsView()->table()->horizontalHeader();
    QCOMPARE(header->sectionSize(dedup::models::RunListModel::KeyColumn), keyWidth);
    QVERIFY(header->isSectionHidden(dedup::models::RunListModel::LeaseOwnerColumn));
    QVERIFY(!header->isSectionHidden(dedup::models::RunListModel::KeyColumn));
}

// A run activated in a list opens in the detail dock, a correlation id in the timeline tab,
// and the stuck count in the status bar opens the Stuck tab.
void TestMainWindow::activationOpensDetailAndCorrelation() {
    MainWindow window;
    window.attachStore(unreachableStore(true));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    DetailViews *views = window.detailViews();
    QVERIFY(views);
    auto *tabs = child<QTabWidget>(window, "viewTabs");
    views->detailDock()->hide();
    emit window.runsView()->runActivated(42);
    QCOMPARE(views->detail()->runId(), 42);
    QVERIFY(views->detailDock()->isVisible());
    emit window.runsView()->correlationActivated(QStringLiteral("visit-7"), 0);
    QCOMPARE(tabs->currentWidget(), views->correlation());
    QCOMPARE(views->correlation()->correlationId(), QStringLiteral("visit-7"));
    emit views->correlation()->runActivated(43);
    QCOMPARE(views->detail()->runId(), 43);
    QVERIFY(views->stuckCount()->isVisible());
    emit views->stuckCount()->clicked();
    QCOMPARE(tabs->currentWidget(), views->stuck());
    emit views->stuck()->runActivated(44);
    QCOMPARE(views->detail()->runId(), 44);
    // Without a store the views have nothing to read and the count is hidden.
    window.detachStore();
    QVERIFY(!views->stuckCount()->isVisible());
    QVERIFY(views->stuck()->model() == nullptr);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
