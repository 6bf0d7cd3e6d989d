#pragma once

#include "sim/SimulationCrashPoint.h"
#include "sim/SimulationProviders.h"
#include "sim/Strategy.h"

#include <QRandomGenerator>

namespace dedup::sim {

// "No idempotency key": the handler calls every provider of the workflow, in order, for every
// delivery; a retryable failure repeats the whole sequence after a backoff. No store is
// involved, so a redelivered webhook sends a second message, a retried invoice run drafts a
// second invoice. The baseline the other strategies are measured against.
class StrategyNoKey : public Strategy {
public:
    explicit StrategyNoKey(StrategyConfig config);

    StrategyKind kind() const override { return StrategyKind::NoKey; }
    bool open(QString *error) override;
    DeliveryReport deliver(const TrafficIntent &intent, const TrafficDelivery &delivery) override;

private:
    StrategyConfig m_config;
    SimulationProviders m_providers;
    SimulationCrashPoint m_crash;
    QRandomGenerator m_random;
};

} // namespace dedup::sim
