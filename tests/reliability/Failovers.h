#pragma once

#include "LineReport.h"

// docs/RELIABILITY.md "Fault-injection suite", line 8: the primary crashed under traffic and
// its streaming standby promoted, again and again: 8a with a synchronous standby, 8b with an
// asynchronous one.
//
// Each trial starts a primary and its standby (TestStandby) and the demo's traffic
// (DemoTraffic: patients' visits across the five workflows, a quarter of the intents delivered
// twice, 3 worker threads, lease 2 s, no provider faults and no worker crashes) on the
// failover connection string (`host=primary,standby target_session_attrs=read-write`). The
// simulated providers keep their ledger on a server of their own that never fails over: a
// provider is outside the store, and its record of side effects must not lose what the store
// loses. After `upMs` the primary's WAL sender stalls for `stallMs` (SIGSTOP: the standby
// falls behind, as over a congested network), then the primary is killed (SIGKILL) and the
// standby promoted; the traffic must carry on against it by itself, for `afterMs`.
//
// Afterwards, on the new primary and the ledger:
// - survived: every run created from the promotion until one second before the end
//   succeeded, and (synchronous) none is left `processing`; asynchronous: a run whose claim
//   reached the standby and whose end did not stays `processing` once its sender had its
//   answer (nobody delivers it again), counted as runs_left_processing;
// - lost: answers a sender got (succeeded, or replayed from a stored result) whose run the new
//   primary does not have as succeeded;
// - duplicated: side effects beyond the first per intent and operation;
// - runs_in_review_uncertain_step: the duplicates the uncertain-step rule prevented (a step
//   whose start survived the failover but not its end goes to review instead of running
//   again).
// With a synchronous standby lost and duplicated must be 0; with an asynchronous one they are
// what the line measures (LineReport::measured).
class Failovers {
public:
    struct Options {
        bool synchronous = true;
        int failovers = 10;
        quint32 seed = 1;
        int upMs = 3000;
        // Before each crash the standby falls this far behind (its WAL sender stopped), as
        // over a congested network: what an asynchronous standby then misses is lost.
        int stallMs = 300;
        int afterMs = 6000; // longer than a lease and its redelivery, so nothing is in flight
    };

    static LineReport run(const Options &options);
};
