// The connection check in the background (ConnectionCheckRunner), against a server that
// never answers (SilentServer): the caller never waits, a cancelled check's answer is dropped,
// and the runner may go while its check still connects. The dialog's side of the same
// (cancel, close while running) is in tst_connectiondialog.cpp.
#include "SilentServer.h"
#include "store/ConnectionReport.h"
#include "widgets/ConnectionCheckRunner.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

using namespace dedup;
using namespace Qt::StringLiterals;

class TestConnectionCheckRunner : public QObject {
    Q_OBJECT

private slots:
    void cancelDropsTheResult();
    void destroyedWhileChecking();
};

// A cancelled check's answer never arrives, a later one does, once.
void TestConnectionCheckRunner::cancelDropsTheResult() {
    SilentServer silent;
    QVERIFY(silent.port() > 0);
    const QString conninfo = silent.conninfo(2);
    widgets::ConnectionCheckRunner runner;
    QSignalSpy finished(&runner, &widgets::ConnectionCheckRunner::finished);
    QElapsedTimer timer;
    timer.start();
    runner.start(conninfo, u"silent"_s, u"tst_connectioncheckrunner"_s);
    QVERIFY(timer.elapsed() < 500); // the caller does not wait for the server
    QVERIFY(runner.isRunning());
    runner.cancel();
    QVERIFY(!runner.isRunning());
    QTest::qWait(3000); // the abandoned check ends after its connect timeout
    QCOMPARE(finished.size(), 0);

    runner.start(conninfo, u"silent"_s, u"tst_connectioncheckrunner"_s);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QVERIFY(!runner.isRunning());
    const auto report = finished.at(0).at(0).value<store::ConnectionReport>();
    QVERIFY(!report.ok());
    QTest::qWait(200);
    QCOMPARE(finished.size(), 1);
}

// Destroyed while its check is connecting: no wait, and the late answer touches nothing.
void TestConnectionCheckRunner::destroyedWhileChecking() {
    SilentServer silent;
    QVERIFY(silent.port() > 0);
    const QString conninfo = silent.conninfo(2);
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 3; ++i) {
        auto *runner = new widgets::ConnectionCheckRunner;
        runner->start(conninfo, u"silent"_s, u"tst_connectioncheckrunner"_s);
        delete runner;
    }
    QVERIFY(timer.elapsed() < 500);
    // One whose answer is posted but not delivered yet when it goes.
    auto *late = new widgets::ConnectionCheckRunner;
    late->start(conninfo, u"silent"_s, u"tst_connectioncheckrunner"_s);
    // libpq waits at least two seconds: by then the check has ended and posted its answer,
    // and no event loop has run to deliver it.
    QThread::msleep(3500);
    delete late;
    QTest::qWait(500);
}

QTEST_MAIN(TestConnectionCheckRunner)
#include "tst_connectioncheckrunner.moc"
