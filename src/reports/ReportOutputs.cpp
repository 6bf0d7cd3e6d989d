#include "reports/ReportOutputs.h"

#include "reports/ReportFormats.h"

namespace dedup::reports {

ReportOutputs::ReportOutputs()
    : sections{store::ReportSection::Runs, store::ReportSection::Actions,
               store::ReportSection::Summary} {
    for (const ReportFileFormat &format : ReportFormats::all())
        if (format.checkedByDefault)
            formats << format.id;
}

void ReportOutputs::set(const QString &format, bool chosen) {
    formats.removeAll(format);
    if (chosen)
        formats << format;
}

bool ReportOutputs::hasRowFormat() const {
    for (const ReportFileFormat &format : ReportFormats::all())
        if (has(format.id) && format.rows != ReportFileFormat::Rows::Summary)
            return true;
    return false;
}

bool ReportOutputs::hasSummaryFormat() const {
    for (const ReportFileFormat &format : ReportFormats::all())
        if (has(format.id) && format.rows == ReportFileFormat::Rows::Summary)
            return true;
    return false;
}

QStringList ReportOutputs::fileNames() const {
    // Registry order, whatever order the formats were chosen in.
    QStringList names;
    for (const ReportFileFormat &format : ReportFormats::all())
        if (has(format.id))
            names << format.fileNames(sections);
    return names;
}

} // namespace dedup::reports
