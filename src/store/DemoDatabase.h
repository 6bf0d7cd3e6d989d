#pragma once

#include "store/LocalCluster.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace dedup::store {

// The demo's store: a private, persistent PostgreSQL under the user's data directory with a
// migrated `dedup_demo` database. Started (or reused) by `dedupctl demo` and
// `dedup-console --demo`; stop() stops exactly the server that start() started.
class DemoDatabase {
    Q_DECLARE_TR_FUNCTIONS(DemoDatabase)

public:
    // DEDUP_DEMO_DIR, else the user's data directory; for root a system directory that the
    // `postgres` account can reach (root's home is closed to it).
    static QString defaultBaseDir();

    explicit DemoDatabase(QString baseDir = defaultBaseDir());

    bool start(QString *error);
    bool stop(QString *error);
    // True when start() started the server (rather than finding it already running).
    bool startedServer() const { return m_startedServer; }
    QString conninfo() const;
    const LocalCluster &cluster() const { return *m_cluster; }

    static QString databaseName() { return QStringLiteral("dedup_demo"); }

private:
    std::unique_ptr<LocalCluster> m_cluster;
    bool m_startedServer = false;
};

} // namespace dedup::store
