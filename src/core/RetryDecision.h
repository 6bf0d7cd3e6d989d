#pragma once

#include <QString>

#include <chrono>

namespace dedup::core {

// What to do after an attempt failed; produced by RetryPolicy::decide().
struct RetryDecision {
    enum class Action {
        // Transient error and attempts left: wait `delay`, then claim the run again.
        RetryAfter,
        // Transient error but every allowed attempt is used up: retrying blindly has stopped
        // helping, so an operator decides (the run moves to manual_review,
        // docs/PROTOCOL.md section 4, "fail").
        ManualReview,
        // The error will not go away by repeating the request (validation, auth): the run
        // fails now instead of burning attempts; an operator may fix the cause and continue.
        Fail,
    };

    Action action = Action::Fail;
    std::chrono::milliseconds delay{0}; // only meaningful for RetryAfter
    QString reason;                     // translated; for the event log and the review reason
};

} // namespace dedup::core
