#include "store/ReportSql.h"

#include "core/RunStatus.h"
#include "store/PgConnection.h"

#include <libpq-fe.h>
#include <utility>
#include <vector>

namespace dedup::store {

namespace {

// The HMAC pads of the key the server drew for this transaction (dedup.report_begin(),
// 0015_report_key.sql), read once per statement: an uncorrelated sub-select is an InitPlan.
// The statement names them; their value never appears in it. Without a key in the
// transaction the statement fails rather than hash under an empty one.
const QString kIpad = QStringLiteral("(SELECT dedup.report_ipad())");
const QString kOpad = QStringLiteral("(SELECT dedup.report_opad())");

QString redactedText(const QString &expression) {
    return QStringLiteral("dedup.report_hmac(%1, %2, %3)").arg(expression, kIpad, kOpad);
}

QString redactedJson(const QString &expression) {
    return QStringLiteral("dedup.report_redact(%1, %2, %3)").arg(expression, kIpad, kOpad);
}

// One column of a report: its name, its expression, and whether it is text a worker, a
// webhook sender or an operator chose (neutralised in CSV, below).
struct Column {
    QString name;
    QString expression;
    bool text = false;
};

// A text cell a spreadsheet would evaluate as a formula (it starts with =, +, -, @, a tab or a
// carriage return) gets a leading apostrophe in CSV, which spreadsheets show as text; other
// cells, JSON Lines and numbers, times and hashes (`h:...`) are unchanged. docs/CLI.md,
// "report". The expression is a column or a cheap operator on one: evaluating it twice costs
// nothing that matters.
QString csvCell(const QString &expression) {
    return QStringLiteral("CASE WHEN left((%1), 1) IN ('=', '+', '-', '@', E'\\t', E'\\r')"
                          " THEN '''' || (%1) ELSE (%1) END")
        .arg(expression);
}

// Columns -> a SELECT list; `csv`: text columns neutralised.
QString selectList(const std::vector<Column> &columns, bool csv) {
    QStringList parts;
    for (const Column &column : columns) {
        parts << QStringLiteral("%1 AS %2")
                     .arg(csv && column.text ? csvCell(column.expression) : column.expression,
                          column.name);
    }
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

QString ReportSql::runsSource(bool revealRaw) {
    return revealRaw ? QStringLiteral("dedup.report_runs_revealed")
                     : QStringLiteral("dedup.report_runs");
}

QString ReportSql::actionReason(bool revealRaw) {
    return revealRaw ? QStringLiteral("a.reason") : redactedText(QStringLiteral("a.reason"));
}

QString ReportSql::runsSelect(bool json, bool revealRaw) {
    // The view hashes scope, idem_key, correlation_id and fingerprint itself (or, revealed,
    // shows them); a hashed value is `h:` and hex digits: only raw values are text to
    // neutralise.
    const std::vector<Column> columns{
        {QStringLiteral("id"), QStringLiteral("r.id")},
        {QStringLiteral("created_at"), QStringLiteral("r.created_at")},
        {QStringLiteral("finished_at"), QStringLiteral("r.finished_at")},
        {QStringLiteral("workflow"), QStringLiteral("r.workflow"), true},
        {QStringLiteral("workflow_version"), QStringLiteral("r.workflow_version"), true},
        {QStringLiteral("status"), QStringLiteral("r.status"), true},
        {QStringLiteral("attempt"), QStringLiteral("r.attempt")},
        {QStringLiteral("scope"), QStringLiteral("r.scope"), revealRaw},
        {QStringLiteral("idem_key"), QStringLiteral("r.idem_key"), revealRaw},
        {QStringLiteral("key_version"), QStringLiteral("r.key_version")},
        {QStringLiteral("correlation_id"), QStringLiteral("r.correlation_id"), revealRaw},
        {QStringLiteral("fingerprint"), QStringLiteral("r.fingerprint"), revealRaw},
        {QStringLiteral("error_class"), QStringLiteral("r.error_class"), true},
    };
    const QString select =
        QStringLiteral("SELECT %1 FROM %2 r WHERE %3 ORDER BY r.created_at, r.id")
            .arg(selectList(columns, !json), runsSource(revealRaw), runsWhere());
    return json ? asJson(select) : select;
}

QString ReportSql::actionsSelect(bool json, bool revealRaw) {
    const auto document = [revealRaw](const QString &column) {
        return revealRaw ? column : redactedJson(column);
    };
    const std::vector<Column> columns{
        {QStringLiteral("audit_id"), QStringLiteral("a.id")},
        {QStringLiteral("at"), QStringLiteral("a.at")},
        {QStringLiteral("db_role"), QStringLiteral("a.db_role"), true},
        {QStringLiteral("os_user"), QStringLiteral("a.os_user"), true},
        {QStringLiteral("client_host"), QStringLiteral("a.client_host"), true},
        {QStringLiteral("application_name"), QStringLiteral("a.application_name"), true},
        {QStringLiteral("action"), QStringLiteral("a.action"), true},
        {QStringLiteral("run_id"), QStringLiteral("a.run_id")},
        {QStringLiteral("workflow"), QStringLiteral("COALESCE(a.before, a.after) ->> 'workflow'"),
         true},
        {QStringLiteral("action_key"), QStringLiteral("a.action_key"), true},
        // a hash is not text to neutralise; a revealed reason is
        {QStringLiteral("reason"), actionReason(revealRaw), revealRaw},
        {QStringLiteral("outcome"), QStringLiteral("a.outcome"), true},
        {QStringLiteral("status_before"), QStringLiteral("a.before ->> 'status'"), true},
        {QStringLiteral("status_after"), QStringLiteral("a.after ->> 'status'"), true},
        {QStringLiteral("detail"), QStringLiteral("a.detail"), true},
        {QStringLiteral("params"), document(QStringLiteral("a.params"))},
        {QStringLiteral("before"), document(QStringLiteral("a.before"))},
        {QStringLiteral("after"), document(QStringLiteral("a.after"))},
        // Added last so that readers of the earlier columns by position keep working: the
        // address the server saw the connection come from (inet_client_addr(); empty for a
        // Unix socket), unlike os_user, client_host and application_name, which the client
        // reported about itself.
        {QStringLiteral("client_addr"), QStringLiteral("host(a.client_addr)")},
    };
    const QString select = QStringLiteral("SELECT %1 FROM dedup.audit_log a WHERE %2 ORDER BY a.id")
                               .arg(selectList(columns, !json), actionsWhere());
    return json ? asJson(select) : select;
}

} // namespace dedup::store
