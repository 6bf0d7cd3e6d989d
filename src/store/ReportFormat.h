#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::store {

// How a report's rows are written. CSV is RFC 4180 with a header line; JSON Lines is one JSON
// object per line (UTF-8, "\n" separated). The PDF is not a row format: it is drawn from a
// ReportSummary by the widgets layer.
enum class ReportFormat { Csv, JsonLines };

// Which rows a CSV / JSON Lines export holds (SPEC 7 "Reports"):
//   Runs    : one row per run created in the range that matches the filters;
//   Actions : one row per operator action (audit_log) in the range;
//   Summary : label / value rows of the ReportSummary figures.
enum class ReportSection { Runs, Actions, Summary };

// "csv" | "jsonl"; the names dedupctl accepts.
QString toString(ReportFormat format);
std::optional<ReportFormat> reportFormatFromString(QStringView name);

// "runs" | "actions" | "summary"; the names dedupctl accepts (case-sensitive).
QString toString(ReportSection section);
std::optional<ReportSection> reportSectionFromString(QStringView name);

// The conventional file name suffix: "csv" | "jsonl".
QString fileSuffix(ReportFormat format);

} // namespace dedup::store
