#pragma once

#include "widgets/PlaceholderChartView.h"

#include <QColor>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace dedup::widgets {

// A titled line chart of sampled values over time (the Dashboard's stuck count and review
// queue): one line per series through the buckets that have a sample. A bucket without one
// breaks the line (a gap, not a guess): nothing remembers what happened while nobody
// sampled.
class SampleLineChart : public PlaceholderChartView {
    Q_OBJECT

public:
    struct Series {
        QString name;
        QColor color;
        QList<std::optional<qint64>> values; // one per bucket; none: no sample
    };

    explicit SampleLineChart(const QString &title, QWidget *parent = nullptr);

    // `buckets`: bucket starts; a point sits in the middle of its bucket.
    void setData(const QList<QDateTime> &buckets, qint64 strideSeconds,
                 const QList<Series> &series);

    // The points of `series` (by name) in bucket order, gaps left out.
    QList<QPointF> points(const QString &series) const;

private:
    QList<QLineSeries *> m_lines; // every segment of every series
    QDateTimeAxis *m_timeAxis = nullptr;
    QValueAxis *m_valueAxis = nullptr;
};

} // namespace dedup::widgets
