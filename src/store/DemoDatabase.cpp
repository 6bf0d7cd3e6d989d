#include "store/DemoDatabase.h"

#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>

#include <unistd.h>

namespace dedup::store {

QString DemoDatabase::defaultBaseDir() {
    const QString fromEnv = qEnvironmentVariable("DEDUP_DEMO_DIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
    if (geteuid() == 0)
        return QStringLiteral("/var/lib/dedup-console/demo");
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/dedup-console/demo");
}

DemoDatabase::DemoDatabase(QString baseDir) {
    LocalCluster::Options options;
    options.baseDir = std::move(baseDir);
    // Reuse the port of the last start, so saved connection strings keep working.
    QSettings state(options.baseDir + QStringLiteral("/demo.ini"), QSettings::IniFormat);
    options.port = state.value(QStringLiteral("port"), 0).toInt();
    m_cluster = std::make_unique<LocalCluster>(options);
}

bool DemoDatabase::start(QString *error) {
    if (geteuid() == 0) {
        // Root's data directory parent must be traversable by the server's account.
        QDir().mkpath(QFileInfo(m_cluster->dataDir()).absolutePath());
    }
    m_startedServer = !m_cluster->isRunning();
    if (!m_cluster->start(error)) {
        // The remembered port may be taken by now: try once more on a fresh one.
        LocalCluster::Options retry;
        retry.baseDir = QFileInfo(m_cluster->dataDir()).absolutePath();
        m_cluster = std::make_unique<LocalCluster>(retry);
        if (!m_cluster->start(error))
            return false;
    }
    QSettings state(QFileInfo(m_cluster->dataDir()).absolutePath() + QStringLiteral("/demo.ini"),
                    QSettings::IniFormat);
    state.setValue(QStringLiteral("port"), m_cluster->port());

    PgConnection admin;
    if (!admin.open(m_cluster->conninfo())) {
        *error = admin.openError().toString();
        return false;
    }
    PgParams name;
    name.add(databaseName());
    const PgResult exists =
        admin.exec(QStringLiteral("SELECT 1 FROM pg_database WHERE datname = $1"), name);
    if (!exists.ok()) {
        *error = exists.error().toString();
        return false;
    }
    if (exists.rows() == 0) {
        // A fixed, reviewed identifier: not user input.
        const PgResult created = admin.exec(QStringLiteral("CREATE DATABASE dedup_demo"));
        if (!created.ok()) {
            *error = created.error().toString();
            return false;
        }
    }
    PgConnection demo;
    if (!demo.open(conninfo())) {
        *error = demo.openError().toString();
        return false;
    }
    Migrator migrator(demo);
    return migrator.migrate(nullptr, error);
}

bool DemoDatabase::stop(QString *error) {
    return m_cluster->stop(error);
}

QString DemoDatabase::conninfo() const {
    return m_cluster->conninfo(databaseName());
}

} // namespace dedup::store
