#pragma once

#include "store/ReportSummary.h"

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QRectF>
#include <QString>

namespace dedup::reports {

class ReportPageLayout;

// The report's charts, drawn with QPainter straight into the page (vector graphics in the
// PDF, sharp at any zoom and in print). Every chart carries its own axis labels and legend,
// and says so in words when it has nothing to show instead of drawing empty axes.
class ReportChartPainter {
    Q_DECLARE_TR_FUNCTIONS(ReportChartPainter)

public:
    explicit ReportChartPainter(ReportPageLayout &layout);

    // Runs created per time bucket, stacked by status (colours of ReportPalette), with a
    // value axis, time labels, axis titles and a legend with each status's total, in `rect`.
    void stackedStatusBars(const QRectF &rect, const QList<store::ReportBucket> &buckets,
                           const QString &bucketUnit);

    // One horizontal bar per count (label, bar, value), the largest first as given; more
    // than `maxBars` are folded into one "other" bar. Height: barsHeight().
    void horizontalBars(const QRectF &rect, const QList<store::ReportCount> &counts,
                        const QColor &color, const QString &emptyText, int maxBars = MaxBars);
    qreal barsHeight(int count, int maxBars = MaxBars) const;

    static constexpr int MaxBars = 10;

private:
    void drawEmpty(const QRectF &rect, const QString &text);
    qreal drawLegend(const QRectF &rect, const QList<qint64> &totals);

    ReportPageLayout &m_layout;
};

} // namespace dedup::reports
