#pragma once

#include "store/ConnectionReport.h"
#include "widgets/Preferences.h"

#include <QMap>
#include <QObject>
#include <QTimer>

#include <memory>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {
class RunListModel;
class StandbyLagPoller;
} // namespace dedup::models

namespace dedup::widgets {

// One attached store: the report it was attached with, the models that read it (each on its
// own connection and thread) and the health of their connections.
//
// Connection health: every source (a model's loader, the change listener, and whatever the
// integrator adds through reportLost/reportRestored) is either up or down. The session is
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
    // For a new view's own model: its own connection to the same store.
    // Run detail, action previews and actions always use this one: the primary.
    QString conninfo() const { return m_report.conninfo; }
    // For lists, dashboards and reports: the standby's conninfo when the profile names one,
    // else the primary's. Rows read here may lag the primary by the standby's replay lag.
    QString readConninfo() const {
        return m_report.standbyConninfo.isEmpty() ? m_report.conninfo : m_report.standbyConninfo;
    }
    models::RunListModel *runs() const { return m_runs.get(); }
    lanes::ChangeListener *listener() const { return m_listener.get(); }
    bool readsFromStandby() const { return !m_report.standbyConninfo.isEmpty(); }
    // Polls the standby's replay lag; nullptr without a standby.
    models::StandbyLagPoller *standbyLag() const { return m_standbyLag.get(); }
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
    void retryRuns();

    store::ConnectionReport m_report;
    store::AccessScope m_access;
    // The listener is destroyed after the model that is attached to it.
    std::unique_ptr<lanes::ChangeListener> m_listener;
    std::unique_ptr<models::RunListModel> m_runs;
    std::unique_ptr<models::StandbyLagPoller> m_standbyLag;
    bool m_changedSinceCaughtUp = false; // notifications the standby may not have replayed
    QMap<const QObject *, QString> m_down;
    QTimer m_retryTimer;
};

} // namespace dedup::widgets
