#include "reports/ReportFormats.h"

#include "reports/ReportPdfWriter.h"

namespace dedup::reports {

namespace {

// The one PDF path: the console's ReportJob and `dedupctl report --format pdf` both draw
// through here (via ReportWriter). Revealed, the PDF says so (first page, every footer) and
// shows the operators' reasons raw, as the summary was read.
bool drawPdf(QIODevice &out, const store::ReportSummary &summary, const QStringList &companions,
             int *pages, QString *error) {
    ReportPdfWriter writer(summary);
    writer.setCompanionFiles(companions);
    if (!writer.write(out)) {
        *error = writer.errorString();
        return false;
    }
    *pages = writer.pageCount();
    return true;
}

QList<ReportFileFormat> makeFormats() {
    using Rows = ReportFileFormat::Rows;
    return {
        {QStringLiteral("csv"),
         QStringLiteral("csv"),
         ReportFormats::tr("&CSV"),
         Rows::PerSection,
         store::ReportFormat::Csv,
         {},
         true},
        {QStringLiteral("jsonl"),
         QStringLiteral("jsonl"),
         ReportFormats::tr("&JSON Lines"),
         Rows::AllSections,
         store::ReportFormat::JsonLines,
         {},
         false},
        {QStringLiteral("pdf"), QStringLiteral("pdf"), ReportFormats::tr("&PDF"), Rows::Summary,
         std::nullopt, drawPdf, true},
    };
}

} // namespace

const QList<ReportFileFormat> &ReportFormats::all() {
    // Built on first use, after the application installed its translators.
    static const QList<ReportFileFormat> formats = makeFormats();
    return formats;
}

const ReportFileFormat *ReportFormats::find(QStringView id) {
    for (const ReportFileFormat &format : all())
        if (format.id == id)
            return &format;
    return nullptr;
}

QStringList ReportFormats::ids() {
    QStringList names;
    for (const ReportFileFormat &format : all())
        names << format.id;
    return names;
}

} // namespace dedup::reports
