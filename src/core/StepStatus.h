#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::core {

// Status of one side-effecting step of a run (`dedup.steps.status`). The string forms are a
// public contract (docs/PROTOCOL.md section 3): stored in the database, never changed, never
// translated.
enum class StepStatus {
    Pending,    // "pending": declared at claim time, not started
    InProgress, // "in_progress": the lease owner started it and has not recorded the outcome
    Done,       // "done": the side effect happened and is recorded
    Failed,     // "failed": the side effect did not happen; may be retried
    Uncertain,  // "uncertain": started by an owner that lost its lease; outcome unknown
    Skipped,    // "skipped": deliberately not executed
};

// Every status, in declaration order.
QList<StepStatus> allStepStatuses();

// The database name, e.g. "in_progress".
QString toString(StepStatus status);

// Parses a database name exactly (case-sensitive, no trimming); std::nullopt otherwise.
std::optional<StepStatus> stepStatusFromString(QStringView name);

// Final statuses (done, skipped): a continuation skips these steps and never reruns them.
bool isTerminal(StepStatus status);

// Whether a step may move from `from` to `to`. Notably done is final even for an operator:
// undoing a side effect is a new intent, not a status change.
bool canTransition(StepStatus from, StepStatus to);

// The statuses `from` may move to, in declaration order; empty for final statuses.
QList<StepStatus> allowedTransitions(StepStatus from);

} // namespace dedup::core
