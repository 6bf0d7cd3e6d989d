#include "models/StuckRunsModel.h"

#include "core/RunStatus.h"
#include "lanes/ChangeListener.h"
#include "models/ColumnTitle.h"
#include "models/DurationText.h"
#include "store/PgConnection.h"

#include <QLocale>

namespace dedup::models {

using store::StuckRun;
using store::StuckSnapshot;

StuckRunsModel::StuckRunsModel(const QString &conninfo, QObject *parent)
    : SortedRowsModel(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-stuck"))
    , m_query(
          m_runner, [this] { return submitRead(); },
          [this](const QVariant &value) { applyRead(value); })
    , m_schedule(
          this, [this] { refresh(); }, DefaultRefreshIntervalMs, DefaultCoalesceMs) {
    qRegisterMetaType<StuckSnapshot>();
    m_query.forwardSignalsTo(this);
    // Queued: settings made right after construction apply to the first read.
    QMetaObject::invokeMethod(this, &StuckRunsModel::refresh, Qt::QueuedConnection);
}

StuckRunsModel::~StuckRunsModel() = default;

int StuckRunsModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

void StuckRunsModel::setThreshold(std::chrono::milliseconds threshold) {
    if (threshold.count() < 0)
        threshold = std::chrono::milliseconds(0);
    if (threshold == m_threshold)
        return;
    m_threshold = threshold;
    m_query.discard(); // the answer in flight is for the old threshold
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

void StuckRunsModel::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &StuckRunsModel::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &StuckRunsModel::refresh);
}

void StuckRunsModel::onRunsChanged(const QSet<qint64> &, bool) {
    // Any change may make a run stuck or not (a takeover, a clear, a new claim): one
    // refresh per coalescing interval whatever the rate of notifications.
    m_schedule.notified();
}

void StuckRunsModel::refresh() {
    m_query.refresh();
}

int StuckRunsModel::submitRead() {
    m_schedule.readStarting();
    return m_runner.submit([threshold = m_threshold, limit = m_limit,
                            cap = m_countCap](store::PgConnection &conn, store::PgError *error) {
        const auto snapshot = store::StuckQueries::read(conn, threshold, limit, cap, error);
        return snapshot ? QVariant::fromValue(*snapshot) : QVariant();
    });
}

void StuckRunsModel::cancel() {
    m_query.cancel(tr("Loading was cancelled."));
}

void StuckRunsModel::applyRead(const QVariant &value) {
    const StuckSnapshot snapshot = value.value<StuckSnapshot>();
    const bool countChange = !m_countKnown || snapshot.count.value != m_snapshot.count.value ||
                             snapshot.count.exact != m_snapshot.count.exact;
    m_snapshot = snapshot;
    m_countKnown = true;
    updateRows(snapshot.runs);
    // Durations are relative to the server's now, which moved: every row's age changed.
    if (rowCount() > 0) {
        emit dataChanged(index(0, LeaseExpiredColumn), index(rowCount() - 1, AgeColumn),
                         {Qt::DisplayRole});
    }
    if (countChange)
        emit countChanged(m_snapshot.count.value, m_snapshot.count.exact);
    emit refreshed();
}

QString StuckRunsModel::countText() const {
    if (!m_countKnown)
        return {};
    const QLocale locale;
    if (!m_snapshot.count.exact)
        return tr("%1+").arg(locale.toString(m_snapshot.count.cap));
    return locale.toString(m_snapshot.count.value);
}

int StuckRunsModel::rowOfRun(qint64 runId) const {
    for (int row = 0; row < rowCount(); ++row) {
        if (rowAt(row).id == runId)
            return row;
    }
    return -1;
}

QVariant StuckRunsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const StuckRun &run = rowAt(index.row());
    const int column = index.column();
    const QDateTime &now = m_snapshot.serverNow;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case RunColumn:
            return run.id;
        case WorkflowColumn:
            return run.workflow;
        case KeyColumn:
            return tr("%1 / %2").arg(run.scope, run.idemKey);
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
            return tr("%1/%2").arg(run.attempt).arg(run.maxAttempts);
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
    case RunIdRole:
        return run.id;
    case StatusNameRole: // the Stuck list holds processing runs only (StuckQueries)
        return core::toString(core::RunStatus::Processing);
    case LeaseTokenRole:
        return run.leaseToken;
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

QVariant StuckRunsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    // The titles in the order of Column.
    static const char *const titles[] = {
        QT_TR_NOOP("Run"),         QT_TR_NOOP("Workflow"),      QT_TR_NOOP("Scope / key"),
        QT_TR_NOOP("Lease owner"), QT_TR_NOOP("Lease expired"), QT_TR_NOOP("Processing for"),
        QT_TR_NOOP("Attempt"),
    };
    return columnTitle(this, titles, section, orientation, role);
}

} // namespace dedup::models
