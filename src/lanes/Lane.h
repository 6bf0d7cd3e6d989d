#pragma once

#include "core/RetryPolicy.h"
#include "lanes/Failure.h"

#include <QObject>
#include <QString>
#include <QThread>
#include <QVariant>

#include <functional>

namespace dedup::store {
class PgConnection;
struct PgError;
} // namespace dedup::store

namespace dedup::lanes {

class LaneWorker;

// The plumbing every background reader stands on, so the UI thread never waits for the
// database: its own thread, its own connection opened in that thread, reconnection with a
// backoff from core::RetryPolicy, cancel (PQcancel) and request ids that drop stale answers.
// QueryRunner and the runs list's RunPageLoader are lanes with a name and their jobs.
//
// A job is any callable `QVariant(store::PgConnection &, store::PgError *)`: it runs in the
// lane's thread with the lane's connection, returns its answer as a QVariant and, on failure,
// fills the PgError and returns anything. A job that leaves a transaction open (it failed
// half-way) is rolled back by the lane.
//
// Two modes (Jobs), fixed at construction:
//   * ReadOnly (the default; the views' reads): the connection is opened at once; after a
//     lost connection the lane reconnects and runs the job once more, and a job hit by a
//     cancel meant for the one before it (PQcancel's race) is run again. Answers are values.
//   * Writes (actions, bulk operations): a job runs exactly once. The connection is opened
//     by the first job. A lost connection answers Failure::ConnectionLost, "outcome unknown":
//     the caller decides (an action resends with the same action key, which the server
//     answers 'replayed' if an earlier attempt applied); the lane then reconnects at once for
//     the next job. A cancelled statement answers Cancelled or TimedOut, never a re-run.
//
// submit() returns a request id (ids only grow, from 1); the answer arrives in the creating
// thread as finished(id, value) or failed(id, message, failure), in submission order.
// discardPending() makes every request submitted so far stale: not started if still queued,
// cancelled (PQcancel) if running, never answered. So a caller that only cares about its
// latest request simply compares ids.
//
// Connection loss: reported once (connectionLost), then the lane reconnects by itself even
// when no request is waiting, after attempt n failed waiting backoff().backoffCeiling(n)
// (defaultBackoff(): 0.5 s doubling to 30 s; no jitter, so "next attempt in n s" is true),
// and reports connectionRestored: the caller re-reads what it shows. A request made while
// waiting fails at once (Failure::ConnectionLost) instead of queueing behind the wait.
// statement_timeout (default 30 s) bounds every statement.
//
// Use from the thread that created it (except backendPid(), which any thread may call).
class Lane : public QObject {
    Q_OBJECT

public:
    using Job = std::function<QVariant(store::PgConnection &, store::PgError *)>;
    enum class Jobs { ReadOnly, Writes };

    static constexpr int DefaultStatementTimeoutMs = 30000;
    // Only the delays count: a lane never gives up, so attempts and error classes do not.
    static core::RetryPolicy defaultBackoff();

    // `applicationName` shows in pg_stat_activity and names the thread. The connection is
    // opened in the lane's thread: at once for ReadOnly, by the first job for Writes.
    Lane(const QString &conninfo, const QString &applicationName, QObject *parent = nullptr);
    Lane(const QString &conninfo, const QString &applicationName, Jobs jobs,
         QObject *parent = nullptr);
    ~Lane() override;

    int submit(Job job);
    // Cancels the running job (PQcancel): it is answered with Failure::Cancelled. Queued
    // jobs still run.
    void cancel();
    // Every request submitted so far is dropped (see above). Returns whether one was
    // outstanding.
    bool discardPending();
    // Whether a live request has not been answered yet.
    bool hasPending() const { return qMax(m_lastAnswered, m_firstLive - 1) < m_lastRequestId; }
    void setStatementTimeout(int milliseconds);
    // Applies from the next failed attempt on.
    void setBackoff(const core::RetryPolicy &policy);
    // The next request reconnects at once instead of waiting out the backoff (an operator's
    // "Retry now"); the backoff itself keeps growing until a connection succeeds.
    void retryNow();

    // The server process of the lane's connection (0 while disconnected).
    int backendPid() const;
    bool isConnectionLost() const { return m_connectionLost; }

signals:
    void finished(int requestId, const QVariant &value);
    void failed(int requestId, const QString &message, dedup::lanes::Failure failure);
    void connectionLost(const QString &message);
    void connectionRestored();
    // Connecting failed for the `attempt`-th time in a row; the next try is in `delayMs`.
    void reconnectScheduled(int attempt, int delayMs);

private:
    friend class LaneWorker; // answers through the on...() below, in this thread

    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message, Failure failure);
    void onConnectionLost(const QString &message);
    void onConnectionRestored();

    QThread m_thread;
    LaneWorker *m_worker = nullptr; // lives in m_thread
    int m_lastRequestId = 0;
    int m_lastAnswered = 0;
    int m_firstLive = 1;
    bool m_connectionLost = false;
};

} // namespace dedup::lanes
