#include "models/ActionPreviewLoader.h"

#include "store/ContinuationStep.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

#include <QJsonObject>

namespace dedup::models {

using store::PgError;
using store::PgResult;

ActionPreviewLoader::ActionPreviewLoader(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-preview")) {
    qRegisterMetaType<ActionPreview>();
    connect(&m_runner, &QueryRunner::finished, this, [this](int id, const QVariant &value) {
        emit loaded(id, value.value<ActionPreview>());
    });
    connect(
        &m_runner, &QueryRunner::failed, this,
        [this](int id, const QString &message, QueryRunner::Failure) { emit failed(id, message); });
}

ActionPreviewLoader::~ActionPreviewLoader() = default;

int ActionPreviewLoader::load(const PreviewRequest &request) {
    return m_runner.submit([request](store::PgConnection &conn, PgError *error) {
        const auto preview = read(conn, request, error);
        return preview ? QVariant::fromValue(*preview) : QVariant();
    });
}

std::optional<ActionPreview> ActionPreviewLoader::read(store::PgConnection &conn,
                                                       const PreviewRequest &request,
                                                       PgError *error) {
    store::ReadTransaction tx(conn);
    if (!tx.begin(error))
        return std::nullopt;
    store::PgParams id;
    id.add(request.runId);
    // The run through dedup.runs_redacted (0016_protected_columns.sql): its key and review
    // reason are keyed hashes for any login but the owner, and a run the login may not read
    // is not found, as under the runs policy. lease_expired is the server's verdict (its
    // clock), the same test op_clear_stale_lease makes; commands_one_pending_per_run answers
    // the pending command.
    const PgResult run = conn.exec(
        QStringLiteral(
            "SELECT r.status, r.lease_token,"
            " COALESCE(r.lease_expires_at <= now(), false) AS lease_expired,"
            " r.lease_owner, r.lease_expires_at, r.attempt, r.max_attempts, r.workflow,"
            " r.scope, r.idem_key, r.review_reason, r.review_assignee, now() AS server_now,"
            " r.updated_at,"
            " (SELECT c.id FROM dedup.commands c"
            "   WHERE c.run_id = r.id AND c.status = 'pending') AS pending_command"
            " FROM dedup.runs_redacted(ARRAY[$1::bigint], false) r"),
        id);
    if (!run.ok()) {
        *error = run.error();
        return std::nullopt;
    }
    ActionPreview preview;
    preview.request = request;
    preview.found = run.rows() == 1;
    if (preview.found) {
        preview.statusName = run.text(0, "status");
        // An unknown status (a newer schema) reads as cancelled: nothing applies to it.
        const auto status = core::runStatusFromString(preview.statusName);
        preview.status = status.value_or(core::RunStatus::Cancelled);
        preview.leaseToken = run.toInt64(0, "lease_token");
        preview.leaseExpired = run.toBool(0, "lease_expired");
        preview.leaseOwner = run.text(0, "lease_owner");
        preview.leaseExpiresAt = run.toDateTime(0, "lease_expires_at");
        preview.attempt = int(run.toInt64(0, "attempt"));
        preview.maxAttempts = int(run.toInt64(0, "max_attempts"));
        preview.workflow = run.text(0, "workflow");
        preview.scope = run.text(0, "scope");
        preview.idemKey = run.text(0, "idem_key");
        preview.reviewReason = run.text(0, "review_reason");
        preview.reviewAssignee = run.text(0, "review_assignee");
        preview.serverNow = run.toDateTime(0, "server_now");
        preview.updatedAt = run.toDateTime(0, "updated_at");
        if (!run.isNull(0, "pending_command"))
            preview.pendingCommandId = run.toInt64(0, "pending_command");

        // The steps through dedup.steps_redacted (keys, references and error messages are
        // hashes; a NULL downstream key stays NULL), with what a continuation would do with
        // each: continuation_preview's rule (0003_operator_actions.sql), which reads the raw
        // columns and so is not the operator's to call since 0016.
        store::PgParams stepParams;
        stepParams.add(request.runId).add(request.rerunUncertain);
        const PgResult steps = conn.exec(
            QStringLiteral("SELECT s.name, s.ordinal, s.status,"
                           " CASE WHEN s.status IN ('done', 'skipped') THEN 'skip'"
                           "  WHEN s.status IN ('pending', 'failed') THEN 'run'"
                           "  WHEN s.downstream_key IS NOT NULL THEN 'run'"
                           "  WHEN $2::boolean THEN 'run'"
                           "  ELSE 'uncertain' END AS will,"
                           " s.downstream_key, s.side_effect_ref, s.attempts, s.error"
                           " FROM dedup.steps_redacted(ARRAY[$1::bigint]) s ORDER BY s.ordinal"),
            stepParams);
        if (!steps.ok()) {
            *error = steps.error();
            return std::nullopt;
        }
        for (int row = 0; row < steps.rows(); ++row) {
            PreviewStep step;
            step.name = steps.text(row, "name");
            step.ordinal = int(steps.toInt64(row, "ordinal"));
            step.status = steps.text(row, "status");
            const QString will = steps.text(row, "will");
            // Like OperatorActions::continuationPreview: only "run" and "skip" are promises.
            step.will = will == QLatin1String("run")    ? store::StepWill::Run
                        : will == QLatin1String("skip") ? store::StepWill::Skip
                                                        : store::StepWill::Uncertain;
            step.downstreamKey = steps.text(row, "downstream_key");
            step.sideEffectRef = steps.text(row, "side_effect_ref");
            step.attempts = int(steps.toInt64(row, "attempts"));
            const QJsonObject stepError = steps.toJson(row, "error").toObject();
            step.errorClass = stepError.value(QLatin1String("class")).toString();
            step.errorMessage = stepError.value(QLatin1String("message")).toString();
            preview.steps.append(step);
        }
    }
    if (!tx.commit(error))
        return std::nullopt;
    preview.evaluate();
    return preview;
}

} // namespace dedup::models
