#include "widgets/TimelineAxis.h"

#include <QLocale>
#include <QtMath>

#include <array>

namespace dedup::widgets {

namespace {

constexpr qint64 Second = 1000;
constexpr qint64 Minute = 60 * Second;
constexpr qint64 Hour = 60 * Minute;
constexpr qint64 Day = 24 * Hour;

constexpr std::array<qint64, 28> Steps = {
    10,         20,          50,          100,         200,         500,      Second,
    2 * Second, 5 * Second,  10 * Second, 15 * Second, 30 * Second, Minute,   2 * Minute,
    5 * Minute, 10 * Minute, 15 * Minute, 30 * Minute, Hour,        2 * Hour, 3 * Hour,
    6 * Hour,   12 * Hour,   Day,         2 * Day,     7 * Day,     14 * Day, 30 * Day};

QString format(qint64 stepMs) {
    if (stepMs < Second)
        return QStringLiteral("HH:mm:ss.zzz");
    if (stepMs < Minute)
        return QStringLiteral("HH:mm:ss");
    if (stepMs < Day)
        return QStringLiteral("HH:mm");
    return QStringLiteral("yyyy-MM-dd");
}

} // namespace

TimelineAxis::TimelineAxis(const QDateTime &start, const QDateTime &end)
    : m_start(start)
    , m_end(end.isValid() && start.isValid() && end < start ? start : end) {}

qint64 TimelineAxis::spanMs() const {
    return isValid() ? qMax<qint64>(1, m_start.msecsTo(m_end)) : 1;
}

QRectF TimelineAxis::track(const QRectF &cell) {
    const qreal inset = qMin(Inset, cell.width() / 4);
    return cell.adjusted(inset, 0, -inset, 0);
}

qreal TimelineAxis::xFor(const QDateTime &time, const QRectF &track) const {
    if (!isValid() || !time.isValid())
        return track.left();
    const qreal fraction = qBound(0.0, qreal(m_start.msecsTo(time)) / qreal(spanMs()), 1.0);
    return track.left() + fraction * track.width();
}

qint64 TimelineAxis::stepMs(qint64 spanMs, int maxTicks) {
    maxTicks = qMax(1, maxTicks);
    for (const qint64 step : Steps) {
        if (spanMs / step <= maxTicks)
            return step;
    }
    return Steps.back() * qMax<qint64>(1, spanMs / (Steps.back() * maxTicks) + 1);
}

QString TimelineAxis::label(const QDateTime &time, qint64 stepMs) {
    return time.toLocalTime().toString(format(stepMs));
}

QString TimelineAxis::widestLabel(qint64 stepMs) {
    // Digits are equally wide in the fonts a desktop uses; the format decides the width.
    return QDateTime(QDate(2000, 12, 20), QTime(20, 20, 20, 200)).toString(format(stepMs));
}

QList<TimelineAxis::Tick> TimelineAxis::ticks(const QRectF &track, qreal minSpacing,
                                              const QRectF &visible) const {
    QList<Tick> list;
    if (!isValid() || track.width() < 1 || minSpacing < 1)
        return list;
    const qint64 span = spanMs();
    const int maxTicks = qMax(1, int(track.width() / minSpacing));
    const qint64 step = stepMs(span, maxTicks);
    // Round in local time, so hours and days fall on the wall clock's.
    const qint64 offset = qint64(m_start.toLocalTime().offsetFromUtc()) * Second;
    qint64 from = m_start.toMSecsSinceEpoch();
    qint64 to = m_end.toMSecsSinceEpoch();
    if (visible.isValid()) {
        // The times at the visible edges (a tick's label may reach in from just outside).
        const auto timeAt = [&](qreal x) {
            return m_start.toMSecsSinceEpoch() +
                   qint64((x - track.left()) / track.width() * qreal(span));
        };
        from = qMax(from, timeAt(visible.left() - minSpacing) - step);
        to = qMin(to, timeAt(visible.right() + minSpacing) + step);
    }
    const qint64 first = from + offset;
    qint64 local = (first / step + (first % step != 0 ? 1 : 0)) * step;
    for (; local - offset <= to; local += step) {
        const QDateTime time = QDateTime::fromMSecsSinceEpoch(local - offset, Qt::UTC);
        list.append({time, xFor(time, track), label(time, step)});
    }
    return list;
}

QList<TimelineAxis::Tick> TimelineAxis::labelledTicks(const QRectF &track,
                                                      const QFontMetricsF &metrics,
                                                      const QRectF &visible) const {
    const qreal gap = 3 * metrics.averageCharWidth();
    // The label's width depends on the step (seconds, milliseconds) and the step on the
    // spacing: start from the common "HH:mm:ss" and widen once if the step needs it.
    qreal spacing = metrics.horizontalAdvance(widestLabel(Second)) + gap;
    for (int round = 0; round < 3; ++round) {
        const int maxTicks = qMax(1, int(track.width() / spacing));
        const qreal needed =
            metrics.horizontalAdvance(widestLabel(stepMs(spanMs(), maxTicks))) + gap;
        if (needed <= spacing)
            break;
        spacing = needed;
    }
    return ticks(track, spacing, visible);
}

} // namespace dedup::widgets
