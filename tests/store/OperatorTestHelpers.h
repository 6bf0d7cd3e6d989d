#pragma once

// Shared by the operator-action, role and audit tests: puts runs into the states an operator
// acts on by calling the SQL worker functions directly (no C++ worker wrapper), reads the
// database back as JSON text for exact comparisons, and calls any op_* by name.

#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/PgResult.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace optest {

using dedup::store::OperatorActions;
using dedup::store::OperatorOutcome;
using dedup::store::OperatorRequest;
using dedup::store::OperatorResult;
using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

// Names for QCOMPARE: the store's and core's toString(enum) return QString, which QTest's
// toString lookup (by ADL) cannot use, so tests compare names: readable failures too.
inline QString name(dedup::store::OperatorOutcomeKind kind) {
    return dedup::store::toString(kind);
}
inline QString name(dedup::core::RunStatus status) {
    return dedup::core::toString(status);
}
inline QString name(dedup::core::StepStatus status) {
    return dedup::core::toString(status);
}
template <typename T>
inline QString name(const std::optional<T> &value) {
    return value ? name(*value) : QStringLiteral("<none>");
}
#define QCOMPARE_NAMED(actual, expected) QCOMPARE(optest::name(actual), optest::name(expected))

// The steps every prepared run declares; "draft" is done, "send" was started without a
// downstream key, "notify" is pending.
inline QStringList defaultSteps() {
    return {QStringLiteral("draft"), QStringLiteral("send"), QStringLiteral("notify")};
}

struct PreparedRun {
    qint64 id = 0;
    qint64 token = 0; // the current lease_token
    QString secret;   // the lease_secret claim returned (proves the lease on worker calls)
    QString error;    // empty on success
};

inline QString failText(const PgResult &result, const char *what) {
    return QStringLiteral("%1: %2").arg(QLatin1String(what), result.error().toString());
}

// States: "processing" (live lease, draft done, send in_progress), "processing_expired" (the
// same with the lease aged), "failed" (retryable failure; send uncertain), "manual_review"
// (retryable failure at max_attempts; send uncertain), "succeeded" (every step done). The
// token is 1.
// `maxAttempts` 0: 1 for manual_review, else 5.
inline PreparedRun prepareRun(PgConnection &su, const QString &state,
                              const QString &key = QStringLiteral("key-1"), int maxAttempts = 0) {
    PreparedRun run;
    if (maxAttempts == 0)
        maxAttempts = state == QLatin1String("manual_review") ? 1 : 5;
    PgParams claim;
    claim.add(key).add(defaultSteps()).add(qint64(maxAttempts));
    const PgResult claimed = su.exec(
        QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret::text AS lease_secret"
                       " FROM dedup.claim(p_scope => 'test',"
                       " p_key => $1, p_workflow => 'wf', p_fingerprint => 'fp',"
                       " p_worker => 'worker-1', p_steps => $2::text[],"
                       " p_max_attempts => $3::int)"),
        claim);
    if (!claimed.ok() || claimed.text(0, "outcome") != QLatin1String("acquired")) {
        run.error = claimed.ok() ? QStringLiteral("claim: ") + claimed.text(0, "outcome")
                                 : failText(claimed, "claim");
        return run;
    }
    run.id = claimed.toInt64(0, "run_id");
    run.token = claimed.toInt64(0, "lease_token");
    run.secret = claimed.text(0, "lease_secret");
    PgParams ids;
    ids.add(run.id).add(run.token).add(run.secret);
    if (state == QLatin1String("succeeded")) {
        // succeed is refused while a step is not done or skipped: settle them all first
        const PgResult done = su.exec(
            QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'draft', 'dk-draft'),"
                           " dedup.complete_step($1, $2, $3::uuid, 'draft', 'ref-draft'),"
                           " dedup.begin_step($1, $2, $3::uuid, 'send', 'dk-send'),"
                           " dedup.complete_step($1, $2, $3::uuid, 'send', 'ref-send'),"
                           " dedup.begin_step($1, $2, $3::uuid, 'notify', 'dk-notify'),"
                           " dedup.complete_step($1, $2, $3::uuid, 'notify', 'ref-notify')"),
            ids);
        if (!done.ok()) {
            run.error = failText(done, "steps");
            return run;
        }
        const PgResult succeeded = su.exec(
            QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{\"status\": 201}'::jsonb)"),
            ids);
        if (!succeeded.ok())
            run.error = failText(succeeded, "succeed");
        return run;
    }
    const PgResult steps =
        su.exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'draft', 'dk-draft'),"
                               " dedup.complete_step($1, $2, $3::uuid, 'draft', 'ref-draft'),"
                               " dedup.begin_step($1, $2, $3::uuid, 'send')"),
                ids);
    if (!steps.ok()) {
        run.error = failText(steps, "steps");
        return run;
    }
    if (state == QLatin1String("processing"))
        return run;
    if (state == QLatin1String("processing_expired")) {
        // The only direct write tests make: age the lease instead of sleeping through it.
        PgParams id;
        id.add(run.id);
        const PgResult aged = su.exec(
            QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - interval '1 minute'"
                           " WHERE id = $1"),
            id);
        if (!aged.ok())
            run.error = failText(aged, "age lease");
        return run;
    }
    const PgResult failed =
        su.exec(QStringLiteral(
                    "SELECT dedup.fail($1, $2, $3::uuid, 'timeout', 'provider timed out', true)"),
                ids);
    if (!failed.ok())
        run.error = failText(failed, "fail");
    else if (failed.text(0, 0) != state)
        run.error = QStringLiteral("fail answered %1, not %2").arg(failed.text(0, 0), state);
    return run;
}

// Every row of the run-side tables (not the audit log) as one JSON text: equal snapshots
// mean nothing changed.
inline QString snapshot(PgConnection &su) {
    const PgResult result = su.exec(QStringLiteral(
        "SELECT json_build_object("
        " 'runs', (SELECT json_agg(r ORDER BY r.id) FROM dedup.runs r),"
        " 'steps', (SELECT json_agg(s ORDER BY s.run_id, s.ordinal) FROM dedup.steps s),"
        " 'events', (SELECT json_agg(e ORDER BY e.run_id, e.id) FROM dedup.events e),"
        " 'commands', (SELECT json_agg(c ORDER BY c.run_id, c.id) FROM dedup.commands c))::text"));
    return result.ok() ? result.text(0, 0) : QStringLiteral("ERROR ") + result.error().toString();
}

// The audit log rows, oldest first, as JSON objects.
inline QJsonArray auditRows(PgConnection &su) {
    const PgResult result = su.exec(
        QStringLiteral("SELECT COALESCE(json_agg(a ORDER BY a.id), '[]') FROM dedup.audit_log a"));
    return result.ok() ? result.toJson(0, 0).toArray() : QJsonArray{};
}

inline qint64 scalar(PgConnection &conn, const QString &sql, const PgParams &params = {}) {
    const PgResult result = conn.exec(sql, params);
    return result.ok() ? result.toInt64(0, 0, -1) : -1;
}

inline QString text(PgConnection &conn, const QString &sql, const PgParams &params = {}) {
    const PgResult result = conn.exec(sql, params);
    return result.ok() ? result.text(0, 0) : QStringLiteral("ERROR ") + result.error().toString();
}

// The run row as JSON (timestamps as text).
inline QJsonObject runRow(PgConnection &su, qint64 runId) {
    PgParams id;
    id.add(runId);
    const PgResult result =
        su.exec(QStringLiteral("SELECT row_to_json(r) FROM dedup.runs r WHERE r.id = $1"), id);
    return result.ok() ? result.toJson(0, 0).toObject() : QJsonObject{};
}

// "draft=done,send=uncertain,notify=pending"
inline QString stepStatuses(PgConnection &su, qint64 runId) {
    PgParams id;
    id.add(runId);
    return text(su,
                QStringLiteral("SELECT string_agg(name || '=' || status, ',' ORDER BY ordinal)"
                               " FROM dedup.steps WHERE run_id = $1"),
                id);
}

// The kinds of the run's events, in order, comma-separated.
inline QString eventKinds(PgConnection &su, qint64 runId) {
    PgParams id;
    id.add(runId);
    return text(su,
                QStringLiteral("SELECT string_agg(kind, ',' ORDER BY id) FROM dedup.events"
                               " WHERE run_id = $1"),
                id);
}

// The state each action applies to, and the step "resolve_step" settles.
inline QString stateFor(const QString &action) {
    if (action == QLatin1String("op_clear_stale_lease"))
        return QStringLiteral("processing_expired");
    if (action == QLatin1String("op_resolve_review") ||
        action == QLatin1String("op_assign_review") || action == QLatin1String("op_review_note"))
        return QStringLiteral("manual_review");
    return QStringLiteral("failed");
}

inline QStringList allActions() {
    return {QStringLiteral("op_clear_stale_lease"),
            QStringLiteral("op_request_continuation"),
            QStringLiteral("op_route_to_review"),
            QStringLiteral("op_resolve_review"),
            QStringLiteral("op_cancel"),
            QStringLiteral("op_assign_review"),
            QStringLiteral("op_review_note"),
            QStringLiteral("op_resolve_step")};
}

// Calls the action named like its SQL function, with typical specifics.
inline OperatorResult<OperatorOutcome> invoke(OperatorActions &actions, const QString &action,
                                              const OperatorRequest &request) {
    using dedup::store::ReviewResolution;
    using dedup::store::StepResolution;
    if (action == QLatin1String("op_clear_stale_lease"))
        return actions.clearStaleLease(request);
    if (action == QLatin1String("op_request_continuation"))
        return actions.requestContinuation(request);
    if (action == QLatin1String("op_route_to_review"))
        return actions.routeToReview(request, QStringLiteral("alice"));
    if (action == QLatin1String("op_resolve_review"))
        return actions.resolveReview(request, ReviewResolution::Cancelled);
    if (action == QLatin1String("op_cancel"))
        return actions.cancel(request);
    if (action == QLatin1String("op_assign_review"))
        return actions.assignReview(request, QStringLiteral("alice"));
    if (action == QLatin1String("op_review_note"))
        return actions.reviewNote(request, QStringLiteral("checked the provider log"));
    Q_ASSERT(action == QLatin1String("op_resolve_step"));
    return actions.resolveStep(request, QStringLiteral("send"), StepResolution::Skipped);
}

// The same action as plain SQL text (for callers that bypass OperatorActions): $1 run id,
// $2 expected token, $3 reason, $4 action key.
inline QString sqlFor(const QString &action) {
    QString extra;
    if (action == QLatin1String("op_route_to_review") ||
        action == QLatin1String("op_assign_review"))
        extra = QStringLiteral(", p_assignee => 'alice'");
    else if (action == QLatin1String("op_resolve_review"))
        extra = QStringLiteral(", p_resolution => 'cancelled'");
    else if (action == QLatin1String("op_review_note"))
        extra = QStringLiteral(", p_note => 'checked'");
    else if (action == QLatin1String("op_resolve_step"))
        extra = QStringLiteral(", p_step => 'send', p_resolution => 'skipped'");
    return QStringLiteral("SELECT * FROM dedup.%1(p_run_id => $1::bigint,"
                          " p_expected_token => $2::bigint, p_reason => $3::text,"
                          " p_action_key => $4::text%2)")
        .arg(action, extra);
}

inline OperatorRequest request(const PreparedRun &run, const QString &key,
                               const QString &reason = QStringLiteral("operator test")) {
    OperatorRequest r;
    r.runId = run.id;
    r.expectedToken = run.token;
    r.reason = reason;
    r.actionKey = key;
    return r;
}

} // namespace optest
