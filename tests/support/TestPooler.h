#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// Debian's PgBouncer in transaction mode in front of the shared test cluster, as many shops run
// it in front of a store (docs/SCALING.md, "Behind a connection pooler"). Started by the test
// that needs it, on a free loopback port, with `poolSize` server connections per database and
// login: with 1, every client of a database and login shares one server session, which is
// where statements prepared by one client meet another's.
//
//     TestPooler pooler(db.name());
//     QVERIFY2(pooler.isValid(), qPrintable(pooler.error()));
//     PgConnection conn; conn.open(pooler.conninfo(QStringLiteral("t_worker")));
//
// Logins: the cluster's superuser and TestCluster::loginRoles(), trusted (as the cluster's
// own socket is). PgBouncer refuses to run as root: as root it runs as `postgres`. It is
// stopped (SIGTERM, then SIGKILL) in the destructor.
class TestPooler {
public:
    explicit TestPooler(QString dbname, int poolSize = 2);
    ~TestPooler();
    TestPooler(const TestPooler &) = delete;
    TestPooler &operator=(const TestPooler &) = delete;

    // DEDUP_PGBOUNCER, else /usr/sbin/pgbouncer.
    static QString program();

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    int port() const { return m_port; }
    // Over TCP to the pooler; superuser when `user` is empty.
    QString conninfo(const QString &user = {}) const;
    // The pooler's log, for a failure message.
    QString log() const;

private:
    bool start(int poolSize);

    QString m_dbname;
    QString m_superuser;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    int m_port = 0;
    QString m_error;
};
