#pragma once

#include "lanes/PendingQuery.h"
#include "lanes/QueryRunner.h"
#include "models/RefreshSchedule.h"
#include "store/RunQueries.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QSet>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// What the live lists of runs that are re-read whole share (the Stuck list, the manual review
// queue): a bounded read in the background on the list's own connection (QueryRunner,
// PendingQuery: one read in flight, re-reads coalesce), re-read on a RefreshSchedule (a
// timer: ages move on and leases expire without any notification; change notifications,
// coalesced; and after the connection came back), the list's count, exact up to a cap, and
// the server's clock of the last read, which the list's ages are measured by.
//
// A subclass (SortedRowsModel<Row, LiveRunList>) keeps the rows: it sends its read
// (submitRead()) and applies an answer (applyRead()), which updates the rows in place and
// reports the count and the server's clock (setReadState()). Then the list says that the
// clock columns changed, the count if it did, and refreshed().
class LiveRunList : public QAbstractTableModel {
    Q_OBJECT
    Q_PROPERTY(qint64 count READ count NOTIFY countChanged)
    Q_PROPERTY(QString countText READ countText NOTIFY countChanged)
    Q_PROPERTY(bool loading READ isLoading NOTIFY loadingChanged)

public:
    // The columns every live list of runs starts with, shown as RunCells::display() shows
    // them: the run's id, its workflow and "scope / key". A list's own columns follow, from
    // FirstListColumn.
    enum LeadingColumn { RunColumn, WorkflowColumn, KeyColumn, FirstListColumn };
    Q_ENUM(LeadingColumn)

    ~LiveRunList() override;

    // 0 turns the timer off.
    void setRefreshInterval(int milliseconds) { m_schedule.setInterval(milliseconds); }
    int refreshInterval() const { return m_schedule.interval(); }
    void setCoalesceInterval(int milliseconds) { m_schedule.setCoalesceInterval(milliseconds); }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }
    // runsChanged -> onRunsChanged(), resynced -> refresh().
    void attachListener(lanes::ChangeListener *listener);

    // Re-reads now (coalesced with a read in flight). The list starts reading by itself once
    // the event loop runs.
    void refresh();

    bool isLoading() const { return m_query.isLoading(); }
    QString errorText() const { return m_query.errorText(); }
    // The server's clock at the last read (what ages are measured by).
    QDateTime serverNow() const { return m_serverNow; }
    // The list's count (exact up to the cap, else the cap + 1); -1 until the first read.
    qint64 count() const { return m_countKnown ? m_count.value : -1; }
    // "0", "42", "10,000+" (beyond the cap); empty before the first read.
    QString countText() const;
    bool isCountExact() const { return !m_countKnown || m_count.exact; }
    int backendPid() const { return m_runner.backendPid(); }

public slots:
    // Any change may move a run into the list or out of it (a run that is not loaded yet as
    // well as one that is): one re-read per coalescing interval, whatever the rate.
    void onRunsChanged(const QSet<qint64> &ids, bool more);

signals:
    void countChanged(qint64 count, bool exact);
    void loadingChanged(bool loading);
    // A read was applied (also when nothing changed).
    void refreshed();
    void errorOccurred(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

protected:
    // How a list is set up: its connection's application name, the columns that show
    // durations by the server's clock (firstClockColumn to lastClockColumn) and its
    // RefreshSchedule.
    struct Setup {
        QString connectionName;
        int firstClockColumn = 0;
        int lastClockColumn = 0;
        int refreshIntervalMs = 0;
        int coalesceMs = 0;
    };

    LiveRunList(const QString &conninfo, const Setup &setup, QObject *parent);

    // Sends the list's read on runner() and returns the request id.
    virtual int submitRead() = 0;
    // Applies an answer: the rows, then setReadState().
    virtual void applyRead(const QVariant &value) = 0;

    // The count of the answer (count.cap: where counting stopped) and the server's clock.
    void setReadState(const store::RunCount &count, const QDateTime &serverNow);
    lanes::QueryRunner &runner() { return m_runner; }
    lanes::PendingQuery &query() { return m_query; }

private:
    void applied(const QVariant &value);

    const Setup m_setup;
    lanes::QueryRunner m_runner;
    lanes::PendingQuery m_query; // after m_runner: it uses the runner
    RefreshSchedule m_schedule;  // periodic and notified re-reads
    bool m_countKnown = false;
    bool m_countChanged = false; // by the answer being applied
    store::RunCount m_count;
    QDateTime m_serverNow;
};

} // namespace dedup::models
