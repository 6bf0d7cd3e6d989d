#include "widgets/TimelineBarDelegate.h"

#include "models/CorrelationModel.h"

#include <QApplication>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace dedup::widgets {

using models::CorrelationModel;

namespace {

constexpr qreal MinBarWidth = 3;

// Black or white, whichever reads better on `background` (WCAG relative luminance).
QColor contrastingText(const QColor &background) {
    const auto linear = [](float c) {
        return c <= 0.03928f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
    };
    const float luminance = 0.2126f * linear(background.redF()) +
                            0.7152f * linear(background.greenF()) +
                            0.0722f * linear(background.blueF());
    return luminance > 0.179f ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace

QRectF TimelineBarDelegate::barRect(const QRect &cell, const QModelIndex &index) const {
    const QDateTime start = index.data(CorrelationModel::StartTimeRole).toDateTime();
    if (!m_axis.isValid() || !start.isValid())
        return {};
    QDateTime end = index.data(CorrelationModel::BarEndTimeRole).toDateTime();
    if (!end.isValid() || end < start)
        end = start;
    const QRectF track = TimelineAxis::track(QRectF(cell));
    const qreal height = qMax<qreal>(4, track.height() * 0.55);
    qreal left = m_axis.xFor(start, track);
    qreal right = m_axis.xFor(end, track);
    if (right - left < MinBarWidth) {
        right = qMin(track.right(), left + MinBarWidth);
        left = right - MinBarWidth;
    }
    return QRectF(left, track.center().y() - height / 2, right - left, height);
}

void TimelineBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                const QModelIndex &index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // Background, selection and focus as the style draws them for any cell.
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    painter->save();
    painter->setClipRect(option.rect);
    const bool selected = option.state & QStyle::State_Selected;
    const QColor textColor =
        option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    // Grid lines at the header's ticks: which bars overlap in time is read along them.
    const QRectF track = TimelineAxis::track(QRectF(option.rect));
    QColor grid = textColor;
    grid.setAlphaF(0.12f);
    painter->setPen(QPen(grid, 1));
    for (const TimelineAxis::Tick &tick : m_axis.labelledTicks(track, option.fontMetrics)) {
        const qreal x = qRound(tick.x) + 0.5;
        painter->drawLine(QPointF(x, option.rect.top()), QPointF(x, option.rect.bottom() + 1));
    }

    const QRectF bar = barRect(option.rect, index);
    if (!bar.isEmpty()) {
        QColor color = index.data(CorrelationModel::StatusColorRole).value<QColor>();
        if (!color.isValid())
            color = textColor;
        paintBar(painter, bar, color, index.data(CorrelationModel::OpenRole).toBool());
        // The duration beside the bar: after it when there is room, else before it, else
        // inside it (a bar that spans the whole axis).
        const qreal gap = option.fontMetrics.averageCharWidth();
        const qreal width = option.fontMetrics.horizontalAdvance(text);
        QRectF label(bar.right() + gap, option.rect.top(), width, option.rect.height());
        QColor pen = textColor;
        if (label.right() > option.rect.right())
            label.moveRight(bar.left() - gap);
        if (label.left() < option.rect.left()) {
            label.moveLeft(bar.left() + gap);
            pen = contrastingText(color);
        }
        if (!text.isEmpty() && label.right() <= option.rect.right()) {
            painter->setPen(pen);
            painter->drawText(label, Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
    painter->restore();
}

void TimelineBarDelegate::paintBar(QPainter *painter, const QRectF &bar, const QColor &color,
                                   bool open) const {
    painter->setRenderHint(QPainter::Antialiasing);
    const qreal radius = qMin(bar.height() / 3, bar.width() / 2);
    if (!open) {
        // A closed bar: solid, with a darker rim that keeps it visible on any row colour.
        painter->setPen(QPen(color.darker(140), 1));
        painter->setBrush(color);
        painter->drawRoundedRect(bar, radius, radius);
        return;
    }
    // An open bar has no end: the colour fades over its last part and an arrow head points
    // on, the way a run that is still going continues to the right with time. Both stay
    // inside the bar's extent (its end is the server's now).
    const qreal head = bar.height() * 0.5;
    QRectF body = bar;
    if (bar.width() > 3 * head)
        body.setRight(bar.right() - head - 2);
    const qreal fade = qMin(body.width() / 2, body.height() * 2);
    QLinearGradient gradient(body.right() - fade, 0, body.right(), 0);
    QColor faded = color;
    faded.setAlphaF(0.2f);
    gradient.setColorAt(0, color);
    gradient.setColorAt(1, faded);
    painter->setPen(Qt::NoPen);
    painter->setBrush(gradient);
    painter->drawRoundedRect(body, radius, radius);
    if (body.right() < bar.right()) {
        QPainterPath arrow;
        arrow.moveTo(bar.right() - head, bar.top());
        arrow.lineTo(bar.right(), bar.center().y());
        arrow.lineTo(bar.right() - head, bar.bottom());
        painter->setPen(QPen(color, 2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(arrow);
    }
}

QSize TimelineBarDelegate::sizeHint(const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const {
    // Wide enough that a timeline is a timeline, whatever the duration text is.
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(qMax(size.width(), option.fontMetrics.averageCharWidth() * 40));
    return size;
}

} // namespace dedup::widgets
