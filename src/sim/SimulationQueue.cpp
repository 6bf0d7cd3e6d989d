#include "sim/SimulationQueue.h"

#include <algorithm>

namespace dedup::sim {

void SimulationQueue::plan(const TrafficDelivery &delivery, Clock::time_point notBefore) {
    std::lock_guard lock(m_mutex);
    m_planned.push_back({delivery, notBefore});
    ++m_total;
    m_changed.notify_one();
}

void SimulationQueue::redeliver(const TrafficDelivery &delivery, Clock::time_point notBefore) {
    std::lock_guard lock(m_mutex);
    m_redeliveries.push_back({delivery, notBefore});
    ++m_total;
    m_changed.notify_one();
}

std::optional<TrafficDelivery> SimulationQueue::take() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_planned.empty() && m_redeliveries.empty()) {
            if (m_inFlight == 0)
                return std::nullopt;
            m_changed.wait(lock);
            continue;
        }
        const Clock::time_point now = Clock::now();
        auto due = std::min_element(
            m_redeliveries.begin(), m_redeliveries.end(),
            [](const Entry &a, const Entry &b) { return a.notBefore < b.notBefore; });
        Clock::time_point next = Clock::time_point::max();
        if (due != m_redeliveries.end()) {
            if (due->notBefore <= now) {
                const TrafficDelivery delivery = due->delivery;
                m_redeliveries.erase(due);
                ++m_inFlight;
                return delivery;
            }
            next = due->notBefore;
        }
        if (!m_planned.empty()) {
            if (m_planned.front().notBefore <= now) {
                const TrafficDelivery delivery = m_planned.front().delivery;
                m_planned.pop_front();
                ++m_inFlight;
                return delivery;
            }
            next = std::min(next, m_planned.front().notBefore);
        }
        m_changed.wait_until(lock, next);
    }
}

void SimulationQueue::finished() {
    std::lock_guard lock(m_mutex);
    --m_inFlight;
    m_changed.notify_all();
}

int SimulationQueue::total() const {
    std::lock_guard lock(m_mutex);
    return m_total;
}

} // namespace dedup::sim
