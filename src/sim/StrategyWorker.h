#pragma once

#include "sim/SimulationCrashPoint.h"
#include "sim/SimulationProviders.h"
#include "sim/Strategy.h"
#include "worker/Worker.h"

#include <QList>

#include <memory>

namespace dedup::sim {

// The strategies that run the reference worker (dedup::worker::Worker) over the workflows
// with one tracked step per side effect:
//
// - Full: the full protocol. The key comes from the intent's stable identifiers; each step is
//   asked for (begin_step) and recorded (complete_step); deduplicating providers get the
//   step's downstream key; an uncertain step is re-executed only with that key, otherwise the
//   run goes to manual review.
// - KeyPerAttempt: the same worker, with one mistake: the key also includes the delivery's own
//   id (a per-request UUID, a timestamp), so every redelivery is a new run, and its steps
//   derive new downstream keys that the providers have never seen.
//
// A simulated crash runs the delivery on a worker that does not reconnect and closes its store
// connection at the crash point: the process is gone, its run keeps the lease and the
// in_progress step.
class StrategyWorker : public Strategy {
public:
    StrategyWorker(StrategyKind kind, StrategyConfig config);
    ~StrategyWorker() override;

    StrategyKind kind() const override { return m_kind; }
    bool open(QString *error) override;
    DeliveryReport deliver(const TrafficIntent &intent, const TrafficDelivery &delivery) override;
    std::optional<DeliveryReport> processNextCommand() override;

private:
    worker::Worker::Options options() const;
    const worker::WorkflowDefinition *definition(const QString &workflow) const;
    static DeliveryReport report(const worker::RunOutcome &outcome);

    StrategyKind m_kind;
    StrategyConfig m_config;
    SimulationProviders m_providers;
    SimulationCrashPoint m_crash;
    QList<worker::WorkflowDefinition> m_workflows;
    std::unique_ptr<worker::Worker> m_worker;
};

} // namespace dedup::sim
