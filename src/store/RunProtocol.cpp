#include "store/RunProtocol.h"

#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::store {

namespace {

// Durations travel as a number of milliseconds and become an interval in SQL, so no
// interval text is ever built on the client.
constexpr auto kLeaseSql = "$%1::bigint * interval '1 millisecond'";

QString leaseArg(int placeholder) {
    return QString::fromLatin1(kLeaseSql).arg(placeholder);
}

qint64 millis(std::chrono::milliseconds duration) {
    return qint64(duration.count());
}

// jsonb parameter: Undefined is SQL NULL, anything else (JSON null and scalars included) is
// sent as its JSON text.
void addJson(PgParams &params, const QJsonValue &value) {
    if (value.isUndefined())
        params.addNull();
    else if (value.isObject())
        params.add(value.toObject());
    else if (value.isArray())
        params.add(value.toArray());
    else {
        // QJsonDocument only writes arrays and objects: write [value] and unwrap it.
        const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        params.add(QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2)));
    }
}

PgParams leaseParams(const RunLease &lease) {
    PgParams params;
    params.add(lease.runId).add(lease.token).add(lease.secret);
    return params;
}

// The hint of a `paused` claim (0023_workflow_pause.sql, _pause_hint); std::nullopt when it
// lacks a positive retry-after: a caller must never be told to come back "now" in a loop.
std::optional<ClaimResult::PauseHint> pauseHint(const QJsonValue &result) {
    const QJsonObject hint = result.toObject();
    ClaimResult::PauseHint pause;
    pause.retryAfterSeconds = hint.value(QStringLiteral("retry_after_seconds")).toInt(0);
    if (pause.retryAfterSeconds <= 0)
        return std::nullopt;
    pause.workflow = hint.value(QStringLiteral("workflow")).toString();
    pause.scopePrefix = hint.value(QStringLiteral("scope_prefix")).toString();
    pause.stopSteps = hint.value(QStringLiteral("stop_steps")).toBool();
    pause.reason = hint.value(QStringLiteral("reason")).toString();
    pause.pausedBy = hint.value(QStringLiteral("paused_by")).toString();
    pause.pausedAt =
        QDateTime::fromString(hint.value(QStringLiteral("paused_at")).toString(), Qt::ISODate);
    return pause;
}

} // namespace

RunProtocol::RunProtocol(PgConnection &connection)
    : m_conn(connection) {}

// An answer this build cannot read (e.g. a value added by a newer schema) is an error, not a
// guess: acting on a misread claim could run a side effect twice.
static PgError unexpectedAnswer(const QString &function, const QString &answer) {
    PgError error;
    error.message =
        RunProtocol::tr("%1 returned an unexpected answer: \"%2\"").arg(function, answer);
    return error;
}

ProtocolResult<ClaimResult> RunProtocol::claim(const ClaimRequest &request) {
    using Result = ProtocolResult<ClaimResult>;
    PgParams params;
    params.add(request.scope)
        .add(request.key)
        .add(request.workflow)
        .add(request.fingerprint)
        .add(request.correlationId)
        .add(request.worker)
        .add(millis(request.lease))
        .add(request.steps)
        .add(request.keyVersion)
        .add(request.workflowVersion);
    if (request.maxAttempts)
        params.add(qint64(*request.maxAttempts));
    else
        params.addNull();
    addJson(params, request.context);
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT outcome, run_id, lease_token, status, result, lease_owner,"
                       " lease_expires_at, attempt, last_error, lease_secret"
                       " FROM dedup.claim(p_scope => $1, p_key => $2, p_workflow => $3,"
                       " p_fingerprint => $4, p_correlation_id => $5, p_worker => $6,"
                       " p_lease => %1, p_steps => $8::text[], p_key_version => $9,"
                       " p_workflow_version => $10, p_max_attempts => $11::integer,"
                       " p_context => $12::jsonb)")
            .arg(leaseArg(7)),
        params);
    if (!rows.ok())
        return Result::failure(rows.error());
    if (rows.rows() != 1)
        return Result::failure(
            unexpectedAnswer(QStringLiteral("claim"), tr("%n row(s)", nullptr, rows.rows())));

    const QString outcomeText = rows.text(0, "outcome");
    const auto outcome = claimOutcomeFromString(outcomeText);
    if (!outcome)
        return Result::failure(unexpectedAnswer(QStringLiteral("claim"), outcomeText));
    // A key that belongs to another workflow's run answers mismatch and nothing else; a new
    // key while paused has no run (and no status) either.
    const QString statusText = rows.text(0, "status");
    const bool runless = *outcome == ClaimOutcome::Mismatch || *outcome == ClaimOutcome::Paused;
    const auto status = statusText.isEmpty() && runless ? std::optional(core::RunStatus::Processing)
                                                        : core::runStatusFromString(statusText);
    if (!status)
        return Result::failure(unexpectedAnswer(QStringLiteral("claim"), statusText));

    ClaimResult claim;
    claim.outcome = *outcome;
    claim.runId = rows.toInt64(0, "run_id");
    claim.leaseToken = rows.toInt64(0, "lease_token");
    claim.leaseSecret = rows.text(0, "lease_secret");
    claim.status = *status;
    claim.result = rows.toJson(0, "result");
    claim.leaseOwner = rows.text(0, "lease_owner");
    claim.leaseExpiresAt = rows.toDateTime(0, "lease_expires_at");
    claim.attempt = int(rows.toInt64(0, "attempt"));
    claim.lastError = rows.toJson(0, "last_error");
    if (claim.outcome == ClaimOutcome::Paused) {
        claim.pause = pauseHint(claim.result);
        if (!claim.pause)
            return Result::failure(unexpectedAnswer(
                QStringLiteral("claim"),
                tr("paused without a retry-after hint: %1")
                    .arg(QString::fromUtf8(
                        QJsonDocument(QJsonArray{claim.result}).toJson(QJsonDocument::Compact)))));
    }
    return Result::success(std::move(claim));
}

ProtocolResult<QDateTime> RunProtocol::heartbeat(const RunLease &lease,
                                                 std::chrono::milliseconds duration) {
    using Result = ProtocolResult<QDateTime>;
    PgParams params = leaseParams(lease);
    params.add(millis(duration));
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT dedup.heartbeat(p_run_id => $1, p_lease_token => $2,"
                       " p_lease_secret => $3::uuid, p_lease => %1)")
            .arg(leaseArg(4)),
        params);
    if (!rows.ok())
        return Result::failure(rows.error());
    return Result::success(rows.toDateTime(0, 0));
}

ProtocolResult<StepAnswer> RunProtocol::beginStep(const RunLease &lease, const QString &step,
                                                  const QString &downstreamKey) {
    using Result = ProtocolResult<StepAnswer>;
    PgParams params = leaseParams(lease);
    params.add(step).add(downstreamKey);
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT dedup.begin_step(p_run_id => $1, p_lease_token => $2,"
                       " p_lease_secret => $3::uuid, p_step => $4, p_downstream_key => $5)"),
        params);
    if (!rows.ok())
        return Result::failure(rows.error());
    const QString text = rows.text(0, 0);
    const auto answer = stepAnswerFromString(text);
    if (!answer)
        return Result::failure(unexpectedAnswer(QStringLiteral("begin_step"), text));
    return Result::success(*answer);
}

ProtocolStatus RunProtocol::completeStep(const RunLease &lease, const QString &step,
                                         const QString &sideEffectRef) {
    PgParams params = leaseParams(lease);
    params.add(step).add(sideEffectRef);
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT dedup.complete_step(p_run_id => $1, p_lease_token => $2,"
                       " p_lease_secret => $3::uuid, p_step => $4, p_side_effect_ref => $5)"),
        params);
    return rows.ok() ? ProtocolStatus::success({}) : ProtocolStatus::failure(rows.error());
}

ProtocolStatus RunProtocol::failStep(const RunLease &lease, const QString &step,
                                     const StepFailure &failure) {
    PgParams params = leaseParams(lease);
    params.add(step).add(failure.errorClass).add(failure.message).add(failure.uncertain);
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT dedup.fail_step(p_run_id => $1, p_lease_token => $2,"
                       " p_lease_secret => $3::uuid, p_step => $4, p_error_class => $5,"
                       " p_message => $6, p_uncertain => $7::boolean)"),
        params);
    return rows.ok() ? ProtocolStatus::success({}) : ProtocolStatus::failure(rows.error());
}

ProtocolStatus RunProtocol::skipStep(const RunLease &lease, const QString &step,
                                     const QString &reason) {
    PgParams params = leaseParams(lease);
    params.add(step).add(reason);
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT dedup.skip_step(p_run_id => $1, p_lease_token => $2,"
                       " p_lease_secret => $3::uuid, p_step => $4, p_reason => $5)"),
        params);
    return rows.ok() ? ProtocolStatus::success({}) : ProtocolStatus::failure(rows.error());
}

ProtocolStatus RunProtocol::succeed(const RunLease &lease, const QJsonValue &result) {
    PgParams params = leaseParams(lease);
    addJson(params, result);
    const PgResult rows =
        m_conn.execPrepared(QStringLiteral("SELECT dedup.succeed(p_run_id => $1,"
                                           " p_lease_token => $2, p_lease_secret => $3::uuid,"
                                           " p_result => $4::jsonb)"),
                            params);
    return rows.ok() ? ProtocolStatus::success({}) : ProtocolStatus::failure(rows.error());
}

ProtocolResult<core::RunStatus> RunProtocol::fail(const RunLease &lease,
                                                  const RunFailure &failure) {
    using Result = ProtocolResult<core::RunStatus>;
    PgParams params = leaseParams(lease);
    params.add(failure.errorClass).add(failure.message).add(failure.retryable);
    const PgResult rows =
        m_conn.execPrepared(QStringLiteral("SELECT dedup.fail(p_run_id => $1, p_lease_token => $2,"
                                           " p_lease_secret => $3::uuid, p_error_class => $4,"
                                           " p_message => $5, p_retryable => $6::boolean)"),
                            params);
    if (!rows.ok())
        return Result::failure(rows.error());
    const QString text = rows.text(0, 0);
    const auto status = core::runStatusFromString(text);
    if (!status)
        return Result::failure(unexpectedAnswer(QStringLiteral("fail"), text));
    return Result::success(*status);
}

ProtocolResult<std::optional<TakenCommand>>
RunProtocol::takeCommand(const QString &worker, std::chrono::milliseconds lease,
                         const QStringList &workflows) {
    using Result = ProtocolResult<std::optional<TakenCommand>>;
    PgParams params;
    params.add(worker).add(millis(lease));
    if (workflows.isEmpty())
        params.addNull(); // any workflow
    else
        params.add(workflows);
    const PgResult rows = m_conn.execPrepared(
        QStringLiteral("SELECT command_id, run_id, lease_token, lease_expires_at, attempt,"
                       " workflow, workflow_version, scope, idem_key, correlation_id,"
                       " fingerprint, context, from_step, to_json(steps) AS steps,"
                       " rerun_uncertain, lease_secret"
                       " FROM dedup.take_command(p_worker => $1, p_lease => %1,"
                       " p_workflows => $3::text[])")
            .arg(leaseArg(2)),
        params);
    if (!rows.ok())
        return Result::failure(rows.error());
    if (rows.rows() == 0)
        return Result::success(std::nullopt);

    TakenCommand command;
    command.commandId = rows.toInt64(0, "command_id");
    command.runId = rows.toInt64(0, "run_id");
    command.leaseToken = rows.toInt64(0, "lease_token");
    command.leaseSecret = rows.text(0, "lease_secret");
    command.leaseExpiresAt = rows.toDateTime(0, "lease_expires_at");
    command.attempt = int(rows.toInt64(0, "attempt"));
    command.workflow = rows.text(0, "workflow");
    command.workflowVersion = rows.text(0, "workflow_version");
    command.scope = rows.text(0, "scope");
    command.idemKey = rows.text(0, "idem_key");
    command.correlationId = rows.text(0, "correlation_id");
    command.fingerprint = rows.text(0, "fingerprint");
    command.context = rows.toJson(0, "context");
    command.fromStep = rows.text(0, "from_step");
    const QJsonArray steps = rows.toJson(0, "steps").toArray();
    for (const QJsonValue &step : steps)
        command.steps.append(step.toString());
    command.rerunUncertain = rows.toBool(0, "rerun_uncertain");
    return Result::success(std::optional<TakenCommand>(std::move(command)));
}

} // namespace dedup::store
