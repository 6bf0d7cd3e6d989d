#pragma once

#include "core/RunStatus.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace dedup::store {

// What a report covers: one time range plus optional filters, and whether keys, scopes,
// correlation ids and payloads are shown. Shared by the CSV / JSON Lines exports, the PDF and
// the console's report dialog, so every format of one report describes the same rows.
struct ReportSpec {
    Q_DECLARE_TR_FUNCTIONS(ReportSpec)

public:
    // [from, to): runs by created_at, operator actions by audit_log.at, events by at.
    QDateTime from;
    QDateTime to;
    QStringList workflows;           // empty: every workflow
    QList<core::RunStatus> statuses; // empty: every status
    QStringList operators;           // audit_log.db_role; empty: every operator

    // Raw values are redacted by default (keyed HMAC-SHA256 under a key the database server
    // draws for each report and never sends: ReportExporter::begin()), so equal keys still
    // match inside one report and nowhere else. Showing them needs a reason and is itself
    // written to the audit log before any row leaves the database.
    bool revealRaw = false;
    QString revealReason;

    // An empty string when the spec can be run; otherwise a translated message naming the
    // field (range missing or reversed, reveal without a reason, ...).
    QString validate() const;
};

} // namespace dedup::store
