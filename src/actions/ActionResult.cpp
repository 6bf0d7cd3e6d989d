#include "actions/ActionResult.h"

namespace dedup::actions {

using store::OperatorOutcomeKind;
using store::StoreErrorKind;

ActionResult ActionResult::fromOutcome(const ActionIntent &intent,
                                       const store::OperatorOutcome &outcome, int attempts) {
    ActionResult result;
    result.intent = intent;
    result.outcome = outcome;
    result.attempts = attempts;
    result.serverDetail = outcome.detail;
    const QString title = OperatorActionText::title(intent.action);
    if (outcome.outcome == OperatorOutcomeKind::Applied) {
        result.kind = Kind::Applied;
        result.message =
            tr("%1 applied to run %2: %3").arg(title).arg(intent.runId).arg(outcome.detail);
    } else if (outcome.isApplied()) {
        result.kind = Kind::AppliedBefore;
        result.message = tr("%1 had already been applied to run %2 by an earlier send of the same "
                            "request; nothing was done twice (%3).")
                             .arg(title)
                             .arg(intent.runId)
                             .arg(outcome.detail);
    } else {
        result.kind = Kind::Changed;
        result.message = tr("Nothing was done to run %1: it changed since you looked at it (%2). "
                            "Look at it again before deciding.")
                             .arg(intent.runId)
                             .arg(outcome.detail);
    }
    return result;
}

ActionResult ActionResult::fromError(const ActionIntent &intent, StoreErrorKind kind,
                                     const store::PgError &error, int attempts) {
    ActionResult result;
    result.intent = intent;
    result.kind = Kind::Error;
    result.errorKind = kind;
    result.error = error;
    result.attempts = attempts;
    result.serverDetail = error.message;
    switch (kind) {
    case StoreErrorKind::PermissionDenied:
        result.message = tr("The store's grants for your login do not allow this action on "
                            "this run (its workflow or scope is outside them, or the login is "
                            "read-only). Nothing was done.");
        break;
    case StoreErrorKind::ConnectionLost:
        result.message =
            tr("The database could not be reached (%1 attempts). It is not known whether the "
               "action reached it; sending the same action again is safe: it is never applied "
               "twice.")
                .arg(attempts);
        break;
    case StoreErrorKind::QueryCanceled:
    case StoreErrorKind::LockNotAvailable: // lock_timeout: rolled back whole, like a timeout
        result.message = tr("The action took too long (the run may be held by a worker) and was "
                            "stopped. Nothing was done; try again.");
        break;
    case StoreErrorKind::ActionKeyConflict:
        result.message = tr("This action key was already used for another action. Nothing was "
                            "done; confirm the action again.");
        break;
    case StoreErrorKind::UnknownStep:
        result.message = tr("The run has no such step. Nothing was done.");
        break;
    case StoreErrorKind::InvalidArgument:
        result.message = tr("The database refused the action: %1").arg(error.message);
        break;
    default:
        result.message = tr("The action failed: %1").arg(error.toString());
        break;
    }
    return result;
}

ActionResult ActionResult::invalid(const ActionIntent &intent, const QString &why) {
    ActionResult result;
    result.intent = intent;
    result.kind = Kind::Error;
    result.errorKind = StoreErrorKind::InvalidArgument;
    result.error.sqlState = QStringLiteral("DD004");
    result.error.message = why;
    result.message = why;
    return result;
}

} // namespace dedup::actions
