#include "reports/ReportPageLayout.h"

#include "reports/ReportPalette.h"

#include <QPagedPaintDevice>
#include <QPainter>
#include <QTextOption>

namespace dedup::reports {

namespace {

constexpr qreal MarginSideMm = 18;
constexpr qreal MarginTopMm = 12;
constexpr qreal MarginBottomMm = 12;
constexpr qreal HeaderMm = 9; // running header band at the top of every page
constexpr qreal FooterMm = 9; // rule + footer line at the bottom
constexpr qreal ParagraphGapPt = 4;

QTextOption wrapping(Qt::Alignment alignment) {
    QTextOption option(alignment);
    // Hashes, keys and long reasons have no spaces to break at: break them anywhere rather
    // than let them run out of their column.
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    return option;
}

} // namespace

ReportPageLayout::ReportPageLayout(QPagedPaintDevice &device, QPainter &painter,
                                   Decoration decoration)
    : m_device(device)
    , m_painter(painter)
    , m_decoration(std::move(decoration))
    , m_dpi(device.logicalDpiY()) {
    const QRectF full(0, 0, device.width(), device.height());
    m_content = QRectF(
        QPointF(full.left() + mm(MarginSideMm), full.top() + mm(MarginTopMm + HeaderMm)),
        QPointF(full.right() - mm(MarginSideMm), full.bottom() - mm(MarginBottomMm + FooterMm)));
    m_y = m_content.top();
    m_painter.setRenderHint(QPainter::Antialiasing);
    m_painter.setRenderHint(QPainter::TextAntialiasing);
    drawPageFrame();
}

QFont ReportPageLayout::font(Font which) const {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    switch (which) {
    case Font::Title:
        font.setPointSizeF(19);
        font.setBold(true);
        break;
    case Font::Heading:
        font.setPointSizeF(12.5);
        font.setBold(true);
        break;
    case Font::Subheading:
        font.setPointSizeF(10);
        font.setBold(true);
        break;
    case Font::Body:
        font.setPointSizeF(9);
        break;
    case Font::BodyBold:
        font.setPointSizeF(9);
        font.setBold(true);
        break;
    case Font::Small:
        font.setPointSizeF(7.5);
        break;
    case Font::SmallBold:
        font.setPointSizeF(7.5);
        font.setBold(true);
        break;
    }
    // No ligatures: "fi" stays two letters, so the PDF's text is searchable and copies as
    // typed (Latin script needs no shaping).
    font.setStyleStrategy(QFont::PreferNoShaping);
    return font;
}

QFontMetricsF ReportPageLayout::metrics(Font which) const {
    return QFontMetricsF(font(which), &m_device);
}

bool ReportPageLayout::ensureSpace(qreal height) {
    if (height <= remaining() || atPageTop())
        return false;
    newPage();
    return true;
}

void ReportPageLayout::newPage() {
    // The footer of the page being left, then the next page's header.
    finish();
    m_device.newPage();
    ++m_page;
    m_y = m_content.top();
    drawPageFrame();
}

qreal ReportPageLayout::textHeight(const QString &text, Font which, qreal width) const {
    if (text.isEmpty())
        return 0;
    m_painter.save();
    m_painter.setFont(font(which));
    const QRectF bounds = m_painter.boundingRect(QRectF(0, 0, width, 1e7), text,
                                                 wrapping(Qt::AlignLeft | Qt::AlignTop));
    m_painter.restore();
    return bounds.height();
}

void ReportPageLayout::drawText(const QRectF &rect, const QString &text, Font which,
                                const QColor &color, Qt::Alignment alignment) {
    m_painter.save();
    m_painter.setFont(font(which));
    m_painter.setPen(color.isValid() ? color : ReportPalette::text());
    m_painter.drawText(rect, text, wrapping(alignment));
    m_painter.restore();
}

void ReportPageLayout::paragraph(const QString &text, Font which, const QColor &color) {
    const qreal height = textHeight(text, which, width());
    ensureSpace(height);
    drawText(QRectF(left(), m_y, width(), height), text, which, color);
    m_y += height + pt(ParagraphGapPt);
}

void ReportPageLayout::heading(const QString &text, qreal keepWith) {
    const qreal gapAbove = atPageTop() ? 0 : pt(10);
    const qreal height = textHeight(text, Font::Heading, width());
    ensureSpace(gapAbove + height + pt(6) + keepWith);
    if (!atPageTop())
        m_y += gapAbove;
    drawText(QRectF(left(), m_y, width(), height), text, Font::Heading, ReportPalette::accent());
    m_y += height + pt(2);
    m_painter.save();
    m_painter.setPen(QPen(ReportPalette::accent(), pt(0.8)));
    m_painter.drawLine(QPointF(left(), m_y), QPointF(m_content.right(), m_y));
    m_painter.restore();
    m_y += pt(6);
}

void ReportPageLayout::finish() {
    const qreal top = m_content.bottom() + mm(FooterMm) * 0.35;
    m_painter.save();
    m_painter.setPen(QPen(ReportPalette::rule(), pt(0.5)));
    m_painter.drawLine(QPointF(left(), top), QPointF(m_content.right(), top));
    m_painter.restore();
    const QRectF line(left(), top + pt(3), width(), mm(FooterMm) * 0.6);
    drawText(line, m_decoration.footerLeft, Font::Small, ReportPalette::mutedText());
    const QString page = m_decoration.totalPages > 0
                             ? tr("Page %1 of %2").arg(m_page).arg(m_decoration.totalPages)
                             : tr("Page %1").arg(m_page);
    drawText(line, page, Font::SmallBold, ReportPalette::text(), Qt::AlignRight | Qt::AlignTop);
}

void ReportPageLayout::drawPageFrame() {
    const qreal top = mm(MarginTopMm);
    const QRectF band(left(), top, width(), mm(HeaderMm) * 0.6);
    drawText(band, m_decoration.title, Font::SmallBold, ReportPalette::accent());
    drawText(band, m_decoration.subtitle, Font::Small, ReportPalette::mutedText(),
             Qt::AlignRight | Qt::AlignTop);
    const qreal ruleY = top + mm(HeaderMm) * 0.6;
    m_painter.save();
    m_painter.setPen(QPen(ReportPalette::rule(), pt(0.5)));
    m_painter.drawLine(QPointF(left(), ruleY), QPointF(m_content.right(), ruleY));
    m_painter.restore();
}

} // namespace dedup::reports
