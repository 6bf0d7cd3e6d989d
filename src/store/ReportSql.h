#pragma once

#include "store/PgParams.h"
#include "store/ReportSpec.h"

#include <QString>
#include <QStringList>

namespace dedup::store {

class PgConnection;

// The WHERE clauses and SELECTs of a report, in one place so that the summary's figures, the
// CSV / JSON Lines rows and the PDF describe exactly the same rows.
//
// Values reach SQL in one of two ways, never by splicing text as typed:
//   * Params   : "$n" placeholders added to a PgParams (every statement but COPY);
//   * Literals : PQescapeLiteral() on the connection (COPY takes no parameters), so a
//                workflow named "x'); DROP ..." is a string, not SQL. Timestamps are printed
//                by this class (ISO 8601, UTC) and escaped too.
// The redaction key is neither: the server draws it in the report's transaction
// (dedup.report_begin()) and the statements only name it (dedup.report_ipad() /
// dedup.report_opad(), read once per statement by an InitPlan), so no statement the client
// sends, nor its parameters, carries key material.
class ReportSql {
public:
    // Placeholders numbered after what `params` already holds.
    ReportSql(const ReportSpec &spec, PgParams &params);
    // Escaped literals; the connection must be open (its encoding is used for escaping).
    ReportSql(const ReportSpec &spec, PgConnection &connection);

    // "<column> >= from AND <column> < to"
    QString range(const QString &column);
    // Runs created in the range matching the workflow and status filters (alias r).
    QString runsWhere();
    // "true" or "r.workflow = ANY (...)": for figures about runs not bounded by created_at.
    QString runWorkflowWhere(const QString &alias);
    // Operator actions in the range matching the operator and workflow filters (alias a).
    // The workflow is the acted-on run's (before / after); actions on no run (bulk
    // operations, report reveals) only appear without a workflow filter.
    QString actionsWhere();

    // Where a report reads runs (0016_protected_columns.sql): operators and viewers may not
    // read the protected columns of dedup.runs. dedup.report_runs hashes scope, idem_key,
    // correlation_id and fingerprint under the report's key and has error_class; with
    // revealRaw, dedup.report_runs_revealed shows them, in a transaction that names the
    // report's committed reveal (dedup.report_reveal). Both apply the runs' read grants.
    // runsWhere() applies to either (alias r).
    static QString runsSource(bool revealRaw);

    // An audit row's reason as a report shows it: the operator's own words, which may name a
    // patient, so `h:` and 16 hex digits under the report's key unless revealed (alias a).
    // Needs the report's key in the transaction (dedup.report_begin()).
    static QString actionReason(bool revealRaw);

    // The export SELECTs (no trailing semicolon), ordered for reading: runs by
    // (created_at, id), actions by id (= chain order). `json`: one json text column per row.
    QString runsSelect(bool json, bool revealRaw);
    QString actionsSelect(bool json, bool revealRaw);

    // Set when an escape failed (a value the connection's encoding cannot represent).
    const QString &error() const { return m_error; }

private:
    QString text(const QString &value);
    QString textArray(const QStringList &values);
    QString timestamp(const QDateTime &value);

    const ReportSpec &m_spec;
    PgParams *m_params = nullptr;
    PgConnection *m_conn = nullptr;
    QString m_error;
};

} // namespace dedup::store
