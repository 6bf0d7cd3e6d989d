#pragma once

#include <QString>
#include <QStringList>

namespace dedup::store {

// A private PostgreSQL cluster that the project starts itself: for the test suite (a
// throwaway one per ctest run) and for the demo (a persistent one under the user's data
// directory). PostgreSQL refuses to run as root, so when this process is root the server
// programs run as the `postgres` OS user and the cluster's directories belong to it.
//
// The server is always stopped by the pid in its postmaster.pid, never by name, so another
// PostgreSQL on the machine is never touched.
class LocalCluster {
public:
    struct Options {
        QString baseDir; // holds data/, sock/ and server.log; created if missing
        int port = 0;    // 0: pick a free loopback port
        QString superuser = QStringLiteral("postgres");
        bool durable = true;  // false turns off fsync: for throwaway test clusters only
        QStringList settings; // extra "name=value" server settings
        // pg_hba method for TCP connections (e.g. "scram-sha-256"), applied when the cluster
        // is created; empty: trust, like the Unix socket (which always trusts).
        QString hostAuthMethod;
    };

    explicit LocalCluster(Options options);

    // Directory with initdb/pg_ctl/postgres: DEDUP_PG_BINDIR, else the build's default.
    static QString binDir();

    // Creates the cluster when its data directory does not exist yet.
    bool init(QString *error);
    // Starts the server (if not already running) and waits until it accepts connections.
    bool start(QString *error, int timeoutMs = 60000);
    // Stops the server by its pid: fast shutdown, then immediate, then SIGKILL.
    bool stop(QString *error, int timeoutMs = 30000);
    bool isRunning() const;

    qint64 pid() const; // 0 when not running
    int port() const { return m_options.port; }
    QString socketDir() const;
    QString dataDir() const;
    QString logFile() const;
    QString superuser() const { return m_options.superuser; }
    // libpq conninfo for a database of this cluster, over its Unix socket.
    QString conninfo(const QString &dbname = QStringLiteral("postgres")) const;

    // Whether process `pid` runs; a zombie (killed, not reaped: PID 1 of a container may
    // never reap) does not.
    static bool isProcessAlive(qint64 pid);

    // Stops whatever server runs on `dataDir` by its postmaster.pid (for a watchdog or a
    // `stop` command that only knows the directory).
    static bool stopDataDir(const QString &dataDir, QString *error, int timeoutMs = 30000);

private:
    bool runServerTool(const QString &tool, const QStringList &args, QString *error,
                       int timeoutMs) const;
    bool prepareDirectories(QString *error) const;
    void removeStaleLockFiles() const;
    static int pickFreePort();

    Options m_options;
};

} // namespace dedup::store
