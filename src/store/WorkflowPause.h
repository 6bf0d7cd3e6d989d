#pragma once

#include <QDateTime>
#include <QString>

namespace dedup::store {

// One row of dedup.workflow_pauses (docs/PROTOCOL.md, "Pausing a workflow"): the workflow's
// runs whose scope starts with scopePrefix ('' = every scope) are paused.
struct WorkflowPause {
    QString workflow;
    QString scopePrefix;        // '' pauses every scope of the workflow
    bool stopSteps = false;     // begin_step answers `paused` too (stop before the next step)
    int retryAfterSeconds = 60; // the hint `claim` gives with `paused`
    QString reason;
    QString pausedBy;   // the login that paused it
    QDateTime pausedAt; // since the first pause of this workflow and prefix
};

} // namespace dedup::store
