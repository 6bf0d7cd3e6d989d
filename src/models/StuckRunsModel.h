#pragma once

#include "models/LiveRunList.h"
#include "models/RunRoles.h"
#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/StuckQueries.h"
#include "store/StuckSnapshot.h"

#include <chrono>

namespace dedup::models {

// The Stuck list (docs/CONSOLE.md "Stuck"): `processing` runs whose lease expired
// (lease_expires_at <= the server's now(), the SQL functions' own stale check) or that are older
// than a threshold (default 15 minutes; counted from when the current attempt began, updated_at),
// least recently alive first (by lease_expires_at: expired
// leases, longest expired first, then the runs stuck by age; store/StuckQueries.h says
// why), at most limit() rows, and their count, exact up to countCap() ("10,000+" beyond).
// The main window shows countText() at all times.
//
// A LiveRunList: loaded in the background on its own connection, refreshed
//   * on notifications (coalesced: at most one refresh per DefaultCoalesceMs, 1 s),
//   * on a timer (default every 10 s): a lease expires without any notification,
//   * after the connection came back.
// Refreshes are applied in place (no reset), so a selection survives.
class StuckRunsModel
    : public TitledColumns<StuckRunsModel, SortedRowsModel<store::StuckRun, LiveRunList>> {
    Q_OBJECT

public:
    // After LiveRunList's RunColumn, WorkflowColumn and KeyColumn ("scope / key"):
    enum Column {
        OwnerColumn = FirstListColumn, // lease owner (the worker that went quiet)
        LeaseExpiredColumn, // "5 min ago", or "live (expires in 40 s)" for a run stuck by age
        AgeColumn,          // processing for: since updated_at (the attempt began), server clock
        AttemptColumn,      // "2/5"
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles of all the columns, from RunColumn (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Run"),         QT_TR_NOOP("Workflow"),      QT_TR_NOOP("Scope / key"),
        QT_TR_NOOP("Lease owner"), QT_TR_NOOP("Lease expired"), QT_TR_NOOP("Processing for"),
        QT_TR_NOOP("Attempt"),
    };

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

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // <= 0 turns the age criterion off (only expired leases). Refreshes.
    void setThreshold(std::chrono::milliseconds threshold);
    std::chrono::milliseconds threshold() const { return m_threshold; }
    void setLimit(int rows);
    int limit() const { return m_limit; }
    void setCountCap(qint64 cap);
    qint64 countCap() const { return m_countCap; }

    // Stops the read in progress (PQcancel); errorText() says so. The timer goes on.
    void cancel();

    // count(), by the name the views know.
    qint64 stuckCount() const { return count(); }
    bool isTruncated() const { return m_snapshot.more; }
    int rowOfRun(qint64 runId) const { return rowOfId(runId); }

protected:
    bool lessThan(const store::StuckRun &a, const store::StuckRun &b) const override {
        // The server's order (lease_expires_at); ties come in any order, which updateRows()
        // copes with (it ends with exactly the server's list).
        return a.leaseExpiresAtMicros != b.leaseExpiresAtMicros
                   ? a.leaseExpiresAtMicros < b.leaseExpiresAtMicros
                   : a.id < b.id;
    }

    int submitRead() override;
    void applyRead(const QVariant &value) override;

private:
    std::chrono::milliseconds m_threshold{store::StuckQueries::DefaultThreshold};
    int m_limit = store::StuckQueries::DefaultLimit;
    qint64 m_countCap = store::StuckQueries::DefaultCountCap;
    store::StuckSnapshot m_snapshot;
};

} // namespace dedup::models
