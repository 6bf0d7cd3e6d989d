#pragma once

#include "store/ReportSummary.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace dedup::store {

// One line of a report's Summary section: (group, label, value), e.g.
// ("runs_by_status", "failed", 12), ("report", "generated_by", "alice"),
// ("audit", "intact", true). Groups and labels are stable identifiers for scripts (never
// translated); values are numbers, strings, booleans or null.
struct ReportSummaryRow {
    QString group;
    QString label;
    QJsonValue value;
};

// Every figure of `summary` in a fixed order: report (filter, who, when), runs, runs by
// status / workflow / time bucket, duplicates, failure classes, stuck, review, actions (by
// kind / operator), audit chain.
QList<ReportSummaryRow> reportSummaryRows(const ReportSummary &summary);

// RFC 4180 text: "group,label,value" header, then one CRLF-terminated record per row.
QByteArray summaryCsv(const QList<ReportSummaryRow> &rows);
// One {"group":..,"label":..,"value":..} object per line.
QByteArray summaryJsonLines(const QList<ReportSummaryRow> &rows);

// One RFC 4180 field: quoted (with doubled quotes) when it holds a comma, quote, CR or LF.
QByteArray csvField(const QString &value);

} // namespace dedup::store
