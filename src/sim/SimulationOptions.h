#pragma once

#include "sim/Fault.h"
#include "sim/SimulationFaults.h"
#include "sim/Strategy.h"
#include "sim/Traffic.h"

#include <QHash>
#include <QList>
#include <QString>

#include <chrono>
#include <functional>

namespace dedup::sim {

// How far a simulation has got (reported after every delivery, from the worker threads).
struct SimulationProgress {
    StrategyKind strategy = StrategyKind::Full;
    int strategyIndex = 0; // 0-based, of strategyCount
    int strategyCount = 1;
    int done = 0;  // deliveries handled so far for this strategy
    int total = 0; // deliveries known so far (planned + redeliveries after crashes)
};

struct SimulationOptions {
    QString conninfo;
    QList<StrategyKind> strategies{StrategyKind::Full};
    TrafficOptions traffic;
    // traffic.crashRate is taken from faults.crash.
    SimulationFaults faults = SimulationFaults::defaults();
    // Replaces faults.provider for the named providers (e.g. only payments fail).
    QHash<QString, FaultRates> providerFaults;
    int workers = 4; // worker threads, each with its own store and provider connections
    // Distinguishes this simulation's runs and ledger rows from earlier ones in the same
    // database: label "<tag>/<strategy>", scopes "sim/<tag>/<strategy>/...". Empty: label
    // "<strategy>", scopes "sim/<strategy>/..." (a fresh database).
    QString tag;
    // Short leases, so that runs of crashed workers are taken over within the simulation.
    std::chrono::milliseconds lease{600};
    std::chrono::milliseconds maxLatency{2};      // provider latency: uniform in [0, max]
    std::chrono::milliseconds providerTimeout{5}; // how long a timing-out call keeps its caller
    int maxAttempts = 4;
    std::function<void(const SimulationProgress &)> progress;
};

} // namespace dedup::sim
