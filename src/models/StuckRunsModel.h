#pragma once

#include "lanes/PendingQuery.h"
#include "lanes/QueryRunner.h"
#include "models/RefreshSchedule.h"
#include "models/RunRoles.h"
#include "models/SortedRowsModel.h"
#include "store/StuckQueries.h"
#include "store/StuckSnapshot.h"

#include <QSet>

#include <chrono>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// The Stuck list (docs/CONSOLE.md "Stuck"): `processing` runs whose lease expired
// (lease_expires_at <= the server's now(), the SQL functions' own stale check) or that are older
// than a threshold (default 15 minutes; counted from when the current attempt began, updated_at),
// least recently alive first (by lease_expires_at: expired
// leases, longest expired first, then the runs stuck by age; store/StuckQueries.h says
// why), at most limit() rows, and their count, exact up to countCap() ("10,000+" beyond).
// The main window shows countText() at all times.
//
// Loaded in the background on its own connection, refreshed
//   * on notifications (coalesced: at most one refresh per DefaultCoalesceMs, 1 s),
//   * on a timer (default every 10 s): a lease expires without any notification,
//   * after the connection came back.
// Refreshes are applied in place (no reset), so a selection survives.
class StuckRunsModel : public SortedRowsModel<store::StuckRun> {
    Q_OBJECT
    Q_PROPERTY(qint64 stuckCount READ stuckCount NOTIFY countChanged)
    Q_PROPERTY(QString countText READ countText NOTIFY countChanged)
    Q_PROPERTY(bool loading READ isLoading NOTIFY loadingChanged)

public:
    enum Column {
        RunColumn,          // run id
        WorkflowColumn,     //
        KeyColumn,          // scope / key
        OwnerColumn,        // lease owner (the worker that went quiet)
        LeaseExpiredColumn, // "5 min ago", or "live (expires in 40 s)" for a run stuck by age
        AgeColumn,          // processing for: since updated_at (the attempt began), server clock
        AttemptColumn,      // "2/5"
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role {
        RunIdRole = RunRoles::RunIdRole, // RunRoles; the status is always "processing"
        StatusNameRole = RunRoles::StatusNameRole,
        LeaseTokenRole = RunRoles::LeaseTokenRole,   // op_clear_stale_lease's p_expected_token
        LeaseExpiredRole = RunRoles::FirstModelRole, // bool: lease_expires_at <= now()
        TooOldRole,                                  // bool: updated_at <= now() - threshold
        LeaseExpiresAtRole,                          // QDateTime (UTC)
        CreatedAtRole,                               // QDateTime (UTC)
        ProcessingSinceRole, // QDateTime (UTC): updated_at, when the attempt began
        LeaseOwnerRole,      // QString
    };

    static constexpr int DefaultRefreshIntervalMs = 10000;
    static constexpr int DefaultCoalesceMs = 1000;

    explicit StuckRunsModel(const QString &conninfo, QObject *parent = nullptr);
    ~StuckRunsModel() override;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // <= 0 turns the age criterion off (only expired leases). Refreshes.
    void setThreshold(std::chrono::milliseconds threshold);
    std::chrono::milliseconds threshold() const { return m_threshold; }
    // 0 turns the timer off.
    void setRefreshInterval(int milliseconds) { m_schedule.setInterval(milliseconds); }
    int refreshInterval() const { return m_schedule.interval(); }
    void setCoalesceInterval(int milliseconds) { m_schedule.setCoalesceInterval(milliseconds); }
    void setLimit(int rows);
    int limit() const { return m_limit; }
    void setCountCap(qint64 cap);
    qint64 countCap() const { return m_countCap; }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }
    void attachListener(lanes::ChangeListener *listener);

    // Re-reads now (coalesced with one in flight). The model starts reading by itself
    // once the event loop runs.
    void refresh();
    // Stops the read in progress (PQcancel); errorText() says so. The timer goes on.
    void cancel();

    // -1 until the first read.
    qint64 stuckCount() const { return m_countKnown ? m_snapshot.count.value : -1; }
    bool isCountExact() const { return !m_countKnown || m_snapshot.count.exact; }
    // "0", "42", "10,000+" (beyond the cap); empty before the first read.
    QString countText() const;
    bool isLoading() const { return m_query.isLoading(); }
    bool isTruncated() const { return m_snapshot.more; }
    QString errorText() const { return m_query.errorText(); }
    QDateTime serverNow() const { return m_snapshot.serverNow; }
    int rowOfRun(qint64 runId) const;
    int backendPid() const { return m_runner.backendPid(); }

public slots:
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
    bool lessThan(const store::StuckRun &a, const store::StuckRun &b) const override {
        // The server's order (lease_expires_at); ties come in any order, which updateRows()
        // copes with (it ends with exactly the server's list).
        return a.leaseExpiresAtMicros != b.leaseExpiresAtMicros
                   ? a.leaseExpiresAtMicros < b.leaseExpiresAtMicros
                   : a.id < b.id;
    }
    bool sameRow(const store::StuckRun &a, const store::StuckRun &b) const override {
        return a.id == b.id;
    }

private:
    int submitRead();
    void applyRead(const QVariant &value);

    lanes::QueryRunner m_runner;
    lanes::PendingQuery m_query; // after m_runner: it uses the runner
    std::chrono::milliseconds m_threshold{store::StuckQueries::DefaultThreshold};
    int m_limit = store::StuckQueries::DefaultLimit;
    qint64 m_countCap = store::StuckQueries::DefaultCountCap;
    bool m_countKnown = false;
    store::StuckSnapshot m_snapshot;
    RefreshSchedule m_schedule; // periodic and notified re-reads
};

} // namespace dedup::models
