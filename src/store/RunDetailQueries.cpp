#include "store/RunDetailQueries.h"

#include "store/DerivedEvents.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

#include <algorithm>

namespace dedup::store {

namespace {

// The text and jsonb_pretty() of a jsonb column, as <name>_text and <name>_pretty.
QString jsonColumns(const QString &table, const QString &column) {
    return QStringLiteral("%1.%2::text AS %2_text, jsonb_pretty(%1.%2) AS %2_pretty")
        .arg(table, column);
}

StoredJson readJson(const PgResult &result, int row, const QString &column) {
    const QByteArray text = (column + QStringLiteral("_text")).toUtf8();
    const QByteArray pretty = (column + QStringLiteral("_pretty")).toUtf8();
    StoredJson json;
    if (!result.isNull(row, text.constData())) {
        json.text = result.text(row, text.constData());
        json.pretty = result.text(row, pretty.constData());
    }
    return json;
}

// NULL stays a null QString (PgResult::text returns an empty, non-null one).
QString nullableText(const PgResult &result, int row, const char *column) {
    return result.isNull(row, column) ? QString() : result.text(row, column);
}

std::optional<qint64> nullableInt(const PgResult &result, int row, const char *column) {
    if (result.isNull(row, column))
        return std::nullopt;
    return result.toInt64(row, column);
}

RunQuery byRun(const QString &sql, qint64 runId, std::optional<int> limit = std::nullopt) {
    RunQuery query;
    query.sql = sql;
    query.params.add(runId);
    if (limit)
        query.params.add(qint64(qMax(0, *limit)) + 1);
    return query;
}

// Keeps `limit` rows and reports whether the extra one came back.
template <typename Row>
QList<Row> bounded(QList<Row> rows, int limit, bool *more) {
    *more = rows.size() > limit;
    if (*more)
        rows.resize(qMax(0, limit));
    return rows;
}

} // namespace

// The run, its steps and its events are read through the store's redacted reads
// (0016_protected_columns.sql): the same columns as the tables, with keys, payloads, error
// messages and event details hashed for every login but the owner; raw values come from an
// audited reveal (RunReveal).
RunQuery RunDetailQueries::run(qint64 runId) {
    return byRun(
        QStringLiteral("SELECT r.id, r.scope, r.idem_key, r.key_version, r.workflow,"
                       " r.workflow_version, r.correlation_id, r.fingerprint, r.status,"
                       " r.attempt, r.max_attempts, r.lease_owner, r.lease_token,"
                       " r.lease_expires_at, r.heartbeat_at,"
                       " COALESCE(r.lease_expires_at <= now(), false) AS lease_expired,"
                       " r.created_at, r.updated_at, r.finished_at, r.expires_at,"
                       " (extract(epoch FROM r.finished_at) * 1000000)::bigint AS finished_us, ") +
            jsonColumns(QStringLiteral("r"), QStringLiteral("result")) + QStringLiteral(", ") +
            jsonColumns(QStringLiteral("r"), QStringLiteral("context")) + QStringLiteral(", ") +
            jsonColumns(QStringLiteral("r"), QStringLiteral("last_error")) +
            QStringLiteral(", r.last_error->>'class' AS last_error_class,"
                           " r.last_error->>'message' AS last_error_message,"
                           " COALESCE((r.last_error->>'retryable')::boolean, false)"
                           " AS last_error_retryable,"
                           " r.review_reason, r.review_assignee, r.review_note, r.review_at,"
                           " now() AS server_now"
                           " FROM dedup.runs_redacted(ARRAY[$1::bigint]) r"),
        runId);
}

RunQuery RunDetailQueries::steps(qint64 runId, int limit) {
    return byRun(QStringLiteral("SELECT s.run_id, s.ordinal, s.name, s.status, s.attempts,"
                                " s.lease_token, s.downstream_key, s.side_effect_ref, ") +
                     jsonColumns(QStringLiteral("s"), QStringLiteral("error")) +
                     QStringLiteral(", s.error->>'class' AS error_class,"
                                    " s.error->>'message' AS error_message,"
                                    " s.created_at, s.started_at, s.finished_at, s.updated_at,"
                                    " (extract(epoch FROM s.started_at) * 1000000)::bigint"
                                    " AS started_us,"
                                    " (extract(epoch FROM s.finished_at) * 1000000)::bigint"
                                    " AS finished_us"
                                    " FROM dedup.steps_redacted(ARRAY[$1::bigint]) s"
                                    " ORDER BY s.ordinal LIMIT $2"),
                 runId, limit);
}

RunQuery RunDetailQueries::events(qint64 runId, int limit, qint64 beforeId) {
    const QString columns =
        QStringLiteral("SELECT e.id, e.run_id, e.at, (extract(epoch FROM e.at) * 1000000)::bigint"
                       " AS at_us, e.kind, e.actor, e.attempt, e.step, ") +
        jsonColumns(QStringLiteral("e"), QStringLiteral("detail"));
    if (beforeId <= 0) {
        return byRun(columns + QStringLiteral(" FROM dedup.events_redacted($1, $2::integer) e"
                                              " ORDER BY e.id DESC"),
                     runId, limit);
    }
    // The redacted read returns the newest N: N = the events from beforeId on plus the page
    // (+ 1), of which the page is what lies before beforeId.
    RunQuery query = byRun(columns + QStringLiteral(" FROM dedup.events_redacted($1,"
                                                    " ((SELECT count(*) FROM dedup.events x"
                                                    "    WHERE x.run_id = $1 AND x.id >= $3)"
                                                    "  + $2)::integer) e"
                                                    " WHERE e.id < $3 ORDER BY e.id DESC LIMIT $2"),
                           runId, limit);
    query.params.add(beforeId);
    return query;
}

RunQuery RunDetailQueries::eventCounts(qint64 runId, qint64 fromId) {
    RunQuery query = byRun(QStringLiteral("SELECT count(*) AS total,"
                                          " count(*) FILTER (WHERE $2::bigint > 0 AND e.id >= $2)"
                                          " AS newer"
                                          " FROM dedup.events e WHERE e.run_id = $1"),
                           runId);
    query.params.add(fromId);
    return query;
}

RunQuery RunDetailQueries::eventPageStart(qint64 runId, const ListPage &page, int limit) {
    RunQuery query = byRun(QStringLiteral("SELECT e.id FROM dedup.events e"
                                          " WHERE e.run_id = $1 AND e.id > $2"
                                          " ORDER BY e.id OFFSET $3 LIMIT 1"),
                           runId);
    query.params.add(page.step == ListPage::Step::Newer ? page.id : qint64(0));
    query.params.add(qint64(qMax(0, limit)));
    return query;
}

RunQuery RunDetailQueries::audit(qint64 runId, int limit) {
    return byRun(QStringLiteral("SELECT a.id, a.at, a.db_role, a.os_user, a.client_host,"
                                " host(a.client_addr) AS client_addr, a.application_name, a.action,"
                                " a.run_id, a.action_key, a.reason, a.expected_token, ") +
                     jsonColumns(QStringLiteral("a"), QStringLiteral("params")) +
                     QStringLiteral(", a.outcome, a.detail, ") +
                     jsonColumns(QStringLiteral("a"), QStringLiteral("before")) +
                     QStringLiteral(", ") +
                     jsonColumns(QStringLiteral("a"), QStringLiteral("after")) +
                     QStringLiteral(", a.hash FROM dedup.audit_log a WHERE a.run_id = $1"
                                    " ORDER BY a.id DESC LIMIT $2"),
                 runId, limit);
}

RunQuery RunDetailQueries::commands(qint64 runId, int limit) {
    return byRun(QStringLiteral("SELECT c.id, c.run_id, c.action_key, c.kind, c.status,"
                                " c.requested_by, c.reason, c.from_step, c.rerun_uncertain,"
                                " c.created_at, c.taken_by, c.taken_at, c.taken_token,"
                                " c.finished_at, c.result_status, c.note"
                                " FROM dedup.commands c WHERE c.run_id = $1"
                                " ORDER BY c.id DESC LIMIT $2"),
                 runId, limit);
}

std::optional<RunDetail> RunDetailQueries::readRun(const PgResult &result) {
    if (!result.ok() || result.rows() < 1)
        return std::nullopt;
    RunDetail r;
    r.id = result.toInt64(0, "id");
    r.scope = result.text(0, "scope");
    r.idemKey = result.text(0, "idem_key");
    r.keyVersion = nullableText(result, 0, "key_version");
    r.workflow = result.text(0, "workflow");
    r.workflowVersion = nullableText(result, 0, "workflow_version");
    r.correlationId = nullableText(result, 0, "correlation_id");
    r.fingerprint = result.text(0, "fingerprint");
    r.statusName = result.text(0, "status");
    r.status = core::runStatusFromString(r.statusName).value_or(core::RunStatus::Processing);
    r.attempt = int(result.toInt64(0, "attempt"));
    r.maxAttempts = int(result.toInt64(0, "max_attempts"));
    r.leaseOwner = nullableText(result, 0, "lease_owner");
    r.leaseToken = result.toInt64(0, "lease_token");
    r.leaseExpiresAt = result.toDateTime(0, "lease_expires_at");
    r.heartbeatAt = result.toDateTime(0, "heartbeat_at");
    r.leaseExpired = result.toBool(0, "lease_expired");
    r.createdAt = result.toDateTime(0, "created_at");
    r.updatedAt = result.toDateTime(0, "updated_at");
    r.finishedAt = result.toDateTime(0, "finished_at");
    r.finishedAtMicros = result.toInt64(0, "finished_us");
    r.expiresAt = result.toDateTime(0, "expires_at");
    r.result = readJson(result, 0, QStringLiteral("result"));
    r.context = readJson(result, 0, QStringLiteral("context"));
    r.lastError = readJson(result, 0, QStringLiteral("last_error"));
    r.lastErrorClass = result.text(0, "last_error_class");
    r.lastErrorMessage = result.text(0, "last_error_message");
    r.lastErrorRetryable = result.toBool(0, "last_error_retryable");
    r.reviewReason = nullableText(result, 0, "review_reason");
    r.reviewAssignee = nullableText(result, 0, "review_assignee");
    r.reviewNote = nullableText(result, 0, "review_note");
    r.reviewAt = result.toDateTime(0, "review_at");
    r.serverNow = result.toDateTime(0, "server_now");
    return r;
}

QList<StepRow> RunDetailQueries::readSteps(const PgResult &result, int limit, bool *more) {
    QList<StepRow> rows;
    for (int i = 0; result.ok() && i < result.rows(); ++i) {
        StepRow s;
        s.runId = result.toInt64(i, "run_id");
        s.ordinal = int(result.toInt64(i, "ordinal"));
        s.name = result.text(i, "name");
        s.statusName = result.text(i, "status");
        s.status = core::stepStatusFromString(s.statusName).value_or(core::StepStatus::Pending);
        s.attempts = int(result.toInt64(i, "attempts"));
        s.leaseToken = nullableInt(result, i, "lease_token");
        s.downstreamKey = nullableText(result, i, "downstream_key");
        s.sideEffectRef = nullableText(result, i, "side_effect_ref");
        s.error = readJson(result, i, QStringLiteral("error"));
        s.errorClass = result.text(i, "error_class");
        s.errorMessage = result.text(i, "error_message");
        s.createdAt = result.toDateTime(i, "created_at");
        s.startedAt = result.toDateTime(i, "started_at");
        s.finishedAt = result.toDateTime(i, "finished_at");
        s.startedAtMicros = result.toInt64(i, "started_us");
        s.finishedAtMicros = result.toInt64(i, "finished_us");
        s.updatedAt = result.toDateTime(i, "updated_at");
        rows.append(std::move(s));
    }
    return bounded(std::move(rows), limit, more);
}

QList<EventRow> RunDetailQueries::readEvents(const PgResult &result, int limit, bool *more) {
    QList<EventRow> rows;
    for (int i = 0; result.ok() && i < result.rows(); ++i) {
        EventRow e;
        e.id = result.toInt64(i, "id");
        e.runId = result.toInt64(i, "run_id");
        e.at = result.toDateTime(i, "at");
        e.atMicros = result.toInt64(i, "at_us");
        e.kind = result.text(i, "kind");
        e.actor = nullableText(result, i, "actor");
        if (const auto attempt = nullableInt(result, i, "attempt"))
            e.attempt = int(*attempt);
        e.step = nullableText(result, i, "step");
        e.detail = readJson(result, i, QStringLiteral("detail"));
        rows.append(std::move(e));
    }
    rows = bounded(std::move(rows), limit, more);
    std::reverse(rows.begin(), rows.end()); // read newest first, shown oldest first
    return rows;
}

QList<AuditEntryRow> RunDetailQueries::readAudit(const PgResult &result, int limit, bool *more) {
    QList<AuditEntryRow> rows;
    for (int i = 0; result.ok() && i < result.rows(); ++i) {
        AuditEntryRow a;
        a.id = result.toInt64(i, "id");
        a.at = result.toDateTime(i, "at");
        a.dbRole = result.text(i, "db_role");
        a.osUser = nullableText(result, i, "os_user");
        a.clientHost = nullableText(result, i, "client_host");
        a.clientAddr = nullableText(result, i, "client_addr");
        a.applicationName = nullableText(result, i, "application_name");
        a.action = result.text(i, "action");
        a.runId = result.toInt64(i, "run_id");
        a.actionKey = result.text(i, "action_key");
        a.reason = result.text(i, "reason");
        a.expectedToken = nullableInt(result, i, "expected_token");
        a.params = readJson(result, i, QStringLiteral("params"));
        a.outcome = result.text(i, "outcome");
        a.detail = nullableText(result, i, "detail");
        a.before = readJson(result, i, QStringLiteral("before"));
        a.after = readJson(result, i, QStringLiteral("after"));
        a.hash = result.text(i, "hash");
        rows.append(std::move(a));
    }
    rows = bounded(std::move(rows), limit, more);
    std::reverse(rows.begin(), rows.end());
    return rows;
}

QList<CommandRow> RunDetailQueries::readCommands(const PgResult &result, int limit, bool *more) {
    QList<CommandRow> rows;
    for (int i = 0; result.ok() && i < result.rows(); ++i) {
        CommandRow c;
        c.id = result.toInt64(i, "id");
        c.runId = result.toInt64(i, "run_id");
        c.actionKey = result.text(i, "action_key");
        c.kind = result.text(i, "kind");
        c.status = result.text(i, "status");
        c.requestedBy = result.text(i, "requested_by");
        c.reason = nullableText(result, i, "reason");
        c.fromStep = nullableText(result, i, "from_step");
        c.rerunUncertain = result.toBool(i, "rerun_uncertain");
        c.createdAt = result.toDateTime(i, "created_at");
        c.takenBy = nullableText(result, i, "taken_by");
        c.takenAt = result.toDateTime(i, "taken_at");
        c.takenToken = nullableInt(result, i, "taken_token");
        c.finishedAt = result.toDateTime(i, "finished_at");
        c.resultStatus = nullableText(result, i, "result_status");
        c.note = nullableText(result, i, "note");
        rows.append(std::move(c));
    }
    rows = bounded(std::move(rows), limit, more);
    std::reverse(rows.begin(), rows.end());
    return rows;
}

std::optional<RunDetailSnapshot> RunDetailQueries::readSnapshot(PgConnection &connection,
                                                                qint64 runId, const Limits &limits,
                                                                const ListPage &eventPage,
                                                                PgError *error) {
    ReadTransaction tx(connection);
    if (!tx.begin(error))
        return std::nullopt;
    const auto exec = [&](const RunQuery &query, PgResult *result) {
        *result = connection.exec(query.sql, query.params);
        if (!result->ok())
            *error = result->error();
        return result->ok();
    };
    RunDetailSnapshot snapshot;
    PgResult result;
    if (!exec(run(runId), &result))
        return std::nullopt;
    const std::optional<RunDetail> detail = readRun(result);
    if (detail) {
        snapshot.found = true;
        snapshot.run = *detail;
        if (!exec(steps(runId, limits.steps), &result))
            return std::nullopt;
        snapshot.steps = readSteps(result, limits.steps, &snapshot.moreSteps);
        qint64 before = eventPage.step == ListPage::Step::Older ? eventPage.id : 0;
        if (eventPage.step == ListPage::Step::Newer || eventPage.step == ListPage::Step::Oldest) {
            if (!exec(eventPageStart(runId, eventPage, limits.events), &result))
                return std::nullopt;
            before = result.rows() > 0 ? result.toInt64(0, "id") : 0;
        }
        if (!exec(events(runId, limits.events, before), &result))
            return std::nullopt;
        snapshot.events = readEvents(result, limits.events, &snapshot.moreEvents);
        if (!exec(eventCounts(runId, before), &result))
            return std::nullopt;
        snapshot.eventCount = result.toInt64(0, "total");
        snapshot.newerEvents = result.toInt64(0, "newer");
        snapshot.events = DerivedEvents::merge(snapshot.run, snapshot.steps, snapshot.events,
                                               snapshot.moreEvents, snapshot.newerEvents > 0);
        snapshot.eventPage = before > 0 ? ListPage::older(before) : ListPage::newest();
        if (!exec(commands(runId, limits.commands), &result))
            return std::nullopt;
        snapshot.commands = readCommands(result, limits.commands, &snapshot.moreCommands);
    }
    // The audit log outlives purged runs (no foreign key): a purged run still shows who did
    // what to it.
    if (!exec(audit(runId, limits.audit), &result))
        return std::nullopt;
    snapshot.audit = readAudit(result, limits.audit, &snapshot.moreAudit);
    if (!tx.commit(error))
        return std::nullopt;
    return snapshot;
}

} // namespace dedup::store
