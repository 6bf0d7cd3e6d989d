#pragma once

#include "lanes/Lane.h"
#include "store/RunFilter.h"
#include "store/RunQueries.h"
#include "store/RunRow.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QVariant>

namespace dedup::models {

// The runs list's queries, run on a lane of their own ("dedup-console-runs") so the UI thread
// never waits for the database and the list's pages never queue behind the detail views'
// reads. The thread, the connection, reconnect with backoff, cancel and stale answers are
// the lane's (lanes::Lane documents them); this class knows the queries and their answers.
//
// Each load returns its request id, which its answer carries; discardPending() drops every
// answer not yet delivered (e.g. pages of the previous filter). Use from the creating thread.
class RunPageLoader : public QObject {
    Q_OBJECT

public:
    explicit RunPageLoader(const QString &conninfo, const QString &applicationName = {},
                           QObject *parent = nullptr);

    int loadFirstPage(const store::RunFilter &filter, int limit);
    int loadNextPage(const store::RunFilter &filter, const store::RunKey &after, int limit);
    // Every run of the filter from the newest down to `bottom` (inclusive), at most `limit`.
    int loadWindow(const store::RunFilter &filter, const store::RunKey &bottom, int limit);
    int refreshRows(const store::RunFilter &filter, const QList<qint64> &ids);
    int count(const store::RunFilter &filter, qint64 cap);

    // Cancels the statement in progress (PQcancel); its request is answered with
    // Failure::Cancelled. Queued requests still run.
    void cancel() { m_lane.cancel(); }
    // Every request made so far is skipped if not started, cancelled if running, and never
    // answered. Returns whether one was outstanding.
    bool discardPending() { return m_lane.discardPending(); }
    void setStatementTimeout(int milliseconds) { m_lane.setStatementTimeout(milliseconds); }
    // The next request reconnects at once instead of waiting out the backoff (an operator's
    // "Retry now").
    void retryNow() { m_lane.retryNow(); }
    // The server process of the current connection (0 when closed), e.g. for
    // pg_stat_activity or pg_terminate_backend.
    int backendPid() const { return m_lane.backendPid(); }

signals:
    // `more`: further runs exist after the last one.
    void pageLoaded(int requestId, const QList<dedup::store::RunRow> &rows, bool more);
    // `complete`: the window held at most `limit` runs, all of them are in `rows`.
    void windowLoaded(int requestId, const QList<dedup::store::RunRow> &rows, bool complete);
    // Those of `ids` that exist and match the filter; the others are gone or do not match.
    void rowsRefreshed(int requestId, const QList<qint64> &ids,
                       const QList<dedup::store::RunRow> &matching);
    void counted(int requestId, const dedup::store::RunCount &count);
    void failed(int requestId, const QString &message, dedup::lanes::Failure failure);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    int loadPage(const store::RunFilter &filter, const store::RunKey &after, int limit);
    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message, lanes::Failure failure);

    lanes::Lane m_lane;
};

} // namespace dedup::models
