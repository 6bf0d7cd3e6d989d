#pragma once

#include "core/RunStatus.h"

#include <QString>
#include <QtGlobal>

#include <optional>

namespace dedup::store {

// What an operator function did (dedup.op_result.outcome).
enum class OperatorOutcomeKind {
    Applied,  // "applied": the action was applied now
    Replayed, // "replayed": the action key was used before; nothing was done now, the fields
              // repeat the first call's answer (originalOutcome says what that was)
    Changed,  // "changed": the run is no longer in the state the operator saw; nothing
              // changed (the refused attempt is audited). Re-read the run, use a new key.
};

// One dedup.op_result row.
struct OperatorOutcome {
    OperatorOutcomeKind outcome = OperatorOutcomeKind::Changed;
    qint64 runId = 0;
    // Run status when the action was evaluated; nullopt when the run does not exist (purged)
    // or its status is one this binary does not know.
    std::optional<core::RunStatus> statusBefore;
    std::optional<core::RunStatus> statusAfter; // == statusBefore for Changed
    // Token after the action; for Changed the current token (re-preview with it); nullopt
    // when the run does not exist.
    std::optional<qint64> leaseToken;
    qint64 auditId = 0; // the audit row (for Replayed: the first call's row)
    QString detail;     // human-readable, from the server
    // For Replayed: Applied or Changed; nullopt otherwise.
    std::optional<OperatorOutcomeKind> originalOutcome;

    // Whether the action is (now or by an earlier call with the same key) in effect.
    bool isApplied() const {
        return outcome == OperatorOutcomeKind::Applied ||
               (outcome == OperatorOutcomeKind::Replayed &&
                originalOutcome == OperatorOutcomeKind::Applied);
    }
};

// The database names ("applied", "replayed", "changed"); never translated.
inline QString toString(OperatorOutcomeKind kind) {
    switch (kind) {
    case OperatorOutcomeKind::Applied:
        return QStringLiteral("applied");
    case OperatorOutcomeKind::Replayed:
        return QStringLiteral("replayed");
    case OperatorOutcomeKind::Changed:
        return QStringLiteral("changed");
    }
    return {};
}

inline std::optional<OperatorOutcomeKind> operatorOutcomeFromString(const QString &name) {
    if (name == QLatin1String("applied"))
        return OperatorOutcomeKind::Applied;
    if (name == QLatin1String("replayed"))
        return OperatorOutcomeKind::Replayed;
    if (name == QLatin1String("changed"))
        return OperatorOutcomeKind::Changed;
    return std::nullopt;
}

} // namespace dedup::store
