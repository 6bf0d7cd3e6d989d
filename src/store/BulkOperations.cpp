#include "store/BulkOperations.h"

#include "store/PgConnection.h"
#include "store/PgResult.h"

#include <QStringList>
#include <QUuid>

namespace dedup::store {

namespace {

const QString summaryColumns = QStringLiteral(
    "bulk_id::text, action, status, requested_by, runner, runner_seen_at, created_at,"
    " finished_at, total, applied, changed, failed, pending");

PgError invalidArgument(QString message) {
    PgError error;
    error.sqlState = QStringLiteral("DD004");
    error.message = std::move(message);
    return error;
}

QList<BulkItemOutcome> readOutcomes(const PgResult &result) {
    QList<BulkItemOutcome> outcomes;
    outcomes.reserve(result.rows());
    for (int row = 0; row < result.rows(); ++row) {
        BulkItemOutcome outcome;
        outcome.runId = result.toInt64(row, 0);
        outcome.state = result.text(row, 1);
        outcome.detail = result.text(row, 2);
        outcome.auditId = result.isNull(row, 3) ? 0 : result.toInt64(row, 3);
        outcomes.append(outcome);
    }
    return outcomes;
}

} // namespace

QString toString(BulkAction action) {
    switch (action) {
    case BulkAction::ClearStaleLease:
        return QStringLiteral("op_clear_stale_lease");
    case BulkAction::RequestContinuation:
        return QStringLiteral("op_request_continuation");
    case BulkAction::RouteToReview:
        return QStringLiteral("op_route_to_review");
    case BulkAction::ResolveReview:
        return QStringLiteral("op_resolve_review");
    case BulkAction::Cancel:
        return QStringLiteral("op_cancel");
    }
    return {};
}

std::optional<BulkAction> bulkActionFromString(const QString &name) {
    for (const BulkAction action :
         {BulkAction::ClearStaleLease, BulkAction::RequestContinuation, BulkAction::RouteToReview,
          BulkAction::ResolveReview, BulkAction::Cancel}) {
        if (toString(action) == name)
            return action;
    }
    return std::nullopt;
}

QString toString(BulkCommand command) {
    switch (command) {
    case BulkCommand::Start:
        return QStringLiteral("start");
    case BulkCommand::Pause:
        return QStringLiteral("pause");
    case BulkCommand::Resume:
        return QStringLiteral("resume");
    case BulkCommand::Abort:
        return QStringLiteral("abort");
    case BulkCommand::Attach:
        return QStringLiteral("attach");
    }
    return {};
}

BulkOperations::BulkOperations(PgConnection &connection)
    : m_conn(connection) {}

QString BulkOperations::newBulkId() {
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

OperatorResult<BulkState> BulkOperations::create(const BulkRequest &request) {
    // Checked here too (the server refuses them as well) so an invisible reason never
    // reaches the audit log, whatever the server's notion of blank is.
    if (request.reason.trimmed().isEmpty())
        return OperatorResult<BulkState>::failure(invalidArgument(tr("A reason is required.")));
    PgParams params;
    params.add(request.id)
        .add(toString(request.action))
        .add(request.params)
        .add(request.reason)
        .add(request.selection);
    const PgResult created = m_conn.exec(
        QStringLiteral("SELECT id FROM dedup.op_bulk_create($1::uuid, $2, $3::jsonb, $4,"
                       " $5::jsonb)"),
        params);
    if (!created.ok())
        return OperatorResult<BulkState>::failure(created.error());
    return state(request.id);
}

OperatorResult<qint64> BulkOperations::addItems(const QString &bulkId,
                                                const QList<BulkItem> &items) {
    if (items.isEmpty())
        return OperatorResult<qint64>::failure(invalidArgument(tr("No runs to add.")));
    qint64 total = 0;
    for (qsizetype start = 0; start < items.size(); start += MaxItemsPerCall) {
        QStringList ids, tokens, statuses;
        const qsizetype end = qMin<qsizetype>(items.size(), start + MaxItemsPerCall);
        for (qsizetype i = start; i < end; ++i) {
            ids.append(QString::number(items[i].runId));
            tokens.append(QString::number(items[i].expectedToken));
            statuses.append(items[i].expectedStatus);
        }
        PgParams params;
        params.add(bulkId).add(ids).add(tokens).add(statuses);
        const PgResult added = m_conn.exec(
            QStringLiteral("SELECT dedup.op_bulk_add_items($1::uuid, $2::bigint[], $3::bigint[],"
                           " $4::text[])"),
            params);
        if (!added.ok())
            return OperatorResult<qint64>::failure(added.error());
        total = added.toInt64(0, 0);
    }
    return OperatorResult<qint64>::success(total);
}

OperatorResult<BulkState> BulkOperations::control(const QString &bulkId, BulkCommand command,
                                                  const QString &reason, const QString &actionKey) {
    if (reason.trimmed().isEmpty())
        return OperatorResult<BulkState>::failure(invalidArgument(tr("A reason is required.")));
    PgParams params;
    params.add(bulkId).add(toString(command)).add(reason).add(actionKey);
    const PgResult done = m_conn.exec(
        QStringLiteral("SELECT id FROM dedup.op_bulk_control($1::uuid, $2, $3, $4)"), params);
    if (!done.ok())
        return OperatorResult<BulkState>::failure(done.error());
    return state(bulkId);
}

OperatorResult<QList<BulkItemOutcome>> BulkOperations::step(const QString &bulkId, int limit,
                                                            const QString &runner) {
    PgParams params;
    params.add(bulkId).add(limit).add(runner);
    const PgResult batch = m_conn.exec(
        QStringLiteral("SELECT run_id, state, detail, audit_id"
                       " FROM dedup.op_bulk_step($1::uuid, $2::integer, NULLIF($3, ''))"),
        params);
    if (!batch.ok())
        return OperatorResult<QList<BulkItemOutcome>>::failure(batch.error());
    return OperatorResult<QList<BulkItemOutcome>>::success(readOutcomes(batch));
}

OperatorResult<BulkState> BulkOperations::state(const QString &bulkId) {
    PgParams params;
    params.add(bulkId);
    const PgResult result =
        m_conn.exec(QStringLiteral("SELECT %1 FROM dedup.bulk_summary WHERE bulk_id = $1::uuid")
                        .arg(summaryColumns),
                    params);
    if (!result.ok())
        return OperatorResult<BulkState>::failure(result.error());
    const QList<BulkState> states = readStates(result);
    if (states.isEmpty())
        return OperatorResult<BulkState>::failure(
            invalidArgument(tr("There is no bulk operation %1.").arg(bulkId)));
    return OperatorResult<BulkState>::success(states.first());
}

OperatorResult<QList<BulkState>> BulkOperations::active() {
    // bulk_operations_active_idx finds the few active ones; the summary joins their items.
    const PgResult result =
        m_conn.exec(QStringLiteral("SELECT %1 FROM dedup.bulk_summary WHERE bulk_id IN ("
                                   " SELECT id FROM dedup.bulk_operations"
                                   " WHERE status IN ('preparing', 'running', 'paused'))"
                                   " ORDER BY created_at")
                        .arg(summaryColumns));
    if (!result.ok())
        return OperatorResult<QList<BulkState>>::failure(result.error());
    return OperatorResult<QList<BulkState>>::success(readStates(result));
}

OperatorResult<QList<BulkItemOutcome>> BulkOperations::items(const QString &bulkId,
                                                             const QString &itemState, int limit) {
    PgParams params;
    params.add(bulkId).add(itemState).add(limit);
    const PgResult result =
        m_conn.exec(QStringLiteral("SELECT run_id, state, detail, audit_id FROM dedup.bulk_items"
                                   " WHERE bulk_id = $1::uuid AND ($2 = '' OR state = $2)"
                                   " ORDER BY run_id LIMIT $3::integer"),
                    params);
    if (!result.ok())
        return OperatorResult<QList<BulkItemOutcome>>::failure(result.error());
    return OperatorResult<QList<BulkItemOutcome>>::success(readOutcomes(result));
}

QList<BulkState> BulkOperations::readStates(const PgResult &result) {
    QList<BulkState> states;
    for (int row = 0; row < result.rows(); ++row) {
        BulkState s;
        s.id = result.text(row, 0);
        s.action = result.text(row, 1);
        s.status = result.text(row, 2);
        s.requestedBy = result.text(row, 3);
        s.runner = result.text(row, 4);
        s.runnerSeenAt = result.toDateTime(row, 5);
        s.createdAt = result.toDateTime(row, 6);
        s.finishedAt = result.toDateTime(row, 7);
        s.total = result.toInt64(row, 8);
        s.applied = result.toInt64(row, 9);
        s.changed = result.toInt64(row, 10);
        s.failed = result.toInt64(row, 11);
        s.pending = result.toInt64(row, 12);
        states.append(s);
    }
    return states;
}

} // namespace dedup::store
