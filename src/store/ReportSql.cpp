#include "store/ReportSql.h"

#include "core/RunStatus.h"
#include "store/PgConnection.h"

#include <libpq-fe.h>
#include <utility>
#include <vector>

namespace dedup::store {

namespace {

// The HMAC pads, read once per statement (an uncorrelated sub-select is an InitPlan).
const QString kIpad =
    QStringLiteral("(SELECT decode(current_setting('dedup.report_ipad'), 'hex'))");
const QString kOpad =
    QStringLiteral("(SELECT decode(current_setting('dedup.report_opad'), 'hex'))");

QString hashed(const QString &expression) {
    return QStringLiteral("dedup.report_hmac(%1, %2, %3)").arg(expression, kIpad, kOpad);
}

QString redactedJson(const QString &expression) {
    return QStringLiteral("dedup.report_redact(%1, %2, %3)").arg(expression, kIpad, kOpad);
}

// (name, expression) pairs -> a SELECT list.
QString selectList(const std::vector<std::pair<QString, QString>> &columns) {
    QStringList parts;
    for (const auto &[name, expression] : columns)
        parts << QStringLiteral("%1 AS %2").arg(expression, name);
    return parts.join(QStringLiteral(", "));
}

// One JSON text column per row, the names in column order. row_to_json over the (flattened)
// sub-select costs markedly less per row than json_build_object with the same pairs (no
// variadic "any" arguments to inspect on every call); the sub-select's ORDER BY is the
// outer query's once it is pulled up.
QString asJson(const QString &select) {
    return QStringLiteral("SELECT row_to_json(t)::text FROM (%1) t").arg(select);
}

} // namespace

ReportSql::ReportSql(const ReportSpec &spec, PgParams &params)
    : m_spec(spec)
    , m_params(&params) {}

ReportSql::ReportSql(const ReportSpec &spec, PgConnection &connection)
    : m_spec(spec)
    , m_conn(&connection) {}

QString ReportSql::text(const QString &value) {
    if (m_params) {
        m_params->add(value);
        return QStringLiteral("$%1::text").arg(m_params->size());
    }
    const QByteArray utf8 = value.toUtf8();
    char *escaped = PQescapeLiteral(m_conn->handle(), utf8.constData(), size_t(utf8.size()));
    if (!escaped) {
        if (m_error.isEmpty())
            m_error = QString::fromUtf8(PQerrorMessage(m_conn->handle())).trimmed();
        return QStringLiteral("NULL::text");
    }
    const QString literal = QString::fromUtf8(escaped);
    PQfreemem(escaped);
    return literal + QStringLiteral("::text");
}

QString ReportSql::textArray(const QStringList &values) {
    if (m_params) {
        m_params->add(values);
        return QStringLiteral("$%1::text[]").arg(m_params->size());
    }
    QStringList elements;
    for (const QString &value : values)
        elements << text(value);
    return QStringLiteral("ARRAY[%1]::text[]").arg(elements.join(QStringLiteral(", ")));
}

QString ReportSql::timestamp(const QDateTime &value) {
    return QStringLiteral("(%1)::timestamptz").arg(text(value.toUTC().toString(Qt::ISODateWithMs)));
}

QString ReportSql::range(const QString &column) {
    return QStringLiteral("%1 >= %2 AND %1 < %3")
        .arg(column, timestamp(m_spec.from), timestamp(m_spec.to));
}

QString ReportSql::runsWhere() {
    QString where = range(QStringLiteral("r.created_at"));
    if (!m_spec.workflows.isEmpty())
        where += QStringLiteral(" AND r.workflow = ANY (%1)").arg(textArray(m_spec.workflows));
    if (!m_spec.statuses.isEmpty()) {
        QStringList names;
        for (const core::RunStatus status : m_spec.statuses)
            names << core::toString(status);
        names.removeDuplicates();
        where += QStringLiteral(" AND r.status = ANY (%1)").arg(textArray(names));
    }
    return where;
}

QString ReportSql::runWorkflowWhere(const QString &alias) {
    if (m_spec.workflows.isEmpty())
        return QStringLiteral("true");
    return QStringLiteral("%1.workflow = ANY (%2)").arg(alias, textArray(m_spec.workflows));
}

QString ReportSql::actionsWhere() {
    QString where = range(QStringLiteral("a.at"));
    if (!m_spec.operators.isEmpty())
        where += QStringLiteral(" AND a.db_role = ANY (%1)").arg(textArray(m_spec.operators));
    if (!m_spec.workflows.isEmpty())
        where += QStringLiteral(" AND COALESCE(a.before, a.after) ->> 'workflow' = ANY (%1)")
                     .arg(textArray(m_spec.workflows));
    return where;
}

QString ReportSql::runsSelect(bool json, bool revealRaw) {
    const auto secret = [revealRaw](const QString &column) {
        return revealRaw ? column : hashed(column);
    };
    const std::vector<std::pair<QString, QString>> columns{
        {QStringLiteral("id"), QStringLiteral("r.id")},
        {QStringLiteral("created_at"), QStringLiteral("r.created_at")},
        {QStringLiteral("finished_at"), QStringLiteral("r.finished_at")},
        {QStringLiteral("workflow"), QStringLiteral("r.workflow")},
        {QStringLiteral("workflow_version"), QStringLiteral("r.workflow_version")},
        {QStringLiteral("status"), QStringLiteral("r.status")},
        {QStringLiteral("attempt"), QStringLiteral("r.attempt")},
        {QStringLiteral("scope"), secret(QStringLiteral("r.scope"))},
        {QStringLiteral("idem_key"), secret(QStringLiteral("r.idem_key"))},
        {QStringLiteral("key_version"), QStringLiteral("r.key_version")},
        {QStringLiteral("correlation_id"), secret(QStringLiteral("r.correlation_id"))},
        {QStringLiteral("fingerprint"), secret(QStringLiteral("r.fingerprint"))},
        {QStringLiteral("error_class"), QStringLiteral("r.last_error ->> 'class'")},
    };
    const QString select =
        QStringLiteral("SELECT %1 FROM dedup.runs r WHERE %2 ORDER BY r.created_at, r.id")
            .arg(selectList(columns), runsWhere());
    return json ? asJson(select) : select;
}

QString ReportSql::actionsSelect(bool json, bool revealRaw) {
    const auto document = [revealRaw](const QString &column) {
        return revealRaw ? column : redactedJson(column);
    };
    const std::vector<std::pair<QString, QString>> columns{
        {QStringLiteral("audit_id"), QStringLiteral("a.id")},
        {QStringLiteral("at"), QStringLiteral("a.at")},
        {QStringLiteral("db_role"), QStringLiteral("a.db_role")},
        {QStringLiteral("os_user"), QStringLiteral("a.os_user")},
        {QStringLiteral("client_host"), QStringLiteral("a.client_host")},
        {QStringLiteral("application_name"), QStringLiteral("a.application_name")},
        {QStringLiteral("action"), QStringLiteral("a.action")},
        {QStringLiteral("run_id"), QStringLiteral("a.run_id")},
        {QStringLiteral("workflow"), QStringLiteral("COALESCE(a.before, a.after) ->> 'workflow'")},
        {QStringLiteral("action_key"), QStringLiteral("a.action_key")},
        {QStringLiteral("reason"), QStringLiteral("a.reason")},
        {QStringLiteral("outcome"), QStringLiteral("a.outcome")},
        {QStringLiteral("status_before"), QStringLiteral("a.before ->> 'status'")},
        {QStringLiteral("status_after"), QStringLiteral("a.after ->> 'status'")},
        {QStringLiteral("detail"), QStringLiteral("a.detail")},
        {QStringLiteral("params"), document(QStringLiteral("a.params"))},
        {QStringLiteral("before"), document(QStringLiteral("a.before"))},
        {QStringLiteral("after"), document(QStringLiteral("a.after"))},
    };
    const QString select = QStringLiteral("SELECT %1 FROM dedup.audit_log a WHERE %2 ORDER BY a.id")
                               .arg(selectList(columns), actionsWhere());
    return json ? asJson(select) : select;
}

} // namespace dedup::store
