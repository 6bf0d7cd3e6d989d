#include "widgets/TrayAlerts.h"

#include "widgets/DetailViews.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/StoreSession.h"
#include "widgets/StuckView.h"

#include <QApplication>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>

#include <utility>

// TrayAlerts.qrc lives in a static library: its initializer is called, not left to the linker.
static void initIconResource() {
    Q_INIT_RESOURCE(TrayAlerts);
}

namespace dedup::widgets {

using models::AlertMonitor;

namespace {
// The application's icon (resources/icons), as the desktop installs it; the theme's copy wins.
QIcon appIcon() {
    const QIcon own(QStringLiteral(":/dedup/icons/org.dedupconsole.DedupConsole.svg"));
    const QIcon icon = QIcon::fromTheme(QStringLiteral("org.dedupconsole.DedupConsole"), own);
    // Without an SVG plugin the icon has no pixels: a tray icon must show something.
    return icon.pixmap(32).isNull()
               ? QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning)
               : icon;
}
} // namespace

TrayAlerts::TrayAlerts(MainWindow *window)
    : QObject(window)
    , m_window(window) {
    initIconResource();
    setObjectName(QStringLiteral("trayAlerts"));
    connect(window, &MainWindow::storeAttached, this,
            [this](StoreSession *session) { setMonitor(session->alerts()); });
    connect(window, &MainWindow::storeAboutToDetach, this, [this] { setMonitor(nullptr); });
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    m_tray = new QSystemTrayIcon(appIcon(), this);
    m_tray->setToolTip(tr("Dedup Console"));
    connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] { showAlertView(m_lastKind); });
    connect(m_tray, &QSystemTrayIcon::activated, this,
            [this](QSystemTrayIcon::ActivationReason reason) {
                if (reason != QSystemTrayIcon::Trigger && reason != QSystemTrayIcon::DoubleClick)
                    return;
                if (m_anyAlert)
                    showAlertView(m_lastKind);
                else
                    raiseWindow();
            });
}

TrayAlerts::~TrayAlerts() = default;

void TrayAlerts::setMonitor(AlertMonitor *monitor) {
    if (m_monitor)
        disconnect(m_monitor, nullptr, this, nullptr);
    m_monitor = monitor;
    m_anyAlert = false;
    if (monitor) {
        connect(monitor, &AlertMonitor::alertRaised, this, &TrayAlerts::raised);
        connect(monitor, &AlertMonitor::alertCleared, this, &TrayAlerts::cleared);
        connect(monitor, &AlertMonitor::enabledChanged, this, &TrayAlerts::updateIcon);
        connect(monitor, &QObject::destroyed, this, &TrayAlerts::updateIcon);
    }
    updateIcon();
}

void TrayAlerts::raiseWindow() {
    m_window->show();
    m_window->setWindowState(m_window->windowState() & ~Qt::WindowMinimized);
    m_window->raise();
    m_window->activateWindow();
}

void TrayAlerts::showAlertView(AlertMonitor::Kind kind) {
    raiseWindow();
    if (kind == AlertMonitor::Kind::StuckRuns)
        m_window->showView(m_window->detailViews()->stuck());
    else
        m_window->showView(m_window->operatorViews()->review());
}

void TrayAlerts::raised(AlertMonitor::Kind kind, const QString &text) {
    m_lastKind = kind;
    m_anyAlert = true;
    m_shown[int(kind)] = text;
    m_window->statusBar()->showMessage(text);
    if (m_tray) {
        m_tray->showMessage(tr("Dedup Console"), text, QSystemTrayIcon::Warning);
        m_tray->setToolTip(text);
    } else {
        QApplication::alert(m_window); // the taskbar entry asks for attention
    }
}

void TrayAlerts::cleared(AlertMonitor::Kind kind) {
    // Only this alert's message goes: the status bar may show another one by now.
    if (m_window->statusBar()->currentMessage() == std::exchange(m_shown[int(kind)], {}))
        m_window->statusBar()->clearMessage();
    const AlertMonitor *monitor = m_monitor.data(); // checked once
    if (m_tray && monitor) {
        const QString stuck = monitor->alertText(AlertMonitor::Kind::StuckRuns);
        const QString review = monitor->alertText(AlertMonitor::Kind::ReviewAge);
        const QString still = stuck.isEmpty() ? review : stuck;
        m_tray->setToolTip(still.isEmpty() ? tr("Dedup Console") : still);
    }
}

void TrayAlerts::updateIcon() {
    const AlertMonitor *monitor = m_monitor.data(); // checked once
    const bool on = monitor && monitor->isEnabled();
    if (m_tray)
        m_tray->setVisible(on);
    if (on)
        return;
    // Switched off or detached: the alerts' messages go with them.
    for (QString &shown : m_shown) {
        if (!shown.isEmpty() && m_window->statusBar()->currentMessage() == shown)
            m_window->statusBar()->clearMessage();
        shown.clear();
    }
    if (m_tray)
        m_tray->setToolTip(tr("Dedup Console"));
}

} // namespace dedup::widgets
