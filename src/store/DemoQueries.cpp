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

std::optional<DemoQueries::StoreFacts> DemoQueries::storeFacts(PgError *error) {
    const PgResult who = m_conn.exec(
        QStringLiteral("SELECT current_user, current_setting('server_version_num')::int,"
                       " (SELECT max(version) FROM dedup.schema_migrations)"));
    if (!who.ok() || who.rows() != 1) {
        *error = who.error();
        return std::nullopt;
    }
    StoreFacts facts;
    facts.currentUser = who.text(0, 0);
    facts.serverVersion = int(who.toInt64(0, 1));
    facts.schemaVersion = int(who.toInt64(0, 2));
    return facts;
}

} // namespace dedup::store
