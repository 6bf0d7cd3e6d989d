// The main window offscreen: it shows, its menu actions are wired, and it saves its state.
#include "widgets/MainWindow.h"

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QtTest>

using dedup::widgets::MainWindow;

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void showsAndQuits();
    void storeDescriptionInStatusBar();
    void savesGeometryOnClose();
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QSettings().clear();
}

void TestMainWindow::showsAndQuits() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.windowTitle().contains(QStringLiteral("Dedup Console")));
    QAction *quit = window.findChild<QAction *>(QStringLiteral("actionQuit"));
    QVERIFY(quit);
    QCOMPARE(quit->shortcut(), QKeySequence(QKeySequence::Quit));
    quit->trigger();
    QVERIFY(!window.isVisible());
}

void TestMainWindow::storeDescriptionInStatusBar() {
    MainWindow window;
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Not connected"));
    window.setStoreDescription(QStringLiteral("Demo store: host=/tmp"));
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Demo store: host=/tmp"));
    auto *welcome = window.findChild<QLabel *>(QStringLiteral("welcomeLabel"));
    QVERIFY(welcome);
    QVERIFY(welcome->text().contains(QStringLiteral("Demo store: host=/tmp")));
    QVERIFY(!welcome->text().contains(QStringLiteral("Not connected")));
}

void TestMainWindow::savesGeometryOnClose() {
    {
        MainWindow window;
        window.resize(640, 480);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.close();
    }
    QVERIFY(!QSettings().value(QStringLiteral("mainWindow/geometry")).toByteArray().isEmpty());
    MainWindow restored;
    QCOMPARE(restored.size(), QSize(640, 480));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
