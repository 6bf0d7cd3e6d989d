#include "store/PurgeQueries.h"

#include "store/PgConnection.h"

namespace dedup::store {

namespace {

PurgeCounts readCounts(const PgResult &result) {
    PurgeCounts counts;
    counts.deleted = result.toInt64(0, "deleted");
    counts.succeeded = result.toInt64(0, "succeeded");
    counts.failed = result.toInt64(0, "failed");
    counts.cancelled = result.toInt64(0, "cancelled");
    return counts;
}

} // namespace

std::optional<PurgeCounts> PurgeQueries::purgeBatch(int batch, PgError *error) {
    PgParams params;
    params.add(batch);
    const PgResult result =
        m_conn.exec(QStringLiteral("SELECT deleted, succeeded, failed, cancelled"
                                   " FROM dedup.purge_expired(p_batch => $1::integer)"),
                    params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    return readCounts(result);
}

std::optional<PurgeCounts> PurgeQueries::countExpired(PgError *error) {
    // The same predicate as purge_expired(); expires_at <= now() lets the planner use the
    // partial index runs_purge_idx (expires_at) WHERE expires_at IS NOT NULL.
    const PgResult result = m_conn.exec(QStringLiteral(
        "SELECT count(*) AS deleted,"
        " count(*) FILTER (WHERE status = 'succeeded') AS succeeded,"
        " count(*) FILTER (WHERE status = 'failed') AS failed,"
        " count(*) FILTER (WHERE status = 'cancelled') AS cancelled"
        " FROM dedup.runs"
        " WHERE expires_at <= now() AND status IN ('succeeded', 'failed', 'cancelled')"));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    return readCounts(result);
}

} // namespace dedup::store
