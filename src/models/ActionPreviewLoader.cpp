#include "models/ActionPreviewLoader.h"

#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

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
    // lease_expired is the server's verdict (its clock), the same test op_clear_stale_lease
    // makes; commands_one_pending_per_run answers the pending command.
    const PgResult run = conn.exec(
        QStringLiteral(
            "SELECT r.status, r.lease_token,"
            " COALESCE(r.lease_expires_at <= now(), false) AS lease_expired,"
            " r.lease_owner, r.lease_expires_at, r.attempt, r.max_attempts, r.workflow,"
            " r.scope, r.idem_key, r.review_reason, r.review_assignee, now() AS server_now,"
            " r.updated_at,"
            " (SELECT c.id FROM dedup.commands c"
            "   WHERE c.run_id = r.id AND c.status = 'pending') AS pending_command"
            " FROM dedup.runs r WHERE r.id = $1"),
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

        store::OperatorActions actions(conn);
        const auto steps = actions.continuationPreview(request.runId, request.rerunUncertain);
        if (!steps.ok()) {
            *error = steps.error();
            return std::nullopt;
        }
        for (const store::ContinuationStep &s : steps.value()) {
            PreviewStep step;
            step.name = s.name;
            step.ordinal = s.ordinal;
            step.status = s.statusText;
            step.will = s.will;
            step.downstreamKey = s.downstreamKey;
            step.sideEffectRef = s.sideEffectRef;
            step.attempts = s.attempts;
            step.errorClass = s.error.value(QLatin1String("class")).toString();
            step.errorMessage = s.error.value(QLatin1String("message")).toString();
            preview.steps.append(step);
        }
    }
    if (!tx.commit(error))
        return std::nullopt;
    preview.evaluate();
    return preview;
}

} // namespace dedup::models
