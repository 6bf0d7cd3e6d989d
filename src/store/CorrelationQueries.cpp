#include "store/CorrelationQueries.h"

#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

#include <QHash>

namespace dedup::store {

namespace {

// The correlation's run ids as the store finds them for the login.
QString runIds(qint64 ofRun) {
    return ofRun > 0 ? QStringLiteral("dedup.run_ids_by_correlation_of($1::bigint)")
                     : QStringLiteral("dedup.run_ids_by_correlation($1)");
}

// The order key (created_at, id) of a ListPage, as $3 and $4: created_at is sent as
// microseconds since the epoch, exact (it was read as such: created_us).
QString pageKey() {
    return QStringLiteral("(timestamptz 'epoch' + $3::bigint * interval '1 microsecond',"
                          " $4::bigint)");
}

RunQuery correlationQuery(const QString &sql, const QString &correlationId, qint64 ofRun,
                          qint64 limit) {
    RunQuery query;
    query.sql = sql;
    if (ofRun > 0)
        query.params.add(ofRun);
    else
        query.params.add(correlationId);
    query.params.add(limit);
    return query;
}

} // namespace

RunQuery CorrelationQueries::runs(const QString &correlationId, int limit, qint64 ofRun,
                                  const ListPage &page) {
    const bool older = page.step == ListPage::Step::Older && page.id > 0;
    // The correlation id and the keys are protected (0016_protected_columns.sql): the store
    // finds the correlation's runs, the page is picked by (created_at, id) under the login's
    // row-level security, and dedup.runs_redacted reads it (hashed for every login but the
    // owner). runs_total, runs_newer and server_now come on every row (one statement, one
    // snapshot): on a row with a NULL id when the page is empty.
    const QString sql = QStringLiteral(
        "WITH ids AS MATERIALIZED ("
        "   SELECT c.id, c.created_at FROM dedup.runs c"
        "    WHERE c.id = ANY (ARRAY(SELECT %1))),"
        " page AS ("
        "   SELECT i.id FROM ids i WHERE %2"
        "    ORDER BY i.created_at DESC, i.id DESC LIMIT $2)"
        " SELECT (SELECT count(*) FROM ids) AS runs_total,"
        "        (SELECT count(*) FROM ids i WHERE %3) AS runs_newer,"
        "        now() AS server_now, x.*"
        " FROM (SELECT 1) AS one LEFT JOIN ("
        "   SELECT r.id, r.scope, r.idem_key, r.workflow, r.workflow_version, r.status,"
        "   r.attempt, r.max_attempts, r.lease_owner, r.lease_token, r.lease_expires_at,"
        "   COALESCE(r.lease_expires_at <= now(), false) AS lease_expired,"
        "   r.created_at, r.updated_at, r.finished_at,"
        "   r.last_error->>'class' AS last_error_class, r.review_reason,"
        "   (extract(epoch FROM r.created_at) * 1000000)::bigint AS created_us,"
        "   s.total, s.done, s.failed, s.uncertain, s.skipped, s.in_progress, s.pending"
        "   FROM dedup.runs_redacted(ARRAY(SELECT p.id FROM page p), false) r"
        "   CROSS JOIN LATERAL ("
        "     SELECT count(*) AS total,"
        "            count(*) FILTER (WHERE x.status = 'done') AS done,"
        "            count(*) FILTER (WHERE x.status = 'failed') AS failed,"
        "            count(*) FILTER (WHERE x.status = 'uncertain') AS uncertain,"
        "            count(*) FILTER (WHERE x.status = 'skipped') AS skipped,"
        "            count(*) FILTER (WHERE x.status = 'in_progress') AS in_progress,"
        "            count(*) FILTER (WHERE x.status = 'pending') AS pending"
        "     FROM dedup.steps x WHERE x.run_id = r.id) s) x ON true"
        " ORDER BY x.created_at, x.id");
    RunQuery query =
        correlationQuery(sql.arg(runIds(ofRun),
                                 older ? QStringLiteral("(i.created_at, i.id) < ") + pageKey()
                                       : QStringLiteral("true"),
                                 older ? QStringLiteral("(i.created_at, i.id) >= ") + pageKey()
                                       : QStringLiteral("false")),
                         correlationId, ofRun, qMax(0, limit));
    if (older)
        query.params.add(page.atMicros).add(page.id);
    return query;
}

RunQuery CorrelationQueries::pageStart(const QString &correlationId, int limit, qint64 ofRun,
                                       const ListPage &page) {
    const bool newer = page.step == ListPage::Step::Newer && page.id > 0;
    const QString sql = QStringLiteral(
        "SELECT (extract(epoch FROM c.created_at) * 1000000)::bigint AS created_us, c.id"
        " FROM dedup.runs c"
        " WHERE c.id = ANY (ARRAY(SELECT %1)) AND %2"
        " ORDER BY c.created_at, c.id OFFSET $2 LIMIT 1");
    RunQuery query = correlationQuery(
        sql.arg(runIds(ofRun), newer ? QStringLiteral("(c.created_at, c.id) > ") + pageKey()
                                     : QStringLiteral("true")),
        correlationId, ofRun, qMax(0, limit));
    if (newer)
        query.params.add(page.atMicros).add(page.id);
    return query;
}

QList<CorrelatedRun> CorrelationQueries::readRuns(const PgResult &result, int limit, bool *more) {
    QList<CorrelatedRun> rows;
    *more = false;
    if (!result.ok() || result.rows() == 0)
        return rows;
    for (int i = 0; i < result.rows(); ++i) {
        if (result.isNull(i, "id"))
            continue; // the one row of an empty page
        if (rows.size() == limit) {
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
    // Older runs exist when the correlation has more than the page and those newer than it.
    if (result.toInt64(0, "runs_total") > result.toInt64(0, "runs_newer") + rows.size())
        *more = true;
    return rows;
}

RunQuery CorrelationQueries::steps(const QList<qint64> &runIds) {
    QStringList ids;
    ids.reserve(runIds.size());
    for (const qint64 id : runIds)
        ids << QString::number(id);
    RunQuery query;
    // steps_redacted reads the steps_pkey range of each run it may show (the login's grants,
    // as dedup.runs' row-level security), with the error redacted for every login but the
    // owner; its class is kept (0016_protected_columns.sql).
    query.sql = QStringLiteral("SELECT s.run_id, s.ordinal, s.name, s.status, s.attempts,"
                               " s.error->>'class' AS error_class,"
                               " s.started_at, s.finished_at, s.updated_at"
                               " FROM dedup.steps_redacted($1::bigint[]) s"
                               " ORDER BY s.run_id, s.ordinal");
    query.params.add(ids);
    return query;
}

void CorrelationQueries::readSteps(const PgResult &result, QList<CorrelatedRun> &runs) {
    if (!result.ok())
        return;
    QHash<qint64, qsizetype> rowOf;
    rowOf.reserve(runs.size());
    for (qsizetype i = 0; i < runs.size(); ++i)
        rowOf.insert(runs.at(i).id, i);
    for (int i = 0; i < result.rows(); ++i) {
        const auto row = rowOf.constFind(result.toInt64(i, "run_id"));
        if (row == rowOf.cend())
            continue;
        CorrelatedStep step;
        step.ordinal = int(result.toInt64(i, "ordinal"));
        step.name = result.text(i, "name");
        step.statusName = result.text(i, "status");
        step.status =
            core::stepStatusFromString(step.statusName).value_or(core::StepStatus::Pending);
        step.attempts = int(result.toInt64(i, "attempts"));
        step.errorClass = result.text(i, "error_class");
        step.startedAt = result.toDateTime(i, "started_at");
        step.finishedAt = result.toDateTime(i, "finished_at");
        step.updatedAt = result.toDateTime(i, "updated_at");
        runs[*row].steps.append(std::move(step));
    }
}

std::optional<CorrelationSnapshot> CorrelationQueries::read(PgConnection &connection,
                                                            const QString &correlationId, int limit,
                                                            PgError *error, qint64 ofRun,
                                                            const ListPage &page) {
    const auto exec = [&](const RunQuery &query, PgResult *result) {
        *result = connection.exec(query.sql, query.params);
        if (!result->ok())
            *error = result->error();
        return result->ok();
    };
    ListPage shown = page;
    PgResult result;
    // Where the page starts, the page and its steps: one snapshot, so a step is never newer
    // than its run as shown.
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    if (page.step == ListPage::Step::Newer || page.step == ListPage::Step::Oldest) {
        if (!exec(pageStart(correlationId, limit, ofRun, page), &result))
            return std::nullopt;
        shown = result.rows() > 0
                    ? ListPage::older(result.toInt64(0, "id"), result.toInt64(0, "created_us"))
                    : ListPage::newest();
    } else if (page.step == ListPage::Step::Older && page.id <= 0) {
        shown = ListPage::newest();
    }
    if (!exec(runs(correlationId, limit, ofRun, shown), &result))
        return std::nullopt;
    CorrelationSnapshot snapshot;
    snapshot.correlationId = correlationId;
    snapshot.page = shown;
    snapshot.runs = readRuns(result, limit, &snapshot.more);
    if (result.rows() > 0) {
        snapshot.total = result.toInt64(0, "runs_total");
        snapshot.newer = result.toInt64(0, "runs_newer");
        snapshot.serverNow = result.toDateTime(0, "server_now");
    }
    if (!snapshot.runs.isEmpty()) {
        QList<qint64> ids;
        ids.reserve(snapshot.runs.size());
        for (const CorrelatedRun &run : std::as_const(snapshot.runs))
            ids << run.id;
        PgResult steps;
        if (!exec(CorrelationQueries::steps(ids), &steps))
            return std::nullopt;
        readSteps(steps, snapshot.runs);
    }
    if (!tx.commit(error))
        return std::nullopt;
    return snapshot;
}

} // namespace dedup::store
