#pragma once

#include "sim/Traffic.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace dedup::sim {

// The delivery queue of a simulation, shared by its worker threads: the planned deliveries in
// plan order, each not before its arrival time, and the redeliveries of crashed deliveries and
// of deliveries answered `paused`, which go first once they are due (a queue makes an
// unacknowledged message visible again when its visibility timeout has passed, and a message
// handed back with a delay when the delay has passed). Thread-safe.
class SimulationQueue {
public:
    using Clock = std::chrono::steady_clock;

    // Planned deliveries must be pushed in plan order (their times never decrease).
    void plan(const TrafficDelivery &delivery, Clock::time_point notBefore);
    void redeliver(const TrafficDelivery &delivery, Clock::time_point notBefore);

    // Blocks until a delivery is due and hands it out; nullopt when nothing is queued and no
    // delivery is being handled (so nothing more can be redelivered): the simulation is over.
    std::optional<TrafficDelivery> take();
    // Marks one delivery from take() as handled; call after redeliver() for it, if any.
    void finished();

    int total() const;

private:
    struct Entry {
        TrafficDelivery delivery;
        Clock::time_point notBefore;
    };

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Entry> m_planned;
    std::vector<Entry> m_redeliveries;
    int m_inFlight = 0;
    int m_total = 0;
};

} // namespace dedup::sim
