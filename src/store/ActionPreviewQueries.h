#pragma once

#include "store/RunQueries.h"

namespace dedup::store {

// The statements behind an operator action's impact preview (actions::ActionPreviewLoader),
// which runs them in one read-only snapshot and reads their rows. Both go through the store's
// redacted reads (0016_protected_columns.sql): keys, the review reason and the steps' keys,
// references and error messages are keyed hashes for any login but the owner, and a run the
// login may not read is not found, as under the runs policy.
class ActionPreviewQueries {
public:
    // The run: status, lease (lease_expired is the server's verdict on its clock, the same
    // test op_clear_stale_lease makes), identity, review fields, server_now, updated_at and
    // pending_command (commands_one_pending_per_run: at most one).
    static RunQuery run(qint64 runId);
    // Its steps in order, each with `will` ('run' | 'skip' | 'uncertain'): what a
    // continuation would do with it under continuation_preview's rule
    // (0003_operator_actions.sql), which reads the raw columns and so is not the operator's
    // to call since 0016.
    static RunQuery steps(qint64 runId, bool rerunUncertain);
};

} // namespace dedup::store
