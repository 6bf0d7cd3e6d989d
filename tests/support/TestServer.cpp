#include "TestServer.h"

#include "TestCluster.h"
#include "store/Migrator.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <csignal>

using dedup::store::LocalCluster;
using dedup::store::Migrator;
using dedup::store::PgConnection;

namespace {

QString quote(QString value) {
    value.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

// The processes whose parent is `parent`, from /proc (field 4 of /proc/PID/stat).
QList<qint64> childrenOf(qint64 parent) {
    QList<qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after
        // the last ')'.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields.at(1).toLongLong() == parent)
            children.append(pid);
    }
    return children;
}

} // namespace

TestServer::TestServer(const QStringList &settings)
    : m_base(QDir::tempPath() + QStringLiteral("/dedup-server-XXXXXX")) {
    if (!setUp(settings) && m_error.isEmpty())
        m_error = QStringLiteral("TestServer: setting up failed");
}

TestServer::~TestServer() {
    QString ignored;
    if (m_cluster)
        m_cluster->stop(&ignored);
    // m_base removes the directory (the server ran as postgres; we are root or that user).
}

bool TestServer::setUp(const QStringList &settings) {
    if (!m_base.isValid()) {
        m_error = QStringLiteral("TestServer: cannot create a temporary directory");
        return false;
    }
    // The server (as `postgres` when we are root) must reach its directory inside it.
    QFile::setPermissions(m_base.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                             QFile::ExeGroup | QFile::ExeOther);
    startWatchdog(m_base.path(), QStringLiteral("server"));
    LocalCluster::Options options;
    options.baseDir = m_base.path() + QStringLiteral("/server");
    // fsync off (durable = false) survives what this server is for: its processes die, the
    // kernel keeps what they wrote. But a commit must be written before it is acknowledged,
    // or a crash takes back what a worker was told had happened.
    options.durable = false;
    options.settings = QStringList{QStringLiteral("synchronous_commit = on")} + settings;
    m_cluster = std::make_unique<LocalCluster>(options);
    QString error;
    if (!m_cluster->start(&error)) {
        m_error = QStringLiteral("TestServer: ") + error;
        return false;
    }
    if (const QString e =
            execOn(m_cluster->conninfo(), QStringLiteral("CREATE DATABASE %1").arg(databaseName()));
        !e.isEmpty()) {
        m_error = QStringLiteral("TestServer: ") + e;
        return false;
    }
    PgConnection conn;
    if (!conn.open(conninfo())) {
        m_error = QStringLiteral("TestServer: ") + conn.openError().toString();
        return false;
    }
    Migrator migrator(conn);
    if (!migrator.migrate(nullptr, &error)) {
        m_error = QStringLiteral("TestServer: migrate: ") + error;
        return false;
    }
    for (const auto &[login, role] : TestCluster::loginRoles()) {
        const auto result =
            conn.execScript(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(login, role));
        if (!result.ok()) {
            m_error = QStringLiteral("TestServer: ") + result.error().toString();
            return false;
        }
    }
    return true;
}

void TestServer::startWatchdog(const QString &base, const QString &subdir) {
    // `subdir` is the caller's constant ("server", "standby"), not input.
    const QString script =
        QStringLiteral(
            "while kill -0 %1 2>/dev/null; do sleep 1; done; "
            "d=\"$0/%2/data\"; "
            "[ -f \"$d/postmaster.pid\" ] && kill -QUIT \"$(head -n 1 \"$d/postmaster.pid\")\"; "
            "sleep 2; rm -rf \"$0\"")
            .arg(QCoreApplication::applicationPid())
            .arg(subdir);
    QProcess watchdog;
    watchdog.setProgram(QStringLiteral("/bin/sh"));
    watchdog.setArguments({QStringLiteral("-c"), script, base});
    watchdog.setStandardInputFile(QProcess::nullDevice());
    watchdog.setStandardOutputFile(QProcess::nullDevice());
    watchdog.setStandardErrorFile(QProcess::nullDevice());
    watchdog.startDetached();
}

QString TestServer::conninfo(const QString &user) const {
    return m_cluster ? conninfoOf(*m_cluster, user) : QString();
}

QString TestServer::conninfoOf(const LocalCluster &cluster, const QString &user) {
    return QStringLiteral("host=%1 port=%2 user=%3 dbname=%4")
        .arg(quote(cluster.socketDir()))
        .arg(cluster.port())
        .arg(user.isEmpty() ? cluster.superuser() : user, databaseName());
}

QString TestServer::execOn(const QString &conninfo, const QString &sql) {
    PgConnection conn;
    if (!conn.open(conninfo))
        return conn.openError().toString();
    const auto result = conn.execScript(sql);
    return result.ok() ? QString() : result.error().toString();
}

std::unique_ptr<PgConnection> TestServer::connect(const QString &user) const {
    auto conn = std::make_unique<PgConnection>();
    if (!conn->open(conninfo(user))) {
        qWarning("TestServer: %s", qPrintable(conn->openError().toString()));
        return nullptr;
    }
    return conn;
}

QString TestServer::exec(const QString &sql) const {
    return execOn(conninfo(), sql);
}

QString TestServer::grantTestLogins() const {
    // The names are TestCluster's constants, not input.
    for (const auto &[login, role] : TestCluster::loginRoles()) {
        const QString capability = role.mid(role.indexOf(QLatin1Char('_')) + 1);
        const QString error =
            exec(QStringLiteral("SELECT dedup.access_grant('%1', '%2')").arg(login, capability));
        if (!error.isEmpty())
            return login + QStringLiteral(": ") + error;
    }
    return {};
}

bool TestServer::crash(QString *error) {
    const qint64 postmaster = pid();
    if (postmaster <= 0) {
        *error = QStringLiteral("TestServer: the server is not running");
        return false;
    }
    // The children first read, then everyone killed at once: a backend whose postmaster
    // vanished would otherwise notice and exit by itself, which is not what a crash is.
    const QList<qint64> children = childrenOf(postmaster);
    ::kill(pid_t(postmaster), SIGKILL);
    for (const qint64 child : children)
        ::kill(pid_t(child), SIGKILL);
    QDeadlineTimer deadline(10000);
    for (;;) {
        bool any = LocalCluster::isProcessAlive(postmaster);
        for (const qint64 child : children)
            any = any || LocalCluster::isProcessAlive(child);
        if (!any)
            return true;
        if (deadline.hasExpired()) {
            *error = QStringLiteral("TestServer: the server's processes outlived SIGKILL");
            return false;
        }
        QThread::msleep(20);
    }
}

bool TestServer::start(QString *error) {
    if (!m_cluster->start(error)) {
        *error = QStringLiteral("TestServer: ") + *error;
        return false;
    }
    return true;
}

qint64 TestServer::pid() const {
    return m_cluster ? m_cluster->pid() : 0;
}
