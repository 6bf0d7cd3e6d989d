#pragma once

#include <QMutex>
#include <QString>

#include <atomic>
#include <memory>

namespace dedup::store {
class PgConnection;
}

namespace dedup::lanes {

// The connection an action or bulk worker writes through, owned by the worker's thread:
// opened on demand, dropped after a loss and opened again by the next get(). The worker
// decides when to try again (its backoff); this class only keeps the handle.
//
// cancel() and backendPid() may be called from any thread (a closing console cancels a
// statement waiting for a lock; tests terminate the backend).
class WriteConnection {
public:
    WriteConnection(QString conninfo, QString applicationName, int statementTimeoutMs);
    ~WriteConnection();
    WriteConnection(const WriteConnection &) = delete;
    WriteConnection &operator=(const WriteConnection &) = delete;

    // The open connection, opening it when needed; nullptr with *why when that fails.
    store::PgConnection *get(QString *why);
    // Forgets the connection (after it broke): the next get() opens a new one.
    void drop();
    bool isOpen() const;
    void setStatementTimeout(int milliseconds);

    // Thread-safe.
    void cancel();
    int backendPid() const { return m_backendPid.load(); }

private:
    const QString m_conninfo;
    const QString m_applicationName;
    int m_statementTimeoutMs;
    mutable QMutex m_mutex; // guards m_conn's identity (cancel() from other threads)
    std::unique_ptr<store::PgConnection> m_conn;
    std::atomic<int> m_backendPid{0};
};

} // namespace dedup::lanes
