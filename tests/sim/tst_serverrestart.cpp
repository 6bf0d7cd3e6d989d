// A whole-server crash under the demo's traffic (docs/RELIABILITY.md, "Server crash and
// restart"): the workers, the simulated providers and their ledger connections come back by
// themselves once the server does, runs created afterwards succeed, nothing is duplicated and
// nothing is left stuck.
#include "SimFixture.h"
#include "TestServer.h"
#include "sim/DemoTraffic.h"
#include "sim/Ledger.h"
#include "sim/Provider.h"
#include "sim/SimNames.h"
#include "sim/SimSchema.h"
#include "store/PgResult.h"

#include <QTest>
#include <QThread>

using namespace dedup;

class TestServerRestart : public QObject {
    Q_OBJECT

private slots:
    // The provider's first call after a restart performs: its connection is found closed
    // and opened again before the call, so no answer is lost on a dead connection.
    void providerReconnectsBeforeItsCall() {
        TestServer server;
        QVERIFY2(server.isValid(), qPrintable(server.error()));
        auto admin = server.connect();
        QVERIFY(admin);
        QString error;
        QVERIFY2(sim::SimSchema::install(*admin, &error), qPrintable(error));
        sim::Provider messaging(sim::ProviderConfig::messaging());
        QVERIFY2(messaging.open(server.conninfo(), &error), qPrintable(error));
        const auto send = [&](const QString &intent) {
            return messaging.call(
                {QString(sim::operation::SendMessage), intent, std::nullopt, QJsonObject()});
        };
        QVERIFY(send(QStringLiteral("before")).ok);

        QVERIFY2(server.crash(&error), qPrintable(error));
        // Down: refused as unavailable (nothing happened), not a lost answer.
        const sim::ProviderResult down = send(QStringLiteral("while down"));
        QVERIFY(!down.ok);
        QCOMPARE(core::toString(down.errorClass), core::toString(core::ErrorClass::Unavailable));
        QVERIFY2(server.start(&error), qPrintable(error));

        const sim::ProviderResult after = send(QStringLiteral("after"));
        QVERIFY2(after.ok, qPrintable(after.message));
        QVERIFY(after.committed);
        admin = server.connect();
        QVERIFY(admin);
        QCOMPARE(scalarCount(*admin, QStringLiteral("SELECT count(*) FROM sim.ledger")), 2);
    }

    void runsAfterARestartSucceed() {
        TestServer server;
        QVERIFY2(server.isValid(), qPrintable(server.error()));

        sim::DemoTrafficOptions options;
        options.conninfo = server.conninfo();
        options.rate = 20;
        options.workers = 3;
        options.seed = 18;
        options.lease = std::chrono::milliseconds(2000);
        // No provider faults and no worker crashes: whatever goes wrong here is the restart's.
        options.faults = sim::SimulationFaults();
        options.crashShare = 0;
        sim::DemoTraffic traffic(options);
        QString error;
        QVERIFY2(traffic.start(&error), qPrintable(error));
        QThread::msleep(3000);

        QVERIFY2(server.crash(&error), qPrintable(error));
        QThread::msleep(3000); // as an operator would take to notice and start it again
        QVERIFY2(server.start(&error), qPrintable(error));
        auto conn = server.connect();
        QVERIFY(conn);
        const store::PgResult restarted =
            conn->exec(QStringLiteral("SELECT to_char(now() AT TIME ZONE 'UTC',"
                                      " 'YYYY-MM-DD HH24:MI:SS.US')"));
        QVERIFY2(restarted.ok(), qPrintable(restarted.error().toString()));
        store::PgParams after;
        after.add(restarted.text(0, 0) + QStringLiteral("+00"));

        QThread::msleep(10000);
        traffic.stop();
        const sim::DemoTrafficCounters counters = traffic.counters();

        const qint64 before = scalarCount(*conn,
                                          QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                         " WHERE created_at < $1::timestamptz"),
                                          after);
        const qint64 created = scalarCount(*conn,
                                           QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                          " WHERE created_at >= $1::timestamptz"),
                                           after);
        const qint64 notSucceeded = scalarCount(
            *conn,
            QStringLiteral("SELECT count(*) FROM dedup.runs"
                           " WHERE created_at >= $1::timestamptz AND status <> 'succeeded'"),
            after);
        const qint64 inReview = scalarCount(
            *conn,
            QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'manual_review'"));
        const qint64 stuck = scalarCount(*conn, QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                               " WHERE status = 'processing'"));
        qInfo("%lld runs before the crash, %lld after the restart (%lld not succeeded); "
              "%lld in review, %lld processing at the end; %lld deliveries, %lld handed out "
              "again after an error, %lld other",
              before, created, notSucceeded, inReview, stuck, counters.deliveries,
              counters.redelivered, counters.other);
        if (stuck != 0 || inReview != 0) {
            // What the restart left behind, for the log.
            const store::PgResult left = conn->exec(QStringLiteral(
                "SELECT r.id, r.status, r.workflow, r.created_at, r.lease_owner,"
                "       r.lease_expires_at, r.attempt, r.review_reason,"
                "       (SELECT string_agg(e.kind || '@' || e.at::time::text, ' ' ORDER BY e.id)"
                "          FROM dedup.events e WHERE e.run_id = r.id),"
                "       (SELECT string_agg(s.name || ': ' || COALESCE(s.error::text, '-'), ' ')"
                "          FROM dedup.steps s WHERE s.run_id = r.id)"
                "  FROM dedup.runs r WHERE r.status IN ('processing', 'manual_review')"));
            for (int row = 0; row < left.rows(); ++row) {
                QStringList fields;
                for (int column = 0; column < left.columns(); ++column)
                    fields << left.text(row, column);
                qInfo("left: %s", qPrintable(fields.join(QStringLiteral(" | "))));
            }
        }
        QVERIFY2(before > 0, "traffic before the crash");
        QVERIFY2(created >= 50, qPrintable(QString::number(created)));
        // Created after the restart: every one succeeded, none went to review or failed
        // because a connection of the traffic's was lost.
        QCOMPARE(notSucceeded, 0);
        // The runs in flight when the server died were finished after it came back, by their
        // own worker or by a takeover: none is left `processing`.
        QCOMPARE(stuck, 0);

        // The providers' ledger: no side effect twice, before, across or after the crash.
        sim::Ledger ledger(*conn);
        sim::LedgerFilter filter;
        filter.label = QStringLiteral("demo");
        const auto totals = ledger.totals(filter);
        QVERIFY2(totals.ok(), qPrintable(totals.errorMessage()));
        QVERIFY(totals.value().sideEffects > 0);
        QCOMPARE(totals.value().duplicates, 0);
    }
};

QTEST_GUILESS_MAIN(TestServerRestart)
#include "tst_serverrestart.moc"
