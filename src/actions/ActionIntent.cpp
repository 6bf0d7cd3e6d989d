#include "actions/ActionIntent.h"

#include "actions/ActionCatalogue.h"

namespace dedup::actions {

ActionIntent ActionIntent::create(OperatorAction action, qint64 runId, qint64 expectedToken,
                                  const QString &reason) {
    ActionIntent intent;
    intent.action = action;
    intent.runId = runId;
    intent.expectedToken = expectedToken;
    intent.reason = reason;
    intent.actionKey = store::OperatorActions::newActionKey();
    return intent;
}

QString ActionIntent::validationError() const {
    // trimmed() also removes tabs, newlines and other Unicode spaces: a reason that only
    // looks filled in is still blank.
    if (reason.trimmed().isEmpty())
        return tr("A reason is required: it goes into the audit log.");
    if (actionKey.trimmed().isEmpty())
        return tr("The action has no action key; confirm it again.");
    if (runId <= 0)
        return tr("No run is selected.");
    // The action's required inputs, as its catalogue row lists them.
    const ActionInputs inputs = ActionCatalogue::row(action).inputs;
    if (inputs.testFlag(ActionInput::Note) && note.trimmed().isEmpty())
        return tr("The note is empty.");
    if (inputs.testFlag(ActionInput::Step) && step.trimmed().isEmpty())
        return tr("Choose the step to settle.");
    return {};
}

store::OperatorRequest ActionIntent::request() const {
    store::OperatorRequest r;
    r.runId = runId;
    r.expectedToken = expectedToken;
    r.reason = reason;
    r.actionKey = actionKey;
    return r;
}

} // namespace dedup::actions
