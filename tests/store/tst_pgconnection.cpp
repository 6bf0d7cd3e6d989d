// PgConnection against the private PostgreSQL: parameters travel separately from SQL,
// errors carry their SQLSTATE, a killed backend is reported as a lost connection, cancel
// interrupts a running statement, notifications arrive. Prepared statements: prepared once
// per session, and found again when the session loses them (as behind a pooler in
// transaction mode, or after a migration changed a function's result type).
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
    void preparedOncePerSession();
    void preparedStatementsLostByTheSession();
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

namespace {

qint64 preparedCount(PgConnection &conn) {
    const PgResult rows = conn.exec(
        QStringLiteral("SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'dedup\\_%'"));
    return rows.ok() ? rows.toInt64(0, 0) : -1;
}

} // namespace

void TestPgConnection::preparedOncePerSession() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    const QString sql = QStringLiteral("SELECT $1::bigint * 2, upper($2)");
    for (qint64 i = 0; i < 50; ++i) {
        PgParams params;
        params.add(i).add(QStringLiteral("k%1").arg(i));
        const PgResult rows = conn->execPrepared(sql, params);
        QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
        QCOMPARE(rows.toInt64(0, 0), 2 * i);
        QCOMPARE(rows.text(0, 1), QStringLiteral("K%1").arg(i));
    }
    QCOMPARE(preparedCount(*conn), 1);
    // Errors are the statement's, as with exec(), and the session goes on.
    PgParams zero;
    zero.add(qint64(0));
    const PgResult division = conn->execPrepared(QStringLiteral("SELECT 1 / $1::int"), zero);
    QCOMPARE(division.error().sqlState, QStringLiteral("22012"));
    const PgResult bad = conn->execPrepared(QStringLiteral("SELEC 1"));
    QCOMPARE(bad.error().sqlState, QStringLiteral("42601"));
    QCOMPARE(preparedCount(*conn), 2); // the division's statement; the syntax error's never was
    PgParams one;
    one.add(qint64(1)).add(QStringLiteral("x"));
    QVERIFY(conn->execPrepared(sql, one).ok());
    // A new session prepares again.
    conn->close();
    QVERIFY(conn->open(db.conninfo()));
    QVERIFY(conn->execPrepared(sql, one).ok());
    QCOMPARE(preparedCount(*conn), 1);
}

void TestPgConnection::preparedStatementsLostByTheSession() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    QVERIFY(conn->exec(QStringLiteral("CREATE FUNCTION pg_temp.answer(x int) RETURNS int"
                                      " LANGUAGE sql AS 'SELECT x + 1'"))
                .ok());
    const QString sql = QStringLiteral("SELECT * FROM pg_temp.answer($1::int)");
    PgParams params;
    params.add(qint64(41));
    QCOMPARE(conn->execPrepared(sql, params).toInt64(0, 0), 42);

    // What a pooler in transaction mode (or DISCARD ALL) does: the session forgets them.
    QVERIFY(conn->exec(QStringLiteral("DEALLOCATE ALL")).ok());
    const PgResult again = conn->execPrepared(sql, params);
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE(again.toInt64(0, 0), 42);
    QCOMPARE(preparedCount(*conn), 1);

    // A migration replaces the function with another result type.
    QVERIFY(conn->exec(QStringLiteral("DROP FUNCTION pg_temp.answer(int)")).ok());
    QVERIFY(conn->exec(QStringLiteral("CREATE FUNCTION pg_temp.answer(x int) RETURNS text"
                                      " LANGUAGE sql AS 'SELECT (x + 1)::text || ''!'''"))
                .ok());
    const PgResult changed = conn->execPrepared(sql, params);
    QVERIFY2(changed.ok(), qPrintable(changed.error().toString()));
    QCOMPARE(changed.text(0, 0), QStringLiteral("42!"));
}

QTEST_GUILESS_MAIN(TestPgConnection)
#include "tst_pgconnection.moc"
