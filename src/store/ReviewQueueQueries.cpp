#include "store/ReviewQueueQueries.h"

#include "store/PgConnection.h"
#include "store/ReadTransaction.h"
#include "store/RunQueries.h"

#include <QStringList>

namespace dedup::store {

using store::PgParams;
using store::PgResult;

namespace {

// The filter's conditions, their values bound in `params`; "me" empty is the login role.
QStringList conditions(const ReviewQueueFilter &filter, const QString &me, PgParams &params) {
    QStringList where{QStringLiteral("r.status = 'manual_review'")};
    const auto bind = [&params](const QString &value) {
        params.add(value);
        return QStringLiteral("$%1").arg(params.size());
    };
    if (filter.workflow)
        where << QStringLiteral("r.workflow = %1").arg(bind(*filter.workflow));
    if (filter.scope)
        where << QStringLiteral("r.scope = %1").arg(bind(*filter.scope));
    if (filter.keyPrefix) {
        // Keys are not readable to operators and viewers (0016_protected_columns.sql): the
        // store finds the queue's runs with the prefix, those the login may read, all of them
        // (the queue is small: the limit only guards the function's own contract). IN, not
        // = ANY: a long list becomes a hashed lookup.
        where << QStringLiteral("r.id IN (SELECT k.id FROM dedup.run_ids_by_key_prefix(%1,"
                                " 'manual_review', 2147483647) AS k(id))")
                     .arg(bind(*filter.keyPrefix));
    }
    switch (filter.assignee) {
    case ReviewQueueFilter::Assignee::Anyone:
        break;
    case ReviewQueueFilter::Assignee::Me:
        if (me.isEmpty())
            where << QStringLiteral("r.review_assignee = session_user::text");
        else
            where << QStringLiteral("r.review_assignee = %1").arg(bind(me));
        break;
    case ReviewQueueFilter::Assignee::Unassigned:
        where << QStringLiteral("r.review_assignee IS NULL");
        break;
    }
    return where;
}

} // namespace

std::optional<ReviewQueueSnapshot>
ReviewQueueQueries::read(store::PgConnection &conn, const ReviewQueueFilter &filter,
                         const QString &me, int limit, qint64 countCap, store::PgError *error) {
    PgParams params;
    const QString where = conditions(filter, me, params).join(QStringLiteral(" AND "));
    const int base = params.size();
    PgParams listParams = params;
    listParams.add(qint64(limit) + 1);
    PgParams countParams = params;
    countParams.add(countCap + 1);

    store::ReadTransaction tx(conn);
    if (!tx.begin(error))
        return std::nullopt;
    // The ids ordered like runs_review_queue_idx, so the LIMIT stops the index scan; their
    // rows through dedup.runs_redacted (keys, correlation ids, reasons and errors are
    // readable to operators and viewers only as keyed hashes; the error's class is kept),
    // 10,000 ids per call (its maximum; the list may hold more), ordered again; the ids are
    // chosen once (MATERIALIZED: inlined, the scan would run once per use). The per-row
    // subqueries probe steps_pkey and commands_one_pending_per_run.
    const PgResult list = conn.exec(
        QStringLiteral(
            "WITH ids AS MATERIALIZED (SELECT ARRAY(SELECT r.id FROM dedup.runs r WHERE %1"
            "   ORDER BY r.review_at, r.id LIMIT $%2) AS a)"
            " SELECT r.id, r.scope, r.idem_key, r.workflow, r.correlation_id, r.lease_token,"
            " r.attempt, r.max_attempts, r.review_reason, r.review_assignee, r.review_note,"
            " r.review_at, (extract(epoch FROM r.review_at) * 1000000)::bigint AS review_us,"
            " r.last_error->>'class' AS last_error_class,"
            " (SELECT count(*) FROM dedup.steps s WHERE s.run_id = r.id"
            "   AND s.status IN ('uncertain', 'in_progress')) AS uncertain_steps,"
            " EXISTS (SELECT 1 FROM dedup.commands c WHERE c.run_id = r.id"
            "   AND c.status = 'pending') AS continuation_queued"
            " FROM ids CROSS JOIN LATERAL generate_series(1, cardinality(ids.a), 10000) AS g(i)"
            " CROSS JOIN LATERAL dedup.runs_redacted(ids.a[g.i:g.i + 9999], false) r"
            " ORDER BY r.review_at, r.id")
            .arg(where)
            .arg(base + 1),
        listParams);
    if (!list.ok()) {
        *error = list.error();
        return std::nullopt;
    }
    const PgResult counted =
        conn.exec(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM dedup.runs r WHERE %1"
                                 " ORDER BY r.review_at, r.id LIMIT $%2) c")
                      .arg(where)
                      .arg(base + 1),
                  countParams);
    if (!counted.ok()) {
        *error = counted.error();
        return std::nullopt;
    }
    // The name "me" stands for, even when the queue is empty.
    PgParams meParam;
    meParam.add(me);
    const PgResult who = conn.exec(
        QStringLiteral("SELECT COALESCE(NULLIF($1::text, ''), session_user::text), now()"),
        meParam);
    if (!who.ok()) {
        *error = who.error();
        return std::nullopt;
    }
    if (!tx.commit(error))
        return std::nullopt;

    ReviewQueueSnapshot snapshot;
    snapshot.me = who.text(0, 0);
    snapshot.serverNow = who.toDateTime(0, 1);
    for (int i = 0; i < list.rows() && i < limit; ++i) {
        ReviewQueueRow row;
        row.id = list.toInt64(i, "id");
        row.scope = list.text(i, "scope");
        row.idemKey = list.text(i, "idem_key");
        row.workflow = list.text(i, "workflow");
        row.correlationId = list.text(i, "correlation_id");
        row.leaseToken = list.toInt64(i, "lease_token");
        row.attempt = int(list.toInt64(i, "attempt"));
        row.maxAttempts = int(list.toInt64(i, "max_attempts"));
        row.reviewReason = list.text(i, "review_reason");
        row.reviewAssignee = list.text(i, "review_assignee");
        row.reviewNote = list.text(i, "review_note");
        row.reviewAt = list.toDateTime(i, "review_at");
        row.reviewAtMicros = list.toInt64(i, "review_us");
        row.lastErrorClass = list.text(i, "last_error_class");
        row.uncertainSteps = int(list.toInt64(i, "uncertain_steps"));
        row.continuationQueued = list.toBool(i, "continuation_queued");
        snapshot.rows.append(row);
    }
    snapshot.more = list.rows() > limit;
    const qint64 n = counted.toInt64(0, 0);
    snapshot.countExact = n <= countCap;
    snapshot.count = qMin(n, countCap);
    return snapshot;
}

} // namespace dedup::store
