#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::store {

// How the exporter writes a report's rows. CSV is RFC 4180 with a header line; JSON Lines is
// one JSON object per line (UTF-8, "\n" separated). The names, suffixes and file layout of
// every output format (these two and the PDF, drawn from a ReportSummary) are
// reports::ReportFormats', the registry the console and dedupctl share.
enum class ReportFormat { Csv, JsonLines };

// "csv" | "jsonl" (for messages and tests; dedupctl's names are the registry's ids).
QString toString(ReportFormat format);

// Which rows a CSV / JSON Lines export holds (docs/CONSOLE.md "Reports"):
//   Runs    : one row per run created in the range that matches the filters;
//   Actions : one row per operator action (audit_log) in the range;
//   Summary : label / value rows of the ReportSummary figures.
enum class ReportSection { Runs, Actions, Summary };

// "runs" | "actions" | "summary"; the names dedupctl accepts (case-sensitive).
QString toString(ReportSection section);
std::optional<ReportSection> reportSectionFromString(QStringView name);

} // namespace dedup::store
