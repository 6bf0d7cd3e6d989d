#pragma once

#include "sim/Fault.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <chrono>

namespace dedup::sim {

// What one simulated provider is: its name in the ledger, the operations it accepts, whether
// it deduplicates by downstream key, how slow it is and how often it fails.
//
// The five named configurations model the systems of docs/SIMULATOR.md "The simulated providers".
// Which of them honour downstream keys follows common practice: payment APIs (Stripe-style
// `Idempotency-Key`) and the booking system of the appointment case honour them; the messaging
// gateway, the invoicing system and the lab record system do not, so a worker must not re-execute
// an uncertain step against them. Scenarios change any field; the defaults have no latency and
// no faults, so that a scenario states the faults it tests.
struct ProviderConfig {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::ProviderConfig)

public:
    QString name;           // `sim.ledger.provider`
    QString refPrefix;      // refs look like "<prefix>_000123"
    QStringList operations; // any other operation is refused as a validation error
    bool honoursDownstreamKeys = false;
    // Every call waits a uniformly random time in [minLatency, maxLatency] before it is
    // processed (the FaultPlan draws it, so it is reproducible too).
    std::chrono::milliseconds minLatency{0};
    std::chrono::milliseconds maxLatency{0};
    // How long a timing-out call keeps its caller waiting before it reports the timeout
    // (the 30 s of the appointment case; zero in tests).
    std::chrono::milliseconds timeout{0};
    FaultRates faults;

    // Empty when the configuration is usable, else why not (translated).
    QString validate() const;

    static ProviderConfig messaging();
    static ProviderConfig invoicing();
    static ProviderConfig payments();
    static ProviderConfig records();
    static ProviderConfig scheduling();
};

} // namespace dedup::sim
