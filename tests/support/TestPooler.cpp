#include "TestPooler.h"

#include "RunAsPostgres.h"
#include "TestCluster.h"
#include "store/PgConnection.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QSettings>
#include <QThread>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// A loopback port nobody listens on now (the kernel's choice for port 0).
int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof(address);
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

bool writeFile(const QString &path, const QByteArray &text) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == text.size();
}

} // namespace

TestPooler::TestPooler(QString dbname, int poolSize)
    : m_dbname(std::move(dbname)) {
    if (!start(poolSize) && m_process) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

TestPooler::~TestPooler() {
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate();
    if (!m_process->waitForFinished(5000)) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

QString TestPooler::program() {
    const QString configured = qEnvironmentVariable("DEDUP_PGBOUNCER");
    return configured.isEmpty() ? QStringLiteral("/usr/sbin/pgbouncer") : configured;
}

QString TestPooler::conninfo(const QString &user) const {
    return QStringLiteral("host=127.0.0.1 port=%1 sslmode=disable user=%2 dbname=%3")
        .arg(m_port)
        .arg(user.isEmpty() ? m_superuser : user, m_dbname);
}

QString TestPooler::log() const {
    QFile file(m_dir.filePath(QStringLiteral("pgbouncer.log")));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

bool TestPooler::start(int poolSize) {
    if (!QFile::exists(program())) {
        m_error = QStringLiteral("PgBouncer is not installed (%1); packaging/install-deps.sh "
                                 "installs Debian's pgbouncer")
                      .arg(program());
        return false;
    }
    const QString stateFile =
        qEnvironmentVariable("DEDUP_TEST_CLUSTER") + QStringLiteral("/cluster.ini");
    if (!QFile::exists(stateFile)) {
        m_error = QStringLiteral("no private PostgreSQL (DEDUP_TEST_CLUSTER)");
        return false;
    }
    const QSettings state(stateFile, QSettings::IniFormat);
    m_superuser = state.value(QStringLiteral("superuser")).toString();
    m_port = freePort();
    if (!m_dir.isValid() || m_port == 0) {
        m_error = QStringLiteral("no temporary directory or free port for PgBouncer");
        return false;
    }
    QByteArray users = "\"" + m_superuser.toUtf8() + "\" \"\"\n";
    for (const auto &login : TestCluster::loginRoles())
        users += "\"" + login.first.toUtf8() + "\" \"\"\n";
    const QByteArray ini = QStringLiteral("[databases]\n"
                                          "* = host=%1 port=%2\n"
                                          "[pgbouncer]\n"
                                          "listen_addr = 127.0.0.1\n"
                                          "listen_port = %3\n"
                                          "unix_socket_dir = %4\n"
                                          "auth_type = trust\n"
                                          "auth_file = %4/users.txt\n"
                                          "pool_mode = transaction\n"
                                          "default_pool_size = %5\n"
                                          "max_client_conn = 500\n"
                                          "logfile = %4/pgbouncer.log\n"
                                          "ignore_startup_parameters = extra_float_digits\n")
                               .arg(state.value(QStringLiteral("socket_dir")).toString())
                               .arg(state.value(QStringLiteral("port")).toInt())
                               .arg(m_port)
                               .arg(m_dir.path())
                               .arg(poolSize)
                               .toUtf8();
    if (!writeFile(m_dir.filePath(QStringLiteral("users.txt")), users) ||
        !writeFile(m_dir.filePath(QStringLiteral("pgbouncer.ini")), ini)) {
        m_error = QStringLiteral("cannot write PgBouncer's configuration in %1").arg(m_dir.path());
        return false;
    }
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(program());
    m_process->setArguments({m_dir.filePath(QStringLiteral("pgbouncer.ini"))});
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    if (!RunAsPostgres::prepare(*m_process,
                                {m_dir.path(), m_dir.filePath(QStringLiteral("users.txt")),
                                 m_dir.filePath(QStringLiteral("pgbouncer.ini"))},
                                &m_error))
        return false;
    m_process->start();
    if (!m_process->waitForStarted(10000)) {
        m_error = QStringLiteral("cannot run %1: %2").arg(program(), m_process->errorString());
        return false;
    }
    // Ready once a login goes through it to the server.
    const QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        dedup::store::PgConnection probe;
        if (probe.open(conninfo()) && probe.exec(QStringLiteral("SELECT 1")).ok())
            return true;
        if (m_process->state() == QProcess::NotRunning)
            break;
        QThread::msleep(50);
    }
    m_error = QStringLiteral("PgBouncer did not start: %1 %2")
                  .arg(QString::fromLocal8Bit(m_process->readAll()), log());
    return false;
}
