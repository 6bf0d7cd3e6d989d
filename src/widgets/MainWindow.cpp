#include "widgets/MainWindow.h"

#include "ui_MainWindow.h"
#include "widgets/AppTheme.h"
#include "widgets/DashboardView.h"
#include "widgets/DetailViews.h"
#include "widgets/KeyBindings.h"
#include "widgets/LinkNavigator.h"
#include "widgets/OperatorViews.h"
#include "widgets/PreferencesDialog.h"
#include "widgets/ReplicationLabel.h"
#include "widgets/ReportDialog.h"
#include "widgets/RunsView.h"
#include "widgets/SafeText.h"
#include "widgets/SavedViewsDock.h"
#include "widgets/ShortcutsDialog.h"
#include "widgets/StandbyLagLabel.h"
#include "widgets/StoreSession.h"
#include "widgets/TlsStatusLabel.h"
#include "widgets/TrayAlerts.h"
#include "widgets/WorkflowsView.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

namespace dedup::widgets {

namespace {
const QString GeometryKey = QStringLiteral("mainWindow/geometry");
const QString StateKey = QStringLiteral("mainWindow/state");
const QString CurrentViewKey = QStringLiteral("mainWindow/currentView");
const QString RunsViewKey = QStringLiteral("runsView/state");

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_ui(std::make_unique<Ui::MainWindow>())
    , m_runsView(new RunsView(this)) {
    m_ui->setupUi(this);
    m_runsView->setObjectName(QStringLiteral("runsView"));
    setUpActions();
    setUpThemeMenu();
    setUpStatusBar();
    addView(m_runsView, tr("&Runs"), m_runsView->viewActions());
    m_detailViews = new DetailViews(this, this);
    m_operatorViews = new OperatorViews(this, m_detailViews, this);
    new TrayAlerts(this); // the session's alerts in the tray or the status bar (child of this)
    // The Dashboard reads where lists read (a standby when the profile names one).
    auto *dashboard = new DashboardView(this);
    dashboard->setObjectName(QStringLiteral("dashboardView"));
    addView(dashboard, tr("&Dashboard"), dashboard->viewActions());
    connect(this, &MainWindow::storeAttached, dashboard,
            [dashboard](StoreSession *session) { dashboard->setLoader(session->dashboard()); });
    connect(this, &MainWindow::storeAboutToDetach, dashboard,
            [dashboard] { dashboard->setLoader(nullptr); });
    setUpWorkflows();
    setUpLinks();
    connect(m_ui->viewTabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (QWidget *view = m_ui->viewTabs->widget(index))
            view->setFocus(Qt::OtherFocusReason); // its shortcuts follow the focus
    });
    connect(m_ui->banner, &ConnectionBanner::retryRequested, this, [this] {
        if (m_session)
            m_session->retryNow();
    });

    const QSettings settings;
    restoreSavedGeometry(settings.value(GeometryKey).toByteArray());
    m_runsView->restoreState(settings.value(RunsViewKey).toMap());
    detachStore();
    // Ctrl-C in the terminal quits without closing the window: save then too.
    connect(qApp, &QCoreApplication::aboutToQuit, this, &MainWindow::saveSettings);
}

MainWindow::~MainWindow() {
    detachStore();
    // Before the widgets: these let go of the views they fill, which must still exist.
    delete std::exchange(m_operatorViews, nullptr);
    delete std::exchange(m_detailViews, nullptr);
}

void MainWindow::setUpActions() {
    m_ui->actionConnect->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_ui->actionQuit->setShortcuts(keysWithPlatform(Qt::CTRL | Qt::Key_Q, QKeySequence::Quit));
    m_ui->actionPreferences->setShortcuts(
        keysWithPlatform(QKeySequence(Qt::CTRL | Qt::Key_Comma), QKeySequence::Preferences));
    m_ui->actionNextView->setShortcuts(
        keysWithPlatform(QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence::NextChild));
    m_ui->actionPreviousView->setShortcuts(
        keysWithPlatform(QKeySequence(Qt::CTRL | Qt::Key_PageUp), QKeySequence::PreviousChild));
    m_ui->actionKeyboardShortcuts->setShortcuts(
        keysWithPlatform(Qt::Key_F1, QKeySequence::HelpContents));
    m_ui->actionConnect->setIcon(QIcon::fromTheme(QStringLiteral("network-connect")));
    m_ui->actionQuit->setIcon(QIcon::fromTheme(QStringLiteral("application-exit")));

    connect(m_ui->actionConnect, &QAction::triggered, this, &MainWindow::connectRequested);
    connect(m_ui->connectButton, &QPushButton::clicked, m_ui->actionConnect, &QAction::trigger);
    connect(m_ui->actionDisconnect, &QAction::triggered, this, &MainWindow::detachStore);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionPreferences, &QAction::triggered, this, &MainWindow::showPreferences);
    connect(m_ui->actionNextView, &QAction::triggered, this, [this] { switchView(1); });
    connect(m_ui->actionPreviousView, &QAction::triggered, this, [this] { switchView(-1); });
    connect(m_ui->actionKeyboardShortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);

    // File > Export Report… (issue 7). Not modal: the report is written in the background
    // while the window stays usable; a second trigger brings the open dialog back.
    auto *exportReport = new QAction(tr("Export &Report…"), this);
    exportReport->setObjectName(QStringLiteral("actionExportReport"));
    exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportReport->setEnabled(false);
    m_ui->menuFile->insertAction(m_ui->actionQuit, exportReport);
    m_ui->menuFile->insertSeparator(m_ui->actionQuit);
    connect(this, &MainWindow::storeAttached, exportReport,
            [exportReport] { exportReport->setEnabled(true); });
    // The dialog reads the store it was opened on: it goes (and its report stops) with it.
    connect(this, &MainWindow::storeAboutToDetach, exportReport, [this, exportReport] {
        exportReport->setEnabled(false);
        if (auto *dialog = findChild<ReportDialog *>())
            dialog->close();
    });
    connect(exportReport, &QAction::triggered, this, [this] {
        if (!m_session)
            return;
        auto *dialog = findChild<ReportDialog *>();
        if (!dialog) {
            dialog = new ReportDialog(m_session->connections(), m_session->report(), this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
        }
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
}

void MainWindow::setUpWorkflows() {
    // The Workflows tab and the pause banner show the same read of the session's overview.
    m_workflowsView = new WorkflowsView(this);
    m_workflowsView->setObjectName(QStringLiteral("workflowsView"));
    addView(m_workflowsView, tr("&Workflows"), m_workflowsView->viewActions());
    connect(m_workflowsView, &WorkflowsView::actionRefused, this, &MainWindow::showStatusMessage);
    connect(m_ui->pauseBanner, &PauseBanner::showWorkflowsRequested, this,
            [this] { showView(m_workflowsView); });
    connect(this, &MainWindow::storeAttached, this, [this](StoreSession *session) {
        m_workflowsView->setModel(session->workflows(), session->workflowOverview());
        // Pause and resume are offered as the login's grants (dedup.my_access()) allow.
        m_workflowsView->setActionSource(session->connections(), session->access());
        m_ui->pauseBanner->setLoader(session->workflowOverview());
    });
    connect(this, &MainWindow::storeAboutToDetach, this, [this] {
        m_ui->pauseBanner->setLoader(nullptr);
        m_workflowsView->setActionSource({}, {});
        m_workflowsView->setModel(nullptr, nullptr);
    });
}

void MainWindow::setUpLinks() {
    // After every view exists: the navigator reaches them through this window.
    m_links = new LinkNavigator(this);
    m_ui->menuView->addSeparator();
    m_ui->menuView->addAction(m_links->copyLinkAction());
    m_ui->menuView->addAction(m_links->copyViewLinkAction());
    m_ui->menuView->addAction(m_links->openLinkAction());
    // Saved views (issue 17, part 6): named links of this profile, opened through m_links.
    auto *savedViews = new SavedViewsDock(this);
    addDock(savedViews, Qt::LeftDockWidgetArea);
    m_ui->menuView->addAction(savedViews->saveViewAction());
}

QWidget *MainWindow::currentView() const {
    return m_ui->viewTabs->currentWidget();
}

void MainWindow::openLink(const QString &link) {
    m_links->open(link);
}

void MainWindow::setUpThemeMenu() {
    auto *group = new QActionGroup(this);
    const struct {
        QAction *action;
        AppTheme::Choice choice;
    } themes[] = {{m_ui->actionThemeSystem, AppTheme::Choice::System},
                  {m_ui->actionThemeLight, AppTheme::Choice::Light},
                  {m_ui->actionThemeDark, AppTheme::Choice::Dark}};
    const AppTheme::Choice saved = AppTheme::saved();
    for (const auto &theme : themes) {
        group->addAction(theme.action);
        theme.action->setChecked(theme.choice == saved);
        connect(theme.action, &QAction::triggered, this, [choice = theme.choice] {
            AppTheme::save(choice);
            AppTheme::apply(choice);
        });
    }
}

void MainWindow::setUpStatusBar() {
    m_storeLabel = new QLabel(this);
    m_storeLabel->setObjectName(QStringLiteral("storeLabel"));
    m_roleLabel = new QLabel(this);
    m_roleLabel->setObjectName(QStringLiteral("roleLabel"));
    // Profile names, hosts, logins and grant prefixes are text, never markup.
    for (QLabel *label : {m_storeLabel, m_roleLabel})
        label->setTextFormat(Qt::PlainText);
    m_readOnlyBadge = new QLabel(tr("read-only"), this);
    m_readOnlyBadge->setObjectName(QStringLiteral("readOnlyBadge"));
    m_readOnlyBadge->setFrameShape(QFrame::StyledPanel);
    m_readOnlyBadge->setAlignment(Qt::AlignCenter);
    QFont bold = m_readOnlyBadge->font();
    bold.setBold(true);
    m_readOnlyBadge->setFont(bold);
    statusBar()->addPermanentWidget(m_storeLabel);
    // How the connection is protected (found by name: it has no member of its own).
    auto *tls = new TlsStatusLabel(this);
    tls->setObjectName(QStringLiteral("tlsLabel"));
    statusBar()->addPermanentWidget(tls);
    auto *replication = new ReplicationLabel(this);
    replication->setObjectName(QStringLiteral("replicationLabel"));
    statusBar()->addPermanentWidget(replication);
    statusBar()->addPermanentWidget(m_roleLabel);
    statusBar()->addPermanentWidget(m_readOnlyBadge);
}

int MainWindow::addView(QWidget *view, const QString &title, const QList<QAction *> &actions) {
    const int index = m_ui->viewTabs->addTab(view, QString(title).remove(QLatin1Char('&')));
    if (!actions.isEmpty()) {
        auto *menu = new QMenu(title, this);
        menu->addActions(actions);
        menuBar()->insertMenu(m_ui->menuHelp->menuAction(), menu);
    }
    return index;
}

void MainWindow::showView(QWidget *view) {
    const int index = m_ui->viewTabs->indexOf(view);
    if (index >= 0)
        m_ui->viewTabs->setCurrentIndex(index);
}

void MainWindow::addDock(QDockWidget *dock, Qt::DockWidgetArea area) {
    Q_ASSERT(!dock->objectName().isEmpty());
    addDockWidget(area, dock);
    m_ui->menuView->insertAction(m_ui->actionNextView, dock->toggleViewAction());
}

void MainWindow::addMenu(QMenu *menu) {
    menuBar()->insertMenu(m_ui->menuHelp->menuAction(), menu);
}

void MainWindow::addStatusWidget(QWidget *widget) {
    statusBar()->insertPermanentWidget(0, widget);
}

void MainWindow::showStatusMessage(const QString &text) {
    statusBar()->showMessage(text);
}

void MainWindow::attachStore(const store::ConnectionReport &report) {
    detachStore();
    m_session = std::make_unique<StoreSession>(report, Preferences::load());
    StoreSession *session = m_session.get();
    connect(session, &StoreSession::connectionLost, this, [this](const QString &why) {
        // With a standby, a lost list connection may be either server: name both.
        const store::ConnectionReport &r = m_session->report();
        m_ui->banner->showLost(
            m_session->readsFromStandby()
                ? tr("%1 (lists read from the standby %2)").arg(r.target, r.standbyTarget)
                : r.target,
            why);
    });
    connect(session, &StoreSession::connectionRestored, m_ui->banner, &ConnectionBanner::clear);
    m_runsView->setModel(session->runs(), session->listener());

    const QString store = report.profileName.isEmpty()
                              ? report.target
                              : tr("%1 (%2)").arg(report.profileName, report.target);
    m_storeLabel->setText(store);
    findChild<TlsStatusLabel *>(QStringLiteral("tlsLabel"))->showState(report.tls);
    findChild<ReplicationLabel *>(QStringLiteral("replicationLabel"))->showMode(report.replication);
    // The login's grants in this store, in a line ("as alice: operator for clinic-42/*"),
    // each grant and what they mean in the tooltip.
    const store::AccessScope &access = session->access();
    m_roleLabel->setText(tr("as %1: %2").arg(report.currentUser, report.accessSummary()));
    QStringList roleTip = report.access ? access.grantLines() : QStringList();
    if (report.access)
        roleTip.append(access.explanation());
    if (!report.warning.isEmpty())
        roleTip.append(report.warning);
    m_roleLabel->setToolTip(SafeText::toolTip(roleTip.join(QLatin1Char('\n'))));
    // Read-only: no operator grant for any run (a grant for some runs offers actions on
    // those). Without even a viewer grant the badge says there is nothing to see.
    m_readOnlyBadge->setVisible(!access.mayOperateAnything());
    if (access.mayReadAnything()) {
        m_readOnlyBadge->setText(tr("read-only"));
        m_readOnlyBadge->setToolTip(tr("No operator grant in this store: the console only "
                                       "shows what the grants let %1 read.")
                                        .arg(report.currentUser));
    } else {
        m_readOnlyBadge->setText(tr("no access"));
        m_readOnlyBadge->setToolTip(SafeText::toolTip(report.warning));
    }
    if (session->standbyLag()) {
        // Lives as long as the session: its lag means nothing for the next store.
        auto *lag = new StandbyLagLabel(this);
        lag->setPoller(session->standbyLag());
        connect(session, &QObject::destroyed, lag, &QObject::deleteLater);
        statusBar()->insertPermanentWidget(0, lag);
        m_storeLabel->setToolTip(tr("Lists read from the standby %1").arg(report.standbyTarget));
    } else {
        m_storeLabel->setToolTip({});
    }
    statusBar()->clearMessage();
    // A login without grants sees an empty store: say why rather than let it look empty.
    if (!report.warning.isEmpty())
        statusBar()->showMessage(report.warning);
    setWindowTitle(tr("%1 – Dedup Console").arg(store));
    m_ui->actionDisconnect->setEnabled(true);
    m_ui->pages->setCurrentWidget(m_ui->viewsPage);
    m_ui->viewTabs->currentWidget()->setFocus(Qt::OtherFocusReason);
    m_detailViews->attach(session);
    m_operatorViews->attach(session);
    emit storeAttached(session);
}

void MainWindow::detachStore() {
    if (m_session) {
        emit storeAboutToDetach(m_session.get());
        // The views let go of the session's models before it destroys them.
        m_operatorViews->detach();
        m_detailViews->detach();
        m_runsView->setModel(nullptr, nullptr);
        m_session.reset();
        m_ui->placeholderLabel->setText(tr("Not connected to a dedup store."));
    }
    m_ui->banner->clear();
    m_storeLabel->setText(tr("Not connected"));
    findChild<TlsStatusLabel *>(QStringLiteral("tlsLabel"))->clearState();
    findChild<ReplicationLabel *>(QStringLiteral("replicationLabel"))->clearMode();
    m_roleLabel->clear();
    m_roleLabel->setToolTip({});
    m_readOnlyBadge->hide();
    setWindowTitle(tr("Dedup Console"));
    m_ui->actionDisconnect->setEnabled(false);
    m_ui->pages->setCurrentWidget(m_ui->placeholderPage);
}

void MainWindow::showPlaceholderMessage(const QString &text) {
    m_ui->placeholderLabel->setText(text);
}

void MainWindow::switchView(int step) {
    const int count = m_ui->viewTabs->count();
    if (count > 1)
        m_ui->viewTabs->setCurrentIndex((m_ui->viewTabs->currentIndex() + step + count) % count);
}

void MainWindow::showShortcuts() {
    ShortcutsDialog dialog(menuBar(), this);
    dialog.exec();
}

void MainWindow::showPreferences() {
    PreferencesDialog dialog(Preferences::load(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Preferences preferences = dialog.preferences();
    preferences.save();
    if (m_session)
        m_session->applyPreferences(preferences);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(GeometryKey, saveGeometry());
    settings.setValue(StateKey, saveState());
    settings.setValue(CurrentViewKey, m_ui->viewTabs->currentIndex());
    settings.setValue(RunsViewKey, m_runsView->saveState());
}

void MainWindow::restoreSavedGeometry(const QByteArray &saved) {
    if (saved.isEmpty() || !restoreGeometry(saved))
        return; // the form's size
    const QRect available = screen()->availableGeometry();
    // A saved geometry larger than the screen is not restored: a value the store once held (a
    // worker id 10,000 characters long) must not keep the window wider than the screen.
    if (geometry().width() <= available.width() && geometry().height() <= available.height())
        return;
    setGeometry(QStyle::alignedRect(layoutDirection(), Qt::AlignCenter, available.size() * 4 / 5,
                                    available));
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (std::exchange(m_stateRestored, true))
        return;
    // Now rather than in the constructor: docks added after construction are known by now.
    const QSettings settings;
    restoreState(settings.value(StateKey).toByteArray());
    m_ui->viewTabs->setCurrentIndex(settings.value(CurrentViewKey, 0).toInt());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    saveSettings();
    event->accept();
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About Dedup Console"),
        tr("<h3>Dedup Console %1</h3>"
           "<p>Operations console for a PostgreSQL idempotency (dedup) store: run history by "
           "idempotency key and correlation id, stuck runs, safe operator actions and audit "
           "reports.</p>")
            .arg(QApplication::applicationVersion()));
}

} // namespace dedup::widgets
