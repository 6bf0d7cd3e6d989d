#pragma once

#include "core/StepStatus.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// One step of a correlated run, as the correlation timeline draws it: a span from when the
// step started to when it finished (or, while it runs, to the server's now), its status and,
// for a failed or uncertain one, the class of its error (redacted like every protected value:
// dedup.steps_redacted).
struct CorrelatedStep {
    int ordinal = 0;
    QString name;
    core::StepStatus status = core::StepStatus::Pending;
    QString statusName; // as stored
    int attempts = 0;
    QDateTime startedAt;  // invalid: never started (pending, or skipped before it ran)
    QDateTime finishedAt; // invalid while in progress, and for an uncertain step
    QDateTime updatedAt;  // when the status last changed (an uncertain step's span ends here)
    QString errorClass;   // error->>'class', empty without an error

    bool isFailed() const { return status == core::StepStatus::Failed; }
    bool isUncertain() const { return status == core::StepStatus::Uncertain; }
    bool isRunning() const { return status == core::StepStatus::InProgress; }
    // Where its span ends on a timeline: finished_at; the server's now while it runs; else
    // the last change (an uncertain step stopped there without finishing). Invalid when it
    // never started.
    QDateTime spanEnd(const QDateTime &serverNow) const {
        if (!startedAt.isValid())
            return {};
        QDateTime end = finishedAt.isValid() ? finishedAt : isRunning() ? serverNow : updatedAt;
        return end.isValid() && end >= startedAt ? end : startedAt;
    }

    friend bool operator==(const CorrelatedStep &, const CorrelatedStep &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::CorrelatedStep)
