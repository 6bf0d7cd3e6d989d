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
    }
    return {};
}

// Exact parse; std::nullopt for an outcome this build does not know (a newer schema).
inline std::optional<ClaimOutcome> claimOutcomeFromString(QStringView text) {
    for (ClaimOutcome o : {ClaimOutcome::Acquired, ClaimOutcome::Replay, ClaimOutcome::InProgress,
                           ClaimOutcome::Mismatch, ClaimOutcome::InReview}) {
        if (text == toString(o))
            return o;
    }
    return std::nullopt;
}

// One row of dedup.claim. Which fields are set depends on the outcome (docs/PROTOCOL.md).
struct ClaimResult {
    ClaimOutcome outcome = ClaimOutcome::Mismatch;
    qint64 runId = 0;
    qint64 leaseToken = 0; // only with Acquired
    QString leaseSecret;   // only with Acquired: proves the lease on every later call
    core::RunStatus status = core::RunStatus::Processing;
    QJsonValue result{QJsonValue::Undefined};    // Replay: the stored outcome
    QString leaseOwner;                          // Acquired / InProgress
    QDateTime leaseExpiresAt;                    // Acquired / InProgress
    int attempt = 0;                             // acquisitions so far, this one included
    QJsonValue lastError{QJsonValue::Undefined}; // the previous attempt's error, if any

    bool acquired() const { return outcome == ClaimOutcome::Acquired; }
    RunLease lease() const { return {runId, leaseToken, leaseSecret}; }
};

} // namespace dedup::store
