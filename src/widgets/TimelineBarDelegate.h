#pragma once

#include "widgets/PlainTextDelegate.h"
#include "widgets/TimelineAxis.h"

namespace dedup::widgets {

// The correlation view's timeline column: each run as a bar from its start
// (CorrelationModel::StartTimeRole) to its end (BarEndTimeRole: finished_at, or the server's
// now while the run is open), on the axis shared by every row (setAxis()), in the status
// colour (StatusColorRole). An open run's bar has no end cap: it fades out into an arrow,
// because it is still going. The row's display text (its duration) is written next to the
// bar. The status also has its own column in words: the colour is never the only cue.
//
// Under the run's bar, on the same axis, its steps (CorrelationModel::StepsRole) as spans, the
// way a trace viewer draws a span's children: each from its start to its end (a running
// step's grows with the server's clock, ServerNowRole), in the step status colour
// (StepStatusStyle). A failed step carries a cross and an uncertain one a question mark
// besides its colour; the tooltip over a span says the step in words
// (CorrelationModel::stepText()). A step that never started has no span.
class TimelineBarDelegate : public PlainTextDelegate {
    Q_OBJECT

public:
    using PlainTextDelegate::PlainTextDelegate;

    void setAxis(const TimelineAxis &axis) { m_axis = axis; }
    const TimelineAxis &axis() const { return m_axis; }

    // Where the bar of `index` is drawn in `cell` (an empty rect when the row has no start
    // or the axis is not set). At least a few pixels wide, so a run of milliseconds shows.
    QRectF barRect(const QRect &cell, const QModelIndex &index) const;
    // Each started step's span in `cell`, by ordinal: the lane under the run's bar.
    struct StepSpan {
        int ordinal = 0;
        QRectF rect;
    };
    QList<StepSpan> stepRects(const QRect &cell, const QModelIndex &index) const;
    // The ordinal of the step whose span is at `pos` in `cell` (a few pixels of slack around
    // a thin one), 0 when none.
    int stepAt(const QRect &cell, const QModelIndex &index, const QPoint &pos) const;

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    void paintBar(QPainter *painter, const QRectF &bar, const QColor &color, bool open) const;
    void paintSteps(QPainter *painter, const QStyleOptionViewItem &option,
                    const QModelIndex &index) const;
    // The run's lane and the steps' lane of `cell` (the run's fills it when it has no steps).
    static QRectF runLane(const QRectF &track, bool withSteps);
    static QRectF stepLane(const QRectF &track);
    QRectF span(const QRectF &lane, const QDateTime &start, const QDateTime &end,
                qreal heightShare) const;

    TimelineAxis m_axis;
};

} // namespace dedup::widgets
