#pragma once

#include "sim/SimulationCrashPoint.h"
#include "sim/SimulationProviders.h"
#include "sim/Strategy.h"
#include "store/RunProtocol.h"
#include "worker/Heartbeater.h"

#include <QRandomGenerator>

#include <memory>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// "Unique key on the first step only": the common half-way design. A durable dedup record
// with a unique key is claimed before anything happens (dedup.claim, so duplicates of a
// finished or running intent are suppressed exactly as in the full protocol), but the side
// effects behind it are one block: no per-step status, no downstream keys. Any failure fails
// the whole run; a retry, in process or by a redelivery, claims it again and repeats every
// provider call, including the ones that already succeeded. Timeouts are treated as plain
// retryable failures, since without step records nothing knows the call may have happened.
class StrategyFirstStepOnly : public Strategy {
public:
    explicit StrategyFirstStepOnly(StrategyConfig config);
    ~StrategyFirstStepOnly() override;

    StrategyKind kind() const override { return StrategyKind::FirstStepOnly; }
    bool open(QString *error) override;
    DeliveryReport deliver(const TrafficIntent &intent, const TrafficDelivery &delivery) override;

private:
    DeliveryReport handle(const TrafficIntent &intent);

    StrategyConfig m_config;
    std::unique_ptr<store::PgConnection> m_conn;
    store::RunProtocol m_protocol;
    worker::Heartbeater m_heartbeater;
    SimulationProviders m_providers;
    SimulationCrashPoint m_crash;
    QRandomGenerator m_random;
};

} // namespace dedup::sim
