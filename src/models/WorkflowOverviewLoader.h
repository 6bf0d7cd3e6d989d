#pragma once

#include "lanes/PendingQuery.h"
#include "lanes/QueryRunner.h"
#include "models/RefreshSchedule.h"
#include "store/WorkflowOverview.h"

#include <QObject>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// Reads every workflow's state (store::WorkflowOverviewQueries: its pauses, its runs by
// status, the runs of the last hour, its stuck runs) in the background, on a read-only lane
// of its own, for the Workflows view (WorkflowsModel) and the window's pause banner: both show
// the same read, so the banner never says something the table does not. Read again every
// 10 s (a pause from another console or from `dedupctl pause` is not in the change feed, and
// leases expire silently), on the feed's changes (the first after a quiet spell at once, then
// at most one read per 3 s: the figures are counts, not rows), on refresh() (after this
// console paused or resumed a workflow) and after the connection came back. A failure is kept
// as errorText(); the last overview stays.
class WorkflowOverviewLoader : public QObject {
    Q_OBJECT

public:
    explicit WorkflowOverviewLoader(const QString &conninfo, QObject *parent = nullptr);
    ~WorkflowOverviewLoader() override;

    // The last overview read, and how many reads were applied (0: none yet).
    const store::WorkflowOverview &overview() const { return m_overview; }
    bool hasOverview() const { return m_reads > 0; }
    int readCount() const { return m_reads; }
    bool isLoading() const { return m_query.isLoading(); }
    QString errorText() const { return m_query.errorText(); }

    // Re-reads on every change the listener brings (throttled as above).
    void attachListener(lanes::ChangeListener *listener);
    // The periodic read's interval; 0 turns it off.
    void setRefreshInterval(int milliseconds) { m_schedule.setInterval(milliseconds); }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }

    // Reads now (or right after the read in flight).
    void refresh();
    // Stops the read in flight (PQcancel); errorText() says so.
    void cancel();

signals:
    void loaded(); // overview() is new
    // PendingQuery's, forwarded.
    void loadingChanged(bool loading);
    void errorOccurred(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    lanes::QueryRunner m_runner;
    lanes::PendingQuery m_query; // after m_runner: it uses the runner
    RefreshSchedule m_schedule;
    store::WorkflowOverview m_overview;
    int m_reads = 0;
};

} // namespace dedup::models
