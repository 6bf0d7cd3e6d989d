#pragma once

#include "store/ReportSpec.h"
#include "store/ReportSummary.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

namespace dedup::reports {

// How the report writes times, numbers, durations and its own filter. Times are UTC with the
// zone named (the store's clock; a compliance reader compares them with other systems),
// numbers use the reader's locale.
class ReportText {
    Q_DECLARE_TR_FUNCTIONS(ReportText)

public:
    static QString dateTime(const QDateTime &at);        // "2026-11-29 19:00:00 UTC"
    static QString shortDateTime(const QDateTime &at);   // "2026-11-29 19:00"
    static QString number(qint64 value);                 // "12,345"
    static QString duration(qint64 seconds);             // "3 d 4 h", "12 min", "40 s"
    static QString range(const store::ReportSpec &spec); // "from … to … (UTC)"
    // The filters; each workflow or operator shown visible and cut to a label's length.
    static QString workflows(const store::ReportSpec &spec);
    static QString statuses(const store::ReportSpec &spec);
    static QString operators(const store::ReportSpec &spec);
    // Whether keys, payloads and operators' reasons are redacted, or revealed raw (why, and
    // what this document then shows).
    static QString redaction(const store::ReportSpec &spec);
    // "intact (head: row 42, hash 9f2c…)" or what broke where.
    static QString auditVerdict(const store::AuditVerification &audit);
    // An audit action's name for people ("op_cancel" -> "Cancel run"); unknown names as is.
    static QString actionLabel(const QString &action);
    // "applied" / "changed" (refused: the run had changed since the operator looked).
    static QString outcomeLabel(const QString &outcome);
    // "Failed → Manual review"; empty when neither state is known.
    static QString transition(const QString &before, const QString &after);
    // A bucket's label on the time axis.
    static QString bucketLabel(const QDateTime &start, const QString &unit);
    static QString bucketAxisTitle(const QString &unit);
};

} // namespace dedup::reports
