#pragma once

#include "core/StepStatus.h"
#include "store/StoredJson.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// One dedup.steps row (docs/PROTOCOL.md section 3): a side effect of a run.
struct StepRow {
    qint64 runId = 0;
    int ordinal = 0; // 1-based position in the workflow
    QString name;
    core::StepStatus status = core::StepStatus::Pending;
    QString statusName; // as stored (see RunDetail::statusName)
    int attempts = 0;
    std::optional<qint64> leaseToken; // the run token under which the current attempt began
    QString downstreamKey;            // idempotency key sent to the provider; null when none
    QString sideEffectRef;            // the provider's id for what it did; null when unknown
    StoredJson error;                 // {"class","message"}
    QString errorClass;               // error->>'class', empty when none
    QString errorMessage;             // error->>'message', empty when none
    QDateTime createdAt;
    QDateTime startedAt;
    QDateTime finishedAt;
    // started_at / finished_at exactly (microseconds since 1970 UTC; 0 when NULL): where the
    // entries DerivedEvents draws from the row fall among the run's events.
    qint64 startedAtMicros = 0;
    qint64 finishedAtMicros = 0;
    QDateTime updatedAt;

    bool statusKnown() const { return statusName == core::toString(status); }
    // The outcome of the side effect is unknown: it may have happened (a worker died, or
    // timed out, between calling the provider and recording the answer).
    bool isUncertain() const { return statusName == QLatin1String("uncertain"); }

    friend bool operator==(const StepRow &, const StepRow &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::StepRow)
