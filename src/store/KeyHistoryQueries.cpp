#include "store/KeyHistoryQueries.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/PgResult.h"
#include "store/ReadTransaction.h"

#include <algorithm>

namespace dedup::store {

std::optional<KeyHistory> KeyHistoryQueries::read(PgConnection &connection, qint64 runId, int limit,
                                                  PgError *error) {
    const auto exec = [&](const QString &sql, const PgParams &params, PgResult *result) {
        *result = connection.exec(sql, params);
        if (!result->ok() && error)
            *error = result->error();
        return result->ok();
    };
    // Status and counts match the deliveries listed: one snapshot.
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    KeyHistory history;
    history.runId = runId;
    PgResult result;
    // scope, workflow and status are not protected: the row-level security alone decides.
    if (!exec(QStringLiteral("SELECT now() AS server_now, r.status, r.workflow, r.scope"
                             " FROM (SELECT 1) one"
                             " LEFT JOIN dedup.runs r ON r.id = $1::bigint"),
              PgParams().add(runId), &result))
        return std::nullopt;
    history.serverNow = result.toDateTime(0, "server_now");
    history.found = !result.isNull(0, "status");
    if (history.found) {
        history.status = result.text(0, "status");
        history.workflow = result.text(0, "workflow");
        history.scope = result.text(0, "scope");
        if (!exec(QStringLiteral("SELECT outcome, deliveries, first_at, last_at"
                                 " FROM dedup.key_history_counts($1::bigint)"),
                  PgParams().add(runId), &result))
            return std::nullopt;
        for (int row = 0; row < result.rows(); ++row) {
            const auto outcome = core::deliveryOutcomeFromString(result.text(row, "outcome"));
            if (!outcome)
                continue; // a name this build does not know: counted by a newer store
            history.counts << KeyDeliveryCount{*outcome, result.toInt64(row, "deliveries"),
                                               result.toDateTime(row, "first_at"),
                                               result.toDateTime(row, "last_at")};
        }
        if (!exec(QStringLiteral("SELECT at, outcome, worker, login, attempt, via, lease_owner"
                                 " FROM dedup.key_history($1::bigint, $2::integer)"),
                  PgParams().add(runId).add(std::clamp(limit, 0, MaxLimit)), &result))
            return std::nullopt;
        for (int row = 0; row < result.rows(); ++row) {
            const auto outcome = core::deliveryOutcomeFromString(result.text(row, "outcome"));
            if (!outcome)
                continue;
            KeyDelivery delivery;
            delivery.at = result.toDateTime(row, "at");
            delivery.outcome = *outcome;
            delivery.worker = result.text(row, "worker");
            delivery.login = result.text(row, "login");
            delivery.attempt = static_cast<int>(result.toInt64(row, "attempt"));
            delivery.via = result.text(row, "via");
            delivery.leaseOwner = result.text(row, "lease_owner");
            history.deliveries << delivery;
        }
    }
    if (!tx.commit(error))
        return std::nullopt;
    return history;
}

std::optional<qint64> KeyHistoryQueries::runIdByKey(PgConnection &connection, const QString &scope,
                                                    const QString &key, PgError *error) {
    const PgResult result =
        connection.exec(QStringLiteral("SELECT r.id FROM dedup.runs r"
                                       " WHERE r.id = ANY (ARRAY(SELECT dedup.run_ids_by_key($1)))"
                                       "   AND r.scope = $2"),
                        PgParams().add(key).add(scope));
    if (!result.ok()) {
        if (error)
            *error = result.error();
        return std::nullopt;
    }
    return result.rows() > 0 ? result.toInt64(0, 0) : 0;
}

} // namespace dedup::store
