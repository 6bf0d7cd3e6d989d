#pragma once

#include "widgets/PlaceholderChartView.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

class QAbstractBarSeries;
class QBarCategoryAxis;
class QBarSet;
class QValueAxis;

namespace dedup::widgets {

// A titled bar chart of the Dashboard: one bar per category, stacked from one QBarSet per
// series (vertical, or horizontal for long category names), a value axis from 0 with whole
// numbers, the legend below. setData() replaces everything, so each read shows exactly what
// the store said.
class StackedBarChart : public PlaceholderChartView {
    Q_OBJECT

public:
    struct Series {
        QString name;
        QColor color;
        QList<qint64> values; // one per category
    };

    explicit StackedBarChart(const QString &title, Qt::Orientation orientation = Qt::Vertical,
                             QWidget *parent = nullptr);

    void setData(const QStringList &categories, const QList<Series> &series);

    QStringList categories() const { return m_categories; }
    QList<QBarSet *> barSets() const;
    // The value of `series` (by name) at `category`, -1 when there is no such bar.
    qreal value(const QString &series, int category) const;

private:
    Qt::Orientation m_orientation;
    QStringList m_categories;
    QAbstractBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_categoryAxis = nullptr;
    QValueAxis *m_valueAxis = nullptr;
};

} // namespace dedup::widgets
