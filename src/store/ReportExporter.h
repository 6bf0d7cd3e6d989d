#pragma once

#include "store/OperatorResult.h"
#include "store/ReportFormat.h"
#include "store/ReportSpec.h"

#include <QCoreApplication>

#include <atomic>
#include <functional>

class QIODevice;

namespace dedup::store {

class PgConnection;

// Writes the sections of a report as CSV or JSON Lines, streaming the Runs and Actions rows
// through `COPY (SELECT ...) TO STDOUT` chunk by chunk: memory stays bounded whatever the
// number of rows, and the server does the formatting (see docs/PERFORMANCE.md).
//
// Redaction happens IN the database: scope, idem_key, correlation_id, fingerprint, payload
// values and the keys inside before/after leave the server only as "h:" + 16 hex digits of
// HMAC-SHA256 under a key the server draws for the report (dedup.report_begin(),
// 0015_report_key.sql) and keeps as transaction-local settings: the key is never sent, in
// either direction, so no statement log or client can hold it, and it is gone when the
// report's transaction ends. Every section and format of one report is read in that one
// transaction (begin() ... finish()), so equal values match inside the report and nowhere
// else. spec.revealRaw shows the raw values instead, needs dedup_operator, and is written to
// the audit log (dedup.op_report_reveal) and committed before the first row is read: one
// audit row per report.
//
//     ReportExporter exporter(conn);
//     if (!exporter.begin(spec)) ...                 // reveal audited, key drawn
//     exporter.exportTo(runsFile, spec, Runs, Csv);  // same snapshot, same key
//     exporter.exportTo(jsonFile, spec, Actions, JsonLines);
//     exporter.finish();                             // commit: the key is gone
//
// exportTo() without begin() is a report of its own (begin, export, finish).
//
// Blocking: call it on a worker thread with its own connection, never on the UI thread.
class ReportExporter {
    Q_DECLARE_TR_FUNCTIONS(ReportExporter)

public:
    explicit ReportExporter(PgConnection &connection);
    // Ends a report still open (rolled back: it only read).
    ~ReportExporter();
    ReportExporter(const ReportExporter &) = delete;
    ReportExporter &operator=(const ReportExporter &) = delete;

    // rowsExpected: counted first (cheap index count), -1 if unknown.
    using Progress = std::function<void(qint64 rowsWritten, qint64 rowsExpected)>;

    // Starts one report on the connection: with spec.revealRaw, writes and commits the
    // report_reveal audit row first; then opens the REPEATABLE READ READ ONLY transaction that
    // every export until finish() reads in (one snapshot: the sections agree with each other),
    // and has the server draw the report's key in it. Returns the reveal's audit id (0 without
    // reveal). Errors: InvalidArgument (spec.validate(), or a report is already open),
    // PermissionDenied (reveal without dedup_operator, or a login that may not export),
    // ConnectionLost, ...
    OperatorResult<qint64> begin(const ReportSpec &spec);
    // Ends the report begun by begin(): commits its transaction, and the key with it. An
    // error if an export of the report failed (the transaction was rolled back then).
    ProtocolStatus finish();
    // Whether begin() succeeded and finish() has not run yet.
    bool isOpen() const { return m_state != State::Idle; }

    // Streams one section into `out` (bounded memory: chunk by chunk, never the whole result).
    // Within begin() ... finish(), `spec` must describe the same report (its revealRaw must be
    // begin()'s); without begin(), the export is a report of its own. Returns the number of
    // data rows written (the CSV header is not counted). Errors: InvalidArgument
    // (spec.validate(), or revealRaw differs from begin()'s), PermissionDenied (reveal without
    // dedup_operator), Cancelled (`cancel` was set), QueryCanceled (statement_timeout),
    // ConnectionLost, Other (writing `out` failed; or an earlier export of this report
    // failed). After any error `out` holds a partial export: write to a temporary file and
    // rename it only on success. An error inside begin() ... finish() ends the report's
    // transaction: the report cannot go on (its next export fails), start a new one.
    //
    // `cancel` may be set from any thread: the exporter then cancels the COPY (PQcancel via
    // PgConnection::cancel) and returns StoreErrorKind::Cancelled; the connection stays usable.
    OperatorResult<qint64> exportTo(QIODevice &out, const ReportSpec &spec, ReportSection section,
                                    ReportFormat format, const Progress &progress = {},
                                    const std::atomic_bool *cancel = nullptr);

    // The audit id of the reveal row of the current (or last) report with spec.revealRaw, 0
    // when none: the same id for every export of one report.
    qint64 lastRevealAuditId() const { return m_lastRevealAuditId; }

private:
    enum class State { Idle, Open, Failed };

    OperatorResult<qint64> exportSection(QIODevice &out, const ReportSpec &spec,
                                         ReportSection section, ReportFormat format,
                                         const Progress &progress, const std::atomic_bool *cancel);
    // The report_reveal audit row (its id), or PermissionDenied with a message that says why.
    OperatorResult<qint64> recordReveal(const ReportSpec &spec);
    // Rolls the report's transaction back (after an error; nothing was written in it).
    void rollback();

    PgConnection &m_conn;
    State m_state = State::Idle;
    bool m_revealRaw = false; // begin()'s spec.revealRaw
    qint64 m_lastRevealAuditId = 0;
};

} // namespace dedup::store
