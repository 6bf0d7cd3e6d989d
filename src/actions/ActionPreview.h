#pragma once

#include "actions/ActionIntent.h"
#include "actions/OperatorAction.h"
#include "core/RunStatus.h"
#include "store/ContinuationStep.h"
#include "store/OperatorActions.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace dedup::actions {

// What the operator looked at and wants to do: the run as the view showed it (token and
// status) and the intended action.
struct PreviewRequest {
    OperatorAction action = OperatorAction::Cancel;
    qint64 runId = 0;
    qint64 seenToken = 0;                                 // lease_token the view showed
    core::RunStatus seenStatus = core::RunStatus::Failed; // status the view showed
    bool rerunUncertain = false;                          // continuations only
    QString step;                                         // ResolveStep only
    store::StepResolution stepResolution = store::StepResolution::Done;
    // updated_at the view showed; invalid: not compared (not every view has it).
    QDateTime seenUpdatedAt;
    // The view read a streaming-replication standby (docs/SCALING.md section 1), which lags the
    // primary the preview reads: a difference is then explained with the standby's lag as the
    // status bar showed it when the dialog opened (standbyLag, e.g. "12 kB behind (4.0 s)").
    bool seenOnStandby = false;
    QString standbyLag;
};

// One step of the run as the preview shows it.
struct PreviewStep {
    QString name;
    int ordinal = 0;
    QString status;      // as stored: pending, in_progress, done, failed, uncertain, skipped
    QString statusAfter; // what the action makes of it (== status when it does not touch it)
    // Continuations: what the worker will do with it (continuation_preview's `will`).
    store::StepWill will = store::StepWill::Uncertain;
    QString downstreamKey; // null when none
    QString sideEffectRef; // null when none
    int attempts = 0;
    QString errorClass; // of the last failure; empty when none
    QString errorMessage;
    QDateTime startedAt; // when its last attempt began (invalid: never)
    // Non-empty for a step whose side effect may already have happened: what to check.
    QString warning;

    bool outcomeUnknown() const {
        return status == QLatin1String("uncertain") || status == QLatin1String("in_progress");
    }
};

// The impact preview of one action on one run (docs/CONSOLE.md "Actions", issue 6
// "Impact preview"), read in one snapshot by ActionPreviewLoader: the run as it is now, compared
// with what the operator saw, and what the action would change.
//
// The action may be confirmed only when canConfirm(): the run exists, it has not changed since
// the operator looked (same lease token and status as the view showed; otherwise the
// operator must look at it again), and the action applies in its current state.
class ActionPreview {
    Q_DECLARE_TR_FUNCTIONS(ActionPreview)

public:
    PreviewRequest request;

    // The run now (when found).
    bool found = false;
    core::RunStatus status = core::RunStatus::Failed;
    QString statusName; // as stored
    qint64 leaseToken = 0;
    bool leaseExpired = false; // server's verdict: lease_expires_at <= now()
    QString leaseOwner;
    QDateTime leaseExpiresAt;
    int attempt = 0;
    int maxAttempts = 0;
    QString workflow;
    QString scope;
    QString idemKey;
    QString reviewReason;
    QString reviewAssignee;
    std::optional<qint64> pendingCommandId; // a continuation already queued
    QDateTime serverNow;
    QDateTime updatedAt;
    QList<PreviewStep> steps;

    // Derived by evaluate().
    bool changedSinceSeen = true;
    bool applies = false;
    QString notApplicableReason;
    std::optional<core::RunStatus> statusAfter; // nullopt when nothing would happen
    QStringList effects;                        // what the action changes, one sentence each
    QStringList warnings;   // what the operator must check first (uncertain side effects ...)
    int stepsToRun = 0;     // continuations: steps the worker will run
    int stepsToSkip = 0;    // ... skip as done
    int stepsUncertain = 0; // ... stop at (the run goes back to review)

    // Fills the derived fields from the request and the run as read. Pure.
    void evaluate();

    bool canConfirm() const { return found && !changedSinceSeen && applies; }
    // Why the action cannot be confirmed (empty when it can), for the dialog.
    QString blockedText() const;
    // "failed → manual_review", "failed (unchanged until a worker takes it)", ...
    QString statusChangeText() const;
    // The confirmed intent: a fresh action key, the token the operator saw.
    ActionIntent intent(const QString &reason) const;

    // The warning for a step whose outcome is unknown: the side effect may already have
    // happened; which reference to check at the provider.
    static QString uncertainWarning(const PreviewStep &step);

private:
    void describeLeaseClearing();
    void describeContinuation();
    void describeFencing(const QString &reasonForSteps);
    void describeResolveStep();
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::PreviewRequest)
Q_DECLARE_METATYPE(dedup::actions::ActionPreview)
