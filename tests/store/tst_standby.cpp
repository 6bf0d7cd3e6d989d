// Standby reads (docs/SCALING.md section 1) against a real primary + streaming standby on loopback
// (TestStandby): replay, the replication state and its lag, and ConnectionCheck's standby checks.
#include "TestDatabase.h"
#include "TestStandby.h"
#include "store/ConnectionCheck.h"
#include "store/PgParams.h"
#include "store/ReplicationStatus.h"

#include <QTest>

#include <memory>

using dedup::store::ConnectionCheck;
using dedup::store::ConnectionReport;
using dedup::store::PgError;
using dedup::store::PgParams;
using dedup::store::ReplicationStatus;
using Failure = ConnectionReport::Failure;

namespace {

QString claimSql(const QString &key) {
    return QStringLiteral("SELECT dedup.claim(p_scope => 'standby', p_key => '%1',"
                          " p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w')")
        .arg(key);
}

// Runs of scope 'standby' with that key, as `conn` sees them.
qint64 countRuns(dedup::store::PgConnection &conn, const QString &key) {
    PgParams params;
    params.add(key);
    const auto result =
        conn.exec(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope = 'standby'"
                                 " AND id IN (SELECT dedup.run_ids_by_key($1))"),
                  params);
    return result.ok() ? result.toInt64(0, 0) : -1;
}

} // namespace

class TestStandbyReads : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void writeOnPrimaryIsReplayed();
    void caughtUpWhenIdle();
    void pausedReplayIsBehind();
    void primaryPositionAndIdentity();
    void checkAcceptsItsStandby();
    void checkRefusesAnotherCluster();
    void checkRefusesThePrimaryAsStandby();
    void checkReportsAnUnreachableStandby();
    void checkRefusesTheWrongDatabase();

private:
    std::unique_ptr<TestStandby> m_pair;
};

void TestStandbyReads::initTestCase() {
    m_pair = std::make_unique<TestStandby>();
    QVERIFY2(m_pair->isValid(), qPrintable(m_pair->error()));
    QVERIFY(m_pair->primaryPid() > 0);
    QVERIFY(m_pair->standbyPid() > 0);
    QVERIFY(m_pair->primaryPid() != m_pair->standbyPid());
    QCOMPARE(m_pair->grantTestLogins(), QString());
    QVERIFY(m_pair->waitForReplay());
}

void TestStandbyReads::cleanup() {
    // A test that paused replay and failed half-way must not leave it paused for the next.
    m_pair->execStandby(
        QStringLiteral("SELECT pg_wal_replay_resume() WHERE pg_is_wal_replay_paused()"));
    QVERIFY2(m_pair->waitForReplay(), "standby did not catch up after the test");
}

void TestStandbyReads::writeOnPrimaryIsReplayed() {
    auto standby = m_pair->connectStandby(QStringLiteral("t_viewer"));
    QVERIFY(standby);
    QCOMPARE(countRuns(*standby, QStringLiteral("replayed")), 0);
    QCOMPARE(m_pair->execPrimary(claimSql(QStringLiteral("replayed"))), QString());
    QString error;
    QVERIFY2(m_pair->waitForReplay(20000, &error), qPrintable(error));
    QCOMPARE(countRuns(*standby, QStringLiteral("replayed")), 1);
    // A standby is read-only, even for the superuser.
    auto superuser = m_pair->connectStandby();
    QVERIFY(superuser);
    const auto write = superuser->exec(claimSql(QStringLiteral("on-standby")));
    QVERIFY(!write.ok());
    QCOMPARE(write.error().sqlState, QStringLiteral("25006")); // read_only_sql_transaction
}

void TestStandbyReads::caughtUpWhenIdle() {
    QCOMPARE(m_pair->execPrimary(claimSql(QStringLiteral("idle"))), QString());
    QVERIFY(m_pair->waitForReplay());
    auto primary = m_pair->connectPrimary(QStringLiteral("t_viewer"));
    auto standby = m_pair->connectStandby(QStringLiteral("t_viewer"));
    QVERIFY(primary && standby);
    // The primary may write a little WAL of its own (checkpoints, running-transaction
    // records) between two reads: ask until one comparison finds the standby caught up.
    std::optional<ReplicationStatus> status;
    std::optional<ReplicationStatus::PrimaryPosition> position;
    auto poll = [&] {
        PgError error;
        position = ReplicationStatus::readPrimary(*primary, &error);
        status = position ? ReplicationStatus::read(*standby, position->lsn, &error) : std::nullopt;
        if (!status)
            qWarning("%s", qPrintable(error.toString()));
        return status && status->caughtUp();
    };
    QTRY_VERIFY_WITH_TIMEOUT(poll(), 10000);
    QVERIFY(status->inRecovery);
    QVERIFY(!status->replayPaused);
    QVERIFY(status->comparedWithPrimary());
    QCOMPARE(*status->lagBytes, qint64(0));
    QCOMPARE(*status->lagSeconds(), 0.0);
    QCOMPARE(status->lagText(), QStringLiteral("caught up"));
    QCOMPARE(status->primaryLsn, position->lsn);
    QVERIFY(status->lastReplayedCommit.isValid());
    // On an idle primary the age of the last replayed commit keeps growing: it is not lag.
    QTest::qWait(1200);
    QTRY_VERIFY_WITH_TIMEOUT(poll(), 10000);
    QVERIFY(*status->replayDelaySeconds >= 1.0);
    QCOMPARE(*status->lagSeconds(), 0.0);
}

void TestStandbyReads::pausedReplayIsBehind() {
    QCOMPARE(m_pair->execStandby(QStringLiteral("SELECT pg_wal_replay_pause()")), QString());
    auto standby = m_pair->connectStandby(QStringLiteral("t_viewer"));
    auto primary = m_pair->connectPrimary(QStringLiteral("t_viewer"));
    QVERIFY(primary && standby);
    QTRY_COMPARE_WITH_TIMEOUT(
        standby->exec(QStringLiteral("SELECT pg_is_wal_replay_paused()")).toBool(0, 0), true,
        10000);
    QCOMPARE(m_pair->execPrimary(claimSql(QStringLiteral("paused"))), QString());
    PgError error;
    const auto position = ReplicationStatus::readPrimary(*primary, &error);
    QVERIFY2(position, qPrintable(error.toString()));
    const auto status = ReplicationStatus::read(*standby, position->lsn, &error);
    QVERIFY2(status, qPrintable(error.toString()));
    QVERIFY(status->replayPaused);
    QVERIFY(!status->caughtUp());
    QVERIFY(*status->lagBytes > 0);
    QVERIFY(status->lagSeconds().has_value());
    QVERIFY2(status->lagText().startsWith(QStringLiteral("replay paused, ")),
             qPrintable(status->lagText()));
    QVERIFY2(status->lagText().contains(QStringLiteral(" behind (")),
             qPrintable(status->lagText()));
    // The run is on the primary and not on the standby.
    QCOMPARE(countRuns(*primary, QStringLiteral("paused")), 1);
    QCOMPARE(countRuns(*standby, QStringLiteral("paused")), 0);

    QCOMPARE(m_pair->execStandby(QStringLiteral("SELECT pg_wal_replay_resume()")), QString());
    QVERIFY(m_pair->waitForReplay());
    QCOMPARE(countRuns(*standby, QStringLiteral("paused")), 1);
    const auto after = ReplicationStatus::read(*standby, position->lsn, &error);
    QVERIFY2(after, qPrintable(error.toString()));
    QVERIFY(after->caughtUp());
    QVERIFY(!after->replayPaused);
}

void TestStandbyReads::primaryPositionAndIdentity() {
    auto primary = m_pair->connectPrimary();
    auto standby = m_pair->connectStandby();
    QVERIFY(primary && standby);
    PgError error;
    const auto position = ReplicationStatus::readPrimary(*primary, &error);
    QVERIFY2(position, qPrintable(error.toString()));
    QVERIFY(!position->inRecovery);
    QVERIFY(position->lsn.contains(QLatin1Char('/')));
    QVERIFY(!position->systemIdentifier.isEmpty());
    // Read on the primary itself: not a standby, no lag to speak of.
    const auto self = ReplicationStatus::read(*primary, position->lsn, &error);
    QVERIFY2(self, qPrintable(error.toString()));
    QVERIFY(!self->inRecovery);
    QVERIFY(!self->caughtUp());
    QVERIFY(!self->comparedWithPrimary());
    QCOMPARE(self->lagText(), QStringLiteral("not a standby (promoted?)"));
    // Without the primary's position: received == replayed.
    const auto alone = ReplicationStatus::read(*standby, QString(), &error);
    QVERIFY2(alone, qPrintable(error.toString()));
    QVERIFY(!alone->comparedWithPrimary());
    QCOMPARE(alone->systemIdentifier, position->systemIdentifier);
    QCOMPARE(alone->database, TestStandby::databaseName());
}

void TestStandbyReads::checkAcceptsItsStandby() {
    const ConnectionReport report =
        ConnectionCheck::run(m_pair->primaryConninfo(QStringLiteral("t_operator")),
                             m_pair->standbyTcpConninfo(QStringLiteral("t_operator")),
                             QStringLiteral("pair"), QStringLiteral("tst_standby"));
    QVERIFY2(report.ok(), qPrintable(report.message + QLatin1Char('\n') + report.detail));
    QVERIFY(!report.standbyFailed);
    QCOMPARE(report.standbyConninfo, m_pair->standbyTcpConninfo(QStringLiteral("t_operator")));
    QVERIFY2(report.standbyTarget.startsWith(QStringLiteral("t_operator@127.0.0.1:")),
             qPrintable(report.standbyTarget));
    QVERIFY2(report.message.contains(QStringLiteral("read from the standby")),
             qPrintable(report.message));
    QVERIFY(report.canOperate);
    // Without a standby nothing changes.
    const ConnectionReport plain =
        ConnectionCheck::run(m_pair->primaryConninfo(QStringLiteral("t_viewer")), QString(),
                             QStringLiteral("pair"), QString());
    QVERIFY(plain.ok());
    QVERIFY(plain.standbyConninfo.isEmpty());
}

void TestStandbyReads::checkRefusesAnotherCluster() {
    // The shared test cluster's store is another cluster: same schema, other system id.
    TestDatabase other;
    QVERIFY2(other.isValid(), qPrintable(other.error()));
    const ConnectionReport report = ConnectionCheck::run(
        other.conninfo(QStringLiteral("t_operator")),
        m_pair->standbyConninfo(QStringLiteral("t_operator")), QStringLiteral("mixed"), QString());
    QVERIFY(!report.ok());
    QCOMPARE(report.failure, Failure::StandbyMismatch);
    QVERIFY(report.standbyFailed);
    QVERIFY(report.standbyConninfo.isEmpty());
    QVERIFY2(report.message.contains(QStringLiteral("is not a standby of this store: it belongs "
                                                    "to another PostgreSQL cluster")),
             qPrintable(report.message));
}

void TestStandbyReads::checkRefusesThePrimaryAsStandby() {
    const ConnectionReport report = ConnectionCheck::run(
        m_pair->primaryConninfo(QStringLiteral("t_viewer")),
        m_pair->primaryConninfo(QStringLiteral("t_viewer")), QStringLiteral("self"), QString());
    QCOMPARE(report.failure, Failure::StandbyMismatch);
    QVERIFY(report.standbyFailed);
    QVERIFY2(report.message.contains(QStringLiteral("is not a standby: it is not in recovery")),
             qPrintable(report.message));
}

void TestStandbyReads::checkReportsAnUnreachableStandby() {
    // A port nobody listens on (the standby's plus one is not ours; 1 is never PostgreSQL).
    const ConnectionReport report = ConnectionCheck::run(
        m_pair->primaryConninfo(QStringLiteral("t_viewer")),
        QStringLiteral("host=127.0.0.1 port=1 connect_timeout=5 user=t_viewer dbname=dedup"),
        QStringLiteral("down"), QString());
    QCOMPARE(report.failure, Failure::HostUnreachable);
    QVERIFY(report.standbyFailed);
    QVERIFY2(report.message.startsWith(QStringLiteral("The primary answers, but the standby")),
             qPrintable(report.message));
}

void TestStandbyReads::checkRefusesTheWrongDatabase() {
    QString conninfo = m_pair->standbyConninfo(QStringLiteral("t_viewer"));
    conninfo.replace(QStringLiteral("dbname=dedup"), QStringLiteral("dbname=postgres"));
    const ConnectionReport report =
        ConnectionCheck::run(m_pair->primaryConninfo(QStringLiteral("t_viewer")), conninfo,
                             QStringLiteral("wrong db"), QString());
    QCOMPARE(report.failure, Failure::StandbyMismatch);
    QVERIFY2(report.message.contains(QStringLiteral("opens database postgres, but the store is "
                                                    "database dedup")),
             qPrintable(report.message));
}

QTEST_GUILESS_MAIN(TestStandbyReads)
#include "tst_standby.moc"
