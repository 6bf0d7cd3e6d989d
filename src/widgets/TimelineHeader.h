#pragma once

#include "widgets/TimelineAxis.h"

#include <QHeaderView>

namespace dedup::widgets {

// The correlation table's horizontal header: an ordinary header, except over the timeline
// column (setTimelineSection()), where it is the time axis: tick marks and their local times,
// at the same places as the grid lines the bars are drawn across (TimelineBarDelegate).
class TimelineHeader : public QHeaderView {
    Q_OBJECT

public:
    explicit TimelineHeader(QWidget *parent = nullptr);

    void setTimelineSection(int logicalIndex) { m_section = logicalIndex; }
    int timelineSection() const { return m_section; }
    void setAxis(const TimelineAxis &axis);
    const TimelineAxis &axis() const { return m_axis; }

protected:
    void paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const override;

private:
    TimelineAxis m_axis;
    int m_section = -1;
};

} // namespace dedup::widgets
