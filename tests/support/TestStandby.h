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
    TestStandby();
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

    qint64 primaryPid() const;
    qint64 standbyPid() const;

private:
    bool setUp();
    bool setUpPrimary();
    bool baseBackup();

    QTemporaryDir m_base; // the standby's
    std::unique_ptr<TestServer> m_primary;
    std::unique_ptr<dedup::store::LocalCluster> m_standby;
    QString m_error;
};
