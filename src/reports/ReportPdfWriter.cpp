#include "reports/ReportPdfWriter.h"

#include "core/DisplayText.h"
#include "reports/OwnerOnlyFile.h"
#include "reports/ReportChartPainter.h"
#include "reports/ReportOverviewPainter.h"
#include "reports/ReportPageLayout.h"
#include "reports/ReportPalette.h"
#include "reports/ReportTablePainter.h"
#include "reports/ReportText.h"

#include <QBuffer>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

namespace dedup::reports {

namespace {

using Font = ReportPageLayout::Font;

// 300 dpi: the charts' hairlines and small text are exact in print; the PDF stays vector.
constexpr int Resolution = 300;
// The longest value kept for drawing. Cells and lines elide long before this (the layout
// bounds every text, ReportPageLayout::drawText()); the cut only bounds the work of laying a
// huge value out.
constexpr int MaxValueChars = 2000;

QString shownValue(const QString &value) {
    return core::DisplayText::shown(value, MaxValueChars);
}

void showLabels(QList<store::ReportCount> &counts) {
    for (store::ReportCount &count : counts)
        count.label = shownValue(count.label);
}

// The summary as the PDF draws it: every value that comes from the store or the caller
// (names, roles, reasons, labels, the filter) through core::DisplayText, so bidi overrides,
// zero-width and control characters are drawn as visible markers ("‹U+202E›") and cannot
// reorder, hide or fake the text around them. Names the report recognises (statuses, action
// kinds) are plain and unchanged by this.
store::ReportSummary displayed(store::ReportSummary s) {
    for (QString *text : {&s.generatedBy, &s.clientAddr, &s.osUser, &s.host, &s.spec.revealReason,
                          &s.audit.headHash})
        *text = shownValue(*text);
    for (QString &name : s.spec.workflows)
        name = shownValue(name);
    for (QString &name : s.spec.operators)
        name = shownValue(name);
    if (s.audit.firstBreak)
        s.audit.firstBreak->problemText = shownValue(s.audit.firstBreak->problemText);
    showLabels(s.runsByStatus);
    showLabels(s.runsByWorkflow);
    showLabels(s.failureClasses);
    showLabels(s.actionsByKind);
    showLabels(s.actionsByOperator);
    for (store::ReportAction &a : s.actions) {
        for (QString *text : {&a.dbRole, &a.osUser, &a.action, &a.reason, &a.outcome,
                              &a.beforeState, &a.afterState})
            *text = shownValue(*text);
    }
    return s;
}

QString share(qint64 part, qint64 whole) {
    if (whole <= 0)
        return {};
    return ReportPdfWriter::tr("%1 %").arg(
        QLocale().toString(100.0 * double(part) / double(whole), 'f', 1));
}

} // namespace

ReportPdfWriter::ReportPdfWriter(store::ReportSummary summary)
    : m_summary(displayed(std::move(summary))) {}

bool ReportPdfWriter::write(QIODevice &out) {
    m_pages = 0;
    m_error.clear();
    // "Page n of N" needs N before page 1 is drawn: lay the document out once into a scratch
    // buffer to count its pages, then draw it for real. The layout depends only on the
    // summary and the fonts, so both passes break pages at the same places.
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    const int pages = render(scratch, 0);
    if (pages == 0)
        return false;
    if (!out.isOpen() && !out.open(QIODevice::WriteOnly)) {
        m_error = tr("Cannot open the PDF for writing: %1").arg(out.errorString());
        return false;
    }
    m_pages = render(out, pages);
    return m_pages > 0;
}

bool ReportPdfWriter::writeFile(const QString &path) {
    OwnerOnlyFile file(path); // 0600: the report holds patient data, redacted or not
    if (!file.open()) {
        m_error = file.errorString();
        return false;
    }
    if (!write(file.device())) {
        file.cancel();
        return false;
    }
    if (!file.commit()) {
        m_error = file.errorString();
        m_pages = 0;
        return false;
    }
    return true;
}

int ReportPdfWriter::render(QIODevice &device, int totalPages) {
    QPdfWriter writer(&device);
    writer.setPdfVersion(QPagedPaintDevice::PdfVersion_A1b); // archival: fonts embedded
    writer.setResolution(Resolution);
    writer.setPageLayout(
        QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(tr("Audit and Outcome Report, %1").arg(ReportText::range(m_summary.spec)));
    writer.setCreator(tr("Dedup Console"));

    QPainter painter;
    if (!painter.begin(&writer)) {
        m_error = tr("Cannot start the PDF: %1").arg(device.errorString());
        return 0;
    }
    const store::ReportSpec &spec = m_summary.spec;
    ReportPageLayout::Decoration decoration;
    decoration.title = tr("Dedup Console \u00b7 Audit and Outcome Report");
    decoration.subtitle =
        tr("%1 to %2 UTC")
            .arg(ReportText::shortDateTime(spec.from), ReportText::shortDateTime(spec.to));
    decoration.footerLeft =
        tr("Generated %1 by %2 \u00b7 %3")
            .arg(ReportText::dateTime(m_summary.generatedAt), m_summary.generatedBy,
                 spec.revealRaw ? tr("RAW VALUES REVEALED")
                                : tr("keys, payloads and reasons redacted"));
    decoration.totalPages = totalPages;
    ReportPageLayout layout(writer, painter, decoration);

    ReportOverviewPainter overview(layout);
    overview.title(m_summary);
    overview.notices(m_summary);
    overview.parameters(m_summary);
    overview.figures(m_summary);
    drawCharts(layout);
    drawTables(layout);
    drawActions(layout);
    layout.finish();
    const int pages = layout.pageNumber();
    if (!painter.end()) {
        m_error = tr("Cannot finish the PDF: %1").arg(device.errorString());
        return 0;
    }
    return pages;
}

void ReportPdfWriter::drawCharts(ReportPageLayout &layout) {
    ReportChartPainter charts(layout);
    // Sized so that, after the summary, the chart still fits on the first page.
    const qreal chartHeight = layout.mm(50);
    const QString caption = tr("Runs created in each interval, coloured by their status when "
                               "the report was made.");
    const qreal captionHeight = layout.textHeight(caption, Font::Small, layout.width());
    layout.heading(tr("Runs by status over time"), chartHeight + layout.pt(4) + captionHeight);
    charts.stackedStatusBars(QRectF(layout.left(), layout.y(), layout.width(), chartHeight),
                             m_summary.runsOverTime, m_summary.bucketUnit);
    layout.advance(chartHeight + layout.pt(4));
    layout.paragraph(caption, Font::Small, ReportPalette::mutedText());

    // Failure classes and action kinds side by side: two short charts of the same build.
    const qreal gap = layout.mm(8);
    const qreal half = (layout.width() - gap) / 2;
    const qreal titleHeight = layout.textHeight(QStringLiteral("X"), Font::Subheading, half);
    const qreal barsHeight =
        qMax(layout.mm(18), qMax(charts.barsHeight(int(m_summary.failureClasses.size())),
                                 charts.barsHeight(int(m_summary.actionsByKind.size()))));
    layout.heading(tr("Failure classes and operator actions"),
                   titleHeight + barsHeight + layout.pt(4));
    const qreal top = layout.y();
    layout.drawText(QRectF(layout.left(), top, half, titleHeight),
                    tr("Failure classes (failed and review runs)"), Font::Subheading);
    layout.drawText(QRectF(layout.left() + half + gap, top, half, titleHeight),
                    tr("Operator actions by kind"), Font::Subheading);
    const qreal barsTop = top + titleHeight + layout.pt(4);
    charts.horizontalBars(QRectF(layout.left(), barsTop, half, barsHeight),
                          m_summary.failureClasses, ReportPalette::failureBar(),
                          tr("No failed or review runs in the range."));
    QList<store::ReportCount> kinds = m_summary.actionsByKind;
    for (store::ReportCount &kind : kinds)
        kind.label = ReportText::actionLabel(kind.label);
    charts.horizontalBars(QRectF(layout.left() + half + gap, barsTop, half, barsHeight), kinds,
                          ReportPalette::actionBar(), tr("No operator actions in the range."));
    layout.advance(titleHeight + layout.pt(4) + barsHeight + layout.pt(8));
}

void ReportPdfWriter::drawTables(ReportPageLayout &layout) {
    {
        ReportTablePainter table(layout,
                                 {{tr("Workflow"), 4},
                                  {tr("Runs created"), 1.4, Qt::AlignRight},
                                  {tr("Share"), 1, Qt::AlignRight}},
                                 tr("Runs by workflow"));
        layout.heading(tr("Runs by workflow"), table.minimumHeight());
        for (const store::ReportCount &row : m_summary.runsByWorkflow)
            table.addRow(
                {row.label, ReportText::number(row.count), share(row.count, m_summary.runsTotal)});
        table.finish(tr("No runs in the range."));
    }
    {
        ReportTablePainter table(layout,
                                 {{tr("Operator (database role)"), 4},
                                  {tr("Actions"), 1.4, Qt::AlignRight},
                                  {tr("Share"), 1, Qt::AlignRight}},
                                 tr("Operator actions by operator"));
        layout.heading(tr("Operator actions by operator"), table.minimumHeight());
        for (const store::ReportCount &row : m_summary.actionsByOperator)
            table.addRow({row.label, ReportText::number(row.count),
                          share(row.count, m_summary.actionsTotal)});
        table.finish(tr("No operator actions in the range."));
    }
}

void ReportPdfWriter::drawActions(ReportPageLayout &layout) {
    ReportTablePainter table(layout,
                             {{tr("Time (UTC)"), 1.45},
                              {tr("Operator"), 1.5},
                              {tr("Action"), 1.5},
                              {tr("Run"), 0.8, Qt::AlignRight},
                              {tr("Reason"), 3.3},
                              {tr("Outcome"), 1.3},
                              {tr("Before \u2192 after"), 1.7}},
                             tr("Operator actions"));
    const qint64 shown = m_summary.actions.size();
    QString note;
    if (m_summary.actionsTotal > shown) {
        const QString where =
            m_companions.isEmpty()
                ? tr("the CSV and JSON Lines exports of this report (section \"actions\")")
                : m_companions.join(tr(" and "));
        note =
            tr("This table lists the %1 most recent of %2 operator actions in the range. All "
               "%2 are in %3.")
                .arg(ReportText::number(shown), ReportText::number(m_summary.actionsTotal), where);
    }
    const qreal noteHeight =
        note.isEmpty() ? 0 : layout.textHeight(note, Font::BodyBold, layout.width());
    layout.heading(tr("Operator actions"), noteHeight + table.minimumHeight());
    if (!note.isEmpty())
        layout.paragraph(note, Font::BodyBold, ReportPalette::alertText());
    for (const store::ReportAction &action : m_summary.actions) {
        // The role is the server's record; the OS user is what the client reported. Each is
        // cut to a label's length, so a long one leaves room in the cell for the other.
        const auto label = [](const QString &text) {
            return core::DisplayText::shown(text, core::DisplayText::LabelChars);
        };
        QString who = label(action.dbRole);
        if (!action.osUser.isEmpty() && action.osUser != action.dbRole)
            who +=
                QLatin1Char('\n') + tr("OS user %1 (reported by client)").arg(label(action.osUser));
        // Raw when the report was revealed (ReportQueries reads it so only then), otherwise
        // its keyed hash; either way bounded to its cell (ReportTablePainter::CellLines).
        const QString &reason = action.reason;
        table.addRow(
            {ReportText::shortDateTime(action.at).replace(QLatin1Char(' '), QLatin1Char('\n')), who,
             ReportText::actionLabel(action.action),
             action.runId > 0 ? QString::number(action.runId) : tr("\u2014"), reason,
             ReportText::outcomeLabel(action.outcome),
             ReportText::transition(action.beforeState, action.afterState)});
    }
    table.finish(tr("No operator actions in the range."));
}

} // namespace dedup::reports
