#pragma once

#include "store/ReportFormat.h"
#include "store/ReportSummary.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QIODevice;

namespace dedup::reports {

// One output format of a report: a row of ReportFormats, the registry that the console's
// report dialog, its ReportJob and `dedupctl report --format` all read, so that a format is
// described once (issue 15).
struct ReportFileFormat {
    // Which rows the format's files hold.
    enum class Rows {
        PerSection,  // one file per section: runs.csv, actions.csv, summary.csv
        AllSections, // every chosen section in one file, in order: report.jsonl
        Summary,     // drawn from the report's summary figures, sections do not apply
    };
    // Draws a Summary format into `out`; false with `error` set when writing failed.
    // `companions`: the report's other files holding the rows it only samples.
    using Draw = std::function<bool(QIODevice &out, const store::ReportSummary &summary,
                                    const QStringList &companions, int *pages, QString *error)>;

    QString id;     // what `dedupctl report --format` accepts; names the dialog's check box
    QString suffix; // file name suffix, without the dot
    QString title;  // translated, with a mnemonic (the dialog's check box)
    Rows rows = Rows::PerSection;
    std::optional<store::ReportFormat> rowFormat; // the exporter's format (row formats only)
    Draw draw;                                    // Summary formats only
    bool checkedByDefault = false;                // in the dialog and a default ReportOutputs

    // The files this format writes for `sections`, in the order it writes them.
    QStringList fileNames(const QList<store::ReportSection> &sections) const;
};

} // namespace dedup::reports
