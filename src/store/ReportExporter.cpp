#include "store/ReportExporter.h"

#include "core/RunStatus.h"
#include "store/CopyOutReader.h"
#include "store/PgConnection.h"
#include "store/ReportQueries.h"
#include "store/ReportSql.h"
#include "store/ReportSummaryRows.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonObject>
#include <QUuid>

#include <libpq-fe.h>

namespace dedup::store {

namespace {

using Result = OperatorResult<qint64>;

// Rows are gathered into one buffer and written when it holds this much: few write() calls,
// and memory bounded whatever the export's size.
constexpr qsizetype kFlushBytes = 256 * 1024;
// The progress callback runs every this many rows (and once at the end).
constexpr qint64 kProgressRows = 2000;

PgError clientError(const QString &message) {
    PgError error;
    error.message = message;
    return error;
}

// Writes rows through a bounded buffer; a CSV record's LF becomes CRLF (RFC 4180). Only a
// record's terminator changes: line breaks inside quoted fields are data and stay.
class RowWriter {
public:
    RowWriter(QIODevice &out, bool crlf)
        : m_out(out)
        , m_crlf(crlf) {
        m_buffer.reserve(kFlushBytes + 64 * 1024);
    }

    bool append(const char *data, int size) {
        if (m_crlf && size > 0 && data[size - 1] == '\n') {
            m_buffer.append(data, size - 1);
            m_buffer.append("\r\n", 2);
        } else {
            m_buffer.append(data, size);
        }
        return m_buffer.size() < kFlushBytes || flush();
    }

    bool flush() {
        if (m_buffer.isEmpty())
            return true;
        const bool ok = m_out.write(m_buffer) == m_buffer.size();
        m_buffer.clear(); // keeps the capacity
        return ok;
    }

private:
    QIODevice &m_out;
    bool m_crlf;
    QByteArray m_buffer;
};

} // namespace

ReportExporter::ReportExporter(PgConnection &connection)
    : m_conn(connection) {}

ReportExporter::~ReportExporter() {
    if (m_state == State::Open)
        rollback();
}

void ReportExporter::rollback() {
    // Nothing to undo (the report only reads): the rollback ends the transaction and its key.
    // A broken connection has no transaction left to end.
    const PGTransactionStatusType status =
        m_conn.isOpen() ? PQtransactionStatus(m_conn.handle()) : PQTRANS_UNKNOWN;
    if (status == PQTRANS_INTRANS || status == PQTRANS_INERROR)
        m_conn.exec(QStringLiteral("ROLLBACK"));
}

OperatorResult<qint64> ReportExporter::begin(const ReportSpec &spec) {
    if (m_state != State::Idle)
        return Result::failure(StoreErrorKind::InvalidArgument,
                               clientError(tr("A report is already open on this connection; "
                                              "finish it before starting another.")));
    m_lastRevealAuditId = 0;
    const QString invalid = spec.validate();
    if (!invalid.isEmpty())
        return Result::failure(StoreErrorKind::InvalidArgument, clientError(invalid));
    // The report's transaction is its own: inside someone else's, finish() would commit theirs
    // and the reveal would not be committed before the rows are read.
    if (m_conn.isOpen() && PQtransactionStatus(m_conn.handle()) != PQTRANS_IDLE)
        return Result::failure(
            StoreErrorKind::InvalidArgument,
            clientError(tr("The connection is inside a transaction; a report needs its own.")));

    // The reveal is committed before the report's transaction starts, so before any row is
    // read: an export that fails or is cancelled half-way has still been recorded.
    if (spec.revealRaw) {
        const OperatorResult<qint64> reveal = recordReveal(spec);
        if (!reveal)
            return reveal;
        m_lastRevealAuditId = reveal.value();
    }

    // One snapshot for every section, count and row of the report.
    const PgResult begun =
        m_conn.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    if (!begun.ok())
        return Result::failure(begun.error());
    // The server draws the report's key here and keeps it as transaction-local settings: this
    // statement carries no key material, nor does its answer. UTF-8 whatever the connection's
    // default encoding, since the files are UTF-8. With a reveal, the transaction names its
    // audit row: only then does the store show raw values (dedup.report_runs_revealed checks
    // that the row is this login's, from this session).
    PgParams reveal;
    reveal.add(m_lastRevealAuditId > 0 ? QString::number(m_lastRevealAuditId) : QString());
    const PgResult key = m_conn.exec(
        QStringLiteral("SELECT set_config('client_encoding', 'UTF8', true), dedup.report_begin(),"
                       " set_config('dedup.report_reveal', $1, true)"),
        reveal);
    if (!key.ok()) {
        rollback();
        return Result::failure(key.error());
    }
    m_state = State::Open;
    m_revealRaw = spec.revealRaw;
    return Result::success(m_lastRevealAuditId);
}

ProtocolStatus ReportExporter::finish() {
    const State state = m_state;
    m_state = State::Idle;
    if (state == State::Idle)
        return ProtocolStatus::failure(StoreErrorKind::InvalidArgument,
                                       clientError(tr("No report is open.")));
    if (state == State::Failed)
        return ProtocolStatus::failure(
            StoreErrorKind::Other,
            clientError(tr("An export of this report failed; the report was abandoned.")));
    const PgResult committed = m_conn.exec(QStringLiteral("COMMIT"));
    if (!committed.ok()) {
        rollback();
        return ProtocolStatus::failure(committed.error());
    }
    return ProtocolStatus::success({});
}

OperatorResult<qint64> ReportExporter::exportTo(QIODevice &out, const ReportSpec &spec,
                                                ReportSection section, ReportFormat format,
                                                const Progress &progress,
                                                const std::atomic_bool *cancel) {
    // Checks that touch no database first: they leave an open report as it is.
    if (m_state == State::Failed)
        return Result::failure(
            StoreErrorKind::Other,
            clientError(tr("An earlier export of this report failed; start a new report.")));
    const QString invalid = spec.validate();
    if (!invalid.isEmpty())
        return Result::failure(StoreErrorKind::InvalidArgument, clientError(invalid));
    if (m_state == State::Open && spec.revealRaw != m_revealRaw)
        return Result::failure(
            StoreErrorKind::InvalidArgument,
            clientError(spec.revealRaw
                            ? tr("This report was started redacted; raw values need a new "
                                 "report (and its audited reveal).")
                            : tr("This report was started with raw values; a redacted export "
                                 "needs a new report.")));
    if (!out.isWritable())
        return Result::failure(StoreErrorKind::Other,
                               clientError(tr("The report's output is not open for writing.")));
    if (cancel && cancel->load())
        return Result::failure(StoreErrorKind::Cancelled,
                               clientError(tr("The export was cancelled.")));

    if (m_state == State::Open) {
        const OperatorResult<qint64> rows =
            exportSection(out, spec, section, format, progress, cancel);
        if (!rows) {
            rollback();
            m_state = State::Failed;
        }
        return rows;
    }

    // A report of its own.
    const OperatorResult<qint64> begun = begin(spec);
    if (!begun)
        return begun;
    const OperatorResult<qint64> rows = exportSection(out, spec, section, format, progress, cancel);
    if (!rows) {
        rollback();
        m_state = State::Idle;
        return rows;
    }
    const ProtocolStatus finished = finish();
    if (!finished)
        return Result::failure(finished.errorKind(), finished.error());
    return rows;
}

OperatorResult<qint64> ReportExporter::exportSection(QIODevice &out, const ReportSpec &spec,
                                                     ReportSection section, ReportFormat format,
                                                     const Progress &progress,
                                                     const std::atomic_bool *cancel) {
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const auto cancelledError = [] {
        return Result::failure(StoreErrorKind::Cancelled,
                               clientError(tr("The export was cancelled.")));
    };

    if (section == ReportSection::Summary) {
        // In the report's transaction: the summary reads the snapshot the rows come from.
        ReportQueries queries(m_conn);
        const OperatorResult<ReportSummary> summary = queries.summarize(spec);
        if (!summary)
            return Result::failure(summary.errorKind(), summary.error());
        if (cancelled())
            return cancelledError();
        const QList<ReportSummaryRow> rows = reportSummaryRows(summary.value());
        const QByteArray text =
            format == ReportFormat::Csv ? summaryCsv(rows) : summaryJsonLines(rows);
        if (out.write(text) != text.size())
            return Result::failure(
                StoreErrorKind::Other,
                clientError(tr("Could not write the report: %1").arg(out.errorString())));
        if (progress)
            progress(rows.size(), rows.size());
        return Result::success(rows.size());
    }

    ReportSql sql(spec, m_conn);
    const bool json = format == ReportFormat::JsonLines;
    const bool runs = section == ReportSection::Runs;
    const QString select =
        runs ? sql.runsSelect(json, spec.revealRaw) : sql.actionsSelect(json, spec.revealRaw);
    const QString count = runs ? QStringLiteral("SELECT count(*) FROM %1 r WHERE %2")
                                     .arg(ReportSql::runsSource(spec.revealRaw), sql.runsWhere())
                               : QStringLiteral("SELECT count(*) FROM dedup.audit_log a WHERE %1")
                                     .arg(sql.actionsWhere());
    if (!sql.error().isEmpty())
        return Result::failure(StoreErrorKind::InvalidArgument, clientError(sql.error()));

    CopyOutReader reader(m_conn, cancel);
    const PgResult counted = reader.query(count);
    if (reader.cancelled())
        return cancelledError();
    if (!counted.ok())
        return Result::failure(counted.error());
    const qint64 expected = counted.toInt64(0, 0, -1);
    if (progress)
        progress(0, expected);

    // JSON Lines through COPY's CSV format with a quote and delimiter that JSON text never
    // contains unescaped (control characters are \u-escaped in JSON): the one column is then
    // written verbatim, where the text format would double every backslash.
    const QString copy =
        json ? QStringLiteral("COPY (%1) TO STDOUT WITH (FORMAT csv, DELIMITER E'\\x02', "
                              "QUOTE E'\\x01')")
                   .arg(select)
             : QStringLiteral("COPY (%1) TO STDOUT WITH (FORMAT csv, HEADER true)").arg(select);
    RowWriter writer(out, !json);
    bool header = !json;
    qint64 rows = 0;
    const PgResult copied = reader.copyOut(copy, [&](const char *data, int size) {
        if (header) {
            header = false;
            return writer.append(data, size);
        }
        ++rows;
        if (progress && rows % kProgressRows == 0)
            progress(rows, expected);
        return writer.append(data, size);
    });
    if (reader.cancelled())
        return cancelledError();
    if (reader.sinkFailed())
        return Result::failure(
            StoreErrorKind::Other,
            clientError(tr("Could not write the report: %1").arg(out.errorString())));
    if (!copied.ok())
        return Result::failure(copied.error());
    if (!writer.flush())
        return Result::failure(
            StoreErrorKind::Other,
            clientError(tr("Could not write the report: %1").arg(out.errorString())));
    if (progress)
        progress(rows, expected);
    return Result::success(rows);
}

OperatorResult<qint64> ReportExporter::recordReveal(const ReportSpec &spec) {
    QJsonArray statuses;
    for (const core::RunStatus status : spec.statuses)
        statuses.append(core::toString(status));
    const QJsonObject filter{
        {QStringLiteral("from"), spec.from.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("to"), spec.to.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("workflows"), QJsonArray::fromStringList(spec.workflows)},
        {QStringLiteral("statuses"), statuses},
        {QStringLiteral("operators"), QJsonArray::fromStringList(spec.operators)},
    };
    // One audit row per report (begin() writes it once for all the report's exports). The
    // action key only makes a resend after a lost connection replay the first row: a fresh
    // random id per report, which reveals nothing.
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    PgParams params;
    params.add(spec.revealReason).add(filter).add(QStringLiteral("report_reveal:") + id);
    const PgResult reveal = m_conn.exec(
        QStringLiteral("SELECT dedup.op_report_reveal($1, $2::jsonb, $3) AS audit_id"), params);
    if (reveal.ok())
        return OperatorResult<qint64>::success(reveal.toInt64(0, "audit_id"));
    if (classify(reveal.error()) != StoreErrorKind::PermissionDenied)
        return OperatorResult<qint64>::failure(reveal.error());
    PgError denied = reveal.error();
    denied.message = tr("Showing raw keys, scopes and payloads needs the dedup_operator role; "
                        "this role may only export redacted reports (%1).")
                         .arg(reveal.error().message);
    return OperatorResult<qint64>::failure(StoreErrorKind::PermissionDenied, denied);
}

} // namespace dedup::store
