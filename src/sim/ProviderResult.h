#pragma once

#include "core/ErrorClass.h"
#include "sim/Fault.h"

#include <QString>

namespace dedup::sim {

// What a provider call returns.
//
// A worker reads only `ok`, `ref`, `errorClass`, `message` (and may log `replayed`, which a
// real provider reports too, like an `Idempotent-Replayed` header). `committed` and `fault`
// are the simulator's ground truth for test harnesses: a worker that looked at them would be
// cheating, because after a timeout a real caller cannot know whether the effect happened.
struct ProviderResult {
    bool ok = false;
    QString ref; // the provider's id for what it did ("msg_000123"); empty unless ok
    core::ErrorClass errorClass = core::ErrorClass::Unknown; // meaningful unless ok
    QString message;                                         // why it failed (translated)
    bool replayed = false; // ok, and the result of an earlier call with the same key

    // Ground truth, for tests only.
    bool committed = false; // this call wrote side effect(s) to the ledger
    Fault fault = Fault::None;
};

} // namespace dedup::sim
