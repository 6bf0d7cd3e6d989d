#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// docs/RELIABILITY.md, line 3c: a worker never writes under another login's lease
// (0010_access.sql: a lease belongs to the login that acquired it and carries a secret).
//
// Each trial: the legitimate worker (login t_worker) claims a run and gets somewhere into it
// (nothing, a step begun, a step done, a second step begun with a downstream key); in half
// of the trials its lease then expires without anyone taking over. Another login granted the
// same workflow (made for the line) has learnt the lease's token and its secret (the worst
// case: a leaked secret) and sends every write of the protocol under it in a random order,
// each once with the right secret and once with a wrong one: heartbeat, begin_step,
// complete_step, fail_step, skip_step, succeed (a forged result), fail. Each must be refused
// (DD011 for another login's lease, DD001 for a wrong secret) and leave the run, its steps,
// events and commands exactly as they were. Then the legitimate worker finishes the run, and
// a duplicate delivery is answered with the worker's result, never the forged one, and no
// event of the run but duplicate observations names the forging login.
class ForgedWrites {
public:
    struct Options {
        int trials = 1000;
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
