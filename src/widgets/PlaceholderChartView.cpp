#include "widgets/PlaceholderChartView.h"

#include <QPainter>

namespace dedup::widgets {

PlaceholderChartView::PlaceholderChartView(QChart *chart, QWidget *parent)
    : QChartView(chart, parent) {}

void PlaceholderChartView::drawForeground(QPainter *painter, const QRectF &rect) {
    QChartView::drawForeground(painter, rect);
    if (!m_empty || m_emptyText.isEmpty())
        return;
    painter->save();
    painter->setPen(palette().color(QPalette::PlaceholderText));
    painter->drawText(chart()->plotArea(), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText);
    painter->restore();
}

} // namespace dedup::widgets
