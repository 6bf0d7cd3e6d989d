#include "widgets/SampleLineChart.h"

#include <QDateTimeAxis>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QValueAxis>

namespace dedup::widgets {

SampleLineChart::SampleLineChart(const QString &title, QWidget *parent)
    : PlaceholderChartView(new QChart, parent) {
    setRenderHint(QPainter::Antialiasing);
    chart()->setTitle(title);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    setMinimumSize(320, 220);
}

void SampleLineChart::setData(const QList<QDateTime> &buckets, qint64 strideSeconds,
                              const QList<Series> &series) {
    QChart *c = chart();
    c->removeAllSeries();
    m_lines.clear();
    const QList<QAbstractAxis *> axes = c->axes();
    for (QAbstractAxis *axis : axes) {
        c->removeAxis(axis);
        delete axis;
    }
    m_timeAxis = new QDateTimeAxis;
    m_valueAxis = new QValueAxis;
    m_valueAxis->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(m_timeAxis, Qt::AlignBottom);
    c->addAxis(m_valueAxis, Qt::AlignLeft);
    qint64 highest = 0;
    setEmpty(true);
    for (const Series &s : series) {
        QLineSeries *line = nullptr;
        bool first = true;
        for (int i = 0; i < buckets.size() && i < s.values.size(); ++i) {
            if (!s.values.at(i)) {
                line = nullptr; // a gap ends the segment
                continue;
            }
            if (!line) {
                line = new QLineSeries;
                line->setName(s.name);
                line->setColor(s.color);
                line->setPointsVisible(true);
                c->addSeries(line);
                line->attachAxis(m_timeAxis);
                line->attachAxis(m_valueAxis);
                // One legend entry per series, however many segments it has.
                const QList<QLegendMarker *> markers = c->legend()->markers(line);
                for (QLegendMarker *marker : markers)
                    marker->setVisible(first);
                first = false;
                m_lines << line;
            }
            const QDateTime middle = buckets.at(i).addSecs(strideSeconds / 2);
            line->append(qreal(middle.toMSecsSinceEpoch()), qreal(*s.values.at(i)));
            highest = qMax(highest, *s.values.at(i));
            setEmpty(false);
        }
    }
    if (!buckets.isEmpty()) {
        m_timeAxis->setRange(buckets.first().toLocalTime(),
                             buckets.last().addSecs(strideSeconds).toLocalTime());
    }
    m_timeAxis->setFormat(strideSeconds >= 86400 ||
                                  (buckets.size() > 1 && buckets.first().daysTo(buckets.last()) > 0)
                              ? QStringLiteral("d MMM HH:mm")
                              : QStringLiteral("HH:mm"));
    m_timeAxis->setTickCount(5);
    m_valueAxis->setRange(0, qMax<qint64>(4, highest + highest / 10 + 1));
    m_valueAxis->applyNiceNumbers();
    c->legend()->setVisible(!isEmpty());
    viewport()->update();
}

QList<QPointF> SampleLineChart::points(const QString &series) const {
    QList<QPointF> out;
    for (const QLineSeries *line : m_lines) {
        if (line->name() == series)
            out << line->points();
    }
    return out;
}

} // namespace dedup::widgets
