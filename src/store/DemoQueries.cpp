#include "store/DemoQueries.h"

#include "store/PgConnection.h"

namespace dedup::store {

std::optional<DemoRunCounts> DemoQueries::runCounts(PgError *error) {
    const PgResult runs = m_conn.exec(QStringLiteral(
        "SELECT count(*),"
        " count(*) FILTER (WHERE status = 'succeeded'),"
        " count(*) FILTER (WHERE status = 'failed'),"
        " count(*) FILTER (WHERE status = 'manual_review'),"
        " count(*) FILTER (WHERE status = 'processing' AND lease_expires_at <= now()),"
        " count(*) FILTER (WHERE status = 'processing' AND lease_expires_at > now())"
        " FROM dedup.runs"));
    if (!runs.ok() || runs.rows() != 1) {
        *error = runs.error();
        return std::nullopt;
    }
    DemoRunCounts counts;
    counts.total = runs.toInt64(0, 0);
    counts.succeeded = runs.toInt64(0, 1);
    counts.failed = runs.toInt64(0, 2);
    counts.manualReview = runs.toInt64(0, 3);
    counts.stuck = runs.toInt64(0, 4);
    counts.processing = runs.toInt64(0, 5);
    return counts;
}

} // namespace dedup::store
