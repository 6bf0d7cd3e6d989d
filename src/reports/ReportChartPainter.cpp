#include "reports/ReportChartPainter.h"

#include "reports/ReportPageLayout.h"
#include "reports/ReportPalette.h"
#include "reports/ReportText.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace dedup::reports {

namespace {

using Font = ReportPageLayout::Font;

// The smallest "nice" step (1, 2 or 5 times a power of ten) that splits `max` into at most
// `ticks` intervals.
qint64 niceStep(qint64 max, int ticks) {
    if (max <= 0)
        return 1;
    const double raw = double(max) / ticks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (factor * magnitude >= raw)
            return qMax<qint64>(1, qint64(std::llround(factor * magnitude)));
    }
    return qMax<qint64>(1, qint64(std::llround(10 * magnitude)));
}

qint64 total(const QList<qint64> &values) {
    qint64 sum = 0;
    for (const qint64 v : values)
        sum += v;
    return sum;
}

} // namespace

ReportChartPainter::ReportChartPainter(ReportPageLayout &layout)
    : m_layout(layout) {}

void ReportChartPainter::drawEmpty(const QRectF &rect, const QString &text) {
    QPainter &p = m_layout.painter();
    p.save();
    p.setPen(QPen(ReportPalette::rule(), m_layout.pt(0.5), Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect);
    p.restore();
    m_layout.drawText(rect.adjusted(m_layout.pt(4), 0, -m_layout.pt(4), 0), text, Font::Body,
                      ReportPalette::mutedText(), Qt::AlignCenter);
}

void ReportChartPainter::stackedStatusBars(const QRectF &rect,
                                           const QList<store::ReportBucket> &buckets,
                                           const QString &bucketUnit) {
    const QList<core::RunStatus> statuses = core::allRunStatuses();
    QList<qint64> totals(statuses.size(), 0);
    qint64 maxStack = 0;
    for (const store::ReportBucket &bucket : buckets) {
        for (int i = 0; i < statuses.size() && i < bucket.byStatus.size(); ++i)
            totals[i] += bucket.byStatus.at(i);
        maxStack = qMax(maxStack, total(bucket.byStatus));
    }
    if (maxStack == 0) {
        drawEmpty(rect, tr("No runs were created in this range."));
        return;
    }

    QPainter &p = m_layout.painter();
    const QFontMetricsF small = m_layout.metrics(Font::Small);
    const qreal gap = m_layout.pt(4);

    // Legend at the bottom, then the x axis title, then the x labels; what is left is the plot.
    const qreal legendHeight = small.height() * 1.6;
    const qreal xTitleHeight = small.height() * 1.3;
    // The time labels start below the value axis's "0", which is centred on the axis line, so
    // the first of them never touches it.
    const qreal xLabelTop = small.height() * 0.6;
    const qreal xLabelHeight = xLabelTop + small.height() * 1.1;
    const qint64 step = niceStep(maxStack, 5);
    const qint64 axisMax = ((maxStack + step - 1) / step) * step;
    const qreal yLabelWidth = small.horizontalAdvance(ReportText::number(axisMax)) + gap;
    const qreal yTitleWidth = small.height() * 1.4;
    const QRectF plot(rect.left() + yTitleWidth + yLabelWidth, rect.top() + small.height() * 0.6,
                      rect.width() - yTitleWidth - yLabelWidth - gap,
                      rect.height() - legendHeight - xTitleHeight - xLabelHeight -
                          small.height() * 0.6);

    // Value axis: grid lines and labels.
    p.save();
    for (qint64 v = 0; v <= axisMax; v += step) {
        const qreal y = plot.bottom() - plot.height() * double(v) / double(axisMax);
        p.setPen(QPen(v == 0 ? ReportPalette::mutedText() : ReportPalette::rule(),
                      m_layout.pt(v == 0 ? 0.7 : 0.35)));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        m_layout.drawText(QRectF(plot.left() - yLabelWidth, y - small.height() / 2,
                                 yLabelWidth - gap / 2, small.height()),
                          ReportText::number(v), Font::Small, ReportPalette::mutedText(),
                          Qt::AlignRight | Qt::AlignVCenter, 1);
    }
    p.restore();

    // The y axis title, rotated along the axis.
    p.save();
    p.translate(rect.left(), plot.center().y());
    p.rotate(-90);
    m_layout.drawText(QRectF(-plot.height() / 2, 0, plot.height(), yTitleWidth), tr("Runs created"),
                      Font::SmallBold, ReportPalette::text(), Qt::AlignHCenter | Qt::AlignTop, 1);
    p.restore();

    // Bars, stacked in status order from the axis up.
    const qreal slot = plot.width() / buckets.size();
    const qreal barWidth = qMax(m_layout.pt(0.6), slot * 0.72);
    p.save();
    p.setPen(Qt::NoPen);
    for (int b = 0; b < buckets.size(); ++b) {
        const qreal x = plot.left() + slot * b + (slot - barWidth) / 2;
        qreal base = plot.bottom();
        const QList<qint64> &values = buckets.at(b).byStatus;
        for (int s = 0; s < statuses.size() && s < values.size(); ++s) {
            if (values.at(s) <= 0)
                continue;
            const qreal h = plot.height() * double(values.at(s)) / double(axisMax);
            p.setBrush(ReportPalette::status(statuses.at(s)));
            p.drawRect(QRectF(x, base - h, barWidth, h));
            base -= h;
        }
    }
    p.restore();

    // Time labels: as many as fit side by side, evenly spaced, always the first.
    const QString sample = ReportText::bucketLabel(buckets.first().start, bucketUnit);
    const qreal labelWidth = small.horizontalAdvance(sample) + gap * 2;
    const int fit = qMax(1, int(plot.width() / labelWidth));
    const int stride = qMax(1, int(std::ceil(double(buckets.size()) / fit)));
    for (int b = 0; b < buckets.size(); b += stride) {
        const qreal center = plot.left() + slot * (b + 0.5);
        // Centred under its bar, but moved in where it would stick out of the chart (and so
        // into the page's margin).
        const qreal boxLeft =
            qBound(rect.left(), center - labelWidth / 2, rect.right() - labelWidth);
        const QRectF box(boxLeft, plot.bottom() + xLabelTop, labelWidth, xLabelHeight - xLabelTop);
        p.save();
        p.setPen(QPen(ReportPalette::mutedText(), m_layout.pt(0.5)));
        p.drawLine(QPointF(center, plot.bottom()), QPointF(center, plot.bottom() + gap / 2));
        p.restore();
        m_layout.drawText(box, ReportText::bucketLabel(buckets.at(b).start, bucketUnit),
                          Font::Small, ReportPalette::mutedText(), Qt::AlignHCenter | Qt::AlignTop,
                          1);
    }
    m_layout.drawText(QRectF(plot.left(), plot.bottom() + xLabelHeight, plot.width(), xTitleHeight),
                      ReportText::bucketAxisTitle(bucketUnit), Font::SmallBold,
                      ReportPalette::text(), Qt::AlignHCenter | Qt::AlignTop, 1);
    drawLegend(QRectF(plot.left(), rect.bottom() - legendHeight, plot.width(), legendHeight),
               totals);
}

qreal ReportChartPainter::drawLegend(const QRectF &rect, const QList<qint64> &totals) {
    const QList<core::RunStatus> statuses = core::allRunStatuses();
    const QFontMetricsF small = m_layout.metrics(Font::Small);
    const qreal swatch = small.height() * 0.75;
    const qreal gap = m_layout.pt(4);
    QPainter &p = m_layout.painter();
    // Centre the whole legend line under the plot.
    QList<QString> texts;
    qreal width = 0;
    for (int s = 0; s < statuses.size(); ++s) {
        texts << tr("%1 (%2)").arg(ReportPalette::statusLabel(statuses.at(s)),
                                   ReportText::number(totals.value(s)));
        width += swatch + gap + small.horizontalAdvance(texts.last()) + gap * 3;
    }
    qreal x = rect.left() + qMax<qreal>(0, (rect.width() - width) / 2);
    const qreal y = rect.top() + (rect.height() - small.height()) / 2;
    // When the line is wider than the chart (large totals, long translations), every entry
    // gets an equal share of it and its text is elided to fit.
    const bool squeezed = width > rect.width();
    const qreal share = rect.width() / qMax<qsizetype>(1, statuses.size());
    for (int s = 0; s < statuses.size(); ++s) {
        p.save();
        p.setPen(Qt::NoPen);
        p.setBrush(ReportPalette::status(statuses.at(s)));
        p.drawRect(QRectF(x, y + (small.height() - swatch) / 2, swatch, swatch));
        p.restore();
        x += swatch + gap;
        const qreal textWidth = squeezed ? qMax<qreal>(0, share - swatch - gap * 2)
                                         : small.horizontalAdvance(texts.at(s)) + gap;
        m_layout.drawText(QRectF(x, y, textWidth, small.height() * 1.2), texts.at(s), Font::Small,
                          ReportPalette::text(), Qt::AlignLeft | Qt::AlignTop, 1);
        x += textWidth + (squeezed ? gap : gap * 2);
    }
    return rect.height();
}

qreal ReportChartPainter::barsHeight(int count, int maxBars) const {
    const QFontMetricsF small = m_layout.metrics(Font::Small);
    const int rows = qMax(1, qMin(count, maxBars));
    return rows * small.height() * 1.7;
}

void ReportChartPainter::horizontalBars(const QRectF &rect, const QList<store::ReportCount> &counts,
                                        const QColor &color, const QString &emptyText,
                                        int maxBars) {
    QList<store::ReportCount> shown;
    for (const store::ReportCount &count : counts) {
        if (count.count > 0)
            shown << count;
    }
    if (shown.isEmpty()) {
        drawEmpty(rect, emptyText);
        return;
    }
    if (shown.size() > maxBars) {
        store::ReportCount other;
        const int folded = int(shown.size()) - (maxBars - 1);
        for (int i = maxBars - 1; i < shown.size(); ++i)
            other.count += shown.at(i).count;
        other.label = tr("%1 others").arg(folded); // folded is at least 2
        shown.resize(maxBars - 1);
        shown << other;
    }
    qint64 max = 0;
    for (const store::ReportCount &count : shown)
        max = qMax(max, count.count);

    const QFontMetricsF small = m_layout.metrics(Font::Small);
    const qreal rowHeight = rect.height() / shown.size();
    const qreal labelWidth = rect.width() * 0.38;
    const qreal valueWidth = small.horizontalAdvance(ReportText::number(max)) + m_layout.pt(6);
    const qreal barLeft = rect.left() + labelWidth + m_layout.pt(4);
    const qreal barSpace = rect.right() - valueWidth - barLeft;
    QPainter &p = m_layout.painter();
    for (int i = 0; i < shown.size(); ++i) {
        const qreal top = rect.top() + rowHeight * i;
        // One line, elided: a failure class or action name of any length keeps to its row.
        const QString label = shown.at(i).label.isEmpty() ? tr("(none)") : shown.at(i).label;
        m_layout.drawText(QRectF(rect.left(), top, labelWidth, rowHeight), label, Font::Small,
                          ReportPalette::text(), Qt::AlignRight | Qt::AlignVCenter, 1);
        const qreal length = qMax(m_layout.pt(0.8), barSpace * double(shown.at(i).count) / max);
        p.save();
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawRect(QRectF(barLeft, top + rowHeight * 0.18, length, rowHeight * 0.64));
        p.restore();
        m_layout.drawText(QRectF(barLeft + length + m_layout.pt(3), top, valueWidth, rowHeight),
                          ReportText::number(shown.at(i).count), Font::Small, ReportPalette::text(),
                          Qt::AlignLeft | Qt::AlignVCenter, 1);
    }
    p.save();
    p.setPen(QPen(ReportPalette::mutedText(), m_layout.pt(0.6)));
    p.drawLine(QPointF(barLeft, rect.top()), QPointF(barLeft, rect.bottom()));
    p.restore();
}

} // namespace dedup::reports
