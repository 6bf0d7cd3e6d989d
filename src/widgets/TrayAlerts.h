#pragma once

#include "models/AlertMonitor.h"

#include <QObject>
#include <QPointer>

class QSystemTrayIcon;

namespace dedup::widgets {

class MainWindow;
class StoreSession;

// Shows the AlertMonitor's alerts (docs/CONSOLE.md "Alerts"). With a system tray: a tray
// icon (the application's) while the alerts are on, and a notification per raised alert;
// clicking the notification or the icon raises the window and opens the Stuck or Review tab
// of the last alert. Every alert also goes into the status bar (cleared with the alert);
// without a system tray (headless, offscreen) the window asks for attention as well
// (QApplication::alert), so the alert still reaches the operator. It follows the session the
// window attaches (StoreSession::alerts()) by itself.
class TrayAlerts : public QObject {
    Q_OBJECT

public:
    // The tray icon is made only when the platform has a system tray. After the window's
    // DetailViews and OperatorViews (it opens their tabs).
    explicit TrayAlerts(MainWindow *window);
    ~TrayAlerts() override;

    // Follows `monitor` (not owned; nullptr: none, the icon hides).
    void setMonitor(models::AlertMonitor *monitor);
    models::AlertMonitor *monitor() const { return m_monitor; }
    // nullptr without a system tray.
    QSystemTrayIcon *trayIcon() const { return m_tray; }

    // Raises the window and brings the view of `kind` (Stuck or Review) to the front.
    void showAlertView(models::AlertMonitor::Kind kind);

private:
    void raiseWindow();
    void raised(models::AlertMonitor::Kind kind, const QString &text);
    void cleared(models::AlertMonitor::Kind kind);
    void updateIcon();

    MainWindow *m_window;
    QSystemTrayIcon *m_tray = nullptr;
    QPointer<models::AlertMonitor> m_monitor;
    models::AlertMonitor::Kind m_lastKind = models::AlertMonitor::Kind::StuckRuns;
    bool m_anyAlert = false; // m_lastKind is one that was raised
    QString m_shown[2];      // the status bar's text of each kind's alert
};

} // namespace dedup::widgets
