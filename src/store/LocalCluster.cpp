#include "store/LocalCluster.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <arpa/inet.h>
#include <grp.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

namespace dedup::store {

namespace {

// The OS account the server runs as when we are root; nullopt when we run it ourselves.
struct ServerAccount {
    uid_t uid = 0;
    gid_t gid = 0;
};

std::optional<ServerAccount> serverAccount(QString *error) {
    if (geteuid() != 0)
        return std::nullopt;
    const passwd *pw = getpwnam("postgres");
    if (!pw) {
        if (error)
            *error = QCoreApplication::translate(
                "LocalCluster", "running as root, but there is no 'postgres' user to run the "
                                "server as (install postgresql-15)");
        return ServerAccount{0, 0}; // uid 0 marks "unusable"
    }
    return ServerAccount{pw->pw_uid, pw->pw_gid};
}

bool processAlive(qint64 pid) {
    if (pid <= 0 || ::kill(pid_t(pid), 0) != 0)
        return false;
    // A server whose parent does not reap it lingers as a zombie: that is stopped too.
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (stat.open(QIODevice::ReadOnly)) {
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        if (close > 0 && close + 2 < line.size() && line.at(close + 2) == 'Z')
            return false;
    }
    return true;
}

// The pid on the first line of a lock file (postmaster.pid, a socket's .lock); 0 without one.
qint64 pidInFile(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return file.readLine().trimmed().toLongLong();
}

qint64 pidOfDataDir(const QString &dataDir) {
    const qint64 pid = pidInFile(dataDir + QStringLiteral("/postmaster.pid"));
    return processAlive(pid) ? pid : 0;
}

bool waitForExit(qint64 pid, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (processAlive(pid)) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(50);
    }
    return true;
}

} // namespace

LocalCluster::LocalCluster(Options options)
    : m_options(std::move(options)) {}

QString LocalCluster::binDir() {
    const QString fromEnv = qEnvironmentVariable("DEDUP_PG_BINDIR");
    return fromEnv.isEmpty() ? QStringLiteral(DEDUP_PG_BINDIR) : fromEnv;
}

QString LocalCluster::dataDir() const {
    return m_options.baseDir + QStringLiteral("/data");
}
QString LocalCluster::socketDir() const {
    return m_options.baseDir + QStringLiteral("/sock");
}
QString LocalCluster::logFile() const {
    return m_options.baseDir + QStringLiteral("/server.log");
}

QString LocalCluster::conninfo(const QString &dbname) const {
    // Paths and names are quoted for conninfo syntax: a space or quote cannot split a value.
    auto quote = [](QString value) {
        value.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('\''), QStringLiteral("\\'"));
        return QLatin1Char('\'') + value + QLatin1Char('\'');
    };
    return QStringLiteral("host=%1 port=%2 user=%3 dbname=%4")
        .arg(quote(socketDir()))
        .arg(m_options.port)
        .arg(quote(m_options.superuser), quote(dbname));
}

int LocalCluster::pickFreePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t len = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

bool LocalCluster::prepareDirectories(QString *error) const {
    for (const QString &dir : {m_options.baseDir, socketDir()}) {
        if (!QDir().mkpath(dir)) {
            *error =
                QCoreApplication::translate("LocalCluster", "cannot create directory %1").arg(dir);
            return false;
        }
    }
    const auto account = serverAccount(error);
    if (account && account->uid == 0)
        return false;
    if (account) {
        for (const QString &dir : {m_options.baseDir, socketDir()}) {
            if (::chown(QFile::encodeName(dir).constData(), account->uid, account->gid) != 0) {
                *error = QCoreApplication::translate("LocalCluster",
                                                     "cannot hand %1 to the postgres user")
                             .arg(dir);
                return false;
            }
        }
    }
    QFile::setPermissions(m_options.baseDir, QFile::ReadOwner | QFile::WriteOwner |
                                                 QFile::ExeOwner | QFile::ExeGroup |
                                                 QFile::ExeOther);
    return true;
}

bool LocalCluster::runServerTool(const QString &tool, const QStringList &args, QString *error,
                                 int timeoutMs) const {
    QProcess process;
    process.setProgram(binDir() + QLatin1Char('/') + tool);
    process.setArguments(args);
    // The server tools must be able to read their working directory.
    process.setWorkingDirectory(m_options.baseDir);
    process.setProcessChannelMode(QProcess::MergedChannels);
    QString accountError;
    const auto account = serverAccount(&accountError);
    if (account) {
        const uid_t uid = account->uid;
        const gid_t gid = account->gid;
        // Runs in the child between fork and exec: only async-signal-safe calls.
        process.setChildProcessModifier([uid, gid] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0)
                ::_exit(126);
        });
    }
    process.start();
    if (!process.waitForStarted(10000)) {
        *error = QCoreApplication::translate("LocalCluster", "cannot run %1: %2")
                     .arg(process.program(), process.errorString());
        return false;
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        *error = QCoreApplication::translate("LocalCluster", "%1 did not finish in time").arg(tool);
        return false;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = QCoreApplication::translate("LocalCluster", "%1 failed: %2")
                     .arg(tool, QString::fromLocal8Bit(process.readAll()).trimmed());
        return false;
    }
    return true;
}

bool LocalCluster::init(QString *error) {
    if (QFile::exists(dataDir() + QStringLiteral("/PG_VERSION")))
        return true;
    if (!prepareDirectories(error))
        return false;
    QStringList args{QStringLiteral("-D"), dataDir(), QStringLiteral("-U"), m_options.superuser};
    // The Unix socket always trusts (this program administers the cluster through it).
    if (m_options.hostAuthMethod.isEmpty())
        args << QStringLiteral("--auth=trust");
    else
        args << QStringLiteral("--auth-local=trust")
             << QStringLiteral("--auth-host=") + m_options.hostAuthMethod;
    args << QStringLiteral("--encoding=UTF8") << QStringLiteral("--locale=C.UTF-8")
         << QStringLiteral("--no-instructions");
    if (!runServerTool(QStringLiteral("initdb"), args, error, 120000))
        return false;
    // Our settings live in an included file rewritten at every start (the port may change
    // when a reused cluster's old port is taken).
    QFile conf(dataDir() + QStringLiteral("/postgresql.conf"));
    if (!conf.open(QIODevice::Append)) {
        *error =
            QCoreApplication::translate("LocalCluster", "cannot write %1").arg(conf.fileName());
        return false;
    }
    conf.write("\ninclude_if_exists = 'dedup_cluster.conf'\n");
    return true;
}

bool LocalCluster::start(QString *error, int timeoutMs) {
    if (isRunning())
        return true;
    if (!init(error) || !prepareDirectories(error))
        return false;
    removeStaleLockFiles();
    if (m_options.port == 0)
        m_options.port = pickFreePort();
    if (m_options.port == 0) {
        *error = QCoreApplication::translate("LocalCluster", "no free TCP port on loopback");
        return false;
    }
    QStringList settings{
        QStringLiteral("port = %1").arg(m_options.port),
        QStringLiteral("listen_addresses = '127.0.0.1'"),
        QStringLiteral("unix_socket_directories = '%1'").arg(socketDir()),
        QStringLiteral("max_connections = 200"),
        QStringLiteral("logging_collector = off"),
    };
    if (!m_options.durable)
        settings << QStringLiteral("fsync = off") << QStringLiteral("synchronous_commit = off")
                 << QStringLiteral("full_page_writes = off");
    settings += m_options.settings;
    QFile conf(dataDir() + QStringLiteral("/dedup_cluster.conf"));
    if (!conf.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error =
            QCoreApplication::translate("LocalCluster", "cannot write %1").arg(conf.fileName());
        return false;
    }
    conf.write(settings.join(QLatin1Char('\n')).toUtf8() + '\n');
    conf.close();
    QString accountError;
    if (const auto account = serverAccount(&accountError))
        (void)::chown(QFile::encodeName(conf.fileName()).constData(), account->uid, account->gid);

    if (!runServerTool(QStringLiteral("pg_ctl"),
                       {QStringLiteral("-D"), dataDir(), QStringLiteral("-l"), logFile(),
                        QStringLiteral("-w"), QStringLiteral("-t"),
                        QString::number(qMax(1, timeoutMs / 1000)), QStringLiteral("start")},
                       error, timeoutMs + 10000)) {
        QFile log(logFile());
        if (log.open(QIODevice::ReadOnly)) {
            log.seek(qMax<qint64>(0, log.size() - 2000));
            *error += QLatin1Char('\n') + QString::fromLocal8Bit(log.readAll());
        }
        return false;
    }
    // pg_ctl -w already waited; confirm that our own conninfo gets through.
    const QByteArray info = conninfo().toUtf8();
    QDeadlineTimer deadline(timeoutMs);
    while (PQping(info.constData()) != PQPING_OK) {
        if (deadline.hasExpired()) {
            *error = QCoreApplication::translate("LocalCluster",
                                                 "the server started but accepts no connections");
            return false;
        }
        QThread::msleep(50);
    }
    return true;
}

void LocalCluster::removeStaleLockFiles() const {
    // After a crash the server's lock files still name its pid. PostgreSQL takes them for a
    // running server while that pid exists, and a killed server nobody reaped (PID 1 of a
    // container may never reap) exists as a zombie: without this it would refuse to start.
    // Only files whose process is gone or a zombie are removed.
    QStringList files{dataDir() + QStringLiteral("/postmaster.pid")};
    if (m_options.port != 0)
        files << socketDir() + QStringLiteral("/.s.PGSQL.%1.lock").arg(m_options.port);
    for (const QString &path : std::as_const(files)) {
        const qint64 pid = pidInFile(path);
        if (pid > 0 && !processAlive(pid))
            QFile::remove(path);
    }
}

bool LocalCluster::isProcessAlive(qint64 pid) {
    return processAlive(pid);
}

bool LocalCluster::isRunning() const {
    return pid() > 0;
}

qint64 LocalCluster::pid() const {
    return pidOfDataDir(dataDir());
}

bool LocalCluster::stop(QString *error, int timeoutMs) {
    return stopDataDir(dataDir(), error, timeoutMs);
}

bool LocalCluster::stopDataDir(const QString &dataDir, QString *error, int timeoutMs) {
    const qint64 pid = pidOfDataDir(dataDir);
    if (pid == 0)
        return true;
    // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one.
    ::kill(pid_t(pid), SIGINT);
    if (waitForExit(pid, timeoutMs))
        return true;
    ::kill(pid_t(pid), SIGQUIT);
    if (waitForExit(pid, 5000))
        return true;
    ::kill(pid_t(pid), SIGKILL);
    if (waitForExit(pid, 5000))
        return true;
    if (error)
        *error = QCoreApplication::translate("LocalCluster", "server %1 does not stop").arg(pid);
    return false;
}

} // namespace dedup::store
