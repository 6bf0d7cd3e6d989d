// TrayAlerts (docs/CONSOLE.md "Alerts") in the main window, attached to a store on the private
// PostgreSQL with stuck runs in it. Offscreen there is no system tray: no tray icon is made and
// the alert reaches the status bar; a changed preference clears it at once; the alert's view
// (Stuck, Review) comes to the front.
#include "TestDatabase.h"
#include "models/AlertMonitor.h"
#include "store/ConnectionCheck.h"
#include "widgets/DetailViews.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/Preferences.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/StoreSession.h"
#include "widgets/StuckView.h"
#include "widgets/TrayAlerts.h"

#include <QIcon>
#include <QSettings>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QtTest>

using namespace dedup;
using namespace dedup::widgets;
using namespace Qt::StringLiterals;
using Kind = models::AlertMonitor::Kind;

class TestTrayAlerts : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void appIconIsInTheResources();
    void withoutTrayTheStatusBarSaysIt();
};

void TestTrayAlerts::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    QCoreApplication::setApplicationName(u"tst_trayalerts"_s);
    QSettings().clear();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestTrayAlerts::appIconIsInTheResources() {
    MainWindow window; // its TrayAlerts loads the icon's resource
    const QIcon icon(u":/dedup/icons/org.dedupconsole.DedupConsole.svg"_s);
    QVERIFY(!icon.pixmap(32).isNull());
}

void TestTrayAlerts::withoutTrayTheStatusBarSaysIt() {
    QVERIFY(!QSystemTrayIcon::isSystemTrayAvailable()); // offscreen
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(u"INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                     u" lease_owner, lease_token, lease_expires_at, updated_at, attempt)"
                     u" SELECT 'gen', 'k-' || g, 'wf', 'fp', 'processing', 'dead', 1,"
                     u" now() - interval '1 minute', now() - interval '2 minutes', 1"
                     u" FROM generate_series(1, 3) g"_s),
             QString());
    Preferences preferences;
    preferences.stuckAlertRuns = 2;
    preferences.save();
    const store::ConnectionReport report =
        store::ConnectionCheck::run(db.conninfo(), {}, u"alerts"_s, QString());
    QVERIFY2(report.ok(), qPrintable(report.message));

    MainWindow window;
    auto *alerts = window.findChild<TrayAlerts *>(u"trayAlerts"_s);
    QVERIFY(alerts);
    QVERIFY(!alerts->trayIcon()); // made only with a system tray
    window.show();
    window.attachStore(report);
    QCOMPARE(alerts->monitor(), window.session()->alerts());
    QCOMPARE(alerts->monitor()->stuckThreshold(), qint64(2)); // the saved preference
    QTRY_COMPARE_WITH_TIMEOUT(window.statusBar()->currentMessage(), u"3 runs stuck (threshold 2)"_s,
                              20000);

    // Preferences > OK applies at once: below the new threshold, the message goes.
    preferences.stuckAlertRuns = 5;
    window.session()->applyPreferences(preferences);
    QVERIFY(!alerts->monitor()->isRaised(Kind::StuckRuns));
    QVERIFY(window.statusBar()->currentMessage().isEmpty());
    preferences.stuckAlertRuns = 3;
    window.session()->applyPreferences(preferences);
    QCOMPARE(window.statusBar()->currentMessage(), u"3 runs stuck (threshold 3)"_s);
    // Switched off: no alert, and its message goes.
    preferences.alertsEnabled = false;
    window.session()->applyPreferences(preferences);
    QVERIFY(!alerts->monitor()->isEnabled());
    QVERIFY(!alerts->monitor()->isRaised(Kind::StuckRuns));
    QVERIFY(window.statusBar()->currentMessage().isEmpty());

    // What a click on the notification or the icon does: the alert's view in front.
    auto *tabs = window.findChild<QTabWidget *>(u"viewTabs"_s);
    QVERIFY(tabs);
    alerts->showAlertView(Kind::ReviewAge);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.operatorViews()->review()));
    alerts->showAlertView(Kind::StuckRuns);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.detailViews()->stuck()));

    window.detachStore();
    QVERIFY(!alerts->monitor());
}

QTEST_MAIN(TestTrayAlerts)
#include "tst_trayalerts.moc"
