#include "store/CorrelationQueries.h"

#include "store/PgConnection.h"

namespace dedup::store {

RunQuery CorrelationQueries::runs(const QString &correlationId, int limit, qint64 ofRun) {
    RunQuery query;
    // server_now on every row: one statement, one snapshot, no second round trip.
    query.sql = QStringLiteral(
        "SELECT r.id, r.scope, r.idem_key, r.workflow, r.workflow_version, r.status,"
        " r.attempt, r.max_attempts, r.lease_owner, r.lease_token, r.lease_expires_at,"
        " COALESCE(r.lease_expires_at <= now(), false) AS lease_expired,"
        " r.created_at, r.updated_at, r.finished_at,"
        " r.last_error->>'class' AS last_error_class, r.review_reason,"
        " (extract(epoch FROM r.created_at) * 1000000)::bigint AS created_us,"
        " s.total, s.done, s.failed, s.uncertain, s.skipped, s.in_progress, s.pending,"
        " now() AS server_now"
        // The correlation id and the keys are protected (0016_protected_columns.sql): the
        // store finds the correlation's runs, the oldest $2 are picked by id under the
        // login's row-level security, and dedup.runs_redacted reads them (hashed for every
        // login but the owner).
        " FROM dedup.runs_redacted(ARRAY("
        "   SELECT c.id FROM dedup.runs c"
        "    WHERE c.id = ANY (ARRAY(SELECT %1))"
        "    ORDER BY c.created_at, c.id LIMIT $2), false) r"
        " CROSS JOIN LATERAL ("
        "   SELECT count(*) AS total,"
        "          count(*) FILTER (WHERE x.status = 'done') AS done,"
        "          count(*) FILTER (WHERE x.status = 'failed') AS failed,"
        "          count(*) FILTER (WHERE x.status = 'uncertain') AS uncertain,"
        "          count(*) FILTER (WHERE x.status = 'skipped') AS skipped,"
        "          count(*) FILTER (WHERE x.status = 'in_progress') AS in_progress,"
        "          count(*) FILTER (WHERE x.status = 'pending') AS pending"
        "   FROM dedup.steps x WHERE x.run_id = r.id) s"
        " ORDER BY r.created_at, r.id");
    query.sql =
        query.sql.arg(ofRun > 0 ? QStringLiteral("dedup.run_ids_by_correlation_of($1::bigint)")
                                : QStringLiteral("dedup.run_ids_by_correlation($1)"));
    if (ofRun > 0)
        query.params.add(ofRun);
    else
        query.params.add(correlationId);
    query.params.add(qint64(qMax(0, limit)) + 1);
    return query;
}

QList<CorrelatedRun> CorrelationQueries::readRuns(const PgResult &result, int limit, bool *more) {
    QList<CorrelatedRun> rows;
    *more = false;
    if (!result.ok())
        return rows;
    for (int i = 0; i < result.rows(); ++i) {
        if (i == limit) {
            *more = true;
            break;
        }
        CorrelatedRun r;
        r.id = result.toInt64(i, "id");
        r.scope = result.text(i, "scope");
        r.idemKey = result.text(i, "idem_key");
        r.workflow = result.text(i, "workflow");
        r.workflowVersion = result.text(i, "workflow_version");
        r.statusName = result.text(i, "status");
        r.status = core::runStatusFromString(r.statusName).value_or(core::RunStatus::Processing);
        r.attempt = int(result.toInt64(i, "attempt"));
        r.maxAttempts = int(result.toInt64(i, "max_attempts"));
        r.leaseOwner = result.text(i, "lease_owner");
        r.leaseToken = result.toInt64(i, "lease_token");
        r.leaseExpiresAt = result.toDateTime(i, "lease_expires_at");
        r.leaseExpired = result.toBool(i, "lease_expired");
        r.createdAt = result.toDateTime(i, "created_at");
        r.updatedAt = result.toDateTime(i, "updated_at");
        r.finishedAt = result.toDateTime(i, "finished_at");
        r.lastErrorClass = result.text(i, "last_error_class");
        r.reviewReason = result.text(i, "review_reason");
        r.createdAtMicros = result.toInt64(i, "created_us");
        r.stepsTotal = int(result.toInt64(i, "total"));
        r.stepsDone = int(result.toInt64(i, "done"));
        r.stepsFailed = int(result.toInt64(i, "failed"));
        r.stepsUncertain = int(result.toInt64(i, "uncertain"));
        r.stepsSkipped = int(result.toInt64(i, "skipped"));
        r.stepsInProgress = int(result.toInt64(i, "in_progress"));
        r.stepsPending = int(result.toInt64(i, "pending"));
        rows.append(std::move(r));
    }
    return rows;
}

std::optional<CorrelationSnapshot> CorrelationQueries::read(PgConnection &connection,
                                                            const QString &correlationId, int limit,
                                                            PgError *error, qint64 ofRun) {
    const RunQuery query = runs(correlationId, limit, ofRun);
    const PgResult result = connection.exec(query.sql, query.params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    CorrelationSnapshot snapshot;
    snapshot.correlationId = correlationId;
    snapshot.runs = readRuns(result, limit, &snapshot.more);
    if (result.rows() > 0) {
        snapshot.serverNow = result.toDateTime(0, "server_now");
    } else {
        const PgResult now = connection.exec(QStringLiteral("SELECT now()"));
        if (!now.ok()) {
            *error = now.error();
            return std::nullopt;
        }
        snapshot.serverNow = now.toDateTime(0, 0);
    }
    return snapshot;
}

} // namespace dedup::store
