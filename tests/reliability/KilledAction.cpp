#include "KilledAction.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

using namespace dedup;
using store::OperatorActions;
using store::OperatorOutcome;
using store::OperatorRequest;
using store::OperatorResult;
using store::PgConnection;
using store::PgParams;

KilledAction::Spec KilledAction::spec(Kind kind) {
    switch (kind) {
    case Kind::ClearStaleLease:
        return {"op_clear_stale_lease", "lease_cleared", "r.status = 'failed'", 1};
    case Kind::Cancel:
        return {"op_cancel", "cancelled", "r.status = 'cancelled'", 1};
    case Kind::RouteToReview:
        return {"op_route_to_review", "routed_to_review", "r.status = 'manual_review'", 1};
    case Kind::RequestContinuation:
        return {"op_request_continuation", "continuation_requested",
                "EXISTS (SELECT 1 FROM dedup.commands c WHERE c.run_id = r.id AND "
                "c.action_key = $2 AND c.status = 'pending')",
                1};
    case Kind::ResolveReview:
        return {"op_resolve_review", "resolved", "r.status = 'succeeded'", 1};
    }
    return {"?", "?", "false", 0};
}

OperatorResult<OperatorOutcome> KilledAction::call(OperatorActions &actions, Kind kind,
                                                   const OperatorRequest &request) {
    switch (kind) {
    case Kind::ClearStaleLease:
        return actions.clearStaleLease(request);
    case Kind::Cancel:
        return actions.cancel(request);
    case Kind::RouteToReview:
        return actions.routeToReview(request);
    case Kind::RequestContinuation:
        return actions.requestContinuation(request);
    case Kind::ResolveReview:
        return actions.resolveReview(request, store::ReviewResolution::Succeeded);
    }
    return actions.cancel(request);
}

KilledAction KilledAction::read(PgConnection &owner, Kind kind, qint64 runId, const QString &key) {
    const Spec s = spec(kind);
    PgParams params;
    params.add(runId).add(key).add(QString::fromLatin1(s.event));
    // The effect expression is this file's code, never data; the data are $1..$3.
    const auto result = owner.exec(
        QStringLiteral("SELECT (%1), r.lease_token,"
                       " (SELECT count(*) FROM dedup.audit_log a WHERE a.action_key = $2),"
                       " (SELECT count(*) FROM dedup.audit_log a WHERE a.action_key = $2"
                       "   AND a.outcome = 'applied'),"
                       " (SELECT count(*) FROM dedup.events e WHERE e.run_id = $1 AND e.kind = $3)"
                       " FROM dedup.runs r WHERE r.id = $1")
            .arg(QLatin1String(s.effect)),
        params);
    KilledAction t;
    if (!result.ok() || result.rows() != 1) {
        t.error =
            result.ok() ? QStringLiteral("run %1 not found").arg(runId) : result.error().toString();
        return t;
    }
    t.effect = result.toBool(0, 0);
    t.token = result.toInt64(0, 1);
    t.auditRows = result.toInt64(0, 2);
    t.auditApplied = result.toInt64(0, 3);
    t.events = result.toInt64(0, 4);
    return t;
}

QString KilledAction::toString() const {
    if (!error.isEmpty())
        return error;
    return QStringLiteral("effect %1, token %2, audit rows %3, events %4")
        .arg(effect ? QStringLiteral("yes") : QStringLiteral("no"))
        .arg(token)
        .arg(auditRows)
        .arg(events);
}
