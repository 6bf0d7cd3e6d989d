#include "store/BulkPreviewQueries.h"

namespace dedup::store {

namespace {

// Per run of `j`: whether it has a step whose outcome is unknown (with or without a
// downstream key). EXISTS, not a per-row aggregate: over many runs the planner turns it into
// one hashed pass over the steps (measured: twice as fast over a million runs than a scalar
// subquery probing steps_pkey per run).
QString uncertainColumn(const QString &idColumn) {
    return QStringLiteral("EXISTS (SELECT 1 FROM dedup.steps st WHERE st.run_id = %1"
                          " AND st.status IN ('uncertain', 'in_progress')) AS uncertain")
        .arg(idColumn);
}

// `j` from `j0` (id, status, workflow, in_scope, changed, uncertain): adds uncertain_no_key.
// `rawKeys`: the login reads steps.downstream_key (the owner): an EXISTS like the one above.
// Else the key is readable only through dedup.steps_redacted (0016_protected_columns.sql),
// which keeps NULL as NULL but computes a keyed hash of every value of every step on the
// way, so it is asked only about the runs with an uncertain step, 10,000 runs per call (its
// maximum).
QString withoutKeyColumn(bool rawKeys) {
    if (rawKeys) {
        return QStringLiteral(
            ", j AS (SELECT j0.*, EXISTS (SELECT 1 FROM dedup.steps st WHERE st.run_id = j0.id"
            " AND st.status IN ('uncertain', 'in_progress') AND st.downstream_key IS NULL)"
            " AS uncertain_no_key FROM j0)");
    }
    return QStringLiteral(
        ", u AS MATERIALIZED (SELECT ARRAY(SELECT j0.id FROM j0 WHERE j0.uncertain) AS a),"
        " nk AS (SELECT DISTINCT st.run_id FROM u"
        " CROSS JOIN LATERAL generate_series(1, cardinality(u.a), 10000) AS g(i)"
        " CROSS JOIN LATERAL dedup.steps_redacted(u.a[g.i:g.i + 9999]) st"
        " WHERE st.status IN ('uncertain', 'in_progress') AND st.downstream_key IS NULL),"
        " j AS (SELECT j0.*, j0.uncertain AND j0.id IN (SELECT nk.run_id FROM nk)"
        " AS uncertain_no_key FROM j0)");
}

// The grand total, one row per status and one per workflow (most runs first), in this
// order; `limitParam` bounds the rows.
QString aggregate(const QString &limitParam) {
    return QStringLiteral(
               " SELECT GROUPING(j.status, j.workflow) AS g, j.status, j.workflow,"
               " count(*) AS runs,"
               " count(*) FILTER (WHERE j.in_scope) AS in_scope,"
               " count(*) FILTER (WHERE j.in_scope AND j.changed) AS changed,"
               " count(*) FILTER (WHERE j.in_scope AND j.uncertain) AS uncertain,"
               " count(*) FILTER (WHERE j.in_scope AND j.uncertain_no_key) AS uncertain_no_key"
               " FROM j GROUP BY GROUPING SETS ((), (j.status), (j.workflow))"
               " ORDER BY CASE GROUPING(j.status, j.workflow) WHEN 3 THEN 0 WHEN 1 THEN 1"
               " ELSE 2 END, runs DESC, j.status, j.workflow LIMIT %1")
        .arg(limitParam);
}

} // namespace

RunQuery BulkPreviewQueries::rawKeysReadable() {
    return {
        QStringLiteral("SELECT has_column_privilege('dedup.steps', 'downstream_key', 'SELECT')"),
        {}};
}

RunQuery BulkPreviewQueries::selection(const QStringList &ids, const QStringList &tokens,
                                       const QStringList &statuses, const QStringList &applicable,
                                       qint64 rowLimit, bool rawKeys) {
    RunQuery query;
    query.params.add(ids).add(tokens).add(statuses).add(applicable).add(rowLimit);
    query.sql = QStringLiteral("WITH sel AS (SELECT * FROM unnest($1::bigint[], $2::bigint[],"
                               " $3::text[]) AS s(id, token, status)),"
                               " j0 AS (SELECT r.id, r.status, r.workflow,"
                               " s.status = ANY($4::text[]) AS in_scope,"
                               " (r.lease_token <> s.token OR r.status <> s.status) AS changed, ") +
                uncertainColumn(QStringLiteral("r.id")) +
                QStringLiteral(" FROM sel s JOIN dedup.runs r ON r.id = s.id)") +
                withoutKeyColumn(rawKeys) + aggregate(QStringLiteral("$5::bigint"));
    return query;
}

RunQuery BulkPreviewQueries::filter(const RunQuery &list, const QStringList &applicable,
                                    qint64 rowLimit, bool rawKeys) {
    RunQuery query;
    query.params = list.params;
    const int base = query.params.size();
    query.params.add(applicable).add(rowLimit);
    query.sql = QStringLiteral("WITH f AS (") + list.sql +
                QStringLiteral("), j0 AS (SELECT r.id, r.status, r.workflow,"
                               " r.status = ANY($%1::text[]) AS in_scope, false AS changed, ")
                    .arg(base + 1) +
                uncertainColumn(QStringLiteral("r.id")) +
                QStringLiteral(" FROM f JOIN dedup.runs r ON r.id = f.id)") +
                withoutKeyColumn(rawKeys) + aggregate(QStringLiteral("$%1::bigint").arg(base + 2));
    return query;
}

} // namespace dedup::store
