#include "actions/OperatorAction.h"

#include "actions/ActionCatalogue.h"

namespace dedup::actions {

// Every answer here is a column of the action's row in ActionCatalogue.

QList<OperatorAction> OperatorActionText::all() {
    QList<OperatorAction> actions;
    for (const ActionRow &row : ActionCatalogue::rows())
        actions << row.action;
    return actions;
}

QString OperatorActionText::functionName(OperatorAction action) {
    return QString::fromLatin1(ActionCatalogue::row(action).function);
}

QString OperatorActionText::title(OperatorAction action) {
    return ActionCatalogue::row(action).translatedTitle();
}

bool OperatorActionText::isContinuation(OperatorAction action) {
    return ActionCatalogue::row(action).continuation;
}

std::optional<store::BulkAction> OperatorActionText::bulkAction(OperatorAction action) {
    return ActionCatalogue::row(action).bulk;
}

QString OperatorActionText::title(store::BulkAction action) {
    const ActionRow *row = ActionCatalogue::bulkRow(action);
    return row ? QCoreApplication::translate("OperatorActionText", row->bulkTitle) : QString();
}

} // namespace dedup::actions
