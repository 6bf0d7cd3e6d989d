#pragma once

#include "core/RunStatus.h"
#include "store/CorrelatedStep.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// One run of a correlation (every run sharing a correlation id: one patient visit, one
// order), with what a timeline needs: when it started and finished, its status, a summary
// of its steps and the steps themselves (ordinal order), read in the same snapshot.
struct CorrelatedRun {
    qint64 id = 0;
    QString scope;
    QString idemKey;
    QString workflow;
    QString workflowVersion;
    core::RunStatus status = core::RunStatus::Processing;
    QString statusName; // as stored
    int attempt = 0;
    int maxAttempts = 0;
    QString leaseOwner;
    qint64 leaseToken = 0;
    QDateTime leaseExpiresAt;
    bool leaseExpired = false; // lease_expires_at <= now() on the server
    QDateTime createdAt;       // the timeline bar starts here
    QDateTime updatedAt;
    QDateTime finishedAt; // the bar ends here; invalid while the run is open
    QString lastErrorClass;
    QString reviewReason;
    // Steps by status.
    int stepsTotal = 0;
    int stepsDone = 0;
    int stepsFailed = 0;
    int stepsUncertain = 0;
    int stepsSkipped = 0;
    int stepsInProgress = 0;
    int stepsPending = 0;
    qint64 createdAtMicros = 0;  // exact created_at, for ordering (created_at, id)
    QList<CorrelatedStep> steps; // by ordinal

    bool statusKnown() const { return statusName == core::toString(status); }
    bool isOpen() const { return !finishedAt.isValid(); }

    friend bool operator==(const CorrelatedRun &, const CorrelatedRun &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::CorrelatedRun)
