#pragma once

#include "store/ConnectionReport.h"
#include "widgets/Preferences.h"
#include "widgets/StoreConnections.h"

#include <QMap>
#include <QObject>
#include <QTimer>

#include <memory>

// The models, loaders and listeners named below are declared in StoreConnections.h.

namespace dedup::models {
class AlertMonitor;
}
namespace dedup::widgets {

// One attached store: the report it was attached with, the models that read it (each on its
// own connection and thread) and the health of their connections.
//
// The window's composition root: the session makes and owns every long-lived model, loader
// and listener of the window (runs, Stuck, review queue, audit log and its chain check,
// correlation, dashboard, the bulk watcher, the standby's lag), all through connections()
// (which decides primary or standby), and reports their connection losses to itself. Views
// receive them (setModel, setLoader) when the window attaches the store and drop them when
// it detaches it, before the session is destroyed. Dialogs make their short-lived loaders
// and executors through connections(). A new model: its factory in StoreConnections (which
// connection it reads), a member and an accessor here, made and reported in
// makeViewModels(), reset in the destructor before the listener.
//
// Connection health: every source (a model's loader, the audit chain check's and the bulk
// watcher's lanes, the change listener, and whatever the integrator adds through
// reportLost/reportRestored) is either up or down. The session is
// "lost" while any source is down: connectionLost(why) when the first one goes down,
// connectionRestored() when the last one is back, after which the runs list re-reads what it
// shows. While the runs loader is down it is retried every few seconds (its own backoff
// spaces the real attempts); the listener reconnects by itself.
//
// Standby reads (docs/SCALING.md section 1): when the profile names a standby, the lists read it
// (readConninfo()) while the change listener (LISTEN is refused during recovery), run detail,
// previews and actions use the primary. The standby's lag is polled (standbyLag()); when it
// cannot be read it counts as a source that is down, so the banner says the standby is
// unreachable and the lists stop rather than quietly switching to the primary. A
// notification can arrive before the standby has replayed its change: once the poller sees
// the standby caught up after notifications, the runs list is read again.
class StoreSession : public QObject {
    Q_OBJECT

public:
    static constexpr int RetryIntervalMs = 2000;

    StoreSession(store::ConnectionReport report, const Preferences &preferences,
                 QObject *parent = nullptr);
    ~StoreSession() override;

    const store::ConnectionReport &report() const { return m_report; }
    // What the login may see and do in this store (its grants, as read when connecting):
    // the views offer actions only on runs it covers. The store checks again on every call.
    const store::AccessScope &access() const { return m_access; }
    // Makes the store's models, loaders and executors, each on the connection it reads.
    const StoreConnections &connections() const { return m_connections; }
    // Run detail, action previews and actions always use this one: the primary.
    QString conninfo() const { return m_connections.primary(); }
    // For lists, dashboards and reports: the standby's conninfo when the profile names one,
    // else the primary's. Rows read here may lag the primary by the standby's replay lag.
    QString readConninfo() const { return m_connections.read(); }
    models::RunListModel *runs() const { return m_runs.get(); }
    lanes::ChangeListener *listener() const { return m_listener.get(); }
    models::StuckRunsModel *stuckRuns() const { return m_stuck.get(); }
    models::ReviewQueueModel *reviewQueue() const { return m_review.get(); }
    models::AuditLogModel *auditLog() const { return m_audit.get(); }
    // Verifies the audit chain (AuditLogView).
    lanes::QueryRunner *auditChain() const { return m_auditChain.get(); }
    models::CorrelationModel *correlation() const { return m_correlation.get(); }
    models::DashboardLoader *dashboard() const { return m_dashboard.get(); }
    // Every workflow's state (the Workflows view and the pause banner read the same one).
    models::WorkflowOverviewLoader *workflowOverview() const { return m_workflowOverview.get(); }
    models::WorkflowsModel *workflows() const { return m_workflows.get(); }
    // Only lists bulk operations (the status bar's "Bulk: ..."), never steps one.
    actions::BulkRunner *bulkWatcher() const { return m_bulkWatcher.get(); }
    bool readsFromStandby() const { return !m_report.standbyConninfo.isEmpty(); }
    // Polls the standby's replay lag; nullptr without a standby.
    models::StandbyLagPoller *standbyLag() const { return m_standbyLag.get(); }
    // The stuck count and the review queue's oldest age against the Preferences' thresholds
    // (follows stuckRuns() and dashboard(); docs/CONSOLE.md "Alerts").
    models::AlertMonitor *alerts() const { return m_alerts.get(); }
    // The standby's lag as the status bar shows it ("caught up", "12 kB behind (4.0 s)",
    // "unreachable: ..."); empty without a standby.
    QString standbyLagText() const;

    void applyPreferences(const Preferences &preferences);
    bool isConnectionLost() const { return !m_down.isEmpty(); }

public slots:
    void reportLost(const QObject *source, const QString &why);
    void reportRestored(const QObject *source);
    // Reconnects what is down now, without waiting for the backoff.
    void retryNow();

signals:
    // The first source went down, or a down source has a newer reason.
    void connectionLost(const QString &why);
    // Every source is back.
    void connectionRestored();

private:
    void makeViewModels();
    // Sends `source`'s connection state to reportLost/reportRestored.
    template <typename Source>
    void watchConnection(Source *source);
    void retryRuns();

    store::ConnectionReport m_report;
    store::AccessScope m_access;
    StoreConnections m_connections;
    // The listener is destroyed after the models that are attached to it (the destructor
    // resets them in reverse order; declaration order is the same).
    std::unique_ptr<lanes::ChangeListener> m_listener;
    std::unique_ptr<models::RunListModel> m_runs;
    std::unique_ptr<models::StandbyLagPoller> m_standbyLag;
    std::unique_ptr<models::StuckRunsModel> m_stuck;
    std::unique_ptr<models::ReviewQueueModel> m_review;
    std::unique_ptr<models::AuditLogModel> m_audit;
    std::unique_ptr<lanes::QueryRunner> m_auditChain;
    std::unique_ptr<models::CorrelationModel> m_correlation;
    std::unique_ptr<models::DashboardLoader> m_dashboard;
    std::unique_ptr<models::WorkflowOverviewLoader> m_workflowOverview;
    std::unique_ptr<models::WorkflowsModel> m_workflows; // shows m_workflowOverview
    std::unique_ptr<actions::BulkRunner> m_bulkWatcher;
    std::unique_ptr<models::AlertMonitor> m_alerts; // follows m_stuck and m_dashboard
    Preferences m_preferences;                      // the last applied (the alerts' thresholds)
    bool m_changedSinceCaughtUp = false; // notifications the standby may not have replayed
    QMap<const QObject *, QString> m_down;
    QTimer m_retryTimer;
};

} // namespace dedup::widgets
