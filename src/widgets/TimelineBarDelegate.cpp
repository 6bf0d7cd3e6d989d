#include "widgets/TimelineBarDelegate.h"

#include "models/CorrelationModel.h"
#include "models/StepStatusStyle.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace dedup::widgets {

using models::CorrelationModel;
using store::CorrelatedStep;

namespace {

constexpr qreal MinBarWidth = 3;
// Slack around a thin span for the mouse, in pixels.
constexpr qreal HitSlack = 2;

QList<CorrelatedStep> stepsOf(const QModelIndex &index) {
    return index.data(CorrelationModel::StepsRole).value<QList<CorrelatedStep>>();
}

// The mark a step carries besides its colour: a cross for failed, a question mark for
// uncertain; none for the others.
QString markOf(const CorrelatedStep &step) {
    if (step.isFailed())
        return QStringLiteral("\u2715");
    if (step.isUncertain())
        return QStringLiteral("?");
    return {};
}

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

QRectF TimelineBarDelegate::runLane(const QRectF &track, bool withSteps) {
    if (!withSteps)
        return track;
    return QRectF(track.left(), track.top(), track.width(), track.height() * 0.5);
}

QRectF TimelineBarDelegate::stepLane(const QRectF &track) {
    return QRectF(track.left(), track.top() + track.height() * 0.5, track.width(),
                  track.height() * 0.45);
}

QRectF TimelineBarDelegate::span(const QRectF &lane, const QDateTime &start, const QDateTime &end,
                                 qreal heightShare) const {
    const qreal height = qMax<qreal>(4, lane.height() * heightShare);
    qreal left = m_axis.xFor(start, lane);
    qreal right = m_axis.xFor(end.isValid() && end >= start ? end : start, lane);
    if (right - left < MinBarWidth) {
        right = qMin(lane.right(), left + MinBarWidth);
        left = right - MinBarWidth;
    }
    return QRectF(left, lane.center().y() - height / 2, right - left, height);
}

QRectF TimelineBarDelegate::barRect(const QRect &cell, const QModelIndex &index) const {
    const QDateTime start = index.data(CorrelationModel::StartTimeRole).toDateTime();
    if (!m_axis.isValid() || !start.isValid())
        return {};
    const QDateTime end = index.data(CorrelationModel::BarEndTimeRole).toDateTime();
    const bool withSteps = !stepsOf(index).isEmpty();
    return span(runLane(TimelineAxis::track(QRectF(cell)), withSteps), start, end,
                withSteps ? 0.7 : 0.55);
}

QList<TimelineBarDelegate::StepSpan>
TimelineBarDelegate::stepRects(const QRect &cell, const QModelIndex &index) const {
    QList<StepSpan> spans;
    if (!m_axis.isValid())
        return spans;
    const QDateTime now = index.data(CorrelationModel::ServerNowRole).toDateTime();
    const QRectF lane = stepLane(TimelineAxis::track(QRectF(cell)));
    for (const CorrelatedStep &step : stepsOf(index)) {
        if (!step.startedAt.isValid())
            continue; // never started: nothing happened to draw
        spans.append({step.ordinal, span(lane, step.startedAt, step.spanEnd(now), 0.8)});
    }
    return spans;
}

int TimelineBarDelegate::stepAt(const QRect &cell, const QModelIndex &index,
                                const QPoint &pos) const {
    // The last drawn is on top: search backwards.
    const QList<StepSpan> spans = stepRects(cell, index);
    for (auto it = spans.crbegin(); it != spans.crend(); ++it) {
        if (it->rect.adjusted(-HitSlack, -HitSlack, HitSlack, HitSlack).contains(pos))
            return it->ordinal;
    }
    return 0;
}

bool TimelineBarDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                    const QStyleOptionViewItem &option, const QModelIndex &index) {
    if (event && event->type() == QEvent::ToolTip && index.isValid()) {
        if (const int ordinal = stepAt(option.rect, index, event->pos()); ordinal > 0) {
            const QDateTime now = index.data(CorrelationModel::ServerNowRole).toDateTime();
            QRect area = option.rect; // the span's: moving off it hides its tooltip
            for (const StepSpan &spanned : stepRects(option.rect, index)) {
                if (spanned.ordinal == ordinal)
                    area = spanned.rect.adjusted(-HitSlack, -HitSlack, HitSlack, HitSlack)
                               .toAlignedRect();
            }
            for (const CorrelatedStep &step : stepsOf(index)) {
                if (step.ordinal == ordinal) {
                    QToolTip::showText(event->globalPos(), CorrelationModel::stepText(step, now),
                                       view ? view->viewport() : nullptr, area);
                    return true;
                }
            }
        }
    }
    return PlainTextDelegate::helpEvent(event, view, option, index);
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
    // Only the ticks on screen: zoomed in, the cell is many screens wide.
    QRectF visible = option.rect;
    if (const auto *view = qobject_cast<const QAbstractItemView *>(option.widget))
        visible = visible.intersected(QRectF(view->viewport()->rect()));
    for (const TimelineAxis::Tick &tick :
         m_axis.labelledTicks(track, option.fontMetrics, visible)) {
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
        const QRectF lane =
            runLane(TimelineAxis::track(QRectF(option.rect)), !stepsOf(index).isEmpty());
        QRectF label(bar.right() + gap, lane.top(), width, lane.height());
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
    paintSteps(painter, option, index);
    painter->restore();
}

void TimelineBarDelegate::paintSteps(QPainter *painter, const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const {
    const QList<CorrelatedStep> steps = stepsOf(index);
    if (steps.isEmpty())
        return;
    const QList<StepSpan> spans = stepRects(option.rect, index);
    QFont markFont = option.font;
    markFont.setBold(true);
    const QFontMetricsF marks(markFont);
    const bool selected = option.state & QStyle::State_Selected;
    const QColor textColor =
        option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    for (const StepSpan &spanned : spans) {
        const auto step = std::find_if(steps.cbegin(), steps.cend(), [&](const CorrelatedStep &s) {
            return s.ordinal == spanned.ordinal;
        });
        if (step == steps.cend())
            continue;
        const QColor color = models::StepStatusStyle::color(step->statusName);
        painter->save();
        paintBar(painter, spanned.rect, color, step->isRunning());
        painter->restore();
        const QString mark = markOf(*step);
        if (mark.isEmpty())
            continue;
        // The mark inside the span when it fits, else just after it.
        painter->setFont(markFont);
        const qreal width = marks.horizontalAdvance(mark) + 2;
        QRectF box(spanned.rect.left() + 1, spanned.rect.top(), width, spanned.rect.height());
        QColor pen = contrastingText(color);
        if (spanned.rect.width() < width + 2) {
            box.moveLeft(spanned.rect.right() + 1);
            pen = textColor;
        }
        painter->setPen(pen);
        painter->drawText(box.adjusted(0, -2, 0, 2), Qt::AlignCenter, mark);
    }
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
