#pragma once

#include <QString>

#include <memory>

class QObject;

namespace dedup::actions {
class ActionExecutor;
class ActionPreviewLoader;
class BulkPreviewLoader;
class BulkRunner;
class WorkflowPauseSender;
} // namespace dedup::actions
namespace dedup::lanes {
class ChangeListener;
class QueryRunner;
} // namespace dedup::lanes
namespace dedup::models {
class AuditLogModel;
class CorrelationModel;
class DashboardLoader;
class ReviewQueueModel;
class RunDetailSource;
class RunListModel;
class StandbyLagPoller;
class StuckRunsModel;
class WorkflowOverviewLoader;
class WorkflowsModel;
} // namespace dedup::models
namespace dedup::reports {
class ReportJob;
}

namespace dedup::widgets {

// Where every reader and writer of one store connects: the one place that decides, per
// model, loader and executor, between the primary and the standby (docs/SCALING.md section 1).
// Lists, the dashboard and reports read readConninfo() (the standby when the profile names
// one); the change listener (LISTEN is refused during recovery), run detail, reveals,
// previews and actions use the primary. Each object made here opens its own connection.
//
// The long-lived ones are made by StoreSession (the window's composition root), which owns
// them; views and dialogs that make short-lived ones (an action's loader and executor, a
// reveal, a report) get a copy of this from the session instead of a conninfo string.
class StoreConnections {
public:
    StoreConnections() = default; // no store: isEmpty()
    // `readConninfo` empty: everything reads the primary.
    explicit StoreConnections(QString conninfo, QString readConninfo = {});

    bool isEmpty() const { return m_primary.isEmpty(); }
    QString primary() const { return m_primary; }
    QString read() const { return m_read.isEmpty() ? m_primary : m_read; }
    bool readsFromStandby() const { return !m_read.isEmpty() && m_read != m_primary; }

    // Long-lived, owned by the session.
    std::unique_ptr<lanes::ChangeListener> makeChangeListener() const;
    std::unique_ptr<models::RunListModel> makeRunList() const;
    std::unique_ptr<models::StandbyLagPoller> makeStandbyLagPoller() const;
    std::unique_ptr<models::StuckRunsModel> makeStuckRuns() const;
    std::unique_ptr<models::ReviewQueueModel> makeReviewQueue() const;
    std::unique_ptr<models::AuditLogModel> makeAuditLog() const;
    std::unique_ptr<models::CorrelationModel> makeCorrelation() const;
    std::unique_ptr<models::DashboardLoader> makeDashboardLoader() const;
    std::unique_ptr<lanes::QueryRunner> makeAuditChainRunner() const;
    // The Workflows view's and the pause banner's read (docs/CONSOLE.md "Workflows").
    std::unique_ptr<models::WorkflowOverviewLoader> makeWorkflowOverview() const;
    // The run detail's source: its view renews it after a large run (RunDetailView).
    std::unique_ptr<models::RunDetailSource> makeRunDetailSource() const;

    // Short-lived, for dialogs: owned by `parent`.
    actions::ActionPreviewLoader *makeActionPreviewLoader(QObject *parent) const;
    actions::ActionExecutor *makeActionExecutor(QObject *parent) const;
    actions::BulkPreviewLoader *makeBulkPreviewLoader(QObject *parent) const;
    // Steps bulk operations or only lists them (the status bar's watcher).
    actions::BulkRunner *makeBulkRunner(QObject *parent) const;
    // Pauses and resumes workflows (PauseWorkflowDialog).
    actions::WorkflowPauseSender *makeWorkflowPauseSender(QObject *parent) const;
    std::unique_ptr<lanes::QueryRunner> makeRevealRunner() const;
    std::unique_ptr<reports::ReportJob> makeReportJob() const;

private:
    QString m_primary;
    QString m_read; // the standby's, or empty
};

} // namespace dedup::widgets
