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

// Writes one section of a report as CSV or JSON Lines, streaming the Runs and Actions rows
// through `COPY (SELECT ...) TO STDOUT` chunk by chunk: memory stays bounded whatever the
// number of rows, and the server does the formatting (see docs/PERFORMANCE.md).
//
// Redaction happens IN the database: scope, idem_key, correlation_id, fingerprint, payload
// values and the keys inside before/after leave the server only as "h:" + 16 hex digits of
// HMAC-SHA256 under spec.redactionKey, so equal values match inside one report (one key) and
// nowhere else. spec.revealRaw shows them, needs dedup_operator, and is written to the audit
// log (dedup.op_report_reveal) before the first row is sent: once per report, since every
// export with the same redactionKey (the report's sections and formats) shares one audit row.
//
// Blocking: call it on a worker thread with its own connection, never on the UI thread.
class ReportExporter {
    Q_DECLARE_TR_FUNCTIONS(ReportExporter)

public:
    explicit ReportExporter(PgConnection &connection);

    // rowsExpected: counted first (cheap index count), -1 if unknown.
    using Progress = std::function<void(qint64 rowsWritten, qint64 rowsExpected)>;

    // Streams one section through COPY (...) TO STDOUT into `out` (bounded memory: chunk by
    // chunk, never the whole result). Returns the number of data rows written (the CSV header
    // is not counted). Errors: InvalidArgument (spec.validate(), or an empty redactionKey when
    // not revealing), PermissionDenied (reveal without dedup_operator), Cancelled (`cancel`
    // was set), QueryCanceled (statement_timeout), ConnectionLost, Other (writing `out`
    // failed). After any error `out` holds a partial export: write to a temporary file and
    // rename it only on success.
    //
    // `cancel` may be set from any thread: the exporter then cancels the COPY (PQcancel via
    // PgConnection::cancel) and returns StoreErrorKind::Cancelled; the connection stays usable.
    OperatorResult<qint64> exportTo(QIODevice &out, const ReportSpec &spec, ReportSection section,
                                    ReportFormat format, const Progress &progress = {},
                                    const std::atomic_bool *cancel = nullptr);

    // The audit id of the reveal row of the last exportTo() with spec.revealRaw (0 when
    // none): the same id for every export of one report.
    qint64 lastRevealAuditId() const { return m_lastRevealAuditId; }

private:
    // The report_reveal audit row (its id), or PermissionDenied with a message that says why.
    OperatorResult<qint64> recordReveal(const ReportSpec &spec);

    PgConnection &m_conn;
    qint64 m_lastRevealAuditId = 0;
};

} // namespace dedup::store
