#include "store/RunQueries.h"

#include "store/PgConnection.h"
#include "store/ReadRegionSql.h"
#include "store/SqlBinder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace dedup::store {

namespace {

// created_us: the exact microseconds of created_at for ordering on the client (extract
// returns numeric since PostgreSQL 14, so nothing is rounded on the way).
const QString kColumns = QStringLiteral(
    "r.id, r.scope, r.idem_key, r.workflow, r.status, r.attempt, r.max_attempts,"
    " r.correlation_id, r.lease_owner, r.lease_token, r.lease_expires_at, r.heartbeat_at,"
    " r.created_at, r.updated_at, r.finished_at, r.last_error->>'class' AS last_error_class,"
    " (extract(epoch FROM r.created_at) * 1000000)::bigint AS created_us");
const QString kNewestFirst = QStringLiteral(" ORDER BY r.created_at DESC, r.id DESC");

// The keyset columns alone: counts, and the inner query of a redacted read.
const QString kKeyset = QStringLiteral("r.created_at, r.id");

// Whether the login reads the protected columns (idem_key, correlation_id, last_error, ...:
// 0016_protected_columns.sql) itself: only the owner, whose filters carry no read regions.
// Every other login reads them through dedup.runs_redacted and searches them through the
// store's id functions.
bool readsRaw(const RunFilter &filter) {
    return !filter.readable.has_value();
}

// The conditions of every criterion but the status, which the callers handle (one UNION ALL
// branch per status in ordered queries).
QStringList baseConditions(const RunFilter &filter, SqlBinder &binder) {
    QStringList conditions;
    if (filter.workflow)
        conditions << QStringLiteral("r.workflow = %1").arg(binder.bind(*filter.workflow));
    if (filter.scope)
        conditions << QStringLiteral("r.scope = %1").arg(binder.bind(*filter.scope));
    if (filter.createdFrom.isValid()) {
        conditions << QStringLiteral("r.created_at >= %1::timestamptz")
                          .arg(binder.bind(filter.createdFrom));
    }
    if (filter.createdTo.isValid()) {
        conditions
            << QStringLiteral("r.created_at <= %1::timestamptz").arg(binder.bind(filter.createdTo));
    }
    if (!readsRaw(filter)) {
        // The keys and correlation ids are not readable to this login: the store finds the
        // runs (as the owner, applying the runs policy's rule) and the list reads them by id.
        if (filter.exactKey) {
            if (filter.keyPrefix && !filter.exactKey->startsWith(*filter.keyPrefix))
                conditions << QStringLiteral("false");
            conditions << QStringLiteral("r.id = ANY (ARRAY(SELECT dedup.run_ids_by_key(%1)))")
                              .arg(binder.bind(*filter.exactKey));
        }
        if (filter.correlationId) {
            const QString prefix = filter.keyPrefix && !filter.exactKey
                                       ? binder.bind(*filter.keyPrefix)
                                       : QStringLiteral("NULL");
            conditions << QStringLiteral("r.id = ANY (ARRAY(SELECT dedup.run_ids_by_correlation("
                                         "%1, %2)))")
                              .arg(binder.bind(*filter.correlationId), prefix);
        }
        // A prefix alone is walked by dedup.key_prefix_page (orderedList), or by id (rowsById).
        return conditions;
    }
    if (filter.exactKey)
        conditions << QStringLiteral("r.idem_key = %1").arg(binder.bind(*filter.exactKey));
    if (filter.keyPrefix) {
        // ^@ (starts_with), not LIKE: under row-level security only leakproof operators may
        // become index conditions, and LIKE is not one (docs/PERFORMANCE.md, "A scope-limited
        // operator").
        conditions << QStringLiteral("r.idem_key ^@ %1").arg(binder.bind(*filter.keyPrefix));
    }
    if (filter.correlationId) {
        conditions
            << QStringLiteral("r.correlation_id = %1").arg(binder.bind(*filter.correlationId));
    }
    return conditions;
}

// Whether the filter's only key criterion is a prefix (no exact key, no correlation id),
// which a login that does not read raw keys cannot write as a condition.
bool prefixOnly(const RunFilter &filter) {
    return filter.keyPrefix && !filter.exactKey && !filter.correlationId;
}

// For a login that does not read the protected columns: the rows of `ids` (a query of
// created_at and id, alias r) through dedup.runs_redacted, newest first.
RunQuery redactedRows(RunQuery ids) {
    ids.sql = QStringLiteral("SELECT ") + kColumns +
              QStringLiteral(" FROM dedup.runs_redacted(ARRAY(SELECT q.id FROM (") + ids.sql +
              QStringLiteral(") q), false) r") + kNewestFirst;
    return ids;
}

// The login's read regions that matter to this filter (RunFilter::readable): nullopt when
// no condition is needed (no regions given, or one of them holds every run the filter
// selects); an empty list when the filter selects only runs the login may not read. The
// parts of a region the filter already implies (its workflow, its scope) are dropped.
std::optional<ReadRegions> regionsFor(const RunFilter &filter) {
    if (!filter.readable)
        return std::nullopt;
    ReadRegions kept;
    for (ReadRegion region : *filter.readable) {
        if (filter.workflow && region.workflow && *region.workflow != *filter.workflow)
            continue;
        if (filter.scope && region.scopePrefix && !filter.scope->startsWith(*region.scopePrefix))
            continue;
        if (filter.workflow)
            region.workflow.reset();
        if (filter.scope)
            region.scopePrefix.reset();
        if (!region.workflow && !region.scopePrefix)
            return std::nullopt;
        if (!kept.contains(region))
            kept.append(region);
    }
    return kept;
}

QString where(const QStringList &conditions) {
    return conditions.isEmpty()
               ? QString()
               : QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "));
}

QStringList statusNames(const QList<core::RunStatus> &statuses) {
    QStringList names;
    for (const core::RunStatus status : statuses)
        names << core::toString(status);
    return names;
}

// The six-hour bucket of a run, as runs_bucket_key_idx (0009_performance.sql) indexes it:
// the planner uses the index only for this exact expression.
QString bucketOf(const QString &timestamp) {
    return QStringLiteral("date_bin('6 hours', %1 AT TIME ZONE 'UTC', timestamp '2000-01-01')")
        .arg(timestamp);
}

// A key-prefix list, newest first, six hours at a time (see the class comment): for each
// bucket from the newest that can hold a match down to the oldest, the prefix's runs of that
// bucket from runs_bucket_key_idx (bucket, idem_key, created_at, id), an index-only range
// scan sorted in memory; the nested loop stops as soon as `limit` rows came out. A bucket
// without a match costs one index probe.
//
// The output order is the nested loop's (buckets newest first, each one sorted): an ORDER BY
// over the whole result would make the executor read every bucket before returning a row.
RunQuery prefixWalk(const RunFilter &filter, const std::optional<ReadRegions> &regions,
                    const QString &boundOp, const RunKey &bound, qint64 limit,
                    const QString &columns) {
    SqlBinder binder;
    const QString pattern = binder.bind(*filter.keyPrefix);
    // Time and keyset conditions on the index's created_at and id (alias x).
    QString from, to, at, id;
    if (filter.createdFrom.isValid())
        from = binder.bind(filter.createdFrom) + QStringLiteral("::timestamptz");
    if (filter.createdTo.isValid())
        to = binder.bind(filter.createdTo) + QStringLiteral("::timestamptz");
    if (bound.isValid()) {
        at = binder.bind(bound.createdAt) + QStringLiteral("::timestamptz");
        id = binder.bind(bound.id) + QStringLiteral("::bigint");
    }
    const auto timeConditions = [&](const QString &alias) {
        QStringList conditions;
        if (!from.isEmpty())
            conditions << QStringLiteral("%1.created_at >= %2").arg(alias, from);
        if (!to.isEmpty())
            conditions << QStringLiteral("%1.created_at <= %2").arg(alias, to);
        if (!at.isEmpty()) {
            conditions
                << QStringLiteral("(%1.created_at, %1.id) %2 (%3, %4)").arg(alias, boundOp, at, id);
        }
        return conditions;
    };
    // The other criteria, on the run row r.
    QStringList outer;
    if (filter.workflow)
        outer << QStringLiteral("r.workflow = %1").arg(binder.bind(*filter.workflow));
    if (filter.scope)
        outer << QStringLiteral("r.scope = %1").arg(binder.bind(*filter.scope));
    const QList<core::RunStatus> statuses = filter.effectiveStatuses();
    if (statuses.size() == 1) {
        outer << QStringLiteral("r.status = %1").arg(binder.bind(core::toString(statuses.first())));
    } else if (statuses.size() > 1) {
        outer
            << QStringLiteral("r.status = ANY(%1::text[])").arg(binder.bind(statusNames(statuses)));
    }
    if (regions && regions->isEmpty())
        outer << QStringLiteral("false");
    const QString limitParam = QStringLiteral("%1::bigint").arg(binder.bind(limit));

    // Conditions the index answers (the key range, the bucket, time and keyset) on x; the
    // others on the run row r, joined by id.
    QStringList inner{QStringLiteral("x.idem_key ^@ ") + pattern};
    inner += timeConditions(QStringLiteral("x"));
    QStringList highs{QStringLiteral("(SELECT max(m.created_at) FROM dedup.runs m)")};
    QStringList lows{QStringLiteral("(SELECT min(m.created_at) FROM dedup.runs m)")};
    if (!from.isEmpty())
        lows << from;
    if (!to.isEmpty())
        highs << to;
    if (!at.isEmpty())
        (boundOp.startsWith(QLatin1Char('<')) ? highs : lows) << at;
    // The bucket also as a created_at range: the same rows, but the planner then estimates a
    // bucket's share of the prefix instead of 1 / (number of buckets) of the table, which on
    // a store spanning a day looks like a sort of every match.
    inner << bucketOf(QStringLiteral("x.created_at")) + QStringLiteral(" = d.bucket")
          << QStringLiteral("x.created_at >= (d.bucket AT TIME ZONE 'UTC')")
          << QStringLiteral("x.created_at < ((d.bucket + interval '6 hours') AT TIME ZONE 'UTC')");
    // A bucket's first `limit` runs suffice unless conditions outside the index drop some of
    // them; then the bucket is sorted whole and the join stops once `limit` rows matched.
    const QString bucketLimit =
        outer.isEmpty() ? QStringLiteral(" LIMIT ") + limitParam : QString();
    const bool needsRow = !outer.isEmpty() || columns != kKeyset;
    RunQuery query;
    query.sql =
        QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM (SELECT ") +
        bucketOf(QStringLiteral("LEAST(") + highs.join(QStringLiteral(", ")) +
                 QStringLiteral(")")) +
        QStringLiteral(" AS hi, ") +
        bucketOf(QStringLiteral("GREATEST(") + lows.join(QStringLiteral(", ")) +
                 QStringLiteral(")")) +
        QStringLiteral(" AS lo) b CROSS JOIN LATERAL generate_series(b.hi, b.lo, interval"
                       " '-6 hours') AS d(bucket) CROSS JOIN LATERAL (SELECT x.created_at, x.id"
                       " FROM dedup.runs x") +
        where(inner) + QStringLiteral(" ORDER BY x.created_at DESC, x.id DESC") + bucketLimit +
        // The run rows are joined per walked row, in the walk's order: a LATERAL subquery
        // that cannot be pulled up (OFFSET 0). As a plain join the planner was free to drive
        // it from the runs instead (a scan filtered by status on a small store), which
        // returned the rows in table order, not newest first.
        (needsRow ? QStringLiteral(") k CROSS JOIN LATERAL (SELECT * FROM dedup.runs r") +
                        where(QStringList{QStringLiteral("r.id = k.id")} + outer) +
                        QStringLiteral(" OFFSET 0) r")
                  : QStringLiteral(") r")) +
        QStringLiteral(" LIMIT ") + limitParam;
    query.params = binder.take();
    return query;
}

// The same walk for a login under row-level security (RunFilter::readable set): there the
// bucket condition cannot use runs_bucket_key_idx (date_bin is not leakproof), so the store
// walks the buckets itself and keeps the runs the login may read (dedup.key_prefix_page,
// 0012_restricted_reads.sql), and the rows are read from dedup.runs, under the policy again.
RunQuery prefixPage(const RunFilter &filter, const QString &boundOp, const RunKey &bound,
                    qint64 limit, const QString &columns) {
    SqlBinder binder;
    QStringList args{QStringLiteral("p_prefix => ") + binder.bind(*filter.keyPrefix),
                     QStringLiteral("p_limit => %1::bigint").arg(binder.bind(limit))};
    if (filter.workflow)
        args << QStringLiteral("p_workflow => ") + binder.bind(*filter.workflow);
    if (filter.scope)
        args << QStringLiteral("p_scope => ") + binder.bind(*filter.scope);
    const QList<core::RunStatus> statuses = filter.effectiveStatuses();
    if (!statuses.isEmpty()) {
        args << QStringLiteral("p_statuses => %1::text[]").arg(binder.bind(statusNames(statuses)));
    }
    if (filter.createdFrom.isValid()) {
        args << QStringLiteral("p_from => %1::timestamptz").arg(binder.bind(filter.createdFrom));
    }
    if (filter.createdTo.isValid())
        args << QStringLiteral("p_to => %1::timestamptz").arg(binder.bind(filter.createdTo));
    if (bound.isValid()) {
        const QString side = boundOp.startsWith(QLatin1Char('<')) ? QStringLiteral("below")
                                                                  : QStringLiteral("at_least");
        args << QStringLiteral("p_%1_at => %2::timestamptz").arg(side, binder.bind(bound.createdAt))
             << QStringLiteral("p_%1_id => %2::bigint").arg(side, binder.bind(bound.id));
    }
    const QString call = QStringLiteral("dedup.key_prefix_page(") +
                         args.join(QStringLiteral(", ")) + QStringLiteral(")");
    RunQuery query;
    // The keyset alone (a count) needs no row; anything else reads the runs by id.
    query.sql = columns == kKeyset
                    ? QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM ") + call +
                          QStringLiteral(" r")
                    : QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM ") + call +
                          QStringLiteral(" k JOIN dedup.runs r ON r.id = k.id") + kNewestFirst;
    query.params = binder.take();
    return query;
}

// An ordered, limited list: newest first, `bound` (a keyset condition, may be empty) added
// to the filter. With several statuses, one branch per status, merged in order.
RunQuery orderedList(const RunFilter &filter, const QString &boundOp, const RunKey &bound,
                     qint64 limit, const QString &columns = kColumns) {
    if (!readsRaw(filter) && columns != kKeyset)
        return redactedRows(orderedList(filter, boundOp, bound, limit, kKeyset));
    const std::optional<ReadRegions> regions = regionsFor(filter);
    if (!readsRaw(filter) && regions && regions->isEmpty()) {
        // Outside every region: nothing to read, and no protected column named.
        RunQuery none;
        none.sql =
            QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM dedup.runs r WHERE false");
        return none;
    }
    // A correlation id or an exact key selects a few runs through its own index whatever the
    // prefix: only a prefix without them walks the buckets.
    if (prefixOnly(filter)) {
        if (!readsRaw(filter))
            return prefixPage(filter, boundOp, bound, limit, columns);
        return prefixWalk(filter, regions, boundOp, bound, limit, columns);
    }
    SqlBinder binder;
    QStringList conditions = baseConditions(filter, binder);
    if (bound.isValid()) {
        // The cursor goes back as the server's own text: exact to the microsecond.
        conditions << QStringLiteral("(r.created_at, r.id) %1 (%2::timestamptz, %3::bigint)")
                          .arg(boundOp, binder.bind(bound.createdAt), binder.bind(bound.id));
    }
    // Outside every region: nothing to read (the planner stops at a one-time filter). Inside
    // some, row-level security alone picks the rows: the regions as extra conditions made the
    // planner trade the index-ordered scans it uses now for bitmap scans of a whole scope,
    // up to 25 times slower on 10 million runs (docs/PERFORMANCE.md, "A scope-limited
    // operator").
    if (regions && regions->isEmpty())
        conditions << QStringLiteral("false");
    const QString limitParam = QStringLiteral("%1::bigint").arg(binder.bind(limit));
    const QList<core::RunStatus> statuses = filter.effectiveStatuses();
    RunQuery query;
    if (statuses.size() <= 1) {
        if (statuses.size() == 1) {
            conditions.prepend(
                QStringLiteral("r.status = %1").arg(binder.bind(core::toString(statuses.first()))));
        }
        query.sql = QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM dedup.runs r") +
                    where(conditions) + kNewestFirst + QStringLiteral(" LIMIT ") + limitParam;
    } else {
        QStringList branches;
        for (const core::RunStatus status : statuses) {
            QStringList branch = conditions;
            branch.prepend(
                QStringLiteral("r.status = %1").arg(binder.bind(core::toString(status))));
            branches << QStringLiteral("(SELECT ") + columns +
                            QStringLiteral(" FROM dedup.runs r") + where(branch) + kNewestFirst +
                            QStringLiteral(" LIMIT ") + limitParam + QStringLiteral(")");
        }
        query.sql = QStringLiteral("SELECT * FROM (") +
                    branches.join(QStringLiteral(" UNION ALL ")) +
                    QStringLiteral(") u ORDER BY u.created_at DESC, u.id DESC LIMIT ") + limitParam;
    }
    query.params = binder.take();
    return query;
}

// The filter as one WHERE clause (several statuses as = ANY): for unordered queries.
QString flatWhere(const RunFilter &filter, SqlBinder &binder, QStringList extra = {}) {
    QStringList conditions = baseConditions(filter, binder);
    const QList<core::RunStatus> statuses = filter.effectiveStatuses();
    if (statuses.size() == 1) {
        conditions.prepend(
            QStringLiteral("r.status = %1").arg(binder.bind(core::toString(statuses.first()))));
    } else if (statuses.size() > 1) {
        conditions.prepend(
            QStringLiteral("r.status = ANY(%1::text[])").arg(binder.bind(statusNames(statuses))));
    }
    return where(extra + conditions);
}

} // namespace

RunQuery RunQueries::page(const RunFilter &filter, const RunKey &after, int limit) {
    return orderedList(filter, QStringLiteral("<"), after, limit);
}

RunQuery RunQueries::window(const RunFilter &filter, const RunKey &bottom, int limit) {
    return orderedList(filter, QStringLiteral(">="), bottom, limit);
}

RunQuery RunQueries::rowsById(const RunFilter &filter, const QList<qint64> &ids) {
    SqlBinder binder;
    QStringList idTexts;
    idTexts.reserve(ids.size());
    for (const qint64 id : ids)
        idTexts << QString::number(id);
    const QString idParam = binder.bind(idTexts);
    const QString idCondition = QStringLiteral("r.id = ANY(%1::bigint[])").arg(idParam);
    RunQuery query;
    if (readsRaw(filter)) {
        query.sql = QStringLiteral("SELECT ") + kColumns + QStringLiteral(" FROM dedup.runs r") +
                    flatWhere(filter, binder, {idCondition}) + kNewestFirst;
        query.params = binder.take();
        return query;
    }
    QStringList extra{idCondition};
    if (prefixOnly(filter)) {
        extra << QStringLiteral("r.id = ANY (ARRAY(SELECT dedup.run_ids_with_key_prefix("
                                "%1::bigint[], %2)))")
                     .arg(idParam, binder.bind(*filter.keyPrefix));
    }
    query.sql = QStringLiteral("SELECT ") + kKeyset + QStringLiteral(" FROM dedup.runs r") +
                flatWhere(filter, binder, extra);
    query.params = binder.take();
    return redactedRows(std::move(query));
}

RunQuery RunQueries::keys(const RunFilter &filter, qint64 limit) {
    return orderedList(filter, QString(), {}, limit, kKeyset);
}

RunQuery RunQueries::cappedCount(const RunFilter &filter, qint64 cap) {
    // The first cap + 1 runs of the list itself, in list order: the same index-ordered plans
    // as the pages (an unordered LIMIT lets the planner pick a sequential scan), and only
    // (created_at, id), which the indexes hold, so most of it is an index-only scan.
    RunQuery list = orderedList(filter, QString(), {}, cap + 1, kKeyset);
    list.sql = QStringLiteral("SELECT count(*) FROM (") + list.sql + QStringLiteral(") c");
    return list;
}

RunQuery RunQueries::estimate(const RunFilter &filter) {
    SqlBinder binder;
    RunQuery query;
    if (!readsRaw(filter) && prefixOnly(filter)) {
        // No condition on the key can be written for this login, and one without it would
        // estimate every run of the filter: no estimate (the count says "more than the cap").
        query.sql = QStringLiteral("SELECT '[]'::text");
        return query;
    }
    // The regions here (not in the lists): row-level security's policy is opaque to the
    // planner, which counts every run of the filter; with the regions it counts the runs of
    // the login's scopes and workflows (their statistics), not an upper bound.
    QStringList regionCondition;
    if (const std::optional<ReadRegions> regions = regionsFor(filter))
        regionCondition << ReadRegionSql::anyOf(*regions, QStringLiteral("r"), binder.params());
    query.sql = QStringLiteral("EXPLAIN (FORMAT JSON) SELECT 1 FROM dedup.runs r") +
                flatWhere(filter, binder, regionCondition);
    query.params = binder.take();
    return query;
}

QList<RunRow> RunQueries::readRows(const PgResult &result) {
    QList<RunRow> rows;
    if (!result.ok())
        return rows;
    // Column numbers once, not a name lookup per cell: pages of 20,000 rows are read here.
    const int cId = result.column("id"), cScope = result.column("scope"),
              cKey = result.column("idem_key"), cWorkflow = result.column("workflow"),
              cStatus = result.column("status"), cAttempt = result.column("attempt"),
              cMax = result.column("max_attempts"), cCorrelation = result.column("correlation_id"),
              cOwner = result.column("lease_owner"), cToken = result.column("lease_token"),
              cExpires = result.column("lease_expires_at"),
              cHeartbeat = result.column("heartbeat_at"), cCreated = result.column("created_at"),
              cUpdated = result.column("updated_at"), cFinished = result.column("finished_at"),
              cError = result.column("last_error_class"), cMicros = result.column("created_us");
    const int count = result.rows();
    rows.reserve(count);
    for (int i = 0; i < count; ++i) {
        RunRow row;
        row.id = result.toInt64(i, cId);
        row.scope = result.text(i, cScope);
        row.idemKey = result.text(i, cKey);
        row.workflow = result.text(i, cWorkflow);
        row.statusName = result.text(i, cStatus);
        // An unknown status keeps its name; `status` then is only a placeholder.
        row.status =
            core::runStatusFromString(row.statusName).value_or(core::RunStatus::Processing);
        row.attempt = int(result.toInt64(i, cAttempt));
        row.maxAttempts = int(result.toInt64(i, cMax));
        row.correlationId = result.text(i, cCorrelation);
        row.leaseOwner = result.text(i, cOwner);
        row.leaseToken = result.toInt64(i, cToken);
        row.leaseExpiresAt = result.toDateTime(i, cExpires);
        row.heartbeatAt = result.toDateTime(i, cHeartbeat);
        row.createdAt = result.toDateTime(i, cCreated);
        row.updatedAt = result.toDateTime(i, cUpdated);
        row.finishedAt = result.toDateTime(i, cFinished);
        row.lastErrorClass = result.text(i, cError);
        row.createdAtText = result.text(i, cCreated);
        row.createdAtMicros = result.toInt64(i, cMicros);
        rows.append(std::move(row));
    }
    return rows;
}

qint64 RunQueries::readEstimate(const PgResult &result) {
    if (!result.ok() || result.rows() < 1)
        return -1;
    const QJsonDocument doc = QJsonDocument::fromJson(result.text(0, 0).toUtf8());
    const QJsonValue rows = doc.array()
                                .at(0)
                                .toObject()
                                .value(QLatin1String("Plan"))
                                .toObject()
                                .value(QLatin1String("Plan Rows"));
    return rows.isDouble() ? qint64(rows.toDouble()) : -1;
}

RunCount RunQueries::makeCount(qint64 counted, qint64 cap, qint64 estimated) {
    RunCount answer;
    answer.cap = cap;
    answer.value = counted;
    answer.exact = counted <= cap;
    if (!answer.exact) {
        // Stale statistics can estimate fewer runs than were just counted: then only the
        // lower bound (cap + 1) is known.
        answer.hasEstimate = estimated > cap;
        answer.value = answer.hasEstimate ? estimated : cap + 1;
    }
    return answer;
}

PgResult RunQueries::applySessionSettings(PgConnection &connection, int statementTimeoutMs) {
    PgParams params;
    params.add(QString::number(qMax(0, statementTimeoutMs)));
    return connection.exec(QStringLiteral("SELECT set_config('statement_timeout', $1, false),"
                                          " set_config('jit', 'off', false)"),
                           params);
}

QString RunQueries::likePrefixPattern(const QString &prefix) {
    // LIKE's default escape character is the backslash: escape it first, then the wildcards.
    QString pattern = prefix;
    pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return pattern + QLatin1Char('%');
}

} // namespace dedup::store
