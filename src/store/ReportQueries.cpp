#include "store/ReportQueries.h"

#include "store/AuditVerifier.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"
#include "store/ReportSql.h"

#include <QHash>
#include <QMap>
#include <QSysInfo>

#include <algorithm>
#include <libpq-fe.h>
#include <optional>

namespace dedup::store {

namespace {

using Result = OperatorResult<ReportSummary>;

QString osUser() {
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("LOGNAME");
    return user;
}

// Largest first, then by label, so equal counts have a stable order.
QList<ReportCount> descending(const QHash<QString, qint64> &counts) {
    QList<ReportCount> list;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        list.append({it.key(), it.value()});
    std::sort(list.begin(), list.end(), [](const ReportCount &a, const ReportCount &b) {
        return a.count != b.count ? a.count > b.count : a.label < b.label;
    });
    return list;
}

// The first bucket start at or before `time` (UTC; weeks start on Monday like date_trunc).
QDateTime truncated(const QDateTime &time, const QString &unit) {
    const QDateTime utc = time.toUTC();
    if (unit == QLatin1String("hour"))
        return QDateTime(utc.date(), QTime(utc.time().hour(), 0), Qt::UTC);
    QDate day = utc.date();
    if (unit == QLatin1String("week"))
        day = day.addDays(1 - day.dayOfWeek());
    return QDateTime(day, QTime(0, 0), Qt::UTC);
}

QDateTime nextBucket(const QDateTime &start, const QString &unit) {
    if (unit == QLatin1String("hour"))
        return start.addSecs(3600);
    return start.addDays(unit == QLatin1String("week") ? 7 : 1);
}

} // namespace

ReportQueries::ReportQueries(PgConnection &connection)
    : m_conn(connection) {}

QString ReportQueries::bucketUnitFor(const QDateTime &from, const QDateTime &to) {
    const qint64 seconds = from.secsTo(to);
    if (seconds <= 2 * 86400)
        return QStringLiteral("hour");
    if (seconds <= 92 * 86400)
        return QStringLiteral("day");
    return QStringLiteral("week");
}

OperatorResult<ReportSummary> ReportQueries::summarize(const ReportSpec &spec) {
    const QString invalid = spec.validate();
    if (!invalid.isEmpty()) {
        PgError error;
        error.message = invalid;
        return Result::failure(StoreErrorKind::InvalidArgument, error);
    }
    ReportSummary summary;
    summary.spec = spec;
    summary.osUser = osUser();
    summary.host = QSysInfo::machineHostName();
    summary.bucketUnit = bucketUnitFor(spec.from, spec.to);

    // Revealed, the summary shows the operators' reasons raw. Only inside a report whose reveal
    // is recorded: ReportExporter::begin() commits the audit row first and names it in the
    // report's transaction (dedup.report_reveal). A summary on its own never reveals.
    const bool inReport = PQtransactionStatus(m_conn.handle()) == PQTRANS_INTRANS;
    if (spec.revealRaw) {
        bool revealed = false;
        if (inReport) {
            const PgResult named = m_conn.exec(
                QStringLiteral("SELECT COALESCE(current_setting('dedup.report_reveal', true), '')"
                               " <> '' AS revealed"));
            if (!named.ok())
                return Result::failure(named.error());
            revealed = named.toBool(0, "revealed");
        }
        if (!revealed) {
            PgError notRevealed;
            notRevealed.message = tr("Raw values need a report begun with its audited reveal "
                                     "(ReportExporter::begin()); this summary would show them "
                                     "unaudited.");
            return Result::failure(StoreErrorKind::InvalidArgument, notRevealed);
        }
    }

    // Inside a report's transaction (ReportExporter::begin()) the summary reads the snapshot
    // that report's rows come from; alone, it opens its own.
    // Its own transaction draws its own report key (operators' reasons are hashed under it).
    std::optional<ReadTransaction> transaction;
    PgError error;
    if (!inReport) {
        transaction.emplace(m_conn);
        if (!transaction->begin(&error))
            return Result::failure(error);
        const PgResult key = m_conn.exec(QStringLiteral("SELECT dedup.report_begin()"));
        if (!key.ok())
            return Result::failure(key.error());
    }
    const auto run = [this](const QString &sql, const PgParams &params, PgResult *result) {
        *result = m_conn.exec(sql, params);
        return result->ok();
    };
    PgResult result;

    // Who, as the server knows it: the role it authenticated and the address it saw.
    if (!run(QStringLiteral("SELECT now() AS now, session_user::text AS who,"
                            " host(inet_client_addr()) AS addr"),
             {}, &result))
        return Result::failure(result.error());
    summary.generatedAt = result.toDateTime(0, "now");
    summary.generatedBy = result.text(0, "who");
    summary.clientAddr = result.text(0, "addr");

    // Runs created in range: one scan of the range (runs_*_created_idx) for the totals by
    // status, workflow and time bucket and for the failure classes. Through the report view
    // (0016): the error class is not a column operators and viewers may read; no hashed
    // column is used, so no report key is needed.
    {
        PgParams params;
        ReportSql sql(spec, params);
        params.add(summary.bucketUnit);
        const QString unit = QStringLiteral("$%1").arg(params.size());
        const QString where = sql.runsWhere();
        if (!run(QStringLiteral(
                     "SELECT date_trunc(%1, r.created_at) AS bucket, r.workflow, r.status,"
                     " CASE WHEN r.status IN ('failed', 'manual_review')"
                     " THEN COALESCE(r.error_class, '') END AS error_class,"
                     " count(*) AS n"
                     " FROM dedup.report_runs r WHERE %2 GROUP BY 1, 2, 3, 4")
                     .arg(unit, where),
                 params, &result))
            return Result::failure(result.error());
    }
    const QList<core::RunStatus> statuses = core::allRunStatuses();
    QHash<QString, qint64> byStatus;
    QHash<QString, qint64> byWorkflow;
    QHash<QString, qint64> classes;
    QMap<QDateTime, QList<qint64>> buckets;
    for (int row = 0; row < result.rows(); ++row) {
        const qint64 n = result.toInt64(row, "n");
        const QString status = result.text(row, "status");
        summary.runsTotal += n;
        byStatus[status] += n;
        byWorkflow[result.text(row, "workflow")] += n;
        if (!result.isNull(row, "error_class")) {
            const QString name = result.text(row, "error_class");
            classes[name.isEmpty() ? QStringLiteral("unknown") : name] += n;
        }
        QList<qint64> &bucket = buckets[result.toDateTime(row, "bucket")];
        if (bucket.isEmpty())
            bucket.fill(0, statuses.size());
        const auto parsed = core::runStatusFromString(status);
        if (parsed)
            bucket[statuses.indexOf(*parsed)] += n;
    }
    for (const core::RunStatus status : statuses)
        summary.runsByStatus.append(
            {core::toString(status), byStatus.value(core::toString(status))});
    summary.runsByWorkflow = descending(byWorkflow);
    summary.failureClasses = descending(classes);
    // Every bucket of the range, empty ones too, so a chart's time axis has no gaps.
    for (QDateTime start = truncated(spec.from, summary.bucketUnit); start < spec.to;
         start = nextBucket(start, summary.bucketUnit)) {
        QList<qint64> counts = buckets.value(start);
        if (counts.isEmpty())
            counts.fill(0, statuses.size());
        summary.runsOverTime.append({start, counts});
    }

    // Events in range (partial indexes on events.at per kind) and the queues as they are now
    // (runs_stale_lease_idx, runs_review_queue_idx); only the workflow filter applies.
    //
    // Suppressed duplicates: the `duplicate_suppressed` events in range (written before 0025)
    // plus, since 0025, the counters of dedup.duplicate_deliveries (replays, in_progress,
    // in_review) of every run whose last counted duplicate (last_at) falls in the range. The
    // time of each counted duplicate is not kept, so a run's all count at the time of its last
    // one: dashboard_rebuild()'s rule, so the report and a rebuilt Dashboard agree. The
    // counters are read in one pass over the table (only its primary key is indexed, which
    // keeps its updates HOT).
    {
        PgParams params;
        ReportSql sql(spec, params);
        const QString range = sql.range(QStringLiteral("e.at"));
        const QString counterRange = sql.range(QStringLiteral("d.last_at"));
        const auto workflowOf = [&](const QString &runId) {
            return spec.workflows.isEmpty()
                       ? QStringLiteral("true")
                       : QStringLiteral(
                             "EXISTS (SELECT 1 FROM dedup.runs r WHERE r.id = %1 AND %2)")
                             .arg(runId, sql.runWorkflowWhere(QStringLiteral("r")));
        };
        const QString eventWorkflow = workflowOf(QStringLiteral("e.run_id"));
        const QString counterWorkflow = workflowOf(QStringLiteral("d.run_id"));
        const QString queueWorkflow = sql.runWorkflowWhere(QStringLiteral("r"));
        const QString events = QStringLiteral(
            "(SELECT count(*) FROM dedup.events e WHERE e.kind = '%1' AND %2 AND %3)");
        const QString counted =
            QStringLiteral("(SELECT COALESCE(sum(d.replays + d.in_progress + d.in_review), 0)"
                           " FROM dedup.duplicate_deliveries d WHERE %1 AND %2)")
                .arg(counterRange, counterWorkflow);
        if (!run(
                QStringLiteral(
                    "SELECT (%1 + %2)::bigint AS duplicates, %3 AS review_opened,"
                    " (SELECT count(*) FROM dedup.runs r WHERE r.status = 'processing'"
                    "   AND r.lease_expires_at < now() AND %4) AS stuck,"
                    " q.review_now, q.oldest_review"
                    " FROM (SELECT count(*) AS review_now,"
                    "   floor(extract(epoch FROM now() - min(COALESCE(r.review_at, r.updated_at))))"
                    "   ::bigint AS oldest_review"
                    "   FROM dedup.runs r WHERE r.status = 'manual_review' AND %4) q")
                    .arg(events.arg(QStringLiteral("duplicate_suppressed"), range, eventWorkflow),
                         counted,
                         events.arg(QStringLiteral("routed_to_review"), range, eventWorkflow),
                         queueWorkflow),
                params, &result))
            return Result::failure(result.error());
        summary.duplicatesSuppressed = result.toInt64(0, "duplicates");
        summary.reviewOpenedInRange = result.toInt64(0, "review_opened");
        summary.stuckNow = result.toInt64(0, "stuck");
        summary.reviewNow = result.toInt64(0, "review_now");
        if (!result.isNull(0, "oldest_review"))
            summary.oldestReviewAgeSeconds = result.toInt64(0, "oldest_review");
    }

    // Operator actions in range (audit_log_at_idx).
    {
        PgParams params;
        ReportSql sql(spec, params);
        const QString where = sql.actionsWhere();
        if (!run(QStringLiteral("SELECT a.action, a.db_role, count(*) AS n FROM dedup.audit_log a"
                                " WHERE %1 GROUP BY 1, 2")
                     .arg(where),
                 params, &result))
            return Result::failure(result.error());
        QHash<QString, qint64> byKind;
        QHash<QString, qint64> byOperator;
        for (int row = 0; row < result.rows(); ++row) {
            const qint64 n = result.toInt64(row, "n");
            summary.actionsTotal += n;
            byKind[result.text(row, "action")] += n;
            byOperator[result.text(row, "db_role")] += n;
        }
        summary.actionsByKind = descending(byKind);
        summary.actionsByOperator = descending(byOperator);

        params.add(qint64(summary.actionsLimit));
        if (!run(QStringLiteral(
                     "SELECT * FROM (SELECT a.id, a.at, a.db_role, a.os_user, a.action,"
                     " a.run_id, %3 AS reason, a.outcome, a.before ->> 'status' AS before_state,"
                     " a.after ->> 'status' AS after_state FROM dedup.audit_log a"
                     " WHERE %1 ORDER BY a.id DESC LIMIT $%2) newest ORDER BY id")
                     .arg(where)
                     .arg(params.size())
                     // hashed unless the report is revealed (checked above)
                     .arg(ReportSql::actionReason(spec.revealRaw)),
                 params, &result))
            return Result::failure(result.error());
        for (int row = 0; row < result.rows(); ++row) {
            ReportAction action;
            action.auditId = result.toInt64(row, "id");
            action.at = result.toDateTime(row, "at");
            action.dbRole = result.text(row, "db_role");
            action.osUser = result.text(row, "os_user");
            action.action = result.text(row, "action");
            action.runId = result.toInt64(row, "run_id");
            action.reason = result.text(row, "reason");
            action.outcome = result.text(row, "outcome");
            action.beforeState = result.text(row, "before_state");
            action.afterState = result.text(row, "after_state");
            summary.actions.append(action);
        }
    }

    AuditVerifier verifier(m_conn);
    const OperatorResult<AuditVerification> audit = verifier.verify();
    if (!audit)
        return Result::failure(audit.errorKind(), audit.error());
    summary.audit = audit.value();

    if (transaction && !transaction->commit(&error))
        return Result::failure(error);
    return Result::success(summary);
}

} // namespace dedup::store
