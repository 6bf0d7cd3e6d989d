#pragma once

#include "store/ReportSummary.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QIODevice;

namespace dedup::reports {

class ReportPageLayout;

// The report as a PDF document (A4, portrait): title; what it was made with (when, by whom,
// the filter, redacted or raw); the audit chain's verdict; the summary figures; charts of runs
// by status over time, failure classes and actions by kind; tables of runs by workflow,
// actions by operator and the operator actions themselves. Every page carries "Page n of N".
//
// Drawn from a ReportSummary only, so it needs no database and shows no key or payload: the
// summary carries none. The operators' reasons are as the summary holds them: hashed, or raw
// when the report was revealed (summary.spec.revealRaw, audited by ReportExporter::begin());
// the document then says so on its first page and in every footer. Every value is drawn as
// core::DisplayText::visible() shows it and bounded to its box (ReportPageLayout::drawText()).
// Needs a QGuiApplication (fonts); may run on any thread.
class ReportPdfWriter {
    Q_DECLARE_TR_FUNCTIONS(ReportPdfWriter)

public:
    explicit ReportPdfWriter(store::ReportSummary summary);

    // The files of the same report that hold every operator action (e.g. "actions.csv"), named
    // where the actions table is cut at summary.actionsLimit rows.
    void setCompanionFiles(const QStringList &fileNames) { m_companions = fileNames; }

    // Writes the PDF into `out` (opened for writing here when it is not open yet). False with
    // errorString() when the device cannot be written.
    bool write(QIODevice &out);
    // Writes to a temporary file next to `path` and renames it on success, so a failed or
    // interrupted write never leaves a truncated report under the final name.
    bool writeFile(const QString &path);

    // After write(): the number of pages.
    int pageCount() const { return m_pages; }
    QString errorString() const { return m_error; }

private:
    // Draws every page; returns the page count, 0 on failure (m_error says why).
    int render(QIODevice &device, int totalPages);
    void drawCharts(ReportPageLayout &layout);
    void drawTables(ReportPageLayout &layout);
    void drawActions(ReportPageLayout &layout);

    store::ReportSummary m_summary;
    QStringList m_companions;
    int m_pages = 0;
    QString m_error;
};

} // namespace dedup::reports
