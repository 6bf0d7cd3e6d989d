#include "TestStandby.h"

#include "RunAsPostgres.h"
#include "TestCluster.h"
#include "store/Migrator.h"
#include "store/PgParams.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

using dedup::store::LocalCluster;
using dedup::store::Migrator;
using dedup::store::PgConnection;
using dedup::store::PgParams;

namespace {

QString quote(QString value) {
    value.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

QString withUser(const LocalCluster &cluster, const QString &user) {
    return QStringLiteral("host=%1 port=%2 user=%3 dbname=%4")
        .arg(quote(cluster.socketDir()))
        .arg(cluster.port())
        .arg(user.isEmpty() ? cluster.superuser() : user, TestStandby::databaseName());
}

QString execOn(const QString &conninfo, const QString &sql) {
    PgConnection conn;
    if (!conn.open(conninfo))
        return conn.openError().toString();
    const auto result = conn.execScript(sql);
    return result.ok() ? QString() : result.error().toString();
}

} // namespace

TestStandby::TestStandby()
    : m_base(QDir::tempPath() + QStringLiteral("/dedup-standby-XXXXXX")) {
    if (!setUp()) {
        if (m_error.isEmpty())
            m_error = QStringLiteral("TestStandby: setting up failed");
    }
}

TestStandby::~TestStandby() {
    // The standby first: stopping the primary first makes it retry its connection.
    QString ignored;
    if (m_standby)
        m_standby->stop(&ignored);
    if (m_primary)
        m_primary->stop(&ignored);
    // m_base removes the directories (the servers ran as postgres; we are root or that user).
}

bool TestStandby::setUp() {
    if (!m_base.isValid()) {
        m_error = QStringLiteral("TestStandby: cannot create a temporary directory");
        return false;
    }
    // The servers (as `postgres` when we are root) must reach their directories inside it.
    QFile::setPermissions(m_base.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                             QFile::ExeGroup | QFile::ExeOther);
    startWatchdog();
    return setUpPrimary() && baseBackup();
}

bool TestStandby::setUpPrimary() {
    LocalCluster::Options options;
    options.baseDir = m_base.path() + QStringLiteral("/primary");
    options.durable = false;
    // initdb's pg_hba.conf already trusts replication connections on the socket and loopback.
    options.settings = {QStringLiteral("wal_level = replica"),
                        QStringLiteral("max_wal_senders = 4"),
                        QStringLiteral("max_replication_slots = 4"),
                        // The base backup must be consistent: full-page images while it runs.
                        QStringLiteral("full_page_writes = on"),
                        // As in production: a commit is acknowledged once its WAL is flushed,
                        // so pg_current_wal_lsn() covers it (ReplicationStatus's definition).
                        QStringLiteral("synchronous_commit = on")};
    m_primary = std::make_unique<LocalCluster>(options);
    QString error;
    if (!m_primary->start(&error)) {
        m_error = QStringLiteral("TestStandby: primary: ") + error;
        return false;
    }
    if (const QString e =
            execOn(m_primary->conninfo(), QStringLiteral("CREATE DATABASE %1").arg(databaseName()));
        !e.isEmpty()) {
        m_error = QStringLiteral("TestStandby: ") + e;
        return false;
    }
    PgConnection conn;
    if (!conn.open(primaryConninfo())) {
        m_error = QStringLiteral("TestStandby: ") + conn.openError().toString();
        return false;
    }
    Migrator migrator(conn);
    if (!migrator.migrate(nullptr, &error)) {
        m_error = QStringLiteral("TestStandby: migrate: ") + error;
        return false;
    }
    for (const auto &[login, role] : TestCluster::loginRoles()) {
        const auto result =
            conn.execScript(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(login, role));
        if (!result.ok()) {
            m_error = QStringLiteral("TestStandby: ") + result.error().toString();
            return false;
        }
    }
    return true;
}

bool TestStandby::baseBackup() {
    const QString standbyBase = m_base.path() + QStringLiteral("/standby");
    if (!QDir().mkpath(standbyBase)) {
        m_error = QStringLiteral("TestStandby: cannot prepare %1").arg(standbyBase);
        return false;
    }
    QProcess backup;
    backup.setProgram(LocalCluster::binDir() + QStringLiteral("/pg_basebackup"));
    // -R writes standby.signal and primary_conninfo (this socket, this port); the slot keeps
    // the primary's WAL until the standby has it.
    backup.setArguments(
        {QStringLiteral("-h"), m_primary->socketDir(), QStringLiteral("-p"),
         QString::number(m_primary->port()), QStringLiteral("-U"), m_primary->superuser(),
         QStringLiteral("-D"), standbyBase + QStringLiteral("/data"), QStringLiteral("-R"),
         QStringLiteral("-X"), QStringLiteral("stream"), QStringLiteral("--checkpoint=fast"),
         QStringLiteral("--no-sync"), QStringLiteral("-C"), QStringLiteral("-S"),
         QStringLiteral("dedup_standby")});
    backup.setWorkingDirectory(standbyBase);
    backup.setProcessChannelMode(QProcess::MergedChannels);
    // As root, the backup runs as `postgres` and writes files that account owns, as the
    // standby's server (LocalCluster) will run as that user.
    QString error;
    if (!RunAsPostgres::prepare(backup, {standbyBase}, &error)) {
        m_error = QStringLiteral("TestStandby: ") + error;
        return false;
    }
    backup.start();
    if (!backup.waitForFinished(120000) || backup.exitStatus() != QProcess::NormalExit ||
        backup.exitCode() != 0) {
        m_error = QStringLiteral("TestStandby: pg_basebackup failed: ") +
                  QString::fromLocal8Bit(backup.readAll()).trimmed();
        return false;
    }
    LocalCluster::Options options;
    options.baseDir = standbyBase;
    options.durable = false;
    options.settings = {QStringLiteral("hot_standby = on"),
                        // Reports to the primary promptly, so its view of the lag is fresh.
                        QStringLiteral("wal_receiver_status_interval = 1s")};
    m_standby = std::make_unique<LocalCluster>(options);
    if (!m_standby->start(&error)) {
        m_error = QStringLiteral("TestStandby: standby: ") + error;
        return false;
    }
    return waitForReplay(60000, &m_error);
}

void TestStandby::startWatchdog() {
    // Stops both servers by the pids in their postmaster.pid files and removes the directory
    // when this process dies without its destructor (a crash, a ctest timeout). A shell
    // script with its channels closed, so ctest does not wait for it.
    const QString script = QStringLiteral(
        "while kill -0 %1 2>/dev/null; do sleep 1; done; "
        "for d in \"$0/standby/data\" \"$0/primary/data\"; do "
        "  [ -f \"$d/postmaster.pid\" ] && kill -QUIT \"$(head -n 1 \"$d/postmaster.pid\")\"; "
        "done; sleep 2; rm -rf \"$0\"");
    QProcess watchdog;
    watchdog.setProgram(QStringLiteral("/bin/sh"));
    watchdog.setArguments(
        {QStringLiteral("-c"), script.arg(QCoreApplication::applicationPid()), m_base.path()});
    watchdog.setStandardInputFile(QProcess::nullDevice());
    watchdog.setStandardOutputFile(QProcess::nullDevice());
    watchdog.setStandardErrorFile(QProcess::nullDevice());
    watchdog.startDetached();
}

QString TestStandby::primaryConninfo(const QString &user) const {
    return m_primary ? withUser(*m_primary, user) : QString();
}

QString TestStandby::standbyConninfo(const QString &user) const {
    return m_standby ? withUser(*m_standby, user) : QString();
}

QString TestStandby::standbyTcpConninfo(const QString &user) const {
    if (!m_standby)
        return {};
    return QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
        .arg(m_standby->port())
        .arg(user.isEmpty() ? m_standby->superuser() : user, databaseName());
}

std::unique_ptr<PgConnection> TestStandby::connectPrimary(const QString &user) const {
    auto conn = std::make_unique<PgConnection>();
    if (!conn->open(primaryConninfo(user))) {
        qWarning("TestStandby: %s", qPrintable(conn->openError().toString()));
        return nullptr;
    }
    return conn;
}

std::unique_ptr<PgConnection> TestStandby::connectStandby(const QString &user) const {
    auto conn = std::make_unique<PgConnection>();
    if (!conn->open(standbyConninfo(user))) {
        qWarning("TestStandby: %s", qPrintable(conn->openError().toString()));
        return nullptr;
    }
    return conn;
}

QString TestStandby::execPrimary(const QString &sql) const {
    return execOn(primaryConninfo(), sql);
}

QString TestStandby::execStandby(const QString &sql) const {
    return execOn(standbyConninfo(), sql);
}

QString TestStandby::grantTestLogins() const {
    // The names are TestCluster's constants, not input.
    for (const auto &[login, role] : TestCluster::loginRoles()) {
        const QString capability = role.mid(role.indexOf(QLatin1Char('_')) + 1);
        const QString error = execPrimary(
            QStringLiteral("SELECT dedup.access_grant('%1', '%2')").arg(login, capability));
        if (!error.isEmpty())
            return login + QStringLiteral(": ") + error;
    }
    return {};
}

bool TestStandby::waitForReplay(int timeoutMs, QString *error) const {
    auto fail = [error](const QString &why) {
        if (error)
            *error = QStringLiteral("TestStandby: ") + why;
        return false;
    };
    PgConnection primary;
    if (!primary.open(primaryConninfo()))
        return fail(primary.openError().toString());
    const auto lsn = primary.exec(QStringLiteral("SELECT pg_current_wal_lsn()::text"));
    if (!lsn.ok())
        return fail(lsn.error().toString());
    PgParams target;
    target.add(lsn.text(0, 0));
    QDeadlineTimer deadline(timeoutMs);
    QString last;
    while (!deadline.hasExpired()) {
        PgConnection standby;
        // The standby accepts connections only once it is consistent: keep trying.
        if (standby.open(standbyConninfo())) {
            const auto replayed = standby.exec(
                QStringLiteral("SELECT COALESCE(pg_last_wal_replay_lsn() >= $1::pg_lsn, false)"),
                target);
            if (replayed.ok() && replayed.toBool(0, 0))
                return true;
            last = replayed.ok() ? QStringLiteral("not replayed yet") : replayed.error().toString();
        } else {
            last = standby.openError().toString();
        }
        QThread::msleep(50);
    }
    return fail(
        QStringLiteral("the standby did not replay %1 in time (%2)").arg(lsn.text(0, 0), last));
}

qint64 TestStandby::primaryPid() const {
    return m_primary ? m_primary->pid() : 0;
}

qint64 TestStandby::standbyPid() const {
    return m_standby ? m_standby->pid() : 0;
}
