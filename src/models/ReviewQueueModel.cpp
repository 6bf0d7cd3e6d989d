#include "models/ReviewQueueModel.h"

#include "actions/ActionCatalogue.h"
#include "actions/ActionExecutor.h"
#include "core/RunStatus.h"
#include "models/DurationText.h"
#include "models/RunCells.h"
#include "store/PgConnection.h"
#include "store/ReviewQueueQueries.h"

namespace dedup::models {

ReviewQueueModel::ReviewQueueModel(const QString &conninfo, QObject *parent)
    : TitledColumns(conninfo,
                    {.connectionName = QStringLiteral("dedup-console-review"),
                     .firstClockColumn = AgeColumn,
                     .lastClockColumn = AgeColumn,
                     .refreshIntervalMs = DefaultRefreshIntervalMs,
                     .coalesceMs = DefaultCoalesceMs},
                    parent) {
    qRegisterMetaType<store::ReviewQueueSnapshot>();
}

ReviewQueueModel::~ReviewQueueModel() = default;

void ReviewQueueModel::setFilter(const store::ReviewQueueFilter &filter) {
    if (filter == m_filter)
        return;
    m_filter = filter;
    m_limit = DefaultLimit;
    query().discard(); // its answer is for the old filter
    refresh();
}

void ReviewQueueModel::setMe(const QString &name) {
    if (name == m_me)
        return;
    m_me = name;
    if (m_filter.assignee == store::ReviewQueueFilter::Assignee::Me)
        query().discard();
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

int ReviewQueueModel::submitRead() {
    return runner().submit([filter = m_filter, me = m_me, limit = m_limit,
                            cap = m_countCap](store::PgConnection &conn, store::PgError *error) {
        const auto snapshot = store::ReviewQueueQueries::read(conn, filter, me, limit, cap, error);
        return snapshot ? QVariant::fromValue(*snapshot) : QVariant();
    });
}

void ReviewQueueModel::applyRead(const QVariant &value) {
    const store::ReviewQueueSnapshot snapshot = value.value<store::ReviewQueueSnapshot>();
    m_more = snapshot.more;
    m_serverMe = snapshot.me;
    setReadState({.value = snapshot.count, .exact = snapshot.countExact, .cap = m_countCap},
                 snapshot.serverNow);
    updateRows(snapshot.rows);
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

QVariant ReviewQueueModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const store::ReviewQueueRow &run = rowAt(index.row());
    // The queue holds manual_review runs only (ReviewQueueQueries).
    static const QString manualReview = core::toString(core::RunStatus::ManualReview);
    if (const QVariant shared = RunRoles::data(run, manualReview, role); shared.isValid())
        return shared;
    switch (role) {
    case Qt::DisplayRole:
        if (const QVariant shared = RunCells::display<ReviewQueueModel>(run, index.column());
            shared.isValid())
            return shared;
        switch (index.column()) {
        case ReasonColumn:
            return run.reviewReason;
        case AgeColumn:
            return run.reviewAt.isValid() && serverNow().isValid()
                       ? DurationText::format(run.reviewAt.msecsTo(serverNow()))
                       : QString();
        case AssigneeColumn:
            return run.reviewAssignee;
        case NoteColumn:
            return run.reviewNote;
        case AttemptColumn:
            return RunCells::attempts(run.attempt, run.maxAttempts);
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

} // namespace dedup::models
