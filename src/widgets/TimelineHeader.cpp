#include "widgets/TimelineHeader.h"

#include <QPainter>
#include <QStyleOptionHeader>

namespace dedup::widgets {

TimelineHeader::TimelineHeader(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent) {}

void TimelineHeader::setAxis(const TimelineAxis &axis) {
    m_axis = axis;
    if (m_section >= 0)
        viewport()->update();
}

void TimelineHeader::paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const {
    if (logicalIndex != m_section || !m_axis.isValid()) {
        QHeaderView::paintSection(painter, rect, logicalIndex);
        return;
    }
    // The section's frame as the style draws it, without the title: the ticks are the title.
    QStyleOptionHeader option;
    initStyleOption(&option);
    option.rect = rect;
    option.section = logicalIndex;
    option.position = QStyleOptionHeader::Middle;
    option.text.clear();
    style()->drawControl(QStyle::CE_Header, &option, painter, this);

    painter->save();
    painter->setClipRect(rect);
    const QColor text = palette().color(QPalette::ButtonText);
    const QFontMetricsF metrics(font());
    const QRectF track = TimelineAxis::track(QRectF(rect));
    qreal freeFrom = rect.left(); // labels never overlap
    // Only the ticks on screen: zoomed in, the section is many screens wide.
    const QRectF visible = QRectF(rect).intersected(QRectF(viewport()->rect()));
    for (const TimelineAxis::Tick &tick : m_axis.labelledTicks(track, metrics, visible)) {
        const qreal x = qRound(tick.x) + 0.5;
        painter->setPen(QPen(text, 1));
        painter->drawLine(QPointF(x, rect.bottom() - 3), QPointF(x, rect.bottom()));
        const qreal width = metrics.horizontalAdvance(tick.label);
        // Centred on its tick or not at all: a label beside its tick would name another time.
        const QRectF label(x - width / 2, rect.top(), width, rect.height() - 3);
        if (label.left() < qMax(freeFrom, qreal(rect.left()) + 2) ||
            label.right() > rect.right() - 2)
            continue;
        painter->drawText(label, Qt::AlignCenter, tick.label);
        freeFrom = label.right() + metrics.averageCharWidth();
    }
    painter->restore();
}

} // namespace dedup::widgets
