// docs/RELIABILITY.md "Fault-injection suite", line 7 at a small count: the server crashed
// (SIGKILL) and restarted twice under the demo's traffic; the runs created after each restart
// succeed, nothing is left `processing`, no side effect happens twice.
#include "ServerRestarts.h"

#include <QtTest>

class TestReliabilityServerRestarts : public QObject {
    Q_OBJECT

private slots:
    void runsAfterEachRestartSucceed();
};

void TestReliabilityServerRestarts::runsAfterEachRestartSucceed() {
    ServerRestarts::Options options;
    options.restarts = 2;
    options.seed = 18;
    options.upMs = 3000;
    options.downMs = 1500;
    const LineReport report = ServerRestarts::run(options);
    qInfo("%s; %s", qPrintable(report.summary()),
          qPrintable(
              QString::fromUtf8(QJsonDocument(report.figures).toJson(QJsonDocument::Compact))));
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    QCOMPARE(report.trials, 2);
    QCOMPARE(report.survived, 2);
    QCOMPARE(report.lost, 0);
    QCOMPARE(report.duplicated, 0);
    // Traffic flowed between and after the crashes: the deliveries came back each time.
    QVERIFY(report.figure(QStringLiteral("runs_succeeded")) >= 100);
    QCOMPARE(report.figure(QStringLiteral("runs_failed")), 0);
}

QTEST_GUILESS_MAIN(TestReliabilityServerRestarts)
#include "tst_serverrestarts.moc"
