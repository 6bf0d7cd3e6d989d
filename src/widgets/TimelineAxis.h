#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QFontMetricsF>
#include <QList>
#include <QRectF>
#include <QString>

namespace dedup::widgets {

// The common time axis of the correlation timeline: where a moment lies across a timeline
// cell (the bars, TimelineBarDelegate) and the header above it (the labels, TimelineHeader),
// and tick marks at round steps (1 s, 5 s, 1 min, 1 h, 1 d ...) in local time, no closer
// than a label needs.
class TimelineAxis {
    Q_DECLARE_TR_FUNCTIONS(TimelineAxis)

public:
    // Pixels kept free at both ends of a cell, so a bar that starts at the axis' start or
    // ends at its end does not touch the grid line.
    static constexpr qreal Inset = 8;

    struct Tick {
        QDateTime time;
        qreal x = 0; // in the track's coordinates
        QString label;
    };

    TimelineAxis() = default;
    TimelineAxis(const QDateTime &start, const QDateTime &end);

    bool isValid() const { return m_start.isValid() && m_end.isValid(); }
    QDateTime start() const { return m_start; }
    QDateTime end() const { return m_end; }
    // At least 1 ms: a single run whose start is its end still gets a bar.
    qint64 spanMs() const;

    // The part of `cell` bars are drawn in.
    static QRectF track(const QRectF &cell);
    // x of `time` in `track`, clamped to it.
    qreal xFor(const QDateTime &time, const QRectF &track) const;
    // Ticks at a round step, at least `minSpacing` pixels apart. With `visible` (x range
    // only), just those within it: a zoomed-in track is far wider than the screen, and its
    // ticks are counted by the thousand.
    QList<Tick> ticks(const QRectF &track, qreal minSpacing, const QRectF &visible = {}) const;
    // Ticks whose labels, in `metrics`' font, fit between them with room to spare.
    QList<Tick> labelledTicks(const QRectF &track, const QFontMetricsF &metrics,
                              const QRectF &visible = {}) const;
    // The round step for `spanMs` with at most `maxTicks` ticks.
    static qint64 stepMs(qint64 spanMs, int maxTicks);
    // The text of a tick at `step` (seconds or milliseconds only where the step needs them).
    static QString label(const QDateTime &time, qint64 stepMs);
    // The widest label, for the spacing: "00:00:00.000" for the finest steps.
    static QString widestLabel(qint64 stepMs);

private:
    QDateTime m_start;
    QDateTime m_end;
};

} // namespace dedup::widgets
