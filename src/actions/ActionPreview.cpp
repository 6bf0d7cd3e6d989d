#include "actions/ActionPreview.h"

#include "actions/ActionAvailability.h"
#include "actions/ActionCatalogue.h"

#include <algorithm>

namespace dedup::actions {

using core::RunStatus;

QString ActionPreview::uncertainWarning(const PreviewStep &step) {
    // What to look up at the provider: its own id for what it did if the worker recorded
    // it, else the idempotency key the worker sent it.
    QString reference;
    if (!step.sideEffectRef.isEmpty())
        reference = tr("the provider's reference %1").arg(step.sideEffectRef);
    else if (!step.downstreamKey.isEmpty())
        reference =
            tr("the request with idempotency key %1 at the provider").arg(step.downstreamKey);
    else
        reference = tr("the provider's log for this run (no reference was recorded)");
    return tr("Step \"%1\": the side effect may already have happened (the worker started it "
              "and never recorded the outcome). Check %2 before deciding.")
        .arg(step.name, reference);
}

void ActionPreview::evaluate() {
    changedSinceSeen = true;
    applies = false;
    notApplicableReason.clear();
    statusAfter.reset();
    effects.clear();
    warnings.clear();
    stepsToRun = stepsToSkip = stepsUncertain = 0;
    for (PreviewStep &step : steps) {
        step.statusAfter = step.status;
        step.warning = step.outcomeUnknown() ? uncertainWarning(step) : QString();
    }
    if (!found) {
        notApplicableReason = tr("Run %1 does not exist any more (purged?).").arg(request.runId);
        return;
    }
    changedSinceSeen = leaseToken != request.seenToken || status != request.seenStatus ||
                       (request.seenUpdatedAt.isValid() && updatedAt != request.seenUpdatedAt);
    applies = ActionAvailability::applies(request.action, status, leaseExpired,
                                          pendingCommandId.has_value(), &notApplicableReason);
    // The action's row says which parts of the preview apply; their order here is the order
    // the dialog lists the effects in.
    const ActionRow &row = ActionCatalogue::row(request.action);
    if (applies && row.preview.testFlag(PreviewPart::StepSettlement))
        describeResolveStep();
    if (!applies)
        return;

    statusAfter = row.statusAfter.value_or(status);
    if (row.fencedAs && status == RunStatus::Processing)
        describeFencing(QCoreApplication::translate("ActionPreview", row.fencedAs));
    if (row.preview.testFlag(PreviewPart::LeaseClearing))
        describeLeaseClearing();
    if (row.preview.testFlag(PreviewPart::ContinuationPlan))
        describeContinuation();
    if (row.effect)
        effects << QCoreApplication::translate("ActionPreview", row.effect);
    if (row.preview.testFlag(PreviewPart::UnsettledSteps)) {
        for (const PreviewStep &step : steps) {
            if (step.outcomeUnknown() || step.status == QLatin1String("pending") ||
                step.status == QLatin1String("failed")) {
                warnings << tr("Step \"%1\" is %2: marking the run succeeded says it is not "
                               "needed or did happen.")
                                .arg(step.name, step.status);
            }
        }
    }
    if (row.preview.testFlag(PreviewPart::ReviewAssignee)) {
        effects << (reviewAssignee.isEmpty()
                        ? tr("Sets who works on the review (now unassigned).")
                        : tr("Sets who works on the review (now %1).").arg(reviewAssignee));
    }
    if (pendingCommandId &&
        (statusAfter == RunStatus::ManualReview || statusAfter == RunStatus::Cancelled ||
         statusAfter == RunStatus::Succeeded) &&
        statusAfter != status) {
        effects << tr("The queued continuation (command %1) is cancelled.").arg(*pendingCommandId);
    }
}

void ActionPreview::describeLeaseClearing() {
    // The server decides by the attempts left: a cleared run that may not be retried again
    // would otherwise sit failed with nothing to take it.
    statusAfter = attempt >= maxAttempts ? RunStatus::ManualReview : RunStatus::Failed;
    if (*statusAfter == RunStatus::ManualReview) {
        effects << tr("The run goes to manual review: its attempts are used up (%1 of %2).")
                       .arg(attempt)
                       .arg(maxAttempts);
    } else {
        effects << tr("The run becomes failed (retryable): a redelivery or a continuation "
                      "resumes it.");
    }
}

void ActionPreview::describeFencing(const QString &reasonForSteps) {
    effects << tr("The lease token goes from %1 to %2: worker %3 is fenced, every further call it "
                  "makes is refused.")
                   .arg(leaseToken)
                   .arg(leaseToken + 1)
                   .arg(leaseOwner.isEmpty() ? tr("(unnamed)") : leaseOwner);
    QStringList inFlight;
    for (PreviewStep &step : steps) {
        if (step.status == QLatin1String("in_progress")) {
            step.statusAfter = QStringLiteral("uncertain");
            inFlight << step.name;
        }
    }
    if (!inFlight.isEmpty()) {
        effects << tr("Steps in progress become uncertain (%1): %2.")
                       .arg(reasonForSteps, inFlight.join(QStringLiteral(", ")));
    }
    for (const PreviewStep &step : steps) {
        if (step.outcomeUnknown())
            warnings << step.warning;
    }
}

void ActionPreview::describeContinuation() {
    QString firstToRun;
    for (const PreviewStep &step : steps) {
        switch (step.will) {
        case store::StepWill::Run:
            ++stepsToRun;
            if (firstToRun.isEmpty())
                firstToRun = step.name;
            break;
        case store::StepWill::Skip:
            ++stepsToSkip;
            break;
        case store::StepWill::Uncertain:
            ++stepsUncertain;
            break;
        }
    }
    if (stepsToRun == 0 && stepsUncertain == 0) {
        effects << tr("A continuation is queued; every step is done, so the worker that takes it "
                      "only finishes the run.");
    } else {
        effects << tr("A continuation is queued: of %1 steps, %2 will run, %3 are skipped as done "
                      "and %4 are uncertain.")
                       .arg(steps.size())
                       .arg(stepsToRun)
                       .arg(stepsToSkip)
                       .arg(stepsUncertain);
    }
    effects << tr("The run stays %1 until a worker takes the continuation; then it is processing.")
                   .arg(statusName);
    for (const PreviewStep &step : steps) {
        if (!step.outcomeUnknown())
            continue;
        warnings << step.warning;
        if (step.will == store::StepWill::Uncertain) {
            warnings << tr("Step \"%1\" has no downstream key: the continuation stops there and "
                           "the run goes back to manual review, unless you settle the step first "
                           "or confirm that it did not happen (rerun uncertain steps).")
                            .arg(step.name);
        } else if (step.downstreamKey.isEmpty()) {
            warnings << tr("Step \"%1\" runs again although its outcome is unknown: if it did "
                           "happen, it happens twice. You vouch that it did not.")
                            .arg(step.name);
        } else {
            effects << tr("Step \"%1\" runs again with downstream key %2: the provider "
                          "deduplicates it.")
                           .arg(step.name, step.downstreamKey);
        }
    }
}

void ActionPreview::describeResolveStep() {
    const auto it = std::find_if(steps.begin(), steps.end(), [this](const PreviewStep &step) {
        return step.name == request.step;
    });
    if (it == steps.end()) {
        applies = false;
        notApplicableReason = tr("The run has no step \"%1\".").arg(request.step);
        return;
    }
    const bool done = request.stepResolution == store::StepResolution::Done;
    const bool settles =
        done ? it->status == QLatin1String("uncertain")
             : (it->status == QLatin1String("pending") || it->status == QLatin1String("failed") ||
                it->status == QLatin1String("uncertain"));
    if (!settles) {
        applies = false;
        notApplicableReason = tr("Step \"%1\" is %2; it cannot be settled as %3.")
                                  .arg(it->name, it->status,
                                       store::OperatorActions::toString(request.stepResolution));
        return;
    }
    it->statusAfter = store::OperatorActions::toString(request.stepResolution);
    effects << (done ? tr("Step \"%1\" is recorded as done: a continuation skips it.")
                     : tr("Step \"%1\" is skipped: a continuation never runs it."))
                   .arg(it->name);
}

QString ActionPreview::blockedText() const {
    if (!found)
        return notApplicableReason;
    if (changedSinceSeen && request.seenOnStandby) {
        // The row came from the standby: the difference is most likely its replay lag, and
        // deciding on it would mean deciding on stale data.
        return tr("Changed since you looked: the list you acted from reads from the standby "
                  "(%1), and the run you saw there (%2, lease token %3) is not the run on the "
                  "primary (%4, lease token %5). The action would be based on stale data: "
                  "look again to decide on the primary's current state.")
            .arg(request.standbyLag.isEmpty() ? tr("replay lag unknown") : request.standbyLag)
            .arg(core::toString(request.seenStatus))
            .arg(request.seenToken)
            .arg(statusName)
            .arg(leaseToken);
    }
    if (changedSinceSeen) {
        return tr("The run changed since you looked at it (you saw it %1 with lease token %2; it "
                  "is now %3 with token %4). Look at it again before deciding.")
            .arg(core::toString(request.seenStatus))
            .arg(request.seenToken)
            .arg(statusName)
            .arg(leaseToken);
    }
    return applies ? QString() : notApplicableReason;
}

QString ActionPreview::statusChangeText() const {
    if (!statusAfter)
        return {};
    if (*statusAfter == status) {
        if (ActionCatalogue::row(request.action).continuation)
            return tr("%1 (unchanged until a worker takes the continuation)").arg(statusName);
        return tr("%1 (unchanged)").arg(statusName);
    }
    return tr("%1 \u2192 %2").arg(statusName, core::toString(*statusAfter));
}

ActionIntent ActionPreview::intent(const QString &reason) const {
    ActionIntent intent =
        ActionIntent::create(request.action, request.runId, request.seenToken, reason);
    intent.rerunUncertain = request.rerunUncertain;
    intent.step = request.step;
    intent.stepResolution = request.stepResolution;
    return intent;
}

} // namespace dedup::actions
