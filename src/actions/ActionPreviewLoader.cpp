#include "actions/ActionPreviewLoader.h"

#include "store/ActionPreviewQueries.h"
#include "store/ContinuationStep.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

#include <QJsonObject>

namespace dedup::actions {

using store::PgError;
using store::PgResult;

ActionPreviewLoader::ActionPreviewLoader(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-preview")) {
    qRegisterMetaType<ActionPreview>();
    connect(&m_runner, &lanes::QueryRunner::finished, this, [this](int id, const QVariant &value) {
        emit loaded(id, value.value<ActionPreview>());
    });
    connect(&m_runner, &lanes::QueryRunner::failed, this,
            [this](int id, const QString &message, lanes::Failure) { emit failed(id, message); });
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
    // The SQL and why it reads through the redacted functions: store::ActionPreviewQueries.
    const store::RunQuery runQuery = store::ActionPreviewQueries::run(request.runId);
    const PgResult run = conn.exec(runQuery.sql, runQuery.params);
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

        const store::RunQuery stepQuery =
            store::ActionPreviewQueries::steps(request.runId, request.rerunUncertain);
        const PgResult steps = conn.exec(stepQuery.sql, stepQuery.params);
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
            step.startedAt = steps.toDateTime(row, "started_at");
            preview.steps.append(step);
        }
    }
    if (!tx.commit(error))
        return std::nullopt;
    preview.evaluate();
    return preview;
}

} // namespace dedup::actions
