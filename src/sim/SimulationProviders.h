#pragma once

#include "sim/FaultPlan.h"
#include "sim/Provider.h"
#include "sim/ProviderConfig.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace dedup::sim {

// The simulated providers one worker thread talks to: one Provider per configuration, all on
// one provider-side connection of their own (never the worker's store connection), sharing
// the simulation's FaultPlan and ledger label. Counts the calls, so a delivery can report how
// many side effects it attempted ("the duplicate did nothing" is then a number).
//
// Not thread-safe, like Provider: one object per thread.
class SimulationProviders {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::SimulationProviders)

public:
    SimulationProviders(const QList<ProviderConfig> &configs, std::shared_ptr<FaultPlan> faults,
                        QString label);
    ~SimulationProviders();
    SimulationProviders(const SimulationProviders &) = delete;
    SimulationProviders &operator=(const SimulationProviders &) = delete;

    bool open(const QString &conninfo, QString *error);

    // Calls `provider` (a ProviderConfig::name); an unknown name is a validation failure.
    ProviderResult call(const QString &provider, const ProviderRequest &request);
    // Whether `provider` honours downstream keys (false for an unknown one).
    bool deduplicates(const QString &provider) const;

    int calls() const { return m_calls; }
    // Called at the start of every call, before the provider does anything (a scenario times
    // the calls against the moments an operator paused and resumed the workflow).
    void setObserver(std::function<void(const QString &provider, const QString &operation)> fn) {
        m_observer = std::move(fn);
    }
    const QString &label() const { return m_label; }

private:
    Provider *find(const QString &provider) const;

    std::vector<std::unique_ptr<Provider>> m_providers;
    QString m_label;
    int m_calls = 0;
    std::function<void(const QString &, const QString &)> m_observer;
};

} // namespace dedup::sim
