#pragma once

#include "core/StepStatus.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace dedup::store {

// What a continuation would do with one step (dedup.continuation_preview.will).
enum class StepWill {
    Run,       // "run": pending / failed, or uncertain with a downstream key (the provider
               // deduplicates), or uncertain when the operator vouches it did not happen
    Skip,      // "skip": done / skipped
    Uncertain, // "uncertain": outcome unknown and nothing makes a rerun safe; begin_step will
               // route the run back to review (settle it with op_resolve_step first)
};

// One row of dedup.continuation_preview(): the impact preview of a targeted continuation.
struct ContinuationStep {
    QString name;
    int ordinal = 0;
    std::optional<core::StepStatus> status; // nullopt: a status this binary does not know
    QString statusText;                     // as stored, for display when status is unknown
    StepWill will = StepWill::Uncertain;
    QString downstreamKey; // null when the step has none
    QString sideEffectRef; // null when none was recorded
    int attempts = 0;
    QJsonObject error; // {"class","message"} of the last failure; empty when none
};

inline QString toString(StepWill will) {
    switch (will) {
    case StepWill::Run:
        return QStringLiteral("run");
    case StepWill::Skip:
        return QStringLiteral("skip");
    case StepWill::Uncertain:
        return QStringLiteral("uncertain");
    }
    return {};
}

} // namespace dedup::store
