#include "reports/ReportTablePainter.h"

#include "reports/ReportPageLayout.h"
#include "reports/ReportPalette.h"

#include <QFontMetricsF>
#include <QPainter>

namespace dedup::reports {

using Font = ReportPageLayout::Font;

ReportTablePainter::ReportTablePainter(ReportPageLayout &layout, QList<ReportColumn> columns,
                                       QString caption)
    : m_layout(layout)
    , m_columns(std::move(columns))
    , m_caption(std::move(caption)) {
    qreal weights = 0;
    for (const ReportColumn &column : m_columns)
        weights += column.weight;
    for (const ReportColumn &column : m_columns)
        m_widths << m_layout.width() * column.weight / weights;
}

qreal ReportTablePainter::cellPadding() const {
    return m_layout.pt(3);
}

qreal ReportTablePainter::rowHeight(const QStringList &cells) const {
    const QFontMetricsF metrics = m_layout.metrics(Font::Small);
    qreal height = metrics.height();
    for (int c = 0; c < m_columns.size(); ++c) {
        const qreal width = m_widths.at(c) - 2 * cellPadding();
        height = qMax(height, m_layout.textHeight(cells.value(c), Font::Small, width, CellLines));
    }
    return height + 2 * cellPadding() * 0.8;
}

qreal ReportTablePainter::minimumHeight() const {
    QStringList titles;
    for (const ReportColumn &column : m_columns)
        titles << column.title;
    return rowHeight(titles) * 1.1 + rowHeight({QStringLiteral("0")});
}

void ReportTablePainter::drawHeader() {
    QStringList titles;
    for (const ReportColumn &column : m_columns)
        titles << column.title;
    const bool continued = m_rows > 0;
    if (continued) {
        const QString caption = tr("%1 (continued)").arg(m_caption);
        const qreal h = m_layout.textHeight(caption, Font::SmallBold, m_layout.width(),
                                            ReportPageLayout::LabelLines);
        m_layout.drawText(QRectF(m_layout.left(), m_layout.y(), m_layout.width(), h), caption,
                          Font::SmallBold, ReportPalette::mutedText(), Qt::AlignLeft | Qt::AlignTop,
                          ReportPageLayout::LabelLines);
        m_layout.advance(h + m_layout.pt(2));
    }
    const qreal height = [&] {
        qreal h = 0;
        for (int c = 0; c < m_columns.size(); ++c)
            h = qMax(h, m_layout.textHeight(titles.at(c), Font::SmallBold,
                                            m_widths.at(c) - 2 * cellPadding(),
                                            ReportPageLayout::LabelLines));
        return h + 2 * cellPadding();
    }();
    QPainter &p = m_layout.painter();
    p.save();
    p.setPen(Qt::NoPen);
    p.setBrush(ReportPalette::headerFill());
    p.drawRect(QRectF(m_layout.left(), m_layout.y(), m_layout.width(), height));
    p.setPen(QPen(ReportPalette::mutedText(), m_layout.pt(0.6)));
    p.drawLine(QPointF(m_layout.left(), m_layout.y() + height),
               QPointF(m_layout.left() + m_layout.width(), m_layout.y() + height));
    p.restore();
    qreal x = m_layout.left();
    for (int c = 0; c < m_columns.size(); ++c) {
        const QRectF cell(x + cellPadding(), m_layout.y() + cellPadding(),
                          m_widths.at(c) - 2 * cellPadding(), height - 2 * cellPadding());
        m_layout.drawText(cell, titles.at(c), Font::SmallBold, ReportPalette::text(),
                          m_columns.at(c).alignment | Qt::AlignVCenter,
                          ReportPageLayout::LabelLines);
        x += m_widths.at(c);
    }
    m_layout.advance(height);
    m_headerPage = m_layout.pageNumber();
}

void ReportTablePainter::addRow(const QStringList &cells) {
    const qreal height = rowHeight(cells);
    if (m_headerPage == 0) {
        m_layout.ensureSpace(minimumHeight() + height);
        drawHeader();
    } else if (m_layout.ensureSpace(height) || m_headerPage != m_layout.pageNumber()) {
        drawHeader();
    }
    QPainter &p = m_layout.painter();
    if (m_rows % 2 == 1) {
        p.save();
        p.setPen(Qt::NoPen);
        p.setBrush(ReportPalette::stripeFill());
        p.drawRect(QRectF(m_layout.left(), m_layout.y(), m_layout.width(), height));
        p.restore();
    }
    qreal x = m_layout.left();
    const qreal pad = cellPadding();
    for (int c = 0; c < m_columns.size(); ++c) {
        const QRectF cell(x + pad, m_layout.y() + pad * 0.8, m_widths.at(c) - 2 * pad,
                          height - 1.6 * pad);
        m_layout.drawText(cell, cells.value(c), Font::Small, ReportPalette::text(),
                          m_columns.at(c).alignment | Qt::AlignTop, CellLines);
        x += m_widths.at(c);
    }
    p.save();
    p.setPen(QPen(ReportPalette::rule(), m_layout.pt(0.3)));
    p.drawLine(QPointF(m_layout.left(), m_layout.y() + height),
               QPointF(m_layout.left() + m_layout.width(), m_layout.y() + height));
    p.restore();
    m_layout.advance(height);
    ++m_rows;
}

void ReportTablePainter::finish(const QString &emptyText) {
    if (m_rows == 0 && !emptyText.isEmpty())
        m_layout.paragraph(emptyText, Font::Body, ReportPalette::mutedText());
    m_layout.advance(m_layout.pt(6));
}

} // namespace dedup::reports
