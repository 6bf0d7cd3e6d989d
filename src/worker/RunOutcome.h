#pragma once

#include "core/ErrorClass.h"
#include "core/RunStatus.h"
#include "store/ClaimResult.h"

#include <QJsonValue>
#include <QString>

#include <chrono>

namespace dedup::worker {

// How one delivery ended, from the worker's point of view.
struct RunOutcome {
    enum class Kind {
        Succeeded,  // this worker ran the missing steps and succeeded the run
        Replayed,   // a duplicate of a finished run: `result` is the stored outcome
        InProgress, // another worker holds a live lease; nothing done
        Mismatch,   // same key, different payload: a client bug; nothing done
        InReview,   // an operator owns the run (or it was routed there now)
        Failed,     // the run failed and this worker is not retrying it
        Fenced,     // the lease was taken away mid-run; this worker stopped writing
        Error,      // invalid intent or a database error that retries could not cure
        // The workflow is paused (docs/PROTOCOL.md, "Pausing a workflow"): nothing was done
        // (no provider call), or the run stopped before its next step and waits, released;
        // the job is not done: deliver it again after `retryAfter`.
        Paused,
    };

    Kind kind = Kind::Error;
    qint64 runId = 0;
    core::RunStatus status = core::RunStatus::Processing;
    QJsonValue result{QJsonValue::Undefined};
    int attempts = 0;      // acquisitions this delivery made (retries included)
    int stepsExecuted = 0; // side effects this delivery performed
    QString message;       // why, for Failed / InReview / Error / Paused
    core::ErrorClass errorClass = core::ErrorClass::Unknown; // Failed: the last error
    bool retryable = false; // Failed: whether the error class is retryable
    // Paused: the store's hint, when to deliver again; 0 when it gave none (a continuation,
    // which the store itself keeps waiting until the resume).
    std::chrono::seconds retryAfter{0};
};

QString toString(RunOutcome::Kind kind);

} // namespace dedup::worker
