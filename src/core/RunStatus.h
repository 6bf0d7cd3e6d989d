#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::core {

// Status of a run (`dedup.runs.status`). The string forms are a public contract
// (docs/PROTOCOL.md section 3): they are stored in the database and read by workers in other
// languages, so they never change and are never translated.
enum class RunStatus {
    Processing,   // "processing": a worker holds (or held) the lease and is running it
    Succeeded,    // "succeeded": finished; duplicates replay the stored result
    Failed,       // "failed": may be retried or continued
    ManualReview, // "manual_review": an operator owns it now
    Cancelled,    // "cancelled": abandoned on purpose; never runs again
};

// Every status, in declaration order (for iterating in tests, filters and menus).
QList<RunStatus> allRunStatuses();

// The database name, e.g. "manual_review".
QString toString(RunStatus status);

// Parses a database name exactly (case-sensitive, no trimming); std::nullopt for anything
// else, so a status written by a newer schema is noticed instead of guessed.
std::optional<RunStatus> runStatusFromString(QStringView name);

// Terminal statuses (succeeded, cancelled) are never left: a duplicate request replays them.
bool isTerminal(RunStatus status);

// Whether a run may move from `from` to `to`. Note that processing -> processing is legal: a
// lease takeover keeps the status and bumps the token.
bool canTransition(RunStatus from, RunStatus to);

// Whether a run row may be created in `status`: only processing, because a row is written by
// the claim that acquires it, before any side effect.
bool canStartAs(RunStatus status);

// The statuses `from` may move to, in declaration order; empty for terminal statuses.
QList<RunStatus> allowedTransitions(RunStatus from);

} // namespace dedup::core
