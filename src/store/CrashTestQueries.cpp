#include "store/CrashTestQueries.h"

#include "store/PgConnection.h"

namespace dedup::store {

std::optional<CrashTestKill> CrashTestQueries::killed(const QString &owner, const QString &label,
                                                      PgError *error) {
    PgParams params;
    params.add(owner);
    params.add(label);
    // A step in progress whose provider already recorded a side effect for the intent since
    // the step began: the kill fell between the provider's commit and complete_step.
    const PgResult result = m_conn.exec(
        QStringLiteral("SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "
                       "sim.ledger l WHERE l.label = $2 AND l.intent = r.context->>'intent' "
                       "AND l.at >= s.started_at)) FROM dedup.steps s JOIN dedup.runs r ON "
                       "r.id = s.run_id WHERE r.lease_owner = $1 AND r.status = "
                       "'processing' AND s.status = 'in_progress'"),
        params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    CrashTestKill kill;
    kill.midStep = result.toInt64(0, 0) > 0;
    kill.afterCommit = result.toInt64(0, 1) > 0;
    return kill;
}

std::optional<CrashTestOutcome> CrashTestQueries::outcome(const QString &scopePrefix,
                                                          PgError *error) {
    PgParams params;
    params.add(scopePrefix);
    // A failed run without last_error.retryable counts as retryable, as the protocol does.
    const PgResult result = m_conn.exec(
        QStringLiteral(
            "SELECT count(*),"
            " count(*) FILTER (WHERE status = 'succeeded'),"
            " count(*) FILTER (WHERE status = 'manual_review'),"
            " count(*) FILTER (WHERE status = 'manual_review' AND EXISTS (SELECT 1 FROM "
            "  dedup.steps s WHERE s.run_id = r.id AND s.status IN ('in_progress', 'uncertain'))),"
            " count(*) FILTER (WHERE status = 'failed' AND "
            "  NOT COALESCE((last_error->>'retryable')::boolean, true)),"
            " count(*) FILTER (WHERE status = 'processing' OR (status = 'failed' AND "
            "  COALESCE((last_error->>'retryable')::boolean, true)))"
            " FROM dedup.runs r WHERE starts_with(scope, $1)"),
        params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    CrashTestOutcome outcome;
    outcome.runs = result.toInt64(0, 0);
    outcome.succeeded = result.toInt64(0, 1);
    outcome.manualReview = result.toInt64(0, 2);
    outcome.manualReviewUncertain = result.toInt64(0, 3);
    outcome.failedFinal = result.toInt64(0, 4);
    outcome.unfinished = result.toInt64(0, 5);
    return outcome;
}

} // namespace dedup::store
