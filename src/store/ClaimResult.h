#pragma once

#include "core/RunStatus.h"
#include "store/RunLease.h"

#include <QDateTime>
#include <QJsonValue>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::store {

// What dedup.claim decided. The string forms are the protocol's (`claim.outcome`).
enum class ClaimOutcome {
    Acquired,   // "acquired": the caller owns the run now; run it
    Replay,     // "replay": finished (succeeded, cancelled, failed for good); return `result`
    InProgress, // "in_progress": another worker holds a live lease (`leaseOwner` until ...)
    Mismatch,   // "mismatch": same key, different fingerprint: a client bug; never run
    InReview,   // "in_review": an operator owns the run (or it hit max_attempts just now)
    Paused,     // "paused": the workflow (or the scope) is paused; nothing was acquired or
                // changed: deliver again after `pause->retryAfterSeconds`
};

inline QString toString(ClaimOutcome outcome) {
    switch (outcome) {
    case ClaimOutcome::Acquired:
        return QStringLiteral("acquired");
    case ClaimOutcome::Replay:
        return QStringLiteral("replay");
    case ClaimOutcome::InProgress:
        return QStringLiteral("in_progress");
    case ClaimOutcome::Mismatch:
        return QStringLiteral("mismatch");
    case ClaimOutcome::InReview:
        return QStringLiteral("in_review");
    case ClaimOutcome::Paused:
        return QStringLiteral("paused");
    }
    return {};
}

// Exact parse; std::nullopt for an outcome this build does not know (a newer schema).
inline std::optional<ClaimOutcome> claimOutcomeFromString(QStringView text) {
    for (ClaimOutcome o : {ClaimOutcome::Acquired, ClaimOutcome::Replay, ClaimOutcome::InProgress,
                           ClaimOutcome::Mismatch, ClaimOutcome::InReview, ClaimOutcome::Paused}) {
        if (text == toString(o))
            return o;
    }
    return std::nullopt;
}

// One row of dedup.claim. Which fields are set depends on the outcome (docs/PROTOCOL.md).
struct ClaimResult {
    // With Paused: the hint `claim` returns in `result` (docs/PROTOCOL.md, "Pausing a
    // workflow"): which pause holds the delivery back, and when to deliver it again.
    struct PauseHint {
        QString workflow;
        QString scopePrefix;       // '' when every scope of the workflow is paused
        bool stopSteps = false;    // runs in flight stop before their next step too
        int retryAfterSeconds = 0; // always > 0
        QString reason;            // the operator's
        QString pausedBy;
        QDateTime pausedAt;
    };

    ClaimOutcome outcome = ClaimOutcome::Mismatch;
    qint64 runId = 0;
    qint64 leaseToken = 0; // only with Acquired
    QString leaseSecret;   // only with Acquired: proves the lease on every later call
    core::RunStatus status = core::RunStatus::Processing;
    QJsonValue result{QJsonValue::Undefined};    // Replay: the stored outcome; Paused: the hint
    QString leaseOwner;                          // Acquired / InProgress
    QDateTime leaseExpiresAt;                    // Acquired / InProgress
    int attempt = 0;                             // acquisitions so far, this one included
    QJsonValue lastError{QJsonValue::Undefined}; // the previous attempt's error, if any
    // Paused only, parsed from `result`. With Paused, runId is 0 for a key that has no run
    // yet (nothing is created while paused); `status` is then meaningless.
    std::optional<PauseHint> pause;

    bool acquired() const { return outcome == ClaimOutcome::Acquired; }
    RunLease lease() const { return {runId, leaseToken, leaseSecret}; }
};

} // namespace dedup::store
