#pragma once

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <vector>

namespace bench {

// Measures how long the thread it lives in (the UI thread) fails to run its event loop: a
// precise timer ticks every `intervalMs`; a tick that comes late by more than the interval
// means the loop was busy (or blocked) for that long. The stall of a tick is its gap minus
// the interval.
class StallProbe {
public:
    explicit StallProbe(int intervalMs = 5)
        : m_intervalMs(intervalMs) {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(intervalMs);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
    }

    void start() {
        m_stallsUs.clear();
        m_clock.start();
        m_lastNs = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }

    // Stall statistics in milliseconds: max, p99, p99.9, ticks, stalls over `limitMs`.
    QJsonObject summary(double limitMs) const {
        std::vector<qint64> sorted = m_stallsUs;
        std::sort(sorted.begin(), sorted.end());
        const auto at = [&sorted](double q) {
            if (sorted.empty())
                return 0.0;
            const size_t i = std::min(sorted.size() - 1, size_t(q * double(sorted.size())));
            return double(sorted[i]) / 1000.0;
        };
        const long long over = std::count_if(sorted.begin(), sorted.end(), [limitMs](qint64 us) {
            return double(us) / 1000.0 > limitMs;
        });
        qint64 stalledUs = 0;
        for (const qint64 us : sorted)
            stalledUs += us;
        const double spanUs = double(stalledUs) + double(sorted.size()) * m_intervalMs * 1000.0;
        return {{QStringLiteral("ticks"), qint64(sorted.size())},
                // The share of the time the loop could not run its timers.
                {QStringLiteral("blocked_share"), spanUs > 0 ? double(stalledUs) / spanUs : 0.0},
                {QStringLiteral("interval_ms"), m_intervalMs},
                {QStringLiteral("max_ms"), sorted.empty() ? 0.0 : double(sorted.back()) / 1000.0},
                {QStringLiteral("p99_ms"), at(0.99)},
                {QStringLiteral("p999_ms"), at(0.999)},
                {QStringLiteral("over_limit"), qint64(over)},
                {QStringLiteral("limit_ms"), limitMs}};
    }

private:
    void tick() {
        const qint64 now = m_clock.nsecsElapsed();
        if (m_lastNs > 0)
            m_stallsUs.push_back(
                std::max<qint64>(0, (now - m_lastNs) / 1000 - m_intervalMs * 1000));
        m_lastNs = now;
    }

    const int m_intervalMs;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    std::vector<qint64> m_stallsUs;
};

} // namespace bench
