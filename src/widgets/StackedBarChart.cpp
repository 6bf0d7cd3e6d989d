#include "widgets/StackedBarChart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QPainter>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <cmath>

namespace dedup::widgets {

StackedBarChart::StackedBarChart(const QString &title, Qt::Orientation orientation, QWidget *parent)
    : PlaceholderChartView(new QChart, parent)
    , m_orientation(orientation) {
    setRenderHint(QPainter::Antialiasing);
    chart()->setTitle(title);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setAnimationOptions(QChart::NoAnimation); // live data: no bars flying about
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    setMinimumSize(320, 220);
}

void StackedBarChart::setData(const QStringList &categories, const QList<Series> &series) {
    QChart *c = chart();
    c->removeAllSeries(); // deletes the old series and their sets
    const QList<QAbstractAxis *> axes = c->axes();
    for (QAbstractAxis *axis : axes) {
        c->removeAxis(axis);
        delete axis;
    }
    m_categories = categories;
    if (m_orientation == Qt::Vertical)
        m_series = new QStackedBarSeries;
    else
        m_series = new QHorizontalStackedBarSeries;
    qint64 highest = 0;
    QList<qint64> totals(categories.size(), 0);
    for (const Series &s : series) {
        auto *set = new QBarSet(s.name);
        set->setColor(s.color);
        set->setBorderColor(s.color.darker(130));
        for (int i = 0; i < categories.size(); ++i) {
            const qint64 v = i < s.values.size() ? s.values.at(i) : 0;
            set->append(qreal(v));
            totals[i] += v;
        }
        m_series->append(set);
    }
    for (const qint64 total : totals)
        highest = qMax(highest, total);
    setEmpty(highest == 0);
    m_series->setBarWidth(0.8);
    c->addSeries(m_series);

    m_categoryAxis = new QBarCategoryAxis;
    m_categoryAxis->append(categories);
    // Many buckets: upright labels would overlap (or be cut to "1…" in a half-width chart).
    if (m_orientation == Qt::Vertical && categories.size() > 8)
        m_categoryAxis->setLabelsAngle(-90);
    m_valueAxis = new QValueAxis;
    m_valueAxis->setLabelFormat(QStringLiteral("%d"));
    m_valueAxis->setMin(0);
    // A whole-number scale with a tick every 1, 2 or 5 x 10^n: never "0.5 runs".
    const qint64 top = qMax<qint64>(4, highest);
    const double rough = double(top) / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude;
    for (const double f : {1.0, 2.0, 5.0, 10.0}) {
        if (f * magnitude >= rough) {
            step = f * magnitude;
            break;
        }
    }
    step = qMax(1.0, step);
    const int ticks = int(std::ceil(double(top) / step));
    m_valueAxis->setMax(step * ticks);
    m_valueAxis->setTickCount(ticks + 1);
    if (m_orientation == Qt::Vertical) {
        c->addAxis(m_categoryAxis, Qt::AlignBottom);
        c->addAxis(m_valueAxis, Qt::AlignLeft);
    } else {
        c->addAxis(m_categoryAxis, Qt::AlignLeft);
        c->addAxis(m_valueAxis, Qt::AlignBottom);
    }
    m_series->attachAxis(m_categoryAxis);
    m_series->attachAxis(m_valueAxis);
    c->legend()->setVisible(series.size() > 1);
    viewport()->update();
}

QList<QBarSet *> StackedBarChart::barSets() const {
    return m_series ? m_series->barSets() : QList<QBarSet *>();
}

qreal StackedBarChart::value(const QString &series, int category) const {
    for (const QBarSet *set : barSets()) {
        if (set->label() == series && category >= 0 && category < set->count())
            return set->at(category);
    }
    return -1;
}

} // namespace dedup::widgets
