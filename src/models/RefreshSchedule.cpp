#include "models/RefreshSchedule.h"

#include <utility>

namespace dedup::models {

RefreshSchedule::RefreshSchedule(QObject *context, std::function<void()> refresh, int intervalMs,
                                 int coalesceMs)
    : m_intervalMs(qMax(0, intervalMs)) {
    QObject::connect(&m_timer, &QTimer::timeout, context, refresh);
    // Not restarted by later notifications: a steady stream still re-reads once per interval.
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(qMax(0, coalesceMs));
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
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

} // namespace dedup::models
