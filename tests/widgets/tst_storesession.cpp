// The session's connection health (StoreSession): a lost connection of any long-lived list
// (or the bulk watcher) it owns reaches the one banner (connectionLost), and its return clears
// it. Each one's own backend is terminated on the private PostgreSQL, then it reads again.
#include "TestDatabase.h"
#include "actions/BulkRunner.h"
#include "models/AuditLogModel.h"
#include "models/ReviewQueueModel.h"
#include "store/ConnectionCheck.h"
#include "widgets/StoreSession.h"

#include <QSignalSpy>
#include <QtTest>

using namespace dedup;
using namespace Qt::StringLiterals;

class TestStoreSession : public QObject {
    Q_OBJECT

public:
    // What loses its connection.
    enum class Reader { ReviewQueue, AuditLog, BulkWatcher };
    Q_ENUM(Reader)

private slots:
    void initTestCase();
    void listLossesReachTheBanner_data();
    void listLossesReachTheBanner();

private:
    // How many backends of `db` whose application_name starts with `name`; -1 on error.
    static int backends(const TestDatabase &db, const QString &name);
};

void TestStoreSession::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
}

int TestStoreSession::backends(const TestDatabase &db, const QString &name) {
    const auto conn = db.connect();
    if (!conn)
        return -1;
    const auto result =
        conn->exec(u"SELECT count(*) FROM pg_stat_activity WHERE datname = "
                   u"current_database() AND application_name LIKE '%1%'"_s.arg(name));
    return result.ok() && result.rows() == 1 ? int(result.toInt64(0, 0, -1)) : -1;
}

void TestStoreSession::listLossesReachTheBanner_data() {
    QTest::addColumn<QString>("applicationName");
    QTest::addColumn<Reader>("reader");
    QTest::newRow("review queue") << u"dedup-console-review"_s << Reader::ReviewQueue;
    QTest::newRow("audit log") << u"dedup-console-audit"_s << Reader::AuditLog;
    // A write lane: its connection opens with the first listing, and reopens at once.
    QTest::newRow("bulk watcher") << u"dedup-console-bulk"_s << Reader::BulkWatcher;
}

void TestStoreSession::listLossesReachTheBanner() {
    QFETCH(QString, applicationName);
    QFETCH(Reader, reader);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const store::ConnectionReport report =
        store::ConnectionCheck::run(db.conninfo(), {}, u"session"_s, QString());
    QVERIFY2(report.ok(), qPrintable(report.message));
    bool lostWhenSaid = false; // outlives the session, whose signal sets it
    widgets::StoreSession session(report, widgets::Preferences());
    QSignalSpy lost(&session, &widgets::StoreSession::connectionLost);
    QSignalSpy restored(&session, &widgets::StoreSession::connectionRestored);
    connect(&session, &widgets::StoreSession::connectionLost, this,
            [&] { lostWhenSaid = session.isConnectionLost(); });
    const auto read = [&session, reader] {
        switch (reader) {
        case Reader::ReviewQueue:
            session.reviewQueue()->refresh();
            break;
        case Reader::AuditLog:
            session.auditLog()->refresh();
            break;
        case Reader::BulkWatcher:
            session.bulkWatcher()->requestActiveOperations();
            break;
        }
    };

    read();
    QTRY_VERIFY_WITH_TIMEOUT(backends(db, applicationName) > 0, 15000);
    QTest::qWait(200); // its first read is answered
    QVERIFY(!session.isConnectionLost());
    QCOMPARE(lost.size(), 0);

    QCOMPARE(db.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                     u"'%1' AND application_name LIKE '%2%'"_s.arg(db.name(), applicationName)),
             QString());
    read(); // finds the connection gone
    QTRY_VERIFY_WITH_TIMEOUT(lost.size() >= 1, 15000);
    QVERIFY2(!lost.at(0).at(0).toString().isEmpty(), "the banner says why");
    QVERIFY(lostWhenSaid);
    // Its connection comes back by itself (within a second), and with it the session.
    QTRY_VERIFY_WITH_TIMEOUT(restored.size() >= 1, 20000);
    QVERIFY(!session.isConnectionLost());
}

QTEST_MAIN(TestStoreSession)
#include "tst_storesession.moc"
