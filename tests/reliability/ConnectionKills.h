#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// docs/RELIABILITY.md "Fault-injection suite", line 4: the operator's connection killed during an
// action.
//
// Each trial prepares a run for one of five actions (clear a stale lease, cancel, route to
// review, request a continuation, resolve a review as succeeded), opens the operator's
// connection (t_operator) and terminates its backend from another session
// (pg_terminate_backend) at one of six points:
//
//   before_call        the connection is dead before the call is sent;
//   blocked_on_run     the call waits for the run's row lock (held by another session);
//   before_commit      the call has changed the run and waits for the audit chain's head
//                      (held by another session): killed with the change made, uncommitted;
//   random_moment      at a random moment within twice an action's duration (measured
//                      first): before, during or after its commit;
//   open_transaction   the call ran inside BEGIN and the COMMIT never came;
//   after_commit       the call committed and its answer is lost with the connection.
//
// Right after the kill the store must hold all of the action or none of it (its audit row,
// its state change and its event together). Then the console's resend is made on a new
// connection with the same action key: it must apply the action if nothing was there, or
// answer "replayed" if the first attempt had committed; in the end the action is in effect
// exactly once (one audit row, one event, one token bump) and the audit chain verifies.
class ConnectionKills {
public:
    struct Options {
        int trials = 100;
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
