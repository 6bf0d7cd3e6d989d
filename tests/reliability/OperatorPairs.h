#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// Line 6: two operators, one run. Both read the run (same lease token) and each takes an
// action from that screen: for every status a run can be in and every ordered pair of
// operator actions (11 actions, the resolutions of op_resolve_review and op_resolve_step
// counted apart), one after the other and released together (both blocked on the run's
// row, then let go at once). At most one of the two may apply; exactly one when either
// applies alone in that status (measured first, per status and action, on a run of its
// own); and the other's refusal names the change that beat it (its audit id). A trial where
// both applied counts as duplicated, one where the applicable one did not apply as lost.
class OperatorPairs {
public:
    struct Options {
        int trials = 1; // rounds over the whole matrix, each mode
        quint32 seed = 1;
    };
    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
