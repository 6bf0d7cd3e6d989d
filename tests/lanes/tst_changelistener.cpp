// The ChangeListener on its lane against the real PostgreSQL: it polls the change feed as
// the console's login, tells the changed runs, and reports a feed that stops working without
// a lost connection (here: its login loses EXECUTE on dedup.changes) until a poll works
// again; the backend terminated under it is a lost connection, then a resync; so is the whole
// server crashing and starting again, after which the feed goes on.
#include "TestCluster.h"
#include "TestDatabase.h"
#include "TestServer.h"
#include "TestStandby.h"
#include "lanes/ChangeListener.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

using dedup::lanes::ChangeListener;
using namespace dedup::store;

namespace {

QString viewerName() {
    return QStringLiteral("t_listener_viewer_%1").arg(QCoreApplication::applicationPid());
}

} // namespace

class TestChangeListener : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void tellsChangedRuns();
    void refusedPollShownUntilItWorksAgain();
    void terminatedBackendResyncs();
    void serverCrashAndRestartResyncs();
    void failoverToTheStandbyResyncs();

private:
    qint64 claim(const QString &key);
    // A run claimed on `conn` (another server than the test database's); 0 on an error.
    static qint64 claimOn(PgConnection &conn, const QString &key);
    // Every run the listener's runsChanged signals named so far.
    static QSet<qint64> toldOf(const QSignalSpy &changes);
    // A started listener as the viewer login, connected.
    std::unique_ptr<ChangeListener> startedListener();

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
};

void TestChangeListener::initTestCase() {
    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.load(&error), qPrintable(error));
    PgConnection admin;
    QVERIFY(admin.open(cluster.conninfo(QStringLiteral("postgres"))));
    admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
    const auto made =
        admin.exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_viewer").arg(viewerName()));
    QVERIFY2(made.ok(), qPrintable(made.error().toString()));
}

void TestChangeListener::cleanupTestCase() {
    m_su.reset();
    m_db.reset();
    TestCluster cluster;
    QString error;
    PgConnection admin;
    if (cluster.load(&error) && admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
}

void TestChangeListener::init() {
    m_su.reset();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_su = m_db->connect();
    QVERIFY(m_su);
    QCOMPARE(m_db->grant(viewerName(), QStringLiteral("viewer")), QString());
}

qint64 TestChangeListener::claim(const QString &key) {
    return claimOn(*m_su, key);
}

QSet<qint64> TestChangeListener::toldOf(const QSignalSpy &changes) {
    QSet<qint64> told;
    for (const QList<QVariant> &signal : changes)
        told += signal.at(0).value<QSet<qint64>>();
    return told;
}

qint64 TestChangeListener::claimOn(PgConnection &conn, const QString &key) {
    const auto claimed = conn.exec(
        QStringLiteral("SELECT run_id FROM dedup.claim(p_scope => 'clinic-a/1', p_key => $1, "
                       "p_workflow => 'invoice', p_fingerprint => 'fp-1')"),
        PgParams().add(key));
    return claimed.ok() ? claimed.toInt64(0, 0) : 0;
}

std::unique_ptr<ChangeListener> TestChangeListener::startedListener() {
    auto listener = std::make_unique<ChangeListener>(m_db->conninfo(viewerName()));
    listener->setPollInterval(50);
    listener->setCoalesceInterval(20);
    listener->start();
    if (!QTest::qWaitFor([&] { return listener->isConnected(); }, 10000))
        return nullptr;
    return listener;
}

void TestChangeListener::tellsChangedRuns() {
    auto listener = startedListener();
    QVERIFY(listener);
    QSignalSpy changes(listener.get(), &ChangeListener::runsChanged);
    const qint64 run = claim(QStringLiteral("told"));
    QVERIFY(run > 0);
    QVERIFY(changes.wait(5000));
    QCOMPARE(changes.at(0).at(0).value<QSet<qint64>>(), QSet<qint64>{run});
    QCOMPARE(changes.at(0).at(1).toBool(), false);
}

void TestChangeListener::refusedPollShownUntilItWorksAgain() {
    auto listener = startedListener();
    QVERIFY(listener);
    const int pid = listener->backendPid();
    QSignalSpy connection(listener.get(), &ChangeListener::connectedChanged);
    QSignalSpy errors(listener.get(), &ChangeListener::connectionError);
    QSignalSpy changes(listener.get(), &ChangeListener::runsChanged);
    const QString function = QStringLiteral("dedup.changes(bigint, integer)");
    QVERIFY(
        m_su->exec(QStringLiteral("REVOKE EXECUTE ON FUNCTION %1 FROM dedup_viewer").arg(function))
            .ok());
    QTRY_VERIFY_WITH_TIMEOUT(!listener->isConnected(), 5000);
    QVERIFY(!errors.isEmpty());
    QVERIFY2(errors.last().at(0).toString().contains(QLatin1String("permission denied")),
             qPrintable(errors.last().at(0).toString()));
    const qint64 run = claim(QStringLiteral("while refused"));
    QVERIFY(run > 0);
    QVERIFY(m_su->exec(QStringLiteral("GRANT EXECUTE ON FUNCTION %1 TO dedup_viewer").arg(function))
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT(listener->isConnected(), 5000);
    QCOMPARE(connection.count(), 2);       // off, then on again
    QCOMPARE(listener->backendPid(), pid); // the same connection all along
    // Nothing was lost in between: the feed reads on from where it was.
    QTRY_VERIFY_WITH_TIMEOUT(!changes.isEmpty(), 5000);
    QCOMPARE(changes.at(0).at(0).value<QSet<qint64>>(), QSet<qint64>{run});
}

void TestChangeListener::terminatedBackendResyncs() {
    auto listener = startedListener();
    QVERIFY(listener);
    QSignalSpy resynced(listener.get(), &ChangeListener::resynced);
    QSignalSpy connection(listener.get(), &ChangeListener::connectedChanged);
    const int pid = listener->backendPid();
    QVERIFY(pid > 0);
    QVERIFY(
        m_su->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), PgParams().add(pid)).ok());
    QVERIFY(resynced.wait(15000));
    QVERIFY(listener->isConnected());
    QVERIFY(connection.count() >= 2); // lost, then back
    QVERIFY(listener->backendPid() != pid);
}

void TestChangeListener::serverCrashAndRestartResyncs() {
    // A server of its own: this one is killed (docs/RELIABILITY.md, "Server crash and
    // restart").
    TestServer server;
    QVERIFY2(server.isValid(), qPrintable(server.error()));
    QCOMPARE(server.grantTestLogins(), QString());
    ChangeListener listener(server.conninfo(QStringLiteral("t_viewer")));
    listener.setPollInterval(50);
    listener.setCoalesceInterval(20);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    QSignalSpy resynced(&listener, &ChangeListener::resynced);
    QSignalSpy changes(&listener, &ChangeListener::runsChanged);

    QString error;
    QVERIFY2(server.crash(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!listener.isConnected(), 10000);
    QThread::msleep(1000);
    QVERIFY2(server.start(&error), qPrintable(error));
    // Back by itself within its backoff (500 ms doubling: the server was away about 1 s).
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!resynced.isEmpty(), 5000);

    // And the feed goes on: a run claimed after the restart is told.
    auto su = server.connect();
    QVERIFY(su);
    const qint64 run = claimOn(*su, QStringLiteral("after the restart"));
    QVERIFY(run > 0);
    QTRY_VERIFY_WITH_TIMEOUT(toldOf(changes).contains(run), 10000);
}

void TestChangeListener::failoverToTheStandbyResyncs() {
    // The console's connection string names both servers (docs/RELIABILITY.md, "Failover"):
    // after the primary dies and the standby is promoted, the listener reconnects to the new
    // primary by itself, resyncs, and tells what happens there.
    TestStandby pair(TestStandby::Replication::Synchronous);
    QVERIFY2(pair.isValid(), qPrintable(pair.error()));
    QCOMPARE(pair.grantTestLogins(), QString());
    QVERIFY(pair.waitForReplay());
    ChangeListener listener(pair.failoverConninfo(QStringLiteral("t_viewer")));
    listener.setPollInterval(50);
    listener.setCoalesceInterval(20);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    QSignalSpy resynced(&listener, &ChangeListener::resynced);
    QSignalSpy changes(&listener, &ChangeListener::runsChanged);

    QString error;
    QVERIFY2(pair.failOver(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!resynced.isEmpty(), 30000);
    QVERIFY(listener.isConnected());

    auto su = pair.connectStandby(); // the new primary
    QVERIFY(su);
    const qint64 run = claimOn(*su, QStringLiteral("after the failover"));
    QVERIFY(run > 0);
    QTRY_VERIFY_WITH_TIMEOUT(toldOf(changes).contains(run), 10000);
}

QTEST_MAIN(TestChangeListener)
#include "tst_changelistener.moc"
