#pragma once

#include "lanes/QueryRunner.h"
#include "store/ReplicationStatus.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace dedup::models {

// Polls a streaming-replication standby's replay state for the status bar
// (docs/SCALING.md section 2), off the UI thread: two QueryRunners, one on the primary and one on
// the standby, each with its own connection and thread. Each poll reads the primary's
// pg_current_wal_lsn() first and then the standby's state compared with it
// (store::ReplicationStatus), so "caught up" means the standby had replayed everything the primary
// had written when the poll began.
//
// A poll is not started while the previous one is unanswered (a slow standby is never asked
// twice at once). When the standby cannot be read, standbyUnreachable(why) is emitted on each
// failed poll and isStandbyReachable() turns false; the runners reconnect by themselves and
// the next good poll emits updated() again. When only the primary cannot be read, the
// standby is still polled, without the position comparison (comparedWithPrimary() false).
class StandbyLagPoller : public QObject {
    Q_OBJECT

public:
    static constexpr int DefaultIntervalMs = 3000;
    // Short: the status bar would rather say "unreachable" than show an old answer.
    static constexpr int StatementTimeoutMs = 5000;

    StandbyLagPoller(const QString &primaryConninfo, const QString &standbyConninfo,
                     QObject *parent = nullptr);
    ~StandbyLagPoller() override;

    void setInterval(int milliseconds);
    int interval() const { return m_timer.interval(); }
    // Polls now, then every interval().
    void start();
    void stop();
    bool isActive() const { return m_timer.isActive(); }

    // The last state read (kept while the standby is unreachable); nullopt before the first.
    const std::optional<store::ReplicationStatus> &latest() const { return m_latest; }
    bool isStandbyReachable() const { return m_reachable; }
    QString unreachableReason() const { return m_unreachableReason; }

public slots:
    // Starts a poll unless one is unanswered.
    void pollNow();

signals:
    void updated(const dedup::store::ReplicationStatus &status);
    void standbyUnreachable(const QString &why);

private:
    void readStandby(const QString &primaryLsn);
    void standbyFailed(const QString &why);

    lanes::QueryRunner m_primary;
    lanes::QueryRunner m_standby;
    QTimer m_timer;
    int m_primaryRequest = 0; // unanswered requests; 0 when none
    int m_standbyRequest = 0;
    std::optional<store::ReplicationStatus> m_latest;
    bool m_reachable = true;
    QString m_unreachableReason;
};

} // namespace dedup::models
