#pragma once

#include "TestServer.h"
#include "store/LocalCluster.h"
#include "store/PgConnection.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>

// A private primary and its streaming-replication standby, both on loopback, for the tests
// of standby reads (docs/SCALING.md section 1). Started by the test that needs it (it costs an
// initdb, a migration and a base backup: a few seconds), not by the shared "pg" fixture:
//
//     TestStandby pair;
//     QVERIFY2(pair.isValid(), qPrintable(pair.error()));
//     auto primary = pair.connectPrimary();
//
// The primary is a TestServer (a fresh cluster with the migrated store in database "dedup"
// and the login roles of TestCluster::loginRoles()); the standby is a pg_basebackup -R of
// it, streaming through a replication slot. Both servers run as `postgres` when this process
// is root (LocalCluster), are stopped by their pids in the destructor, and their directories
// are removed. Detached watchdogs do the same if the test process dies first.
class TestStandby {
public:
    // Asynchronous: the primary acknowledges a commit once its own WAL is flushed (the
    // standby may not have it yet). Synchronous: synchronous_standby_names = '*' once the
    // standby streams, so a commit with synchronous_commit = on waits until the standby has
    // flushed it too.
    enum class Replication { Asynchronous, Synchronous };

    explicit TestStandby(Replication replication = Replication::Asynchronous);
    ~TestStandby();
    TestStandby(const TestStandby &) = delete;
    TestStandby &operator=(const TestStandby &) = delete;

    static QString databaseName() { return TestServer::databaseName(); }

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    // Over the Unix sockets; superuser by default, or "t_worker", "t_operator", "t_viewer".
    QString primaryConninfo(const QString &user = {}) const;
    QString standbyConninfo(const QString &user = {}) const;
    // Over TCP on 127.0.0.1, as an operator would write it.
    QString standbyTcpConninfo(const QString &user = {}) const;
    std::unique_ptr<dedup::store::PgConnection> connectPrimary(const QString &user = {}) const;
    std::unique_ptr<dedup::store::PgConnection> connectStandby(const QString &user = {}) const;
    // Runs SQL as superuser on a short-lived connection; returns the error text or empty.
    QString execPrimary(const QString &sql) const;
    QString execStandby(const QString &sql) const;
    // Gives each login of TestCluster::loginRoles() the store's grant its name promises
    // (TestDatabase::grantTestLogins), on the primary; the standby has it once it replayed.
    QString grantTestLogins() const;

    // Waits until the standby has replayed everything the primary had written when this was
    // called (pg_last_wal_replay_lsn() >= the primary's pg_current_wal_lsn()). Replay may
    // wait for a conflicting standby query up to max_standby_streaming_delay (30 s by
    // default; seen here at 13 s on a loaded machine), so the default waits longer than that.
    bool waitForReplay(int timeoutMs = 45000, QString *error = nullptr) const;

    // What workers and the console use to follow a failover: both servers, the primary first,
    // target_session_attrs=read-write (libpq connects to whichever of them accepts writes).
    QString failoverConninfo(const QString &user = {}) const;
    // A failover as it happens in production: the primary crashes (TestServer::crash) and the
    // standby is promoted (pg_promote, waiting until it accepts writes). The old primary stays
    // down: it may hold commits the new one never got. `stallMs` > 0: for that long before the
    // crash the primary's WAL sender is stopped (SIGSTOP), as a congested network leaves a
    // standby behind; an asynchronous primary goes on committing meanwhile, a synchronous
    // one's commits wait.
    bool failOver(QString *error, int stallMs = 0);

    qint64 primaryPid() const;
    qint64 standbyPid() const;

private:
    bool setUp();
    bool setUpPrimary();
    bool baseBackup();
    bool makeSynchronous();

    QTemporaryDir m_base; // the standby's
    std::unique_ptr<TestServer> m_primary;
    std::unique_ptr<dedup::store::LocalCluster> m_standby;
    Replication m_replication;
    QString m_error;
};
