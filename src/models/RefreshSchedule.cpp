#include "models/RefreshSchedule.h"

#include <utility>

namespace dedup::models {

RefreshSchedule::RefreshSchedule(QObject *context, std::function<void()> refresh, int intervalMs,
                                 int coalesceMs, Coalesce coalesce)
    : m_intervalMs(qMax(0, intervalMs))
    , m_coalesceMs(qMax(0, coalesceMs))
    , m_mode(coalesce) {
    QObject::connect(&m_timer, &QTimer::timeout, context, refresh);
    // Not restarted by later notifications: a steady stream still re-reads once per interval.
    m_coalesce.setSingleShot(true);
    QObject::connect(&m_coalesce, &QTimer::timeout, context, std::move(refresh));
    setInterval(m_intervalMs);
}

void RefreshSchedule::setInterval(int milliseconds) {
    m_intervalMs = qMax(0, milliseconds);
    if (m_intervalMs > 0)
        m_timer.start(m_intervalMs);
    else
        m_timer.stop();
}

void RefreshSchedule::notified() {
    if (m_coalesce.isActive())
        return;
    qint64 delay = m_coalesceMs;
    if (m_mode == Coalesce::AfterRead) {
        const qint64 since = m_sinceRead.isValid() ? m_sinceRead.elapsed() : m_coalesceMs;
        delay = qMax<qint64>(0, m_coalesceMs - since);
    }
    m_coalesce.start(int(delay));
}

void RefreshSchedule::readStarting() {
    m_coalesce.stop();
    m_sinceRead.start();
}

} // namespace dedup::models
