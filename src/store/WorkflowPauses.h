#pragma once

#include "store/PgError.h"
#include "store/WorkflowPause.h"
#include "store/WorkflowPauseResult.h"

#include <QList>

#include <optional>

namespace dedup::store {

class PgConnection;

// Pausing and resuming a workflow (docs/PROTOCOL.md, "Pausing a workflow"): the store's
// op_pause_workflow / op_resume_workflow, each audited with the reason and an action key (a
// repeated call with the same key changes nothing and returns the first answer), and the
// pauses the login may read (row-level security).
class WorkflowPauses {
public:
    explicit WorkflowPauses(PgConnection &connection)
        : m_conn(connection) {}

    // scopePrefix '' pauses the whole workflow.
    std::optional<WorkflowPauseResult> pause(const QString &workflow, const QString &scopePrefix,
                                             bool stopSteps, int retryAfterSeconds,
                                             const QString &reason, const QString &actionKey,
                                             PgError *error);
    std::optional<WorkflowPauseResult> resume(const QString &workflow, const QString &scopePrefix,
                                              const QString &reason, const QString &actionKey,
                                              PgError *error);
    // Ordered by workflow and scope prefix.
    std::optional<QList<WorkflowPause>> list(PgError *error);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
