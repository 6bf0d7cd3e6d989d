#pragma once

#include "store/WorkflowPause.h"

namespace dedup::store {

// The answer of op_pause_workflow / op_resume_workflow.
struct WorkflowPauseResult {
    // `paused` (new), `updated` (it was paused: stop_steps, retry-after and reason replaced),
    // `resumed`, or `not_paused` (a resume of something not paused: nothing changed, nothing
    // audited). An action key used again returns the outcome it recorded the first time.
    QString outcome;
    WorkflowPause pause; // the pause as it is now (after a resume: as it was)
    qint64 auditId = 0;  // 0 for not_paused
};

} // namespace dedup::store
