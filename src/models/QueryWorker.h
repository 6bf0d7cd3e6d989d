#pragma once

#include "models/QueryRunner.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QTimer;

namespace dedup::store {
class PgConnection;
}

namespace dedup::models {

// QueryRunner's database side, living in the runner's thread: the connection, the jobs,
// cancellation and reconnection. Only QueryRunner talks to it.
class QueryWorker : public QObject {
    Q_OBJECT

public:
    QueryWorker(QString conninfo, QString applicationName, QObject *parent = nullptr);
    ~QueryWorker() override;

    // Thread-safe (called from the runner's owner thread).
    void cancelRunning();
    void discardBefore(int firstLiveRequest);
    int backendPid() const { return m_backendPid.load(); }

    // In this object's thread.
    void open();
    void run(int requestId, const QueryRunner::Job &job);
    void setStatementTimeout(int milliseconds);
    // Closes the connection and stops the reconnect timer.
    void shutdown();

signals:
    void finished(int requestId, const QVariant &value);
    void failed(int requestId, const QString &message, dedup::models::QueryRunner::Failure failure);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    bool isStale(int requestId) const { return requestId < m_staleBefore.load(); }
    bool ensureOpen(QString *why);
    void markLost(const QString &message);
    void closeConnection();
    void reconnectNow();
    void rollbackIfInTransaction();
    void reportFailure(int requestId, const store::PgError &error, bool cancelled);

    const QString m_conninfo;
    const QString m_applicationName;
    int m_statementTimeoutMs = QueryRunner::DefaultStatementTimeoutMs;
    std::unique_ptr<store::PgConnection> m_conn; // replaced under m_mutex, used by this thread
    bool m_lost = false;                         // connectionLost reported, not yet restored
    bool m_shutDown = false;
    int m_backoffMs = 0;
    qint64 m_retryAtMs = 0;
    QElapsedTimer m_clock;
    QTimer *m_reconnectTimer = nullptr;

    mutable QMutex m_mutex; // guards m_conn's identity and the fields below it
    int m_runningRequest = 0;
    quint64 m_cancelSerial = 0;        // how many cancels were sent
    quint64 m_cancelSerialAtStart = 0; // m_cancelSerial when the last job started
    std::atomic<int> m_staleBefore{0};
    std::atomic<int> m_backendPid{0};
};

} // namespace dedup::models
