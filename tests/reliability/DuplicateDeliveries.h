#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

#include <QString>

// docs/RELIABILITY.md "Fault-injection suite", line 1: every intent delivered by `copies` workers
// at the same moment (a webhook redelivered while the first delivery still runs, a queue replaying
// to every consumer).
//
// `copies` worker threads, each with its own worker::Worker (the reference client, login role
// t_worker) and its own simulated providers, meet at a barrier before every intent and
// deliver it together. A delivery told "in progress" is delivered again a moment later, as a
// queue redelivers, until the store answers with the stored result; so every delivery ends
// either as the one that ran the workflow or as a replay. The side effects are then counted
// at the simulated provider (sim.ledger): exactly one per intent and step, or the line fails.
class DuplicateDeliveries {
public:
    struct Options {
        int intents = 1000;
        int copies = 32;
        // The messaging provider does not deduplicate by itself: a second delivery that got
        // past the store would show as a second message in the ledger.
        QString workflow = QStringLiteral("lab-results-notification");
        int maxLatencyMs = 3; // provider latency, uniform in [0, max]: widens the races
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
