#include "TestStandby.h"

#include "RunAsPostgres.h"
#include "store/PgParams.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <csignal>

using dedup::store::LocalCluster;
using dedup::store::PgConnection;
using dedup::store::PgParams;

TestStandby::TestStandby(Replication replication)
    : m_base(QDir::tempPath() + QStringLiteral("/dedup-standby-XXXXXX"))
    , m_replication(replication) {
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
    m_primary.reset();
    // m_base removes the standby's directory (the server ran as postgres; we are root or that
    // user).
}

bool TestStandby::setUp() {
    if (!m_base.isValid()) {
        m_error = QStringLiteral("TestStandby: cannot create a temporary directory");
        return false;
    }
    // The standby (as `postgres` when we are root) must reach its directory inside it.
    QFile::setPermissions(m_base.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                             QFile::ExeGroup | QFile::ExeOther);
    // The primary's TestServer has a watchdog of its own.
    TestServer::startWatchdog(m_base.path(), QStringLiteral("standby"));
    return setUpPrimary() && baseBackup() &&
           (m_replication == Replication::Asynchronous || makeSynchronous());
}

bool TestStandby::makeSynchronous() {
    // Only now: with it set before the standby streamed, the set-up's own commits would wait.
    QString set = execPrimary(QStringLiteral("ALTER SYSTEM SET synchronous_standby_names = '*'"));
    if (set.isEmpty())
        set = execPrimary(QStringLiteral("SELECT pg_reload_conf()"));
    if (!set.isEmpty()) {
        m_error = QStringLiteral("TestStandby: synchronous_standby_names: ") + set;
        return false;
    }
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        auto primary = connectPrimary();
        const auto state =
            primary ? primary->exec(QStringLiteral("SELECT count(*) FROM pg_stat_replication"
                                                   " WHERE sync_state = 'sync'"))
                    : dedup::store::PgResult();
        if (primary && state.ok() && state.toInt64(0, 0) == 1)
            return true;
        QThread::msleep(50);
    }
    m_error = QStringLiteral("TestStandby: the standby did not become synchronous");
    return false;
}

QString TestStandby::failoverConninfo(const QString &user) const {
    if (!m_primary || !m_standby)
        return {};
    // Socket directories are our temporary paths (no quote or backslash in them).
    return QStringLiteral("host='%1,%2' port=%3,%4 user=%5 dbname=%6"
                          " target_session_attrs=read-write")
        .arg(m_primary->cluster().socketDir(), m_standby->socketDir())
        .arg(m_primary->cluster().port())
        .arg(m_standby->port())
        .arg(user.isEmpty() ? m_standby->superuser() : user, databaseName());
}

bool TestStandby::failOver(QString *error, int stallMs) {
    if (!m_primary || !m_standby) {
        *error = QStringLiteral("TestStandby: not set up");
        return false;
    }
    if (stallMs > 0) {
        auto primary = connectPrimary();
        const auto sender =
            primary ? primary->exec(QStringLiteral("SELECT pid FROM pg_stat_replication LIMIT 1"))
                    : dedup::store::PgResult();
        if (!sender.ok() || sender.rows() != 1) {
            *error = QStringLiteral("TestStandby: no WAL sender to stall");
            return false;
        }
        // SIGKILL below ends the stopped process like the others.
        ::kill(pid_t(sender.toInt64(0, 0)), SIGSTOP);
        QThread::msleep(ulong(stallMs));
    }
    if (!m_primary->crash(error))
        return false;
    PgConnection standby;
    if (!standby.open(standbyConninfo())) {
        *error = QStringLiteral("TestStandby: promote: ") + standby.openError().toString();
        return false;
    }
    // pg_promote(wait => true) returns once the server accepts writes (or after 60 s).
    const auto promoted = standby.exec(QStringLiteral("SELECT pg_promote(true, 60)"));
    if (!promoted.ok() || !promoted.toBool(0, 0)) {
        *error = QStringLiteral("TestStandby: promote: ") +
                 (promoted.ok() ? QStringLiteral("not promoted within 60 s")
                                : promoted.error().toString());
        return false;
    }
    return true;
}

bool TestStandby::setUpPrimary() {
    // initdb's pg_hba.conf already trusts replication connections on the socket and loopback.
    m_primary = std::make_unique<TestServer>(
        QStringList{QStringLiteral("wal_level = replica"), QStringLiteral("max_wal_senders = 4"),
                    QStringLiteral("max_replication_slots = 4"),
                    // The base backup must be consistent: full-page images while it runs.
                    QStringLiteral("full_page_writes = on"),
                    // As in production: a commit is acknowledged once its WAL is flushed, so
                    // pg_current_wal_lsn() covers it (ReplicationStatus's definition).
                    QStringLiteral("synchronous_commit = on")});
    if (!m_primary->isValid()) {
        m_error = QStringLiteral("TestStandby: primary: ") + m_primary->error();
        return false;
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
    const LocalCluster &primary = m_primary->cluster();
    backup.setArguments({QStringLiteral("-h"), primary.socketDir(), QStringLiteral("-p"),
                         QString::number(primary.port()), QStringLiteral("-U"), primary.superuser(),
                         QStringLiteral("-D"), standbyBase + QStringLiteral("/data"),
                         QStringLiteral("-R"), QStringLiteral("-X"), QStringLiteral("stream"),
                         QStringLiteral("--checkpoint=fast"), QStringLiteral("--no-sync"),
                         QStringLiteral("-C"), QStringLiteral("-S"),
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

QString TestStandby::primaryConninfo(const QString &user) const {
    return m_primary ? m_primary->conninfo(user) : QString();
}

QString TestStandby::standbyConninfo(const QString &user) const {
    return m_standby ? TestServer::conninfoOf(*m_standby, user) : QString();
}

QString TestStandby::standbyTcpConninfo(const QString &user) const {
    if (!m_standby)
        return {};
    return QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3")
        .arg(m_standby->port())
        .arg(user.isEmpty() ? m_standby->superuser() : user, databaseName());
}

std::unique_ptr<PgConnection> TestStandby::connectPrimary(const QString &user) const {
    return m_primary ? m_primary->connect(user) : nullptr;
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
    return m_primary ? m_primary->exec(sql) : QStringLiteral("no primary");
}

QString TestStandby::execStandby(const QString &sql) const {
    return TestServer::execOn(standbyConninfo(), sql);
}

QString TestStandby::grantTestLogins() const {
    return m_primary ? m_primary->grantTestLogins() : QStringLiteral("no primary");
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
