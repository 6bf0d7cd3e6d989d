#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <QVariant>

#include <functional>

namespace dedup::store {
class PgConnection;
struct PgError;
} // namespace dedup::store

namespace dedup::models {

class QueryWorker;

// Runs read-only database jobs on its own connection in its own thread, so the UI thread
// never waits for the database (the generic form of RunPageLoader, for the detail,
// correlation and stuck views).
//
// A job is any callable `QVariant(store::PgConnection &, store::PgError *)`: it runs in the
// runner's thread with the runner's connection, returns its answer as a QVariant (a store
// snapshot type, usually) and, on failure, fills the PgError and returns anything. Jobs must
// be read-only: after a lost connection the runner reconnects and runs the job once more.
// A job that leaves a transaction open (it failed half-way) is rolled back by the runner.
//
// submit() returns a request id (ids only grow); the answer arrives in the creating thread
// as finished(id, value) or failed(id, message, failure), in submission order.
// discardPending() makes every request submitted so far stale: not started if still
// queued, cancelled (PQcancel) if running, never answered. So a caller that only cares
// about its latest request simply compares ids.
//
// Connection loss: reported once (connectionLost), then the runner reconnects by itself
// with backoff (0.5 s doubling to 30 s) even when no request is waiting, and reports
// connectionRestored: the caller re-reads what it shows. statement_timeout (default 30 s)
// bounds every statement.
//
// Use from the thread that created it (except backendPid(), which any thread may call).
class QueryRunner : public QObject {
    Q_OBJECT

public:
    using Job = std::function<QVariant(store::PgConnection &, store::PgError *)>;

    enum class Failure {
        QueryFailed,    // the job's statement failed (SQLSTATE in the message)
        Cancelled,      // cancel() stopped it
        TimedOut,       // statement_timeout stopped it
        ConnectionLost, // no connection, and reconnecting failed (it keeps trying)
    };
    Q_ENUM(Failure)

    static constexpr int DefaultStatementTimeoutMs = 30000;

    // `applicationName` shows in pg_stat_activity (default "dedup-console-query").
    explicit QueryRunner(const QString &conninfo, const QString &applicationName = {},
                         QObject *parent = nullptr);
    ~QueryRunner() override;

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

    // The server process of the runner's connection (0 while disconnected).
    int backendPid() const;
    bool isConnectionLost() const { return m_connectionLost; }

signals:
    void finished(int requestId, const QVariant &value);
    void failed(int requestId, const QString &message, dedup::models::QueryRunner::Failure failure);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message, Failure failure);

    QThread m_thread;
    QueryWorker *m_worker = nullptr; // lives in m_thread
    int m_lastRequestId = 0;
    int m_lastAnswered = 0;
    int m_firstLive = 1;
    bool m_connectionLost = false;
};

} // namespace dedup::models
