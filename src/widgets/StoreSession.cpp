#include "widgets/StoreSession.h"

#include "actions/BulkRunner.h"
#include "lanes/ChangeListener.h"
#include "lanes/QueryRunner.h"
#include "models/AlertMonitor.h"
#include "models/AuditLogModel.h"
#include "models/CorrelationModel.h"
#include "models/DashboardLoader.h"
#include "models/ReviewQueueModel.h"
#include "models/RunListModel.h"
#include "models/StandbyLagPoller.h"
#include "models/StuckRunsModel.h"
#include "models/WorkflowOverviewLoader.h"
#include "models/WorkflowsModel.h"
#include "widgets/StuckView.h"

#include <chrono>

namespace dedup::widgets {

using lanes::ChangeListener;

template <typename Source>
void StoreSession::watchConnection(Source *source) {
    connect(source, &Source::connectionLost, this,
            [this, source](const QString &why) { reportLost(source, why); });
    connect(source, &Source::connectionRestored, this, [this, source] { reportRestored(source); });
}

StoreSession::StoreSession(store::ConnectionReport report, const Preferences &preferences,
                           QObject *parent)
    : QObject(parent)
    , m_report(std::move(report))
    , m_access(m_report.effectiveAccess())
    , m_connections(m_report.conninfo, m_report.standbyConninfo)
    , m_listener(m_connections.makeChangeListener())
    , m_runs(m_connections.makeRunList()) {
    applyPreferences(preferences);
    m_runs->setReadRegions(m_access.readRegions());
    m_runs->attachListener(m_listener.get());

    watchConnection(m_runs.get());
    ChangeListener *listener = m_listener.get();
    connect(listener, &ChangeListener::connectionError, this,
            [this, listener](const QString &why) { reportLost(listener, why); });
    connect(listener, &ChangeListener::connectedChanged, this, [this, listener](bool connected) {
        if (connected)
            reportRestored(listener);
    });

    if (readsFromStandby()) {
        m_standbyLag = m_connections.makeStandbyLagPoller();
        models::StandbyLagPoller *lag = m_standbyLag.get();
        connect(lag, &models::StandbyLagPoller::standbyUnreachable, this,
                [this, lag](const QString &why) {
                    reportLost(lag, tr("the standby %1 cannot be read (lists stay as they are "
                                       "until it answers): %2")
                                        .arg(m_report.standbyTarget, why));
                });
        connect(lag, &models::StandbyLagPoller::updated, this,
                [this, lag](const store::ReplicationStatus &status) {
                    reportRestored(lag);
                    if (m_changedSinceCaughtUp && status.caughtUp()) {
                        m_changedSinceCaughtUp = false;
                        m_runs->resync();
                    }
                });
        connect(listener, &ChangeListener::runsChanged, this,
                [this] { m_changedSinceCaughtUp = true; });
        lag->start();
    }

    m_retryTimer.setInterval(RetryIntervalMs);
    connect(&m_retryTimer, &QTimer::timeout, this, &StoreSession::retryRuns);
    makeViewModels();
    m_listener->start();
}

StoreSession::~StoreSession() {
    // The models first: they are connected to the listener.
    m_alerts.reset(); // follows the Stuck list and the dashboard
    m_bulkWatcher.reset();
    m_workflows.reset();
    m_workflowOverview.reset();
    m_dashboard.reset();
    m_correlation.reset();
    m_auditChain.reset();
    m_audit.reset();
    m_review.reset();
    m_stuck.reset();
    m_standbyLag.reset();
    m_runs.reset();
    m_listener.reset();
}

void StoreSession::makeViewModels() {
    // The lists read where connections() says (a standby when the profile names one), live
    // with the listener; the bulk watcher reads the primary, where bulk work is done.
    ChangeListener *listener = m_listener.get();
    m_stuck = m_connections.makeStuckRuns();
    m_stuck->setThreshold(std::chrono::minutes(StuckView::savedThresholdMinutes()));
    m_stuck->attachListener(listener);
    m_review = m_connections.makeReviewQueue();
    m_review->setMe(m_report.currentUser);
    m_review->attachListener(listener);
    m_audit = m_connections.makeAuditLog();
    m_audit->attachListener(listener);
    m_auditChain = m_connections.makeAuditChainRunner();
    m_correlation = m_connections.makeCorrelation();
    m_correlation->attachListener(listener);
    m_dashboard = m_connections.makeDashboardLoader();
    m_dashboard->setReadRegions(m_access.readRegions()); // before its first read (queued)
    m_dashboard->attachListener(listener);
    m_workflowOverview = m_connections.makeWorkflowOverview();
    m_workflowOverview->attachListener(listener);
    m_workflows = std::make_unique<models::WorkflowsModel>();
    m_workflows->setLoader(m_workflowOverview.get());
    m_bulkWatcher.reset(m_connections.makeBulkRunner(nullptr));
    watchConnection(m_stuck.get());
    watchConnection(m_review.get());
    watchConnection(m_audit.get());
    watchConnection(m_auditChain.get());
    watchConnection(m_correlation.get());
    watchConnection(m_dashboard.get());
    watchConnection(m_workflowOverview.get());
    // Its write lane reconnects by itself after a loss (at once, then with backoff), so the
    // banner clears without a new listing; meanwhile the status bar's "Bulk: ..." is stale.
    watchConnection(m_bulkWatcher.get());
    m_alerts = std::make_unique<models::AlertMonitor>();
    applyPreferences(m_preferences); // the alerts' thresholds
    m_alerts->setStuckRuns(m_stuck.get());
    m_alerts->setDashboard(m_dashboard.get());
}

QString StoreSession::standbyLagText() const {
    if (!m_standbyLag)
        return {};
    if (!m_standbyLag->isStandbyReachable())
        return tr("unreachable: %1").arg(m_standbyLag->unreachableReason());
    const auto &latest = m_standbyLag->latest();
    return latest ? latest->lagText() : tr("lag not measured yet");
}

void StoreSession::applyPreferences(const Preferences &preferences) {
    m_runs->setStatementTimeout(preferences.statementTimeoutSeconds * 1000);
    m_runs->setMaxRows(preferences.maxRows);
    m_preferences = preferences;
    if (m_alerts) {
        m_alerts->setStuckThreshold(preferences.stuckAlertRuns);
        m_alerts->setReviewAgeThreshold(std::chrono::minutes(preferences.reviewAlertMinutes));
        m_alerts->setEnabled(preferences.alertsEnabled);
    }
}

void StoreSession::reportLost(const QObject *source, const QString &why) {
    const bool wasLost = isConnectionLost();
    const auto previous = m_down.constFind(source);
    const bool changed = previous == m_down.cend() || *previous != why;
    m_down.insert(source, why);
    if (source == m_runs.get() && !m_retryTimer.isActive())
        m_retryTimer.start();
    if (!wasLost || changed)
        emit connectionLost(why);
}

void StoreSession::reportRestored(const QObject *source) {
    if (!m_down.remove(source))
        return;
    if (source == m_runs.get()) {
        m_retryTimer.stop();
        // Whatever failed while the loader was away (a page, a live refresh) is read again;
        // the listener's reconnection brings its own resync.
        m_runs->resync();
    }
    if (m_down.isEmpty()) {
        emit connectionRestored();
    } else {
        emit connectionLost(m_down.first());
    }
}

void StoreSession::retryNow() {
    if (!m_listener->isConnected())
        m_listener->start(); // connects now if it is not connected (and keeps its timer)
    m_runs->retryNow();
}

void StoreSession::retryRuns() {
    // A request is what makes the loader reconnect; within its backoff it answers at once.
    m_runs->resync();
}

} // namespace dedup::widgets
