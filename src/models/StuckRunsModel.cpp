#include "models/StuckRunsModel.h"

#include "core/RunStatus.h"
#include "models/DurationText.h"
#include "models/RunCells.h"
#include "store/PgConnection.h"

namespace dedup::models {

using store::StuckRun;
using store::StuckSnapshot;

StuckRunsModel::StuckRunsModel(const QString &conninfo, QObject *parent)
    : TitledColumns(conninfo,
                    {.connectionName = QStringLiteral("dedup-console-stuck"),
                     .firstClockColumn = LeaseExpiredColumn,
                     .lastClockColumn = AgeColumn,
                     .refreshIntervalMs = DefaultRefreshIntervalMs,
                     .coalesceMs = DefaultCoalesceMs},
                    parent) {
    qRegisterMetaType<StuckSnapshot>();
}

StuckRunsModel::~StuckRunsModel() = default;

void StuckRunsModel::setThreshold(std::chrono::milliseconds threshold) {
    if (threshold.count() < 0)
        threshold = std::chrono::milliseconds(0);
    if (threshold == m_threshold)
        return;
    m_threshold = threshold;
    query().discard(); // the answer in flight is for the old threshold
    refresh();
}

void StuckRunsModel::setLimit(int rows) {
    m_limit = qMax(1, rows);
    refresh();
}

void StuckRunsModel::setCountCap(qint64 cap) {
    m_countCap = qMax<qint64>(1, cap);
    refresh();
}

int StuckRunsModel::submitRead() {
    // Any change may make a run stuck or not (a takeover, a clear, a new claim): the list is
    // read whole, bounded.
    return runner().submit([threshold = m_threshold, limit = m_limit,
                            cap = m_countCap](store::PgConnection &conn, store::PgError *error) {
        const auto snapshot = store::StuckQueries::read(conn, threshold, limit, cap, error);
        return snapshot ? QVariant::fromValue(*snapshot) : QVariant();
    });
}

void StuckRunsModel::cancel() {
    query().cancel(tr("Loading was cancelled."));
}

void StuckRunsModel::applyRead(const QVariant &value) {
    m_snapshot = value.value<StuckSnapshot>();
    setReadState(m_snapshot.count, m_snapshot.serverNow);
    updateRows(m_snapshot.runs);
}

QVariant StuckRunsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const StuckRun &run = rowAt(index.row());
    // The Stuck list holds processing runs only (StuckQueries).
    static const QString processing = core::toString(core::RunStatus::Processing);
    if (const QVariant shared = RunRoles::data(run, processing, role); shared.isValid())
        return shared;
    const int column = index.column();
    const QDateTime &now = m_snapshot.serverNow;
    switch (role) {
    case Qt::DisplayRole:
        if (const QVariant shared = RunCells::display<StuckRunsModel>(run, column);
            shared.isValid())
            return shared;
        switch (column) {
        case OwnerColumn:
            return run.leaseOwner;
        case LeaseExpiredColumn:
            if (run.leaseExpired)
                return tr("%1 ago").arg(DurationText::format(run.leaseExpiresAt.msecsTo(now)));
            return tr("live (expires in %1)")
                .arg(DurationText::format(now.msecsTo(run.leaseExpiresAt)));
        case AgeColumn:
            return DurationText::format(run.updatedAt.msecsTo(now));
        case AttemptColumn:
            return RunCells::attempts(run.attempt, run.maxAttempts);
        }
        return {};
    case Qt::ToolTipRole:
        if (column == LeaseExpiredColumn || column == AgeColumn) {
            if (run.leaseExpired) {
                return tr("The lease of %1 expired at %2 (server time) and nobody took the run "
                          "over: the worker died or hangs. Clearing the stale lease fences it.")
                    .arg(run.leaseOwner, run.leaseExpiresAt.toLocalTime().toString(Qt::ISODate));
            }
            return tr("The lease is kept alive, but the run has been processing for longer "
                      "than the stuck threshold (%1): a worker that heartbeats without getting "
                      "anywhere. Created %2.")
                .arg(DurationText::format(m_snapshot.threshold.count()),
                     run.createdAt.toLocalTime().toString(Qt::ISODate));
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == RunColumn || column == AttemptColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case LeaseExpiredRole:
        return run.leaseExpired;
    case TooOldRole:
        return run.tooOld;
    case LeaseExpiresAtRole:
        return run.leaseExpiresAt;
    case CreatedAtRole:
        return run.createdAt;
    case ProcessingSinceRole:
        return run.updatedAt;
    case LeaseOwnerRole:
        return run.leaseOwner;
    }
    return {};
}

} // namespace dedup::models
