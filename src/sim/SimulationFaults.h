#pragma once

#include "sim/Fault.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace dedup::sim {

// The fault mix of a simulation, as `dedupctl simulate --faults` spells it:
//
//   timeout=0.1,outage=0.05,validation=0.02,duplication=0.01,crash=0.02
//
// Per provider call: `timeout` is a timeout after commit (the effect happened, the caller
// hears a timeout), `timeout_before` one before commit (nothing happened; the caller cannot
// tell the two apart), `outage` a 503 (retryable), `validation` a 422 (not retryable),
// `duplication` the provider's own bug performing the effect twice. `crash` is the worker
// process dying right after a provider call, before it recorded the outcome. "none" (or an
// empty list) is no faults at all.
struct SimulationFaults {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::SimulationFaults)

public:
    FaultRates provider;
    double crash = 0;

    // The default mix of `dedupctl simulate`: every failure mode, no provider duplication
    // (which no caller-side protocol can prevent; ask for it explicitly).
    static SimulationFaults defaults();
    // nullopt with `error` set for an unknown name, a malformed or out-of-range value, a name
    // given twice, or provider rates adding up to more than 1.
    static std::optional<SimulationFaults> parse(const QString &text, QString *error);

    QString toString() const;
    QJsonObject toJson() const;
};

} // namespace dedup::sim
