#include "widgets/StoreConnections.h"

#include "actions/ActionExecutor.h"
#include "actions/ActionPreviewLoader.h"
#include "actions/BulkPreviewLoader.h"
#include "actions/BulkRunner.h"
#include "actions/WorkflowPauseSender.h"
#include "lanes/ChangeListener.h"
#include "lanes/QueryRunner.h"
#include "models/AuditLogModel.h"
#include "models/CorrelationModel.h"
#include "models/DashboardLoader.h"
#include "models/ReviewQueueModel.h"
#include "models/RunDetailSource.h"
#include "models/RunListModel.h"
#include "models/StandbyLagPoller.h"
#include "models/StuckRunsModel.h"
#include "models/WorkflowOverviewLoader.h"
#include "reports/ReportJob.h"

namespace dedup::widgets {

StoreConnections::StoreConnections(QString conninfo, QString readConninfo)
    : m_primary(std::move(conninfo))
    , m_read(std::move(readConninfo)) {}

// The primary: the change feed names changes before the standby has replayed them (the
// session re-reads the lists once the standby caught up).
std::unique_ptr<lanes::ChangeListener> StoreConnections::makeChangeListener() const {
    return std::make_unique<lanes::ChangeListener>(m_primary);
}

std::unique_ptr<models::RunListModel> StoreConnections::makeRunList() const {
    return std::make_unique<models::RunListModel>(read());
}

std::unique_ptr<models::StandbyLagPoller> StoreConnections::makeStandbyLagPoller() const {
    return std::make_unique<models::StandbyLagPoller>(m_primary, m_read);
}

std::unique_ptr<models::StuckRunsModel> StoreConnections::makeStuckRuns() const {
    return std::make_unique<models::StuckRunsModel>(read());
}

std::unique_ptr<models::ReviewQueueModel> StoreConnections::makeReviewQueue() const {
    return std::make_unique<models::ReviewQueueModel>(read());
}

std::unique_ptr<models::AuditLogModel> StoreConnections::makeAuditLog() const {
    return std::make_unique<models::AuditLogModel>(read());
}

std::unique_ptr<models::CorrelationModel> StoreConnections::makeCorrelation() const {
    return std::make_unique<models::CorrelationModel>(read());
}

std::unique_ptr<models::DashboardLoader> StoreConnections::makeDashboardLoader() const {
    return std::make_unique<models::DashboardLoader>(read());
}

std::unique_ptr<lanes::QueryRunner> StoreConnections::makeAuditChainRunner() const {
    return std::make_unique<lanes::QueryRunner>(read(), QStringLiteral("dedup-console-audit"));
}

std::unique_ptr<models::WorkflowOverviewLoader> StoreConnections::makeWorkflowOverview() const {
    return std::make_unique<models::WorkflowOverviewLoader>(read());
}

// The primary: actions are decided on what the detail shows.
std::unique_ptr<models::RunDetailSource> StoreConnections::makeRunDetailSource() const {
    return std::make_unique<models::RunDetailSource>(m_primary);
}

// Previews and actions: the primary, whatever the lists read.
actions::ActionPreviewLoader *StoreConnections::makeActionPreviewLoader(QObject *parent) const {
    return new actions::ActionPreviewLoader(m_primary, parent);
}

actions::ActionExecutor *StoreConnections::makeActionExecutor(QObject *parent) const {
    return new actions::ActionExecutor(m_primary, parent);
}

actions::BulkPreviewLoader *StoreConnections::makeBulkPreviewLoader(QObject *parent) const {
    return new actions::BulkPreviewLoader(m_primary, parent);
}

actions::BulkRunner *StoreConnections::makeBulkRunner(QObject *parent) const {
    return new actions::BulkRunner(m_primary, parent);
}

actions::WorkflowPauseSender *StoreConnections::makeWorkflowPauseSender(QObject *parent) const {
    return new actions::WorkflowPauseSender(m_primary, parent);
}

std::unique_ptr<lanes::QueryRunner> StoreConnections::makeRevealRunner() const {
    return std::make_unique<lanes::QueryRunner>(m_primary, QStringLiteral("dedup-console-reveal"));
}

std::unique_ptr<reports::ReportJob> StoreConnections::makeReportJob() const {
    return std::make_unique<reports::ReportJob>(read());
}

} // namespace dedup::widgets
