#include "DemoSession.h"

#include "sim/DemoTraffic.h"
#include "store/AccessScope.h"
#include "store/DemoDatabase.h"
#include "store/DemoQueries.h"
#include "store/PgConnection.h"
#include "store/ReplicationMode.h"
#include "store/StoreId.h"

#include <QDir>
#include <QThread>

namespace dedup::app {

DemoSession::DemoSession(bool withTraffic, QObject *parent)
    : QObject(parent)
    , m_withTraffic(withTraffic) {}

DemoSession::~DemoSession() {
    stop();
}

void DemoSession::start() {
    if (m_starter || m_database)
        return;
    m_database = std::make_unique<store::DemoDatabase>();
    m_starter = QThread::create([this] { startStore(); });
    m_starter->setObjectName(QStringLiteral("DemoStarter"));
    connect(m_starter, &QThread::finished, this, &DemoSession::onStarted);
    m_starter->start();
}

void DemoSession::startStore() {
    QString error;
    if (!m_database->start(&error)) {
        m_error = tr("The demo store did not start: %1").arg(error);
        return;
    }
    // Who the console is there, as a connection check would find it: the cluster's superuser
    // (so an operator, and a reader).
    store::ConnectionReport report;
    report.conninfo = m_database->conninfo();
    report.profileName = tr("Demo store");
    const store::LocalCluster &cluster = m_database->cluster();
    QString socketDir = cluster.socketDir();
    if (socketDir.startsWith(QDir::homePath() + QLatin1Char('/')))
        socketDir.replace(0, QDir::homePath().size(), QStringLiteral("~"));
    report.target = QStringLiteral("%1@%2:%3/%4")
                        .arg(cluster.superuser(), socketDir)
                        .arg(cluster.port())
                        .arg(store::DemoDatabase::databaseName());
    store::PgConnection conn;
    if (!conn.open(report.conninfo, QStringLiteral("dedup-console-demo"))) {
        m_error = tr("The demo store started but does not accept connections: %1")
                      .arg(conn.openError().toString());
        return;
    }
    store::PgError queryError;
    const auto facts = store::DemoQueries(conn).storeFacts(&queryError);
    if (!facts) {
        m_error = tr("The demo store does not answer: %1").arg(queryError.toString());
        return;
    }
    report.currentUser = facts->currentUser;
    report.serverVersion = facts->serverVersion;
    report.schemaVersion = facts->schemaVersion;
    // The demo's workers and console connect as the cluster's superuser, who owns the demo
    // store: the store's grants do not apply to it (docs/SECURITY.md).
    report.access = store::AccessScope::owner();
    report.canOperate = true;
    report.canRead = true;
    // As for any store: the status bar says whether it replicates (the demo's does not).
    report.replication = store::ReplicationMode::read(conn, nullptr);
    report.storeId = store::StoreId::read(conn); // its dedup:// links
    m_report = report;
}

void DemoSession::onStarted() {
    m_starter->deleteLater();
    m_starter = nullptr;
    if (!m_error.isEmpty()) {
        emit failed(m_error);
        return;
    }
    if (m_withTraffic) {
        // Its own worker threads; startInBackground does not wait for their connections.
        sim::DemoTrafficOptions options;
        options.conninfo = m_report.conninfo;
        m_traffic = std::make_unique<sim::DemoTraffic>(options);
        m_traffic->startInBackground();
    }
    emit ready(m_report);
}

void DemoSession::stop() {
    if (m_starter) {
        // Closed while the store was still starting: let it finish, then stop it below.
        disconnect(m_starter, nullptr, this, nullptr);
        m_starter->wait();
        delete m_starter;
        m_starter = nullptr;
    }
    if (m_traffic) {
        m_traffic->stop(); // before the server it writes to goes away
        if (!m_traffic->error().isEmpty())
            qWarning("demo traffic: %s", qPrintable(m_traffic->error()));
        m_traffic.reset();
    }
    if (m_database && m_database->startedServer()) {
        QString error;
        if (!m_database->stop(&error))
            qWarning("demo store: %s", qPrintable(error));
    }
    m_database.reset();
}

} // namespace dedup::app
