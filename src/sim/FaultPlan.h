#pragma once

#include "sim/Fault.h"

#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>

#include <chrono>

namespace dedup::sim {

struct ProviderConfig;

// What happens to one provider call: which fault (if any) and how long the provider takes.
struct FaultDecision {
    Fault fault = Fault::None;
    std::chrono::milliseconds latency{0};
    bool scripted = false; // from script(), not from the rates
};

// Decides the faults of provider calls, reproducibly: the same seed gives the same faults on
// the same traffic.
//
// "The same traffic" has to survive concurrency: with several workers the order in which
// calls reach a provider changes from run to run, so one random sequence consumed in arrival
// order would hand the faults to different intents each time. Instead every call draws from
// its own generator, seeded with (seed, provider, operation, intent, n) where n counts the
// calls of that (provider, operation, intent) so far. The k-th call of an intent therefore
// gets the same fault and latency in every run with the same seed, whatever the interleaving.
// (Concurrent duplicate calls of the *same* intent still race for k; their set of faults is
// fixed, not which of them gets which.)
//
// Scripts override the rates for specific calls, so a scenario can say "the payment provider
// times out on the first call for this intent" instead of hoping a probability hits.
//
// Thread-safe: one plan is shared by all Provider objects of a simulation.
class FaultPlan {
public:
    explicit FaultPlan(quint64 seed = 0);

    quint64 seed() const { return m_seed; }

    // The next `faults.size()` calls of `operation` on `provider` for `intent` get these
    // faults, in order (Fault::None lets a call through), before the rates apply again. An
    // empty `intent` scripts the next calls for any intent (an outage window); a script for
    // the call's own intent takes precedence. Appends to what is already scripted.
    void script(const QString &provider, const QString &operation, const QString &intent,
                const QList<Fault> &faults);

    // The fault and latency of one call. Each call counts, so ask exactly once per call.
    FaultDecision decide(const ProviderConfig &config, const QString &operation,
                         const QString &intent);

    // Forgets the call counts and the scripts (a fresh run with the same seed).
    void reset();

private:
    quint64 m_seed;
    QMutex m_mutex;
    QHash<QString, quint32> m_calls;        // stream -> calls so far
    QHash<QString, QList<Fault>> m_scripts; // stream -> faults still to deliver
};

} // namespace dedup::sim
