#include "TestClusterCommand.h"

#include "TestCluster.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <signal.h>
#include <unistd.h>

using dedup::store::LocalCluster;
using dedup::store::Migrator;
using dedup::store::PgConnection;
using dedup::store::PgParams;

namespace {

QTextStream &err() {
    static QTextStream stream(stderr);
    return stream;
}

bool run(PgConnection &conn, const QString &sql) {
    const auto result = conn.execScript(sql);
    if (!result.ok())
        err() << "dedup-testcluster: " << result.error().toString() << "\n  in: " << sql
              << Qt::endl;
    return result.ok();
}

} // namespace

TestClusterCommand::TestClusterCommand(QString stateDir)
    : m_stateDir(std::move(stateDir)) {}

QString TestClusterCommand::stateFile() const {
    return m_stateDir + QStringLiteral("/cluster.ini");
}

int TestClusterCommand::start(bool watchParent) {
    if (QFile::exists(stateFile())) {
        // A previous run was killed before its cleanup: stop that server first.
        stop();
    }
    QDir().mkpath(m_stateDir);
    // Under /tmp, not the build tree: the server runs as `postgres` when we are root, and it
    // must reach its directories; Unix socket paths must also stay short.
    QTemporaryDir base(QDir::tempPath() + QStringLiteral("/dedup-test-XXXXXX"));
    if (!base.isValid()) {
        err() << "dedup-testcluster: cannot create a temporary directory" << Qt::endl;
        return 1;
    }
    base.setAutoRemove(false);
    LocalCluster::Options options;
    options.baseDir = base.path();
    options.durable = false;
    LocalCluster cluster(options);
    QString error;
    if (!cluster.start(&error)) {
        err() << "dedup-testcluster: " << error << Qt::endl;
        LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        QDir(base.path()).removeRecursively();
        return 1;
    }
    {
        QSettings state(stateFile(), QSettings::IniFormat);
        state.setValue(QStringLiteral("base_dir"), base.path());
        state.setValue(QStringLiteral("data_dir"), cluster.dataDir());
        state.setValue(QStringLiteral("socket_dir"), cluster.socketDir());
        state.setValue(QStringLiteral("port"), cluster.port());
        state.setValue(QStringLiteral("superuser"), cluster.superuser());
        state.setValue(QStringLiteral("pid"), cluster.pid());
        state.setValue(QStringLiteral("template"), TestCluster::templateName());
        state.sync();
    }
    if (watchParent) {
        // Detached, with its standard channels closed: ctest waits for the output pipes of
        // this test to close, and a watchdog holding them would make it wait forever.
        QProcess watchdog;
        watchdog.setProgram(QCoreApplication::applicationFilePath());
        watchdog.setArguments({QStringLiteral("watch"), QStringLiteral("--state"), m_stateDir,
                               QStringLiteral("--parent"), QString::number(getppid())});
        watchdog.setStandardInputFile(QProcess::nullDevice());
        watchdog.setStandardOutputFile(QProcess::nullDevice());
        watchdog.setStandardErrorFile(QProcess::nullDevice());
        watchdog.startDetached();
    }

    PgConnection admin;
    if (!admin.open(cluster.conninfo())) {
        err() << "dedup-testcluster: " << admin.openError().toString() << Qt::endl;
        stop();
        return 1;
    }
    if (!run(admin, QStringLiteral("CREATE DATABASE %1").arg(TestCluster::templateName()))) {
        stop();
        return 1;
    }
    PgConnection tmpl;
    if (!tmpl.open(cluster.conninfo(TestCluster::templateName()))) {
        err() << "dedup-testcluster: " << tmpl.openError().toString() << Qt::endl;
        stop();
        return 1;
    }
    Migrator migrator(tmpl);
    Migrator::Report report;
    if (!migrator.migrate(&report, &error)) {
        err() << "dedup-testcluster: " << error << Qt::endl;
        stop();
        return 1;
    }
    tmpl.close();
    // One login role per database role, so tests can check what each role may do.
    for (const auto &[login, role] : TestCluster::loginRoles()) {
        if (!run(admin, QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(login, role))) {
            stop();
            return 1;
        }
    }
    QTextStream(stdout) << "private PostgreSQL running: pid " << cluster.pid() << ", "
                        << cluster.conninfo() << ", template migrated to version "
                        << report.versionAfter << Qt::endl;
    return 0;
}

int TestClusterCommand::stop() {
    QString dataDir;
    QString baseDir;
    {
        QSettings state(stateFile(), QSettings::IniFormat);
        dataDir = state.value(QStringLiteral("data_dir")).toString();
        baseDir = state.value(QStringLiteral("base_dir")).toString();
    }
    if (dataDir.isEmpty()) {
        QTextStream(stdout) << "no private PostgreSQL recorded in " << stateFile() << Qt::endl;
        return 0;
    }
    QString error;
    const bool stopped = LocalCluster::stopDataDir(dataDir, &error);
    if (stopped && baseDir.startsWith(QDir::tempPath() + QStringLiteral("/dedup-test-")))
        QDir(baseDir).removeRecursively();
    QFile::remove(stateFile());
    if (!stopped) {
        err() << "dedup-testcluster: " << error << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << "private PostgreSQL stopped" << Qt::endl;
    return 0;
}

int TestClusterCommand::watch(qint64 parentPid) {
    while (QFile::exists(stateFile())) {
        if (::kill(pid_t(parentPid), 0) != 0)
            return stop();
        QThread::msleep(500);
    }
    return 0;
}

int TestClusterCommand::printConninfo() {
    QSettings state(stateFile(), QSettings::IniFormat);
    if (!state.contains(QStringLiteral("port"))) {
        err() << "dedup-testcluster: no cluster running for " << m_stateDir << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << QStringLiteral("host=%1 port=%2 user=%3 dbname=%4")
                               .arg(state.value(QStringLiteral("socket_dir")).toString())
                               .arg(state.value(QStringLiteral("port")).toInt())
                               .arg(state.value(QStringLiteral("superuser")).toString(),
                                    TestCluster::templateName())
                        << Qt::endl;
    return 0;
}
