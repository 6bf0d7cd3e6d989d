#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// docs/RELIABILITY.md "Fault-injection suite", line 3a: a fenced-out worker never writes.
//
// Each trial: worker A claims a run and gets somewhere into it (nothing, a step begun, a
// step done, a second step begun with a downstream key); its lease expires (the owner moves
// lease_expires_at into the past: a stalled process, a paused VM); then the run is taken from
// it in one of eight ways (another worker's takeover, that worker going on, that worker
// succeeding, the operator clearing the stale lease, clearing followed by a redelivery,
// clearing followed by a continuation that a worker takes, cancelling, routing to review). A,
// unaware, then sends every write of the protocol with its old token in a random order: heartbeat,
// begin_step, complete_step, fail_step, skip_step, succeed, fail. Each must be refused as fenced
// (DD001) and leave the run, its steps, events, commands and audit rows exactly as they were.
class FencedWorkers {
public:
    struct Options {
        int trials = 1000;
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
