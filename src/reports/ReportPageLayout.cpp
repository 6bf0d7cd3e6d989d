#include "reports/ReportPageLayout.h"

#include "reports/ReportPalette.h"

#include <QPagedPaintDevice>
#include <QPainter>
#include <QTextLayout>
#include <QTextOption>

#include <limits>

namespace dedup::reports {

namespace {

constexpr qreal MarginSideMm = 18;
constexpr qreal MarginTopMm = 12;
constexpr qreal MarginBottomMm = 12;
constexpr qreal HeaderMm = 9; // running header band at the top of every page
constexpr qreal FooterMm = 9; // rule + footer line at the bottom
constexpr qreal ParagraphGapPt = 4;

// Added to a box's height before a line counts as not fitting: the heights of a block are
// sums of line heights, and a box sized by textHeight() must take every line it measured.
constexpr qreal FitSlack = 0.5;
// Text left over after the last line shown is elided from at most this much: the eliding
// only needs what fits on one line.
constexpr qsizetype MaxTailChars = 1024;

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

QList<ReportPageLayout::TextLine> ReportPageLayout::layOut(const QString &text, Font which,
                                                           qreal width, qreal maxHeight,
                                                           int maxLines) const {
    QList<TextLine> lines;
    if (text.isEmpty() || width <= 0)
        return lines;
    const QFont f = font(which);
    QTextOption option(Qt::AlignLeft);
    // Hashes, keys and long names have no spaces to break at: break them anywhere rather than
    // let them run out of their column.
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    const QStringList paragraphs = text.split(QLatin1Char('\n'));
    const int limit = qMax(1, maxLines);
    qreal y = 0;
    bool more = false;
    qsizetype lastParagraph = 0;
    qsizetype lastStart = 0;
    for (qsizetype p = 0; p < paragraphs.size() && !more; ++p) {
        const QString &paragraph = paragraphs.at(p);
        QTextLayout layout(paragraph, f, &m_device);
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            if (!lines.isEmpty() &&
                (lines.size() >= limit || y + line.height() > maxHeight + FitSlack)) {
                more = true;
                break;
            }
            lines.append({paragraph.mid(line.textStart(), line.textLength()), y, line.ascent(),
                          line.height()});
            lastParagraph = p;
            lastStart = line.textStart();
            y += line.height();
        }
        layout.endLayout();
    }
    if (more) {
        // The last line shown takes what is left (later lines joined by spaces), elided.
        QString tail = paragraphs.at(lastParagraph).mid(lastStart);
        for (qsizetype p = lastParagraph + 1; p < paragraphs.size() && tail.size() < MaxTailChars;
             ++p)
            tail += QLatin1Char(' ') + paragraphs.at(p);
        if (tail.size() > MaxTailChars)
            tail = tail.left(MaxTailChars) + QChar(0x2026);
        lines.last().text = metrics(which).elidedText(tail, Qt::ElideRight, width);
    }
    return lines;
}

qreal ReportPageLayout::textHeight(const QString &text, Font which, qreal width,
                                   int maxLines) const {
    qreal height = 0;
    for (const TextLine &line :
         layOut(text, which, width, std::numeric_limits<qreal>::max(), maxLines))
        height += line.height;
    return height;
}

void ReportPageLayout::drawText(const QRectF &rect, const QString &text, Font which,
                                const QColor &color, Qt::Alignment alignment, int maxLines) {
    const QList<TextLine> lines = layOut(text, which, rect.width(), rect.height(), maxLines);
    if (lines.isEmpty())
        return;
    const qreal blockHeight = lines.last().top + lines.last().height;
    qreal top = rect.top();
    if (alignment & Qt::AlignVCenter)
        top += (rect.height() - blockHeight) / 2;
    else if (alignment & Qt::AlignBottom)
        top += rect.height() - blockHeight;
    const QFontMetricsF fontMetrics = metrics(which);
    m_painter.save();
    m_painter.setFont(font(which));
    m_painter.setPen(color.isValid() ? color : ReportPalette::text());
    for (const TextLine &line : lines) {
        // One line at a time at its baseline: plain text, nothing interpreted.
        qsizetype visibleLength = line.text.size();
        while (visibleLength > 0 && line.text.at(visibleLength - 1).isSpace())
            --visibleLength;
        const QString shown = line.text.left(visibleLength);
        const qreal advance = fontMetrics.horizontalAdvance(shown);
        qreal x = rect.left();
        if (alignment & Qt::AlignRight)
            x = rect.right() - advance;
        else if (alignment & Qt::AlignHCenter)
            x = rect.left() + (rect.width() - advance) / 2;
        m_painter.drawText(QPointF(x, top + line.top + line.ascent), shown);
    }
    m_painter.restore();
}

void ReportPageLayout::paragraph(const QString &text, Font which, const QColor &color,
                                 int maxLines) {
    const qreal height = textHeight(text, which, width(), maxLines);
    ensureSpace(height);
    drawText(QRectF(left(), m_y, width(), height), text, which, color, Qt::AlignLeft | Qt::AlignTop,
             maxLines);
    m_y += height + pt(ParagraphGapPt);
}

void ReportPageLayout::heading(const QString &text, qreal keepWith) {
    const qreal gapAbove = atPageTop() ? 0 : pt(10);
    const qreal height = textHeight(text, Font::Heading, width(), HeadingLines);
    ensureSpace(gapAbove + height + pt(6) + keepWith);
    if (!atPageTop())
        m_y += gapAbove;
    drawText(QRectF(left(), m_y, width(), height), text, Font::Heading, ReportPalette::accent(),
             Qt::AlignLeft | Qt::AlignTop, HeadingLines);
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
    const QString page = m_decoration.totalPages > 0
                             ? tr("Page %1 of %2").arg(m_page).arg(m_decoration.totalPages)
                             : tr("Page %1").arg(m_page);
    // The page number first, whole; the text on its left gets what is left of the line (one
    // line, elided), so nothing ever covers "Page n of N".
    const qreal pageWidth = metrics(Font::SmallBold).horizontalAdvance(page) + pt(1);
    const QRectF line(left(), top + pt(3), width(), mm(FooterMm) * 0.6);
    drawText(line, page, Font::SmallBold, ReportPalette::text(), Qt::AlignRight | Qt::AlignTop, 1);
    drawText(QRectF(line.left(), line.top(), qMax<qreal>(0, line.width() - pageWidth - pt(12)),
                    line.height()),
             m_decoration.footerLeft, Font::Small, ReportPalette::mutedText(),
             Qt::AlignLeft | Qt::AlignTop, 1);
}

void ReportPageLayout::drawPageFrame() {
    const qreal top = mm(MarginTopMm);
    const QRectF band(left(), top, width(), mm(HeaderMm) * 0.6);
    // One line each: the range on the right, whole; the title gets the rest, elided.
    const qreal subtitleWidth = qMin(
        band.width() / 2, metrics(Font::Small).horizontalAdvance(m_decoration.subtitle) + pt(1));
    drawText(QRectF(band.right() - subtitleWidth, band.top(), subtitleWidth, band.height()),
             m_decoration.subtitle, Font::Small, ReportPalette::mutedText(),
             Qt::AlignRight | Qt::AlignTop, 1);
    drawText(QRectF(band.left(), band.top(), qMax<qreal>(0, band.width() - subtitleWidth - pt(12)),
                    band.height()),
             m_decoration.title, Font::SmallBold, ReportPalette::accent(),
             Qt::AlignLeft | Qt::AlignTop, 1);
    const qreal ruleY = top + mm(HeaderMm) * 0.6;
    m_painter.save();
    m_painter.setPen(QPen(ReportPalette::rule(), pt(0.5)));
    m_painter.drawLine(QPointF(left(), ruleY), QPointF(m_content.right(), ruleY));
    m_painter.restore();
}

} // namespace dedup::reports
