#include "store/WorkflowPauses.h"

#include "store/PgConnection.h"

namespace dedup::store {

namespace {

const char *const ResultColumns =
    "outcome, workflow, scope_prefix, stop_steps,"
    " ceil(extract(epoch FROM retry_after))::integer AS retry_after_seconds,"
    " reason, paused_by, paused_at, audit_id";

WorkflowPause readPause(const PgResult &result, int row) {
    WorkflowPause pause;
    pause.workflow = result.text(row, "workflow");
    pause.scopePrefix = result.text(row, "scope_prefix");
    pause.stopSteps = !result.isNull(row, "stop_steps") && result.toBool(row, "stop_steps");
    pause.retryAfterSeconds = int(result.toInt64(row, "retry_after_seconds"));
    pause.reason = result.text(row, "reason");
    pause.pausedBy = result.text(row, "paused_by");
    pause.pausedAt = result.toDateTime(row, "paused_at");
    return pause;
}

std::optional<WorkflowPauseResult> readResult(const PgResult &result, PgError *error) {
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    WorkflowPauseResult answer;
    answer.outcome = result.text(0, "outcome");
    answer.pause = readPause(result, 0);
    answer.auditId = result.isNull(0, "audit_id") ? 0 : result.toInt64(0, "audit_id");
    return answer;
}

// The store takes NULL for "every scope"; the console and dedupctl say ''.
std::optional<QString> prefixParam(const QString &scopePrefix) {
    return scopePrefix.isEmpty() ? std::nullopt : std::optional<QString>(scopePrefix);
}

} // namespace

std::optional<WorkflowPauseResult> WorkflowPauses::pause(const QString &workflow,
                                                         const QString &scopePrefix, bool stopSteps,
                                                         int retryAfterSeconds,
                                                         const QString &reason,
                                                         const QString &actionKey, PgError *error) {
    PgParams params;
    params.add(workflow);
    params.add(reason);
    params.add(actionKey);
    params.add(prefixParam(scopePrefix));
    params.add(stopSteps);
    params.add(retryAfterSeconds);
    return readResult(
        m_conn.exec(QStringLiteral("SELECT ") + QLatin1String(ResultColumns) +
                        QStringLiteral(" FROM dedup.op_pause_workflow($1, $2, $3, $4, $5::boolean,"
                                       " make_interval(secs => $6::integer))"),
                    params),
        error);
}

std::optional<WorkflowPauseResult>
WorkflowPauses::resume(const QString &workflow, const QString &scopePrefix, const QString &reason,
                       const QString &actionKey, PgError *error) {
    PgParams params;
    params.add(workflow);
    params.add(reason);
    params.add(actionKey);
    params.add(prefixParam(scopePrefix));
    return readResult(
        m_conn.exec(QStringLiteral("SELECT ") + QLatin1String(ResultColumns) +
                        QStringLiteral(" FROM dedup.op_resume_workflow($1, $2, $3, $4)"),
                    params),
        error);
}

std::optional<QList<WorkflowPause>> WorkflowPauses::list(PgError *error) {
    const PgResult result = m_conn.exec(
        QStringLiteral("SELECT workflow, scope_prefix, stop_steps,"
                       " ceil(extract(epoch FROM retry_after))::integer AS retry_after_seconds,"
                       " reason, paused_by, paused_at FROM dedup.workflow_pauses"
                       " ORDER BY workflow, scope_prefix"));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    QList<WorkflowPause> pauses;
    for (int row = 0; row < result.rows(); ++row)
        pauses.append(readPause(result, row));
    return pauses;
}

} // namespace dedup::store
