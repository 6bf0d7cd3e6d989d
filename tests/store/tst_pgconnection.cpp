// PgConnection against the private PostgreSQL: parameters travel separately from SQL,
// errors carry their SQLSTATE, a killed backend is reported as a lost connection, cancel
// interrupts a running statement, notifications arrive.
#include "TestDatabase.h"
#include "store/PgConnection.h"

#include <QtTest>

#include <future>

using namespace dedup::store;

class TestPgConnection : public QObject {
    Q_OBJECT

private slots:
    void parametersRoundTrip_data();
    void parametersRoundTrip();
    void textArrayParameter();
    void errorCarriesSqlState();
    void badConninfoIsReported();
    void lostConnectionIsFlagged();
    void cancelStopsRunningStatement();
    void notificationsArrive();
    void sessionIsUtcAndIdentified();
};

void TestPgConnection::parametersRoundTrip_data() {
    QTest::addColumn<QString>("value");
    QTest::newRow("plain") << QStringLiteral("hello");
    QTest::newRow("quote injection") << QStringLiteral("x'); DROP TABLE t; --");
    QTest::newRow("backslash") << QStringLiteral("a\\b\\'c");
    QTest::newRow("unicode") << QStringLiteral("Zoë 患者 🧪");
    QTest::newRow("empty") << QStringLiteral("");
}

void TestPgConnection::parametersRoundTrip() {
    QFETCH(QString, value);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    PgParams params;
    params.add(value).addNull().add(qint64(42)).add(true);
    const PgResult result = conn->exec(
        QStringLiteral("SELECT $1::text, $2::text IS NULL, $3::bigint + 1, NOT $4::bool"), params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.text(0, 0), value);
    QVERIFY(!result.isNull(0, 0));
    QVERIFY(result.toBool(0, 1));
    QCOMPARE(result.toInt64(0, 2), 43);
    QVERIFY(!result.toBool(0, 3));
}

void TestPgConnection::textArrayParameter() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    const QStringList steps{QStringLiteral("draft invoice"), QStringLiteral("a,b"),
                            QStringLiteral("{brace}"), QStringLiteral("quo\"te")};
    PgParams params;
    params.add(steps);
    const PgResult result = conn->exec(
        QStringLiteral("SELECT array_length($1::text[], 1), ($1::text[])[2], ($1::text[])[4]"),
        params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.toInt64(0, 0), 4);
    QCOMPARE(result.text(0, 1), QStringLiteral("a,b"));
    QCOMPARE(result.text(0, 2), QStringLiteral("quo\"te"));
}

void TestPgConnection::errorCarriesSqlState() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    const PgResult result = conn->exec(QStringLiteral("SELECT 1/0"));
    QVERIFY(!result.ok());
    QCOMPARE(result.error().sqlState, QStringLiteral("22012"));
    QVERIFY(!result.error().connectionLost);
    // The connection is still usable after a statement error.
    QVERIFY(conn->exec(QStringLiteral("SELECT 1")).ok());
}

void TestPgConnection::badConninfoIsReported() {
    PgConnection conn;
    QVERIFY(!conn.open(QStringLiteral("host=/nonexistent-dir port=1 connect_timeout=2")));
    QVERIFY(!conn.isOpen());
    QVERIFY(!conn.openError().message.isEmpty());
    QVERIFY(conn.openError().connectionLost);
    QVERIFY(!conn.exec(QStringLiteral("SELECT 1")).ok());
}

void TestPgConnection::lostConnectionIsFlagged() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto victim = db.connect();
    auto killer = db.connect();
    QVERIFY(victim && killer);
    PgParams pid;
    pid.add(qint64(victim->backendPid()));
    const PgResult kill = killer->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), pid);
    QVERIFY2(kill.ok() && kill.toBool(0, 0), qPrintable(kill.error().toString()));
    const PgResult after = victim->exec(QStringLiteral("SELECT 1"));
    QVERIFY(!after.ok());
    QVERIFY(after.error().connectionLost);
    QVERIFY(!victim->isOpen());
}

void TestPgConnection::cancelStopsRunningStatement() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    QElapsedTimer timer;
    timer.start();
    auto future = std::async(std::launch::async,
                             [&conn] { return conn->exec(QStringLiteral("SELECT pg_sleep(30)")); });
    QTest::qWait(300);
    QString error;
    QVERIFY2(conn->cancel(&error), qPrintable(error));
    const PgResult result = future.get();
    QVERIFY(!result.ok());
    QCOMPARE(result.error().sqlState, QStringLiteral("57014")); // query_canceled
    QVERIFY(timer.elapsed() < 20000);
    QVERIFY(conn->exec(QStringLiteral("SELECT 1")).ok());
}

void TestPgConnection::notificationsArrive() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto listener = db.connect();
    auto sender = db.connect();
    QVERIFY(listener && sender);
    QVERIFY(listener->exec(QStringLiteral("LISTEN test_channel")).ok());
    PgParams payload;
    payload.add(QStringLiteral("{\"runs\":[1]}"));
    QVERIFY(sender->exec(QStringLiteral("SELECT pg_notify('test_channel', $1)"), payload).ok());
    std::vector<PgNotification> received;
    for (int i = 0; i < 100 && received.empty(); ++i) {
        QVERIFY(listener->consumeInput());
        received = listener->takeNotifications();
        if (received.empty())
            QTest::qWait(20);
    }
    QCOMPARE(received.size(), size_t(1));
    QCOMPARE(received.front().channel, QStringLiteral("test_channel"));
    QCOMPARE(received.front().payload, QStringLiteral("{\"runs\":[1]}"));
    QCOMPARE(received.front().backendPid, sender->backendPid());
}

void TestPgConnection::sessionIsUtcAndIdentified() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    const PgResult result = conn->exec(
        QStringLiteral("SELECT current_setting('TimeZone'), current_setting('dedup.os_user', true),"
                       " '2026-01-02 03:04:05.678+00'::timestamptz"));
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.text(0, 0), QStringLiteral("UTC"));
    QCOMPARE(result.toDateTime(0, 2), QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5, 678), Qt::UTC));
}

QTEST_GUILESS_MAIN(TestPgConnection)
#include "tst_pgconnection.moc"
