#include "store/StuckQueries.h"

#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

namespace dedup::store {

namespace {

// $1: the threshold in milliseconds, NULL when off (then the age test is NULL, never true).
const QString kStuck =
    QStringLiteral("r.status = 'processing'"
                   " AND (r.lease_expires_at <= now()"
                   "      OR r.updated_at <= now() - $1::bigint * interval '1 millisecond')");

void addThreshold(PgParams &params, std::chrono::milliseconds threshold) {
    if (threshold.count() > 0)
        params.add(qint64(threshold.count()));
    else
        params.addNull();
}

} // namespace

RunQuery StuckQueries::list(std::chrono::milliseconds threshold, int limit) {
    // Two disjoint ranges of runs_stale_lease_idx, each read in index order and cut at the
    // limit, merged in order (Merge Append): no plan for it needs a sort, whatever the
    // statistics say. An OR of both conditions lets the planner choose a bitmap scan and
    // sort every match when it underestimates them (measured: 1,000 stuck runs sorted for a
    // page of 500).
    const QString columns = QStringLiteral(
        "r.id, r.scope, r.idem_key, r.workflow, r.correlation_id, r.attempt, r.max_attempts,"
        " r.lease_owner, r.lease_token, r.lease_expires_at, r.heartbeat_at, r.created_at,"
        " r.updated_at, r.lease_expires_at <= now() AS lease_expired,"
        " COALESCE(r.updated_at <= now() - $1::bigint * interval '1 millisecond', false)"
        " AS too_old,"
        " (extract(epoch FROM r.lease_expires_at) * 1000000)::bigint AS lease_us,"
        " (extract(epoch FROM r.updated_at) * 1000000)::bigint AS updated_us,"
        " now() AS server_now, (extract(epoch FROM now()) * 1000000)::bigint AS now_us");
    //
    // The expired leases are picked by id first, from the index alone (it includes id,
    // workflow and scope since 0012_restricted_reads.sql), and only those rows are read:
    // under row-level security the policy then rejects other scopes' runs from the index
    // instead of from their rows (docs/PERFORMANCE.md, "A scope-limited operator").
    //
    // The keys and correlation ids are protected (0016_protected_columns.sql): the rows are
    // read through dedup.runs_redacted, which hashes them for every login but the owner.
    const QString picked = QStringLiteral("r.id, r.lease_expires_at");
    RunQuery query;
    query.sql = QStringLiteral("SELECT ") + columns +
                QStringLiteral(" FROM dedup.runs_redacted(ARRAY(SELECT p.id FROM (") +
                QStringLiteral("SELECT * FROM ((SELECT ") + picked +
                QStringLiteral(" FROM dedup.runs r WHERE r.id = ANY (ARRAY("
                               "SELECT x.id FROM dedup.runs x WHERE x.status = 'processing'"
                               " AND x.lease_expires_at <= now()"
                               " ORDER BY x.lease_expires_at LIMIT $2))"
                               " AND r.status = 'processing' AND r.lease_expires_at <= now()"
                               " ORDER BY r.lease_expires_at LIMIT $2)"
                               " UNION ALL (SELECT ") +
                picked +
                QStringLiteral(" FROM dedup.runs r WHERE r.status = 'processing'"
                               " AND r.lease_expires_at > now()"
                               " AND r.updated_at <= now() - $1::bigint * interval '1 millisecond'"
                               " ORDER BY r.lease_expires_at LIMIT $2)) s"
                               " ORDER BY s.lease_expires_at LIMIT $2) p), false) r"
                               " ORDER BY r.lease_expires_at, r.id");
    addThreshold(query.params, threshold);
    query.params.add(qint64(qMax(0, limit)) + 1);
    return query;
}

RunQuery StuckQueries::cappedCount(std::chrono::milliseconds threshold, qint64 cap) {
    // No ORDER BY: any cap + 1 matches will do, and without an order the planner reads the
    // processing runs through the partial index with no sort at all.
    RunQuery query;
    query.sql = QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM dedup.runs r WHERE ") + kStuck +
                QStringLiteral(" LIMIT $2) c");
    addThreshold(query.params, threshold);
    query.params.add(qMax<qint64>(0, cap) + 1);
    return query;
}

QList<StuckRun> StuckQueries::readRuns(const PgResult &result, int limit, bool *more) {
    QList<StuckRun> rows;
    *more = false;
    if (!result.ok())
        return rows;
    for (int i = 0; i < result.rows(); ++i) {
        if (i == limit) {
            *more = true;
            break;
        }
        StuckRun r;
        r.id = result.toInt64(i, "id");
        r.scope = result.text(i, "scope");
        r.idemKey = result.text(i, "idem_key");
        r.workflow = result.text(i, "workflow");
        r.correlationId = result.text(i, "correlation_id");
        r.attempt = int(result.toInt64(i, "attempt"));
        r.maxAttempts = int(result.toInt64(i, "max_attempts"));
        r.leaseOwner = result.text(i, "lease_owner");
        r.leaseToken = result.toInt64(i, "lease_token");
        r.leaseExpiresAt = result.toDateTime(i, "lease_expires_at");
        r.heartbeatAt = result.toDateTime(i, "heartbeat_at");
        r.createdAt = result.toDateTime(i, "created_at");
        r.updatedAt = result.toDateTime(i, "updated_at");
        r.leaseExpired = result.toBool(i, "lease_expired");
        r.tooOld = result.toBool(i, "too_old");
        r.leaseExpiresAtMicros = result.toInt64(i, "lease_us");
        r.updatedAtMicros = result.toInt64(i, "updated_us");
        rows.append(std::move(r));
    }
    return rows;
}

std::optional<StuckSnapshot> StuckQueries::read(PgConnection &connection,
                                                std::chrono::milliseconds threshold, int limit,
                                                qint64 countCap, PgError *error) {
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    StuckSnapshot snapshot;
    snapshot.threshold = threshold.count() > 0 ? threshold : std::chrono::milliseconds(0);
    const RunQuery listQuery = list(threshold, limit);
    const PgResult rows = connection.exec(listQuery.sql, listQuery.params);
    if (!rows.ok()) {
        *error = rows.error();
        return std::nullopt;
    }
    snapshot.runs = readRuns(rows, limit, &snapshot.more);
    if (!snapshot.more) {
        // The whole list fits: it is the count (no second statement).
        snapshot.count = RunQueries::makeCount(snapshot.runs.size(), countCap, -1);
    } else {
        const RunQuery countQuery = cappedCount(threshold, countCap);
        const PgResult counted = connection.exec(countQuery.sql, countQuery.params);
        if (!counted.ok()) {
            *error = counted.error();
            return std::nullopt;
        }
        snapshot.count = RunQueries::makeCount(counted.toInt64(0, 0), countCap, -1);
    }
    // now() is the transaction's start, the same instant the list and the count compared
    // with; in microseconds too, so ages in whole seconds floor exactly as the server would.
    // Every row carries it; only an empty list needs a statement to ask for it.
    if (rows.rows() > 0) {
        snapshot.serverNow = rows.toDateTime(0, "server_now");
        snapshot.serverNowMicros = rows.toInt64(0, "now_us");
    } else {
        const PgResult now = connection.exec(
            QStringLiteral("SELECT now(), (extract(epoch FROM now()) * 1000000)::bigint"));
        if (!now.ok()) {
            *error = now.error();
            return std::nullopt;
        }
        snapshot.serverNow = now.toDateTime(0, 0);
        snapshot.serverNowMicros = now.toInt64(0, 1);
    }
    if (!tx.commit(error))
        return std::nullopt;
    return snapshot;
}

} // namespace dedup::store
