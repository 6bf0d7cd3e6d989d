#include "store/OperatorActions.h"

#include "store/PgConnection.h"
#include "store/PgResult.h"

#include <QUuid>

namespace dedup::store {

namespace {

// NULL for an empty text (an optional argument left blank).
void addTextOrNull(PgParams &params, const QString &value) {
    if (value.isEmpty())
        params.addNull();
    else
        params.add(value);
}

// The common parameters, by name: the named form keeps working when a later migration adds
// optional parameters. Explicit casts pin the overload.
QString opCall(const char *function, const char *extra = nullptr) {
    QString sql = QStringLiteral("SELECT outcome, run_id, status_before, status_after, lease_token,"
                                 " audit_id, detail, original_outcome FROM dedup.%1("
                                 "p_run_id => $1::bigint, p_expected_token => $2::bigint,"
                                 " p_reason => $3::text, p_action_key => $4::text")
                      .arg(QLatin1String(function));
    if (extra)
        sql += QStringLiteral(", ") + QLatin1String(extra);
    return sql + QLatin1Char(')');
}

PgError clientError(const char *sqlState, QString message) {
    PgError error;
    error.sqlState = QLatin1String(sqlState);
    error.message = std::move(message);
    return error;
}

std::optional<core::RunStatus> runStatus(const PgResult &result, const char *column) {
    if (result.isNull(0, column))
        return std::nullopt;
    return core::runStatusFromString(result.text(0, column));
}

} // namespace

OperatorActions::OperatorActions(PgConnection &connection)
    : m_conn(connection) {}

QString OperatorActions::newActionKey() {
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString OperatorActions::toString(ReviewResolution resolution) {
    switch (resolution) {
    case ReviewResolution::Succeeded:
        return QStringLiteral("succeeded");
    case ReviewResolution::Cancelled:
        return QStringLiteral("cancelled");
    case ReviewResolution::Continue:
        return QStringLiteral("continue");
    }
    return {};
}

QString OperatorActions::toString(StepResolution resolution) {
    switch (resolution) {
    case StepResolution::Done:
        return QStringLiteral("done");
    case StepResolution::Skipped:
        return QStringLiteral("skipped");
    }
    return {};
}

PgParams OperatorActions::commonParams(const OperatorRequest &request) {
    PgParams params;
    params.add(request.runId).add(request.expectedToken).add(request.reason).add(request.actionKey);
    return params;
}

OperatorResult<OperatorOutcome> OperatorActions::call(const OperatorRequest &request,
                                                      const QString &sql, const PgParams &params) {
    // The server refuses these too (DD004). Checking here as well keeps an invisible reason
    // (tabs, newlines, non-breaking spaces) out of the audit log whatever the server's
    // notion of blank is, and costs no round trip.
    if (request.reason.trimmed().isEmpty())
        return OperatorResult<OperatorOutcome>::failure(
            clientError("DD004", tr("A reason is required for every action.")));
    if (request.actionKey.trimmed().isEmpty())
        return OperatorResult<OperatorOutcome>::failure(
            clientError("DD004", tr("The action key is empty.")));

    const PgResult result = m_conn.exec(sql, params);
    if (!result.ok())
        return OperatorResult<OperatorOutcome>::failure(result.error());
    const auto outcome =
        result.rows() == 1 ? operatorOutcomeFromString(result.text(0, "outcome")) : std::nullopt;
    if (!outcome)
        return OperatorResult<OperatorOutcome>::failure(
            StoreErrorKind::Other,
            clientError("", tr("Unexpected answer from the database to an action on run %1.")
                                .arg(request.runId)));

    OperatorOutcome answer;
    answer.outcome = *outcome;
    answer.runId = result.toInt64(0, "run_id", request.runId);
    answer.statusBefore = runStatus(result, "status_before");
    answer.statusAfter = runStatus(result, "status_after");
    if (!result.isNull(0, "lease_token"))
        answer.leaseToken = result.toInt64(0, "lease_token");
    answer.auditId = result.toInt64(0, "audit_id");
    answer.detail = result.text(0, "detail");
    if (!result.isNull(0, "original_outcome"))
        answer.originalOutcome = operatorOutcomeFromString(result.text(0, "original_outcome"));
    return OperatorResult<OperatorOutcome>::success(answer);
}

OperatorResult<OperatorOutcome> OperatorActions::clearStaleLease(const OperatorRequest &request) {
    return call(request, opCall("op_clear_stale_lease"), commonParams(request));
}

OperatorResult<OperatorOutcome> OperatorActions::requestContinuation(const OperatorRequest &request,
                                                                     bool rerunUncertain) {
    PgParams params = commonParams(request);
    params.add(rerunUncertain);
    return call(request, opCall("op_request_continuation", "p_rerun_uncertain => $5::boolean"),
                params);
}

OperatorResult<OperatorOutcome> OperatorActions::routeToReview(const OperatorRequest &request,
                                                               const QString &assignee) {
    PgParams params = commonParams(request);
    addTextOrNull(params, assignee);
    return call(request, opCall("op_route_to_review", "p_assignee => $5::text"), params);
}

OperatorResult<OperatorOutcome>
OperatorActions::resolveReview(const OperatorRequest &request, ReviewResolution resolution,
                               const std::optional<QJsonObject> &result, bool rerunUncertain) {
    PgParams params = commonParams(request);
    params.add(toString(resolution));
    if (result)
        params.add(*result);
    else
        params.addNull();
    params.add(rerunUncertain);
    return call(request,
                opCall("op_resolve_review", "p_resolution => $5::text, p_result => $6::jsonb,"
                                            " p_rerun_uncertain => $7::boolean"),
                params);
}

OperatorResult<OperatorOutcome> OperatorActions::cancel(const OperatorRequest &request) {
    return call(request, opCall("op_cancel"), commonParams(request));
}

OperatorResult<OperatorOutcome> OperatorActions::assignReview(const OperatorRequest &request,
                                                              const QString &assignee) {
    PgParams params = commonParams(request);
    addTextOrNull(params, assignee);
    return call(request, opCall("op_assign_review", "p_assignee => $5::text"), params);
}

OperatorResult<OperatorOutcome> OperatorActions::reviewNote(const OperatorRequest &request,
                                                            const QString &note) {
    PgParams params = commonParams(request);
    params.add(note);
    return call(request, opCall("op_review_note", "p_note => $5::text"), params);
}

OperatorResult<OperatorOutcome> OperatorActions::resolveStep(const OperatorRequest &request,
                                                             const QString &step,
                                                             StepResolution resolution,
                                                             const QString &sideEffectRef) {
    PgParams params = commonParams(request);
    params.add(step).add(toString(resolution));
    addTextOrNull(params, sideEffectRef);
    return call(request,
                opCall("op_resolve_step", "p_step => $5::text, p_resolution => $6::text,"
                                          " p_side_effect_ref => $7::text"),
                params);
}

OperatorResult<QList<ContinuationStep>> OperatorActions::continuationPreview(qint64 runId,
                                                                             bool rerunUncertain) {
    PgParams params;
    params.add(runId).add(rerunUncertain);
    const PgResult result = m_conn.exec(
        QStringLiteral("SELECT name, ordinal, status, will, downstream_key, side_effect_ref,"
                       " attempts, error FROM dedup.continuation_preview("
                       "p_run_id => $1::bigint, p_rerun_uncertain => $2::boolean)"),
        params);
    if (!result.ok())
        return OperatorResult<QList<ContinuationStep>>::failure(result.error());
    QList<ContinuationStep> steps;
    steps.reserve(result.rows());
    for (int row = 0; row < result.rows(); ++row) {
        ContinuationStep step;
        step.name = result.text(row, "name");
        step.ordinal = int(result.toInt64(row, "ordinal"));
        step.statusText = result.text(row, "status");
        step.status = core::stepStatusFromString(step.statusText);
        const QString will = result.text(row, "will");
        // An answer this binary does not know is shown as uncertain: the preview must never
        // promise that a step is safe when it cannot tell.
        step.will = will == QLatin1String("run")    ? StepWill::Run
                    : will == QLatin1String("skip") ? StepWill::Skip
                                                    : StepWill::Uncertain;
        step.downstreamKey = result.text(row, "downstream_key");
        step.sideEffectRef = result.text(row, "side_effect_ref");
        step.attempts = int(result.toInt64(row, "attempts"));
        step.error = result.toJson(row, "error").toObject();
        steps.append(step);
    }
    return OperatorResult<QList<ContinuationStep>>::success(steps);
}

} // namespace dedup::store
