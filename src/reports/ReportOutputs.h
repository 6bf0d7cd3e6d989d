#pragma once

#include "store/ReportFormat.h"

#include <QList>
#include <QStringList>

namespace dedup::reports {

// What one report writes: the chosen formats (ReportFormats ids) and, for the row formats,
// the sections. Into a folder, under fixed names: runs.csv, actions.csv and summary.csv (one
// per section), report.jsonl (every section, in that order) and report.pdf.
struct ReportOutputs {
    // Every section, and the formats checked by default (out of line: GCC's
    // -Wmaybe-uninitialized misreads the inlined list).
    ReportOutputs();

    QList<store::ReportSection> sections;
    QStringList formats; // ReportFormats ids

    bool has(const QString &format) const { return formats.contains(format); }
    void set(const QString &format, bool chosen);
    // A chosen format has rows (so it needs a section).
    bool hasRowFormat() const;
    // A chosen format is drawn from the summary figures.
    bool hasSummaryFormat() const;

    // The file names this selection writes, in the order they are written.
    QStringList fileNames() const;
};

} // namespace dedup::reports
