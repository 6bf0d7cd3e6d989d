// A simulated provider across a whole-server crash (docs/RELIABILITY.md, "Server crash and
// restart"): refused as unavailable while the server is down, and its first call after the
// restart performs on a reopened connection instead of losing its answer on the dead one.
// The traffic across crashes is the fault-injection suite's line 7 (tests/reliability).
#include "SimFixture.h"
#include "TestServer.h"
#include "sim/Provider.h"
#include "sim/SimNames.h"
#include "sim/SimSchema.h"
#include "store/PgResult.h"

#include <QTest>

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
};

QTEST_GUILESS_MAIN(TestServerRestart)
#include "tst_serverrestart.moc"
