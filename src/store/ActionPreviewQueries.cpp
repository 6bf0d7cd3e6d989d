#include "store/ActionPreviewQueries.h"

namespace dedup::store {

RunQuery ActionPreviewQueries::run(qint64 runId) {
    RunQuery query;
    query.sql = QStringLiteral(
        "SELECT r.status, r.lease_token,"
        " COALESCE(r.lease_expires_at <= now(), false) AS lease_expired,"
        " r.lease_owner, r.lease_expires_at, r.attempt, r.max_attempts, r.workflow,"
        " r.scope, r.idem_key, r.review_reason, r.review_assignee, now() AS server_now,"
        " r.updated_at,"
        " (SELECT c.id FROM dedup.commands c"
        "   WHERE c.run_id = r.id AND c.status = 'pending') AS pending_command"
        " FROM dedup.runs_redacted(ARRAY[$1::bigint], false) r");
    query.params.add(runId);
    return query;
}

RunQuery ActionPreviewQueries::steps(qint64 runId, bool rerunUncertain) {
    RunQuery query;
    // A NULL downstream key stays NULL through steps_redacted, so the rule can test it.
    query.sql =
        QStringLiteral("SELECT s.name, s.ordinal, s.status,"
                       " CASE WHEN s.status IN ('done', 'skipped') THEN 'skip'"
                       "  WHEN s.status IN ('pending', 'failed') THEN 'run'"
                       "  WHEN s.downstream_key IS NOT NULL THEN 'run'"
                       "  WHEN $2::boolean THEN 'run'"
                       "  ELSE 'uncertain' END AS will,"
                       " s.downstream_key, s.side_effect_ref, s.attempts, s.error, s.started_at"
                       " FROM dedup.steps_redacted(ARRAY[$1::bigint]) s ORDER BY s.ordinal");
    query.params.add(runId).add(rerunUncertain);
    return query;
}

} // namespace dedup::store
