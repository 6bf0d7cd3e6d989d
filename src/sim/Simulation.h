#pragma once

#include "core/Result.h"
#include "sim/SimulationOptions.h"
#include "sim/SimulationResult.h"
#include "sim/TrafficPlan.h"

#include <QCoreApplication>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// Runs mixed traffic through one or more strategies and counts what happened.
//
// Every strategy gets the same TrafficPlan and a fresh FaultPlan with the same seed, so the
// k-th call of an intent to a provider meets the same fault under every strategy (FaultPlan
// draws per call stream, not in arrival order). Deliveries leave one queue in plan order;
// `workers` threads take them, each with its own Strategy object (own store and provider
// connections), so copies of one intent really race. When a delivery's worker crashes, the
// queue redelivers the message once its lease has expired, as a queue does after a consumer
// restart; when a delivery is answered `paused` (an operator paused the workflow: docs/
// PROTOCOL.md, "Pausing a workflow"), the queue delivers it again after the store's
// retry-after hint, until the workflow is resumed. Strategies run one after the other, on one
// database: the ledger separates them by label, dedup.runs by scope prefix.
//
// Needs the sim schema (SimSchema::install) and a migrated dedup schema; the connection's role
// must be able to call the worker functions and read dedup.runs (e.g. the owner).
class Simulation {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::Simulation)

public:
    enum class Error { None, InvalidOptions, Connection, Database };
    using Outcome = core::Result<SimulationResult, Error>;

    explicit Simulation(SimulationOptions options);

    // Empty when the options are usable, else why not (translated).
    QString validate() const;
    Outcome run();

    const TrafficPlan &plan() const { return m_plan; }
    static QString labelFor(const QString &tag, StrategyKind kind);
    static QString scopePrefixFor(const QString &label);

private:
    core::Result<StrategyResult, Error> runStrategy(StrategyKind kind, int index,
                                                    store::PgConnection &admin);
    QList<ProviderConfig> providerConfigs() const;

    SimulationOptions m_options;
    TrafficPlan m_plan;
};

} // namespace dedup::sim
