#pragma once

#include <functional>

namespace dedup::sim {

// Where a simulated worker process "dies" during one delivery: right after its n-th provider
// call, after the provider committed (or failed) but before the worker could record anything.
// That is the crash the protocol has to survive: a side effect whose outcome the store never
// heard of.
//
// The step wrappers call afterProviderCall() after every provider call. At the crash point it
// calls `die`, which makes every later store call of this delivery impossible (the worker's
// store connection is closed and not reopened, as when the process is gone), so the run keeps
// its in_progress step and its lease, until the lease expires and a redelivery takes over.
//
// One per worker thread; reset before each delivery.
struct SimulationCrashPoint {
    int afterCall = 0; // 0: no crash in this delivery
    int calls = 0;     // provider calls made so far in this delivery
    bool crashed = false;
    std::function<void()> die;

    void reset(int crashAfterCall, std::function<void()> onDeath = {}) {
        afterCall = crashAfterCall;
        calls = 0;
        crashed = false;
        die = std::move(onDeath);
    }

    // Counts a provider call; true when the process dies right now (or died before).
    bool afterProviderCall() {
        if (crashed)
            return true;
        ++calls;
        if (afterCall <= 0 || calls != afterCall)
            return false;
        crashed = true;
        if (die)
            die();
        return true;
    }
};

} // namespace dedup::sim
