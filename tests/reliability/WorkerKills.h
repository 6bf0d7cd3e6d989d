#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

#include <QString>

// docs/RELIABILITY.md "Fault-injection suite", line 2: worker processes killed with a real SIGKILL
// at random points.
//
// Runs `dedupctl crash-test` (src/cli/CrashTestCommand.cpp: worker processes over an
// at-least-once delivery queue, killed and restarted until `kills` kills were delivered, then
// drained) and adds the check it does not make itself: every run whose non-deduplicating step
// was left uncertain by a kill ended in manual review (the unknown outcome went to a person,
// not to a second attempt). Duplicates are counted from the ledger, lost intents from
// dedup.runs, as crash-test reports them.
class WorkerKills {
public:
    struct Options {
        QString dedupctl; // path of the dedupctl binary
        int kills = 500;
        int intents = 400; // per batch; crash-test enqueues another batch when the queue runs dry
        int workers = 4;
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
