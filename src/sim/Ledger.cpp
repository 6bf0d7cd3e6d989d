#include "sim/Ledger.h"

#include "store/PgConnection.h"

#include <QJsonArray>

namespace dedup::sim {

namespace {

// $1..$4: label, provider, operation, intent; NULL matches everything.
const QString kWhere = QStringLiteral(
    " ($1::text IS NULL OR label = $1) AND ($2::text IS NULL OR provider = $2)"
    " AND ($3::text IS NULL OR operation = $3) AND ($4::text IS NULL OR intent = $4) ");

// A set field is a value even when it is an empty (possibly null) QString, which PgParams
// would otherwise send as NULL, i.e. "match everything".
std::optional<QString> value(const std::optional<QString> &field) {
    if (field && field->isNull())
        return QStringLiteral("");
    return field;
}

store::PgParams filterParams(const LedgerFilter &filter) {
    store::PgParams params;
    params.add(value(filter.label))
        .add(value(filter.provider))
        .add(value(filter.operation))
        .add(value(filter.intent));
    return params;
}

// Per (label, provider, operation, intent): n side effects, c of them provider copies.
const QString kGroups =
    QStringLiteral("WITH g AS (SELECT label, provider, operation, intent, count(*) AS n,"
                   "                  count(*) FILTER (WHERE provider_copy) AS c"
                   "             FROM sim.ledger WHERE") +
    kWhere + QStringLiteral("            GROUP BY label, provider, operation, intent) ");

} // namespace

Ledger::Ledger(store::PgConnection &connection)
    : m_conn(connection) {}

Ledger::Result<QList<EffectCount>> Ledger::counts(const LedgerFilter &filter) {
    const store::PgResult rows =
        m_conn.exec(kGroups + QStringLiteral("SELECT label, provider, operation, sum(n), count(*),"
                                             "       sum(n - 1), sum(c)"
                                             "  FROM g GROUP BY label, provider, operation"
                                             " ORDER BY label, provider, operation"),
                    filterParams(filter));
    if (!rows.ok())
        return Result<QList<EffectCount>>::failure(Error::Database, rows.error().toString());
    QList<EffectCount> result;
    for (int r = 0; r < rows.rows(); ++r) {
        EffectCount count;
        count.label = rows.text(r, 0);
        count.provider = rows.text(r, 1);
        count.operation = rows.text(r, 2);
        count.sideEffects = rows.toInt64(r, 3);
        count.intents = rows.toInt64(r, 4);
        count.duplicates = rows.toInt64(r, 5);
        count.providerDuplicates = rows.toInt64(r, 6);
        result.append(count);
    }
    return Result<QList<EffectCount>>::success(result);
}

Ledger::Result<EffectCount> Ledger::totals(const LedgerFilter &filter) {
    const store::PgResult rows = m_conn.exec(
        kGroups + QStringLiteral("SELECT coalesce(sum(n), 0), count(*), coalesce(sum(n - 1), 0),"
                                 "       coalesce(sum(c), 0) FROM g"),
        filterParams(filter));
    if (!rows.ok())
        return Result<EffectCount>::failure(Error::Database, rows.error().toString());
    EffectCount count;
    count.sideEffects = rows.toInt64(0, 0);
    count.intents = rows.toInt64(0, 1);
    count.duplicates = rows.toInt64(0, 2);
    count.providerDuplicates = rows.toInt64(0, 3);
    return Result<EffectCount>::success(count);
}

Ledger::Result<QList<DuplicateGroup>> Ledger::duplicates(const LedgerFilter &filter) {
    const store::PgResult rows = m_conn.exec(
        QStringLiteral("SELECT label, provider, operation, intent, count(*),"
                       "       array_to_json(array_agg(ref ORDER BY id))"
                       "  FROM sim.ledger WHERE") +
            kWhere +
            QStringLiteral(" GROUP BY label, provider, operation, intent HAVING count(*) > 1"
                           " ORDER BY label, provider, operation, intent"),
        filterParams(filter));
    if (!rows.ok())
        return Result<QList<DuplicateGroup>>::failure(Error::Database, rows.error().toString());
    QList<DuplicateGroup> result;
    for (int r = 0; r < rows.rows(); ++r) {
        DuplicateGroup group;
        group.label = rows.text(r, 0);
        group.provider = rows.text(r, 1);
        group.operation = rows.text(r, 2);
        group.intent = rows.text(r, 3);
        group.sideEffects = rows.toInt64(r, 4);
        for (const QJsonValue &ref : rows.toJson(r, 5).toArray())
            group.refs.append(ref.toString());
        result.append(group);
    }
    return Result<QList<DuplicateGroup>>::success(result);
}

Ledger::Result<QList<LedgerEntry>> Ledger::entries(const LedgerFilter &filter, int limit) {
    store::PgParams params = filterParams(filter);
    params.add(qMax(0, limit));
    const store::PgResult rows = m_conn.exec(
        QStringLiteral("SELECT id, label, provider, operation, intent, downstream_key, ref,"
                       "       payload, fault, provider_copy, at"
                       "  FROM sim.ledger WHERE") +
            kWhere + QStringLiteral(" ORDER BY id LIMIT $5"),
        params);
    if (!rows.ok())
        return Result<QList<LedgerEntry>>::failure(Error::Database, rows.error().toString());
    QList<LedgerEntry> result;
    for (int r = 0; r < rows.rows(); ++r) {
        LedgerEntry entry;
        entry.id = rows.toInt64(r, "id");
        entry.label = rows.text(r, "label");
        entry.provider = rows.text(r, "provider");
        entry.operation = rows.text(r, "operation");
        entry.intent = rows.text(r, "intent");
        if (!rows.isNull(r, "downstream_key"))
            entry.downstreamKey = rows.text(r, "downstream_key");
        entry.ref = rows.text(r, "ref");
        entry.payload = rows.toJson(r, "payload").toObject();
        entry.fault = rows.text(r, "fault");
        entry.providerCopy = rows.toBool(r, "provider_copy");
        entry.at = rows.toDateTime(r, "at");
        result.append(entry);
    }
    return Result<QList<LedgerEntry>>::success(result);
}

Ledger::Result<QList<LedgerEntry>> Ledger::byIntent(const QString &intent,
                                                    const LedgerFilter &filter) {
    LedgerFilter narrowed = filter;
    narrowed.intent = intent;
    return entries(narrowed, 100000);
}

} // namespace dedup::sim
