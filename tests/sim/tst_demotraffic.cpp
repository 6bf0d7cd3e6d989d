// DemoTraffic: continuous mixed traffic leaves runs in every state the console shows, across
// correlated workflows, and stops promptly.
#include "SimFixture.h"
#include "TestDatabase.h"
#include "sim/DemoTraffic.h"
#include "sim/Ledger.h"
#include "store/PgResult.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

using namespace dedup;

class TestDemoTraffic : public QObject {
    Q_OBJECT

private slots:
    void everyStateWithinSeconds() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        auto conn = db.connect();
        QVERIFY(conn);

        sim::DemoTrafficOptions options;
        options.conninfo = db.conninfo();
        options.rate = 25;
        options.seed = 7;
        options.lease = std::chrono::milliseconds(1000);
        sim::DemoTraffic traffic(options);
        QString error;
        QVERIFY2(traffic.start(&error), qPrintable(error));
        QVERIFY(traffic.isRunning());
        QThread::msleep(8000);

        QElapsedTimer stopping;
        stopping.start();
        traffic.stop();
        const qint64 stopMs = stopping.elapsed();
        QVERIFY2(stopMs < 5000, qPrintable(QString::number(stopMs)));
        QVERIFY(!traffic.isRunning());

        // Nothing writes any more: the counts stay put.
        const QString total = QStringLiteral("SELECT count(*) FROM dedup.runs");
        const qint64 runs = scalarCount(*conn, total);
        QThread::msleep(1500);
        QCOMPARE(scalarCount(*conn, total), runs);

        const sim::DemoTrafficCounters counters = traffic.counters();
        qInfo("%lld runs, %lld intents, %lld deliveries (%lld duplicates), %lld crashed "
              "(%lld abandoned) in 8 s; stopped in %lld ms",
              runs, counters.intents, counters.deliveries, counters.duplicates, counters.crashed,
              counters.abandoned, stopMs);
        QVERIFY2(runs >= 100, qPrintable(QString::number(runs)));
        QVERIFY(counters.duplicates > 0);
        QVERIFY(counters.abandoned > 0);
        QVERIFY(counters.replayed + counters.inProgress > 0);

        for (const char *status : {"succeeded", "failed", "manual_review"}) {
            const qint64 n = scalarCount(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                               " WHERE status = '%1'")
                                                    .arg(QLatin1String(status)));
            QVERIFY2(n > 0, status);
        }
        // Stuck: processing, lease expired, nobody took over.
        QVERIFY(scalarCount(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                  " WHERE status = 'processing'"
                                                  " AND lease_expires_at < now()")) > 0);
        QVERIFY(scalarCount(*conn, QStringLiteral("SELECT count(*) FROM dedup.steps"
                                                  " WHERE status = 'uncertain'")) > 0);
        // A visit's runs share a correlation id across workflows.
        QVERIFY(
            scalarCount(*conn, QStringLiteral("SELECT count(*) FROM (SELECT correlation_id"
                                              " FROM dedup.runs WHERE correlation_id IS NOT NULL"
                                              " GROUP BY correlation_id"
                                              " HAVING count(DISTINCT workflow) >= 2) c")) > 0);
        // Every workflow has runs, with the workflows' real scopes.
        QCOMPARE(
            scalarCount(*conn, QStringLiteral("SELECT count(DISTINCT workflow) FROM dedup.runs")),
            5);
        QCOMPARE(scalarCount(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                   " WHERE scope LIKE 'sim/%'")),
                 0);
        // Duplicates, crashes and retries repeated no side effect: the full protocol
        // (there is no provider-side duplication in the demo's mix).
        sim::Ledger ledger(*conn);
        sim::LedgerFilter filter;
        filter.label = QStringLiteral("demo");
        const auto totals = ledger.totals(filter);
        QVERIFY2(totals.ok(), qPrintable(totals.errorMessage()));
        QVERIFY(totals.value().sideEffects > 0);
        QCOMPARE(totals.value().duplicates, 0);
    }

    void stopsBeforeStartFinishesInBackground() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        sim::DemoTrafficOptions options;
        options.conninfo = db.conninfo();
        sim::DemoTraffic traffic(options);
        traffic.startInBackground();
        QElapsedTimer stopping;
        stopping.start();
        traffic.stop();
        QVERIFY(stopping.elapsed() < 5000);
        QVERIFY(!traffic.isRunning());
    }

    void refusesABadConninfo() {
        sim::DemoTrafficOptions options;
        options.conninfo = QStringLiteral("host=/nonexistent-dir port=1 dbname=nothing");
        sim::DemoTraffic traffic(options);
        QString error;
        QVERIFY(!traffic.start(&error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(traffic.error(), error);
        QVERIFY(!traffic.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestDemoTraffic)
#include "tst_demotraffic.moc"
