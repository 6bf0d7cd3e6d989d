#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::sim {

// What a simulated provider does wrong on one call. Each one is a failure mode from the field
// (docs/SIMULATOR.md "Faults"); the names are written to `sim.ledger.fault`, so they are stable.
enum class Fault {
    None,                // "none": the call works
    Outage,              // "outage": 503, nothing happened; the caller gets `unavailable`
    Validation,          // "validation": 4xx, nothing happened; retrying fails the same way
    TimeoutBeforeCommit, // "timeout_before_commit": the caller times out, nothing happened
    TimeoutAfterCommit,  // "timeout_after_commit": the effect is committed, the caller times
                         // out anyway; from the caller's side indistinguishable from the above
    Duplication,         // "duplication": the provider's own bug performs the effect twice
};

// Every fault, in declaration order.
QList<Fault> allFaults();
QString toString(Fault fault);
std::optional<Fault> faultFromString(QStringView name);

// Per-call probabilities of the faults, drawn independently for every call. They are
// mutually exclusive (one draw picks at most one fault), so their sum must not exceed 1.
struct FaultRates {
    double outage = 0;
    double validation = 0;
    double timeoutBeforeCommit = 0;
    double timeoutAfterCommit = 0;
    double duplication = 0;

    double total() const {
        return outage + validation + timeoutBeforeCommit + timeoutAfterCommit + duplication;
    }
    // Every rate in [0, 1] and total() <= 1.
    bool isValid() const;
    // Sets the rate of one fault (Fault::None has no rate and is ignored).
    void set(Fault fault, double rate);
};

} // namespace dedup::sim
