#include "actions/BulkPreviewLoader.h"

#include "store/BulkPreviewQueries.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"
#include "store/RunQueries.h"

#include <QSet>
#include <QStringList>

#include <algorithm>

namespace dedup::actions {

using store::PgError;
using store::PgResult;

namespace {

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
    connect(&m_runner, &lanes::QueryRunner::finished, this,
            [this](int id, const QVariant &value) { emit loaded(id, value.value<BulkPreview>()); });
    connect(&m_runner, &lanes::QueryRunner::failed, this,
            [this](int id, const QString &message, lanes::Failure) { emit failed(id, message); });
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
    const store::RunQuery rawKeysQuery = store::BulkPreviewQueries::rawKeysReadable();
    const PgResult privilege = conn.exec(rawKeysQuery.sql, rawKeysQuery.params);
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
        // The seen status decides whether a run is included (that is what the operation's
        // item will expect).
        const store::RunQuery query = store::BulkPreviewQueries::selection(
            ids, tokens, statuses, applicable, rowLimit, rawKeys);
        const PgResult result = conn.exec(query.sql, query.params);
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
        const store::RunQuery query =
            store::BulkPreviewQueries::filter(list, applicable, rowLimit, rawKeys);
        const PgResult result = conn.exec(query.sql, query.params);
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

} // namespace dedup::actions
