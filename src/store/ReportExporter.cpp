#include "store/ReportExporter.h"

#include "core/RunStatus.h"
#include "store/CopyOutReader.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"
#include "store/ReportQueries.h"
#include "store/ReportSql.h"
#include "store/ReportSummaryRows.h"

#include <QCryptographicHash>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonObject>
#include <QUuid>

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

// RFC 2104 pads of the report key: (K ^ 0x36..), (K ^ 0x5c..), K zero-padded to the
// SHA-256 block (64 bytes; a longer key is hashed first), as hex for set_config().
std::pair<QByteArray, QByteArray> hmacPads(QByteArray key) {
    constexpr int block = 64;
    if (key.size() > block)
        key = QCryptographicHash::hash(key, QCryptographicHash::Sha256);
    key.append(QByteArray(block - key.size(), '\0'));
    QByteArray inner(block, Qt::Uninitialized);
    QByteArray outer(block, Qt::Uninitialized);
    for (int i = 0; i < block; ++i) {
        inner[i] = char(quint8(key.at(i)) ^ 0x36);
        outer[i] = char(quint8(key.at(i)) ^ 0x5c);
    }
    return {inner.toHex(), outer.toHex()};
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

OperatorResult<qint64> ReportExporter::exportTo(QIODevice &out, const ReportSpec &spec,
                                                ReportSection section, ReportFormat format,
                                                const Progress &progress,
                                                const std::atomic_bool *cancel) {
    m_lastRevealAuditId = 0;
    const QString invalid = spec.validate();
    if (!invalid.isEmpty())
        return Result::failure(StoreErrorKind::InvalidArgument, clientError(invalid));
    if (!spec.revealRaw && section != ReportSection::Summary && spec.redactionKey.size() < 16)
        return Result::failure(StoreErrorKind::InvalidArgument,
                               clientError(tr("The report has no redaction key (use "
                                              "ReportSpec::newRedactionKey()).")));
    if (!out.isWritable())
        return Result::failure(StoreErrorKind::Other,
                               clientError(tr("The report's output is not open for writing.")));
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const auto cancelledError = [] {
        return Result::failure(StoreErrorKind::Cancelled,
                               clientError(tr("The export was cancelled.")));
    };
    if (cancelled())
        return cancelledError();

    // The reveal is committed before any row is read: an export that fails or is cancelled
    // half-way has still been recorded.
    if (spec.revealRaw) {
        const OperatorResult<qint64> reveal = recordReveal(spec);
        if (!reveal)
            return reveal;
        m_lastRevealAuditId = reveal.value();
    }

    if (section == ReportSection::Summary) {
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

    // One snapshot for the count and the rows, so the progress total is exact.
    ReadTransaction transaction(m_conn);
    PgError error;
    if (!transaction.begin(&error))
        return Result::failure(error);
    // Transaction-local: the pads disappear with the transaction; UTF-8 whatever the
    // connection's default encoding, since the files are UTF-8.
    const auto [ipad, opad] = hmacPads(spec.redactionKey);
    PgParams settings;
    settings.add(QString::fromLatin1(ipad)).add(QString::fromLatin1(opad));
    const PgResult set =
        m_conn.exec(QStringLiteral("SELECT set_config('client_encoding', 'UTF8', true),"
                                   " set_config('dedup.report_ipad', $1, true),"
                                   " set_config('dedup.report_opad', $2, true)"),
                    settings);
    if (!set.ok())
        return Result::failure(set.error());

    ReportSql sql(spec, m_conn);
    const bool json = format == ReportFormat::JsonLines;
    const bool runs = section == ReportSection::Runs;
    const QString select =
        runs ? sql.runsSelect(json, spec.revealRaw) : sql.actionsSelect(json, spec.revealRaw);
    const QString count =
        runs ? QStringLiteral("SELECT count(*) FROM dedup.runs r WHERE %1").arg(sql.runsWhere())
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
    if (!transaction.commit(&error))
        return Result::failure(error);
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
    // One audit row per report: every section and format of a report shares its redaction
    // key, so an action key derived from it (one-way: the key itself stays secret) makes the
    // later exports replay the first one's row. Without a key, every export is its own report.
    const QString id = spec.redactionKey.isEmpty()
                           ? QUuid::createUuid().toString(QUuid::WithoutBraces)
                           : QString::fromLatin1(QCryptographicHash::hash(
                                                     "dedup report reveal\n" + spec.redactionKey,
                                                     QCryptographicHash::Sha256)
                                                     .toHex()
                                                     .left(32));
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
