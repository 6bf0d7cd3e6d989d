#pragma once

#include "store/RunFilter.h"
#include "store/RunQueries.h"
#include "store/RunRow.h"

#include <QElapsedTimer>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace dedup::store {
class PgConnection;
}

namespace dedup::models {

// Runs the runs list's queries on its own connection, in the thread it was moved to, so the
// UI thread never waits for the database. Requests are answered in the order they were made
// and every answer carries the caller's request id: the caller drops answers it no longer
// wants (e.g. pages of the previous filter). Request ids only ever grow.
//
// A lost connection is reported (connectionLost) and reopened by the next request: at once
// the first time, then with a growing delay while it keeps failing (0.5 s doubling to 30 s).
// A query that failed because the connection broke is repeated once on the new connection
// (they are all read-only).
class RunPageLoader : public QObject {
    Q_OBJECT

public:
    enum class Failure {
        QueryFailed,    // the statement failed (SQLSTATE in the message)
        Cancelled,      // cancel() stopped it
        TimedOut,       // statement_timeout stopped it
        ConnectionLost, // no connection, and reopening it failed
    };
    Q_ENUM(Failure)

    static constexpr int DefaultStatementTimeoutMs = 30000;

    explicit RunPageLoader(QString conninfo, QString applicationName = {},
                           QObject *parent = nullptr);
    ~RunPageLoader() override;

    // Thread-safe: callable from any thread while a request runs.
    // Cancels the statement in progress (PQcancel); its request is answered with
    // Failure::Cancelled. Queued requests still run.
    void cancel();
    // Requests with an id below `firstLiveRequest` are skipped if not started, cancelled if
    // running, and never answered.
    void cancelStale(int firstLiveRequest);
    // The server process of the current connection (0 when closed), e.g. for
    // pg_stat_activity or pg_terminate_backend.
    int backendPid() const { return m_backendPid.load(); }

public slots:
    // Call these through queued invocations: the object lives in its own thread.
    void open();
    void setStatementTimeout(int milliseconds);
    // Lets the next request reconnect at once instead of waiting out the backoff (an
    // operator's "Retry now").
    void retryNow() { m_retryAtMs = 0; }
    void loadFirstPage(int requestId, const dedup::store::RunFilter &filter, int limit);
    void loadNextPage(int requestId, const dedup::store::RunFilter &filter,
                      const dedup::store::RunKey &after, int limit);
    // Every run of the filter from the newest down to `bottom` (inclusive), at most `limit`.
    void loadWindow(int requestId, const dedup::store::RunFilter &filter,
                    const dedup::store::RunKey &bottom, int limit);
    void refreshRows(int requestId, const dedup::store::RunFilter &filter,
                     const QList<qint64> &ids);
    void count(int requestId, const dedup::store::RunFilter &filter, qint64 cap);

signals:
    void opened();
    // `more`: further runs exist after the last one.
    void pageLoaded(int requestId, const QList<dedup::store::RunRow> &rows, bool more);
    // `complete`: the window held at most `limit` runs, all of them are in `rows`.
    void windowLoaded(int requestId, const QList<dedup::store::RunRow> &rows, bool complete);
    // Those of `ids` that exist and match the filter; the others are gone or do not match.
    void rowsRefreshed(int requestId, const QList<qint64> &ids,
                       const QList<dedup::store::RunRow> &matching);
    void counted(int requestId, const dedup::store::RunCount &count);
    void failed(int requestId, const QString &message,
                dedup::models::RunPageLoader::Failure failure);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    bool isStale(int requestId) const { return requestId < m_staleBefore.load(); }
    bool ensureOpen(QString *why);
    void closeConnection();
    // Runs one statement for a request. False when there is nothing to report (stale) or a
    // failure was reported already.
    bool execute(int requestId, const store::RunQuery &query, store::PgResult *result);
    void reportFailure(int requestId, const store::PgError &error, bool cancelled);
    void loadPage(int requestId, const store::RunFilter &filter, const store::RunKey &after,
                  int limit);

    const QString m_conninfo;
    const QString m_applicationName;
    int m_statementTimeoutMs = DefaultStatementTimeoutMs;
    std::unique_ptr<store::PgConnection> m_conn; // replaced under m_mutex, used by this thread
    bool m_lost = false;                         // connectionLost reported, not yet restored
    int m_backoffMs = 0;
    qint64 m_retryAtMs = 0;
    QElapsedTimer m_clock;

    mutable QMutex m_mutex; // guards m_conn's identity and the fields below it
    int m_runningRequest = 0;
    quint64 m_cancelSerial = 0;        // how many cancels were sent
    quint64 m_cancelSerialAtStart = 0; // m_cancelSerial when the last statement started
    std::atomic<int> m_staleBefore{0};
    std::atomic<int> m_backendPid{0};
};

} // namespace dedup::models
