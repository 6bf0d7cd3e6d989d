#pragma once

#include "core/RetryPolicy.h"
#include "lanes/Failure.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QVariant>

#include <atomic>
#include <functional>
#include <memory>

class QTimer;

namespace dedup::store {
class PgConnection;
struct PgError;
} // namespace dedup::store

namespace dedup::lanes {

class Lane;

// Lane's database side, living in the lane's thread: the connection, the jobs, cancellation
// and reconnection. Only Lane talks to it; the contract is documented there. It answers by
// posting to the lane, which emits the lane's signals in the owner's thread.
class LaneWorker : public QObject {
    Q_OBJECT

public:
    using Job = std::function<QVariant(store::PgConnection &, store::PgError *)>;

    // `writes`: Lane::Jobs::Writes (each job runs exactly once).
    LaneWorker(Lane &lane, QString conninfo, QString applicationName, int statementTimeoutMs,
               bool writes);
    ~LaneWorker() override;

    // Thread-safe (called from the lane's owner thread).
    void cancelRunning();
    void discardBefore(int firstLiveRequest);
    int backendPid() const { return m_backendPid.load(); }

    // In this object's thread.
    void open();
    void run(int requestId, const Job &job);
    void setStatementTimeout(int milliseconds);
    void setBackoff(const core::RetryPolicy &policy) { m_backoff = policy; }
    // The next request reconnects at once instead of waiting out the backoff.
    void retryNow() { m_retryAtMs = 0; }
    // Closes the connection and stops the reconnect timer.
    void shutdown();

private:
    // Runs `answer` in the lane's thread, after everything posted before it.
    template <typename Answer>
    void post(Answer answer);
    void answerFailed(int requestId, const QString &message, Failure failure);
    bool isStale(int requestId) const { return requestId < m_staleBefore.load(); }
    bool ensureOpen(QString *why);
    void markLost(const QString &message);
    void closeConnection();
    void reconnectNow();
    void rollbackIfInTransaction();
    void reportFailure(int requestId, const store::PgError &error, bool cancelled);

    Lane &m_lane;
    const QString m_conninfo;
    const QString m_applicationName;
    const bool m_writes;
    int m_statementTimeoutMs;
    core::RetryPolicy m_backoff;
    std::unique_ptr<store::PgConnection> m_conn; // replaced under m_mutex, used by this thread
    bool m_lost = false;                         // connectionLost reported, not yet restored
    bool m_shutDown = false;
    int m_failedConnects = 0; // in a row: the RetryPolicy attempt number of the last one
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

} // namespace dedup::lanes
