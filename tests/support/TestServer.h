#pragma once

#include "store/LocalCluster.h"
#include "store/PgConnection.h"

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

// A private PostgreSQL server with the migrated store in database "dedup" and the login roles
// of TestCluster::loginRoles(), that a test may crash and start again: for the whole-server
// fault tests (docs/RELIABILITY.md, "Server crash and restart") and as the primary of
// TestStandby. Not the shared "pg" fixture, which other tests use at the same time.
//
//     TestServer server;
//     QVERIFY2(server.isValid(), qPrintable(server.error()));
//     ... traffic on server.conninfo() ...
//     QVERIFY2(server.crash(&error), qPrintable(error));   // SIGKILL, no shutdown
//     QVERIFY2(server.start(&error), qPrintable(error));   // crash recovery, then accepts
//
// Commits are synchronous (an acknowledged commit survives crash()), fsync is off (only
// processes die here, the kernel keeps what they wrote).
//
// The server runs as `postgres` when this process is root (LocalCluster), is stopped by its pid
// in the destructor, and its directory is removed; a detached watchdog does the same if the
// test process dies first.
class TestServer {
public:
    // `settings`: extra "name = value" server settings (LocalCluster::Options::settings).
    explicit TestServer(const QStringList &settings = {});
    ~TestServer();
    TestServer(const TestServer &) = delete;
    TestServer &operator=(const TestServer &) = delete;

    static QString databaseName() { return QStringLiteral("dedup"); }

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    // Over the Unix socket; superuser by default, or "t_worker", "t_operator", "t_viewer".
    QString conninfo(const QString &user = {}) const;
    // The same for database "dedup" of any cluster (a standby of this one).
    static QString conninfoOf(const dedup::store::LocalCluster &cluster, const QString &user);
    // Runs SQL on a short-lived connection; returns the error text or empty.
    static QString execOn(const QString &conninfo, const QString &sql);
    // Stops the server of `base`/`subdir`/data by its postmaster.pid and removes `base` when
    // this process dies without its destructor (a crash, a ctest timeout): a detached shell
    // script with its channels closed, so ctest does not wait for it.
    static void startWatchdog(const QString &base, const QString &subdir);
    std::unique_ptr<dedup::store::PgConnection> connect(const QString &user = {}) const;
    // Runs SQL as superuser on a short-lived connection; returns the error text or empty.
    QString exec(const QString &sql) const;
    // Gives each login of TestCluster::loginRoles() the store's grant its name promises.
    QString grantTestLogins() const;

    // What a power cut or an OOM kill does: SIGKILL to the postmaster and every process it
    // started, no shutdown checkpoint. Returns once they are all gone.
    bool crash(QString *error);
    // Starts the server (after crash(): crash recovery first) and waits until it accepts
    // connections.
    bool start(QString *error);
    qint64 pid() const;
    dedup::store::LocalCluster &cluster() { return *m_cluster; }
    const dedup::store::LocalCluster &cluster() const { return *m_cluster; }

private:
    bool setUp(const QStringList &settings);

    QTemporaryDir m_base;
    std::unique_ptr<dedup::store::LocalCluster> m_cluster;
    QString m_error;
};
