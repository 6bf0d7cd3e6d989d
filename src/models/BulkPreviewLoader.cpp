#include "models/BulkPreviewLoader.h"

#include "store/PgConnection.h"
#include "store/ReadTransaction.h"
#include "store/RunQueries.h"

#include <QSet>
#include <QStringList>

#include <algorithm>

namespace dedup::models {

using store::PgError;
using store::PgParams;
using store::PgResult;

namespace {

// Per run of `j`: its current status and workflow, whether the operation would include it
// (in_scope), whether it changed since selection, and whether it has a step whose outcome is
// unknown (with or without a downstream key). EXISTS, not a per-row aggregate: over many runs
// the planner turns it into one hashed pass over the steps (measured: twice as fast over a
// million runs than a scalar subquery probing steps_pkey per run).
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

QStringList statusNames(const QList<core::RunStatus> &statuses) {
    QStringList names;
    for (const core::RunStatus status : statuses)
        names << core::toString(status);
    return names;
}

void readAggregate(const PgResult &result, int workflowLimit, BulkPreview *preview) {
    for (int row = 0; row < result.rows(); ++row) {
        const qint64 g = result.toInt64(row, "g");
        const qint64 runs = result.toInt64(row, "runs");
        if (g == 3) {
            preview->matched = runs;
            preview->applicable = result.toInt64(row, "in_scope");
            preview->notApplicable = runs - preview->applicable;
            preview->changedSinceSelection = result.toInt64(row, "changed");
            preview->withUncertainSteps = result.toInt64(row, "uncertain");
            preview->uncertainWithoutKey = result.toInt64(row, "uncertain_no_key");
        } else if (g == 1) {
            preview->byStatus.append({result.text(row, "status"), runs});
        } else if (preview->byWorkflow.size() < workflowLimit) {
            preview->byWorkflow.append({result.text(row, "workflow"), runs});
        } else {
            preview->moreWorkflows = true;
        }
    }
}

} // namespace

BulkPreviewLoader::BulkPreviewLoader(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-bulk-preview")) {
    qRegisterMetaType<BulkPreview>();
    connect(&m_runner, &QueryRunner::finished, this,
            [this](int id, const QVariant &value) { emit loaded(id, value.value<BulkPreview>()); });
    connect(
        &m_runner, &QueryRunner::failed, this,
        [this](int id, const QString &message, QueryRunner::Failure) { emit failed(id, message); });
}

BulkPreviewLoader::~BulkPreviewLoader() = default;

int BulkPreviewLoader::load(const BulkPlan &plan) {
    return m_runner.submit(
        [plan, cap = m_cap, threshold = m_threshold](store::PgConnection &conn, PgError *error) {
            const auto preview = read(conn, plan, cap, DefaultWorkflowLimit, threshold, error);
            return preview ? QVariant::fromValue(*preview) : QVariant();
        });
}

std::optional<BulkPreview> BulkPreviewLoader::read(store::PgConnection &conn, const BulkPlan &plan,
                                                   qint64 cap, int workflowLimit, qint64 threshold,
                                                   PgError *error) {
    BulkPreview preview;
    preview.kind = plan.target.kind;
    preview.confirmationThreshold = threshold;
    const QStringList applicable = statusNames(plan.applicableStatuses());
    // Rows: the total, at most 16 statuses (a newer schema may have more than five), the
    // workflows up to the limit and one more to know that there are more.
    const qint64 rowLimit = 1 + 16 + workflowLimit + 1;

    store::ReadTransaction tx(conn);
    if (!tx.begin(error))
        return std::nullopt;
    const PgResult privilege = conn.exec(
        QStringLiteral("SELECT has_column_privilege('dedup.steps', 'downstream_key', 'SELECT')"));
    if (!privilege.ok()) {
        *error = privilege.error();
        return std::nullopt;
    }
    const bool rawKeys = privilege.toBool(0, 0);
    if (plan.target.kind == BulkTarget::Kind::Selection) {
        QStringList ids, tokens, statuses;
        QSet<qint64> seen;
        qint64 selectedInScope = 0;
        for (const SelectedRun &run : plan.target.runs) {
            if (seen.contains(run.runId))
                continue;
            seen.insert(run.runId);
            ids << QString::number(run.runId);
            tokens << QString::number(run.token);
            statuses << core::toString(run.status);
            if (applicable.contains(core::toString(run.status)))
                ++selectedInScope;
        }
        PgParams params;
        params.add(ids).add(tokens).add(statuses).add(applicable).add(rowLimit);
        // The seen status decides whether a run is included (that is what the operation's
        // item will expect); changed = its token or status moved on since.
        const PgResult result = conn.exec(
            QStringLiteral("WITH sel AS (SELECT * FROM unnest($1::bigint[], $2::bigint[],"
                           " $3::text[]) AS s(id, token, status)),"
                           " j0 AS (SELECT r.id, r.status, r.workflow,"
                           " s.status = ANY($4::text[]) AS in_scope,"
                           " (r.lease_token <> s.token OR r.status <> s.status) AS changed, ") +
                uncertainColumn(QStringLiteral("r.id")) +
                QStringLiteral(" FROM sel s JOIN dedup.runs r ON r.id = s.id)") +
                withoutKeyColumn(rawKeys) + aggregate(QStringLiteral("$5::bigint")),
            params);
        if (!result.ok()) {
            *error = result.error();
            return std::nullopt;
        }
        readAggregate(result, workflowLimit, &preview);
        preview.missing = qint64(seen.size()) - preview.matched;
        // Selected as applicable but gone: they will be skipped too.
        const qint64 goneInScope = selectedInScope - preview.applicable;
        preview.changedSinceSelection += goneInScope;
        preview.applicable = selectedInScope;
        preview.notApplicable = qint64(seen.size()) - selectedInScope;
        preview.matched = qint64(seen.size());
    } else {
        const store::RunQuery list = store::RunQueries::keys(plan.target.filter, cap + 1);
        PgParams params = list.params;
        const int base = params.size();
        params.add(applicable).add(rowLimit);
        const PgResult result = conn.exec(
            QStringLiteral("WITH f AS (") + list.sql +
                QStringLiteral("), j0 AS (SELECT r.id, r.status, r.workflow,"
                               " r.status = ANY($%1::text[]) AS in_scope, false AS changed, ")
                    .arg(base + 1) +
                uncertainColumn(QStringLiteral("r.id")) +
                QStringLiteral(" FROM f JOIN dedup.runs r ON r.id = f.id)") +
                withoutKeyColumn(rawKeys) + aggregate(QStringLiteral("$%1::bigint").arg(base + 2)),
            params);
        if (!result.ok()) {
            *error = result.error();
            return std::nullopt;
        }
        readAggregate(result, workflowLimit, &preview);
        preview.cap = cap;
        preview.exact = preview.matched <= cap;
        if (!preview.exact) {
            const store::RunQuery estimate = store::RunQueries::estimate(plan.target.filter);
            const PgResult planned = conn.exec(estimate.sql, estimate.params);
            if (!planned.ok()) {
                *error = planned.error();
                return std::nullopt;
            }
            preview.estimated = store::RunQueries::readEstimate(planned);
        }
    }
    if (!tx.commit(error))
        return std::nullopt;
    // The server sorts by count; statuses are few, workflows were limited by it.
    std::stable_sort(preview.byStatus.begin(), preview.byStatus.end(),
                     [](const BulkCount &a, const BulkCount &b) { return a.runs > b.runs; });
    return preview;
}

} // namespace dedup::models
