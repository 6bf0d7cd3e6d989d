#pragma once

#include "lanes/PendingQuery.h"
#include "lanes/QueryRunner.h"
#include "models/DashboardFigures.h"
#include "models/RefreshSchedule.h"
#include "store/DashboardRange.h"
#include "store/DashboardSnapshot.h"

#include <QObject>
#include <QSet>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// Reads the Dashboard (store::DashboardQueries) in the background: on its own connection in
// its own thread (a QueryRunner), so the UI thread never waits for the database. Each read
// first folds the rollup's deltas and takes the minute's sample when the role may
// (dedup_operator on a primary: DashboardQueries::canRefresh), then reads everything in one
// snapshot.
//
// It reads again
//   * when the range changes (the answer in flight for the old range is dropped),
//   * on live changes (ChangeListener::runsChanged): at most once per minInterval(),
//     default 3 s, however many runs change: the charts are per bucket, not per run
//     (RefreshSchedule, coalescing after the last read),
//   * on a timer, default every 15 s: leases expire and buckets roll over without any
//     notification, and the stuck series needs its samples,
//   * after the connection came back.
// A failure is kept as errorText() (the view shows it next to the last figures); the next
// read tries again.
class DashboardLoader : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool loading READ isLoading NOTIFY loadingChanged)

public:
    static constexpr int DefaultRefreshIntervalMs = 15000;
    static constexpr int DefaultMinIntervalMs = 3000;

    explicit DashboardLoader(const QString &conninfo, QObject *parent = nullptr);
    ~DashboardLoader() override;

    // The range to show; its `readable` is replaced by the login's (setReadRegions()).
    void setRange(const store::DashboardRange &range);
    store::DashboardRange range() const { return m_range; }
    // What the login may read (AccessScope::readRegions()), for every range from now on.
    void setReadRegions(const std::optional<store::ReadRegions> &regions);
    // 0 turns the timer off.
    void setRefreshInterval(int milliseconds) { m_schedule.setInterval(milliseconds); }
    int refreshInterval() const { return m_schedule.interval(); }
    void setMinInterval(int milliseconds) { m_schedule.setCoalesceInterval(milliseconds); }
    int minInterval() const { return m_schedule.coalesceInterval(); }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }
    void attachListener(lanes::ChangeListener *listener);

    // Reads now (or right after the read in flight).
    void refresh();
    // Stops the read in flight (PQcancel); errorText() says so.
    void cancel();

    bool isLoading() const { return m_query.isLoading(); }
    bool hasSnapshot() const { return m_reads > 0; }
    const store::DashboardSnapshot &snapshot() const { return m_snapshot; }
    const DashboardFigures &figures() const { return m_figures; }
    QString errorText() const { return m_query.errorText(); }
    // Reads applied so far.
    int readCount() const { return m_reads; }
    int backendPid() const { return m_runner.backendPid(); }

public slots:
    void onRunsChanged(const QSet<qint64> &ids, bool more);

signals:
    // A read was applied: snapshot() and figures() are new.
    void loaded();
    void errorOccurred(const QString &message);
    void loadingChanged(bool loading);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    int submitRead();
    void applyRead(const QVariant &value);

    lanes::QueryRunner m_runner;
    lanes::PendingQuery m_query; // after m_runner: it uses the runner
    store::DashboardRange m_range = store::DashboardRange::last24Hours();
    int m_reads = 0;
    store::DashboardSnapshot m_snapshot;
    DashboardFigures m_figures;
    RefreshSchedule m_schedule; // periodic and throttled live re-reads
};

} // namespace dedup::models
