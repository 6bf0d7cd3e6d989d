#include "store/ReportSummaryRows.h"

#include "core/RunStatus.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::store {

namespace {

QString iso(const QDateTime &time) {
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QString listOrAll(const QStringList &values) {
    return values.isEmpty() ? QStringLiteral("*") : values.join(QLatin1Char(','));
}

QString valueText(const QJsonValue &value) {
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(value.toInteger());
    case QJsonValue::String:
        return value.toString();
    default:
        return {};
    }
}

} // namespace

QList<ReportSummaryRow> reportSummaryRows(const ReportSummary &s) {
    QList<ReportSummaryRow> rows;
    const auto add = [&rows](const QString &group, const QString &label, const QJsonValue &value) {
        rows.append({group, label, value});
    };
    const auto counts = [&add](const QString &group, const QList<ReportCount> &list) {
        for (const ReportCount &count : list)
            add(group, count.label, count.count);
    };
    const QString report = QStringLiteral("report");
    add(report, QStringLiteral("from"), iso(s.spec.from));
    add(report, QStringLiteral("to"), iso(s.spec.to));
    add(report, QStringLiteral("workflows"), listOrAll(s.spec.workflows));
    QStringList statuses;
    for (const core::RunStatus status : s.spec.statuses)
        statuses << core::toString(status);
    add(report, QStringLiteral("statuses"), listOrAll(statuses));
    add(report, QStringLiteral("operators"), listOrAll(s.spec.operators));
    add(report, QStringLiteral("raw_values"),
        s.spec.revealRaw ? QStringLiteral("shown") : QStringLiteral("redacted"));
    add(report, QStringLiteral("generated_at"), iso(s.generatedAt));
    add(report, QStringLiteral("generated_by"), s.generatedBy);
    add(report, QStringLiteral("os_user"), s.osUser);
    add(report, QStringLiteral("host"), s.host);
    // Added after the client-reported os_user and host: the address the server saw (empty
    // for a Unix-socket connection).
    add(report, QStringLiteral("client_addr"), s.clientAddr);

    add(QStringLiteral("runs"), QStringLiteral("total"), s.runsTotal);
    counts(QStringLiteral("runs_by_status"), s.runsByStatus);
    counts(QStringLiteral("runs_by_workflow"), s.runsByWorkflow);
    for (const ReportBucket &bucket : s.runsOverTime) {
        qint64 total = 0;
        for (const qint64 count : bucket.byStatus)
            total += count;
        add(QStringLiteral("runs_per_") + s.bucketUnit, iso(bucket.start), total);
    }
    add(QStringLiteral("duplicates"), QStringLiteral("suppressed"), s.duplicatesSuppressed);
    counts(QStringLiteral("failure_classes"), s.failureClasses);

    add(QStringLiteral("stuck"), QStringLiteral("now"), s.stuckNow);
    add(QStringLiteral("review"), QStringLiteral("now"), s.reviewNow);
    add(QStringLiteral("review"), QStringLiteral("oldest_age_seconds"),
        s.oldestReviewAgeSeconds ? QJsonValue(*s.oldestReviewAgeSeconds)
                                 : QJsonValue(QJsonValue::Null));
    add(QStringLiteral("review"), QStringLiteral("opened_in_range"), s.reviewOpenedInRange);

    add(QStringLiteral("actions"), QStringLiteral("total"), s.actionsTotal);
    counts(QStringLiteral("actions_by_kind"), s.actionsByKind);
    counts(QStringLiteral("actions_by_operator"), s.actionsByOperator);

    const QString audit = QStringLiteral("audit");
    add(audit, QStringLiteral("intact"), s.audit.ok());
    add(audit, QStringLiteral("head_id"), s.audit.headId);
    add(audit, QStringLiteral("head_hash"), s.audit.headHash);
    if (s.audit.firstBreak) {
        add(audit, QStringLiteral("break_id"), s.audit.firstBreak->id);
        add(audit, QStringLiteral("break_problem"), s.audit.firstBreak->problemText);
    }
    return rows;
}

QByteArray csvField(const QString &value) {
    QByteArray bytes = value.toUtf8();
    if (!bytes.contains(',') && !bytes.contains('"') && !bytes.contains('\r') &&
        !bytes.contains('\n'))
        return bytes;
    bytes.replace('"', "\"\"");
    return '"' + bytes + '"';
}

// A text a spreadsheet would evaluate as a formula gets a leading apostrophe (the rule of the
// runs and actions sections, ReportSql's csvCell()); numbers are left as they are.
static QString csvText(const QString &value) {
    static const QString formulaStarts = QStringLiteral("=+-@\t\r");
    return !value.isEmpty() && formulaStarts.contains(value.front()) ? QLatin1Char('\'') + value
                                                                     : value;
}

QByteArray summaryCsv(const QList<ReportSummaryRow> &rows) {
    QByteArray text = "group,label,value\r\n";
    for (const ReportSummaryRow &row : rows) {
        const bool textValue = row.value.isString();
        text += csvField(csvText(row.group)) + ',' + csvField(csvText(row.label)) + ',' +
                csvField(textValue ? csvText(valueText(row.value)) : valueText(row.value)) + "\r\n";
    }
    return text;
}

QByteArray summaryJsonLines(const QList<ReportSummaryRow> &rows) {
    QByteArray text;
    for (const ReportSummaryRow &row : rows) {
        const QJsonObject object{{QStringLiteral("group"), row.group},
                                 {QStringLiteral("label"), row.label},
                                 {QStringLiteral("value"), row.value}};
        text += QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    }
    return text;
}

} // namespace dedup::store
