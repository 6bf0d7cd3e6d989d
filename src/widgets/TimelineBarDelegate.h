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
class TimelineBarDelegate : public PlainTextDelegate {
    Q_OBJECT

public:
    using PlainTextDelegate::PlainTextDelegate;

    void setAxis(const TimelineAxis &axis) { m_axis = axis; }
    const TimelineAxis &axis() const { return m_axis; }

    // Where the bar of `index` is drawn in `cell` (an empty rect when the row has no start
    // or the axis is not set). At least a few pixels wide, so a run of milliseconds shows.
    QRectF barRect(const QRect &cell, const QModelIndex &index) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    void paintBar(QPainter *painter, const QRectF &bar, const QColor &color, bool open) const;

    TimelineAxis m_axis;
};

} // namespace dedup::widgets
