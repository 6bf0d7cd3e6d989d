#include "models/ReviewQueueModel.h"

#include "actions/ActionCatalogue.h"
#include "actions/ActionExecutor.h"
#include "core/RunStatus.h"
#include "lanes/ChangeListener.h"
#include "models/ColumnTitle.h"
#include "models/DurationText.h"
#include "store/PgConnection.h"
#include "store/ReviewQueueQueries.h"

#include <QLocale>

namespace dedup::models {

ReviewQueueModel::ReviewQueueModel(const QString &conninfo, QObject *parent)
    : SortedRowsModel(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-review"))
    , m_query(
          m_runner, [this] { return submitRead(); },
          [this](const QVariant &value) { applyRead(value); })
    , m_schedule(
          this, [this] { refresh(); }, DefaultRefreshIntervalMs, DefaultCoalesceMs) {
    qRegisterMetaType<store::ReviewQueueSnapshot>();
    m_query.forwardSignalsTo(this);
    // Queued: settings made right after construction apply to the first read.
    QMetaObject::invokeMethod(this, &ReviewQueueModel::refresh, Qt::QueuedConnection);
}

ReviewQueueModel::~ReviewQueueModel() = default;

int ReviewQueueModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

void ReviewQueueModel::setFilter(const store::ReviewQueueFilter &filter) {
    if (filter == m_filter)
        return;
    m_filter = filter;
    m_limit = DefaultLimit;
    m_query.discard(); // its answer is for the old filter
    refresh();
}

void ReviewQueueModel::setMe(const QString &name) {
    if (name == m_me)
        return;
    m_me = name;
    if (m_filter.assignee == store::ReviewQueueFilter::Assignee::Me)
        m_query.discard();
    refresh();
}

void ReviewQueueModel::setLimit(int rows) {
    m_limit = qBound(1, rows, m_maxRows);
    refresh();
}

bool ReviewQueueModel::canFetchMore(const QModelIndex &parent) const {
    return !parent.isValid() && m_more && m_limit < m_maxRows;
}

void ReviewQueueModel::fetchMore(const QModelIndex &parent) {
    if (!canFetchMore(parent))
        return;
    // Bounded re-read of a longer window (the queue's index makes it cheap), applied in
    // place: new rows appear below the loaded ones.
    m_limit = qMin(m_maxRows, m_limit + m_pageSize);
    refresh();
}

void ReviewQueueModel::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &ReviewQueueModel::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &ReviewQueueModel::refresh);
}

void ReviewQueueModel::setExecutor(actions::ActionExecutor *executor) {
    if (m_executor)
        disconnect(m_executor, nullptr, this, nullptr);
    m_executor = executor;
    m_ownRequests.clear();
    if (!executor)
        return;
    connect(executor, &actions::ActionExecutor::finished, this,
            [this](int requestId, const actions::ActionResult &) {
                // The notification would do it too; this makes the row right at once, also
                // without a listener.
                if (m_ownRequests.remove(requestId))
                    refresh();
            });
}

void ReviewQueueModel::onRunsChanged(const QSet<qint64> &, bool) {
    // A notification may name a run entering the queue (not loaded yet) as well as one in
    // it: any change re-reads, at most once per coalescing interval.
    m_schedule.notified();
}

void ReviewQueueModel::refresh() {
    m_query.refresh();
}

int ReviewQueueModel::submitRead() {
    m_schedule.readStarting();
    return m_runner.submit([filter = m_filter, me = m_me, limit = m_limit,
                            cap = m_countCap](store::PgConnection &conn, store::PgError *error) {
        const auto snapshot = store::ReviewQueueQueries::read(conn, filter, me, limit, cap, error);
        return snapshot ? QVariant::fromValue(*snapshot) : QVariant();
    });
}

void ReviewQueueModel::applyRead(const QVariant &value) {
    const store::ReviewQueueSnapshot snapshot = value.value<store::ReviewQueueSnapshot>();
    const bool countChange =
        !m_countKnown || snapshot.count != m_count || snapshot.countExact != m_countExact;
    m_count = snapshot.count;
    m_countExact = snapshot.countExact;
    m_countKnown = true;
    m_more = snapshot.more;
    m_serverMe = snapshot.me;
    m_serverNow = snapshot.serverNow;
    updateRows(snapshot.rows);
    // Ages are relative to the server's now, which moved.
    if (rowCount() > 0)
        emit dataChanged(index(0, AgeColumn), index(rowCount() - 1, AgeColumn), {Qt::DisplayRole});
    if (countChange)
        emit countChanged(m_count, m_countExact);
    emit refreshed();
}

actions::ActionIntent ReviewQueueModel::intentFor(int row, actions::OperatorAction action,
                                                  const QString &reason) const {
    if (row < 0 || row >= rowCount())
        return {};
    const store::ReviewQueueRow &run = rowAt(row);
    return actions::ActionIntent::create(action, run.id, run.leaseToken, reason);
}

int ReviewQueueModel::submit(const actions::ActionIntent &intent) {
    if (!m_executor || intent.runId == 0)
        return 0;
    const int id = m_executor->execute(intent);
    m_ownRequests.insert(id);
    return id;
}

int ReviewQueueModel::assignToMe(int row, const QString &reason) {
    return assign(row, me(), reason);
}

int ReviewQueueModel::assign(int row, const QString &assignee, const QString &reason) {
    actions::ActionIntent intent = intentFor(row, actions::OperatorAction::AssignReview, reason);
    intent.assignee = assignee;
    return submit(intent);
}

int ReviewQueueModel::setNote(int row, const QString &note, const QString &reason) {
    actions::ActionIntent intent = intentFor(row, actions::OperatorAction::ReviewNote, reason);
    intent.note = note;
    return submit(intent);
}

int ReviewQueueModel::resolve(int row, actions::OperatorAction resolution, const QString &reason,
                              bool rerunUncertain) {
    // Only the actions that resolve a review (their catalogue row names the resolution).
    if (!actions::ActionCatalogue::row(resolution).resolution)
        return 0;
    actions::ActionIntent intent = intentFor(row, resolution, reason);
    intent.rerunUncertain = rerunUncertain;
    return submit(intent);
}

QString ReviewQueueModel::countText() const {
    if (!m_countKnown)
        return {};
    const QLocale locale;
    if (!m_countExact)
        return tr("%1+").arg(locale.toString(m_countCap));
    return locale.toString(m_count);
}

int ReviewQueueModel::rowOfRun(qint64 runId) const {
    for (int row = 0; row < rowCount(); ++row) {
        if (rowAt(row).id == runId)
            return row;
    }
    return -1;
}

QVariant ReviewQueueModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const store::ReviewQueueRow &run = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RunColumn:
            return run.id;
        case WorkflowColumn:
            return run.workflow;
        case KeyColumn:
            return tr("%1 / %2").arg(run.scope, run.idemKey);
        case ReasonColumn:
            return run.reviewReason;
        case AgeColumn:
            return run.reviewAt.isValid() && m_serverNow.isValid()
                       ? DurationText::format(run.reviewAt.msecsTo(m_serverNow))
                       : QString();
        case AssigneeColumn:
            return run.reviewAssignee;
        case NoteColumn:
            return run.reviewNote;
        case AttemptColumn:
            return tr("%1/%2").arg(run.attempt).arg(run.maxAttempts);
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ReasonColumn:
            return run.reviewReason;
        case AgeColumn:
            return run.reviewAt.toLocalTime();
        case AssigneeColumn:
            return run.reviewAssignee.isEmpty() ? tr("Unassigned") : run.reviewAssignee;
        case NoteColumn:
            return run.reviewNote;
        case RunColumn:
            if (run.continuationQueued)
                return tr("A continuation is queued; a worker will take it.");
            if (run.uncertainSteps > 0) {
                return tr("%n step(s) with an unknown outcome: check the provider first.", nullptr,
                          run.uncertainSteps);
            }
            return {};
        }
        return {};
    case RunIdRole:
        return run.id;
    case StatusNameRole: // the queue holds manual_review runs only (ReviewQueueQueries)
        return core::toString(core::RunStatus::ManualReview);
    case LeaseTokenRole:
        return run.leaseToken;
    case ReviewAtRole:
        return run.reviewAt;
    case AssigneeRole:
        return run.reviewAssignee;
    case UncertainStepsRole:
        return run.uncertainSteps;
    case ContinuationQueuedRole:
        return run.continuationQueued;
    case IdemKeyRole:
        return run.idemKey;
    }
    return {};
}

QVariant ReviewQueueModel::headerData(int section, Qt::Orientation orientation, int role) const {
    // The titles in the order of Column.
    static const char *const titles[] = {
        QT_TR_NOOP("Run"),           QT_TR_NOOP("Workflow"),      QT_TR_NOOP("Key"),
        QT_TR_NOOP("Review reason"), QT_TR_NOOP("In review for"), QT_TR_NOOP("Assignee"),
        QT_TR_NOOP("Note"),          QT_TR_NOOP("Attempts"),
    };
    return columnTitle(this, titles, section, orientation, role);
}

} // namespace dedup::models
