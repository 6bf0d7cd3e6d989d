// The store's connections behind PgBouncer in transaction mode (docs/SCALING.md, "Behind a
// connection pooler"): prepared statements shared by clients of one server session, the run
// protocol from several workers, and the checks that refuse what needs a session.
#include "TestDatabase.h"
#include "TestPooler.h"
#include "store/ConnectionCheck.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/PoolerCheck.h"
#include "store/RunProtocol.h"

#include <QtTest>

#include <memory>
#include <vector>

using namespace dedup::store;

class TestPooledConnection : public QObject {
    Q_OBJECT

private slots:
    void statementsOfTwoClientsShareOneServerSession();
    void preparedStatementsFollowTheCallAcrossSessions();
    void protocolRunsThroughThePooler();
    void poolerIsRecognised();
    void migrationRefusesThePooler();
    void consoleConnectionCheckRefusesThePooler();
};

// With one server connection, both clients' statements are prepared in the same server
// session. Named by a counter, the second client's first statement met the first client's
// ("prepared statement dedup_1 already exists", or 12 parameters bound to a statement of 3).
void TestPooledConnection::statementsOfTwoClientsShareOneServerSession() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    TestPooler pooler(db.name(), 1);
    QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
    PgConnection a;
    PgConnection b;
    QVERIFY2(a.open(pooler.conninfo()), qPrintable(a.openError().toString()));
    QVERIFY2(b.open(pooler.conninfo()), qPrintable(b.openError().toString()));
    const QString oneParam = QStringLiteral("SELECT $1::int + 1");
    const QString twoParams = QStringLiteral("SELECT $1::text || '/' || $2::text");
    for (int i = 0; i < 20; ++i) {
        PgParams first;
        first.add(i);
        const PgResult sum = a.execPrepared(oneParam, first);
        QVERIFY2(sum.ok(), qPrintable(sum.error().toString()));
        QCOMPARE(sum.toInt64(0, 0), qint64(i + 1));
        PgParams second;
        second.add(QStringLiteral("k%1").arg(i));
        second.add(QStringLiteral("v"));
        const PgResult text = b.execPrepared(twoParams, second);
        QVERIFY2(text.ok(), qPrintable(text.error().toString()));
        QCOMPARE(text.text(0, 0), QStringLiteral("k%1/v").arg(i));
        // The same text from the other client: the same statement, already prepared there.
        const PgResult again = b.execPrepared(oneParam, first);
        QVERIFY2(again.ok(), qPrintable(again.error().toString()));
        QCOMPARE(again.toInt64(0, 0), qint64(i + 1));
    }
}

// With more server sessions than one, a call may reach a session that has not seen the
// statement: it is prepared there and the answers stay right.
void TestPooledConnection::preparedStatementsFollowTheCallAcrossSessions() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    TestPooler pooler(db.name(), 3);
    QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
    std::vector<std::unique_ptr<PgConnection>> clients;
    for (int i = 0; i < 4; ++i) {
        clients.push_back(std::make_unique<PgConnection>());
        QVERIFY(clients.back()->open(pooler.conninfo()));
    }
    // Hold one session in a transaction now and then, so the others' calls move around.
    for (int round = 0; round < 50; ++round) {
        PgConnection &holder = *clients[size_t(round % 4)];
        QVERIFY(holder.exec(QStringLiteral("BEGIN")).ok());
        QVERIFY(holder.exec(QStringLiteral("SELECT 1")).ok());
        for (size_t c = 0; c < clients.size(); ++c) {
            if (clients[c].get() == &holder)
                continue;
            PgParams params;
            params.add(round);
            params.add(qint64(c));
            const PgResult result = clients[c]->execPrepared(
                QStringLiteral("SELECT $1::int * 10 + $2::int, pg_backend_pid()"), params);
            QVERIFY2(result.ok(), qPrintable(result.error().toString()));
            QCOMPARE(result.toInt64(0, 0), qint64(round * 10 + qint64(c)));
        }
        QVERIFY(holder.exec(QStringLiteral("COMMIT")).ok());
    }
}

// Three workers through two server sessions run one-step runs to the end: claim, begin_step,
// complete_step and succeed, each its own transaction.
void TestPooledConnection::protocolRunsThroughThePooler() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    TestPooler pooler(db.name(), 2);
    QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
    std::vector<std::unique_ptr<PgConnection>> workers;
    for (int i = 0; i < 3; ++i) {
        workers.push_back(std::make_unique<PgConnection>());
        QVERIFY2(workers.back()->open(pooler.conninfo(QStringLiteral("t_worker"))),
                 qPrintable(workers.back()->openError().toString()));
    }
    constexpr int Runs = 30;
    for (int i = 0; i < Runs; ++i) {
        RunProtocol protocol(*workers[size_t(i % 3)]);
        ClaimRequest request;
        request.scope = QStringLiteral("pooled");
        request.key = QStringLiteral("key-%1").arg(i);
        request.workflow = QStringLiteral("wf");
        request.fingerprint = QStringLiteral("fp");
        request.worker = QStringLiteral("w%1").arg(i % 3);
        request.steps = {QStringLiteral("send")};
        const auto claim = protocol.claim(request);
        QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
        QVERIFY(claim.value().acquired());
        const RunLease lease = claim.value().lease();
        // The next calls from another worker connection's session, as a pooler may place them.
        RunProtocol next(*workers[size_t((i + 1) % 3)]);
        const auto begun = next.beginStep(lease, QStringLiteral("send"));
        QVERIFY2(begun.ok(), qPrintable(begun.error().toString()));
        QVERIFY(begun.value() == StepAnswer::Run);
        const auto done = protocol.completeStep(lease, QStringLiteral("send"));
        QVERIFY2(done.ok(), qPrintable(done.error().toString()));
        const auto succeeded = next.succeed(lease);
        QVERIFY2(succeeded.ok(), qPrintable(succeeded.error().toString()));
        // A duplicate delivery through the pooler replays.
        const auto duplicate = protocol.claim(request);
        QVERIFY2(duplicate.ok(), qPrintable(duplicate.error().toString()));
        QVERIFY(duplicate.value().outcome == ClaimOutcome::Replay);
    }
    auto direct = db.connect();
    QVERIFY(direct);
    const PgResult count =
        direct->exec(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'succeeded'"));
    QVERIFY(count.ok());
    QCOMPARE(count.toInt64(0, 0), qint64(Runs));
}

void TestPooledConnection::poolerIsRecognised() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    TestPooler pooler(db.name(), 1);
    QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
    PgConnection pooled;
    QVERIFY(pooled.open(pooler.conninfo()));
    PgError error;
    QCOMPARE(PoolerCheck::throughPooler(pooled, &error), std::optional<bool>(true));
    auto direct = db.connect();
    QVERIFY(direct);
    QCOMPARE(PoolerCheck::throughPooler(*direct, &error), std::optional<bool>(false));
}

// A session lock through a transaction pool would be taken in one server session and
// released in another: the migrator refuses before taking it, and changes nothing.
void TestPooledConnection::migrationRefusesThePooler() {
    TestDatabase db(false);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    TestPooler pooler(db.name(), 1);
    QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
    PgConnection pooled;
    QVERIFY(pooled.open(pooler.conninfo()));
    Migrator migrator(pooled);
    QString error;
    Migrator::Report report;
    QVERIFY(!migrator.migrate(&report, &error));
    QVERIFY2(error.contains(QStringLiteral("connection pooler")), qPrintable(error));
    auto direct = db.connect();
    QVERIFY(direct);
    const PgResult schema =
        direct->exec(QStringLiteral("SELECT count(*) FROM pg_namespace WHERE nspname = 'dedup'"));
    QVERIFY(schema.ok());
    QCOMPARE(schema.toInt64(0, 0), qint64(0));
}

void TestPooledConnection::consoleConnectionCheckRefusesThePooler() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    TestPooler pooler(db.name(), 2);
    QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
    const ConnectionReport pooled =
        ConnectionCheck::run(pooler.conninfo(QStringLiteral("t_viewer")));
    QVERIFY(!pooled.ok());
    QCOMPARE(pooled.failure, ConnectionReport::Failure::InvalidSettings);
    QVERIFY2(pooled.message.contains(QStringLiteral("connection pooler")),
             qPrintable(pooled.message));
    QVERIFY2(pooled.message.contains(QStringLiteral("directly")), qPrintable(pooled.message));
    const ConnectionReport direct = ConnectionCheck::run(db.conninfo(QStringLiteral("t_viewer")));
    QVERIFY2(direct.ok(), qPrintable(direct.message));
}

QTEST_GUILESS_MAIN(TestPooledConnection)
#include "tst_pooledconnection.moc"
