#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// docs/RELIABILITY.md "Fault-injection suite", line 3b: an operator action racing a worker's
// heartbeat never leaves two owners.
//
// Each trial: worker A holds a run whose lease has just expired (it is slow, not dead) and
// is inside a step. Released together by a latch, with a random stagger of up to a
// millisecond each: A heartbeats and carries on (records its step, runs the next one,
// succeeds the run); the operator, with the token it saw, clears the stale lease (half the
// races) or cancels the run or routes it to review; in half of the trials a second worker's
// redelivery claims the run at the same moment. Afterwards: the run has one outcome (A's
// success, the operator's action, or the redelivery's lease), the lease owner it names is
// the one who holds it, no write of A is recorded after the operator's action, a clear and
// a heartbeat never both took effect, and the loser's later writes are refused.
class LeaseRace {
public:
    struct Options {
        int trials = 1000;
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
