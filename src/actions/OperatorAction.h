#pragma once

#include "core/RunStatus.h"
#include "store/BulkAction.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::actions {

// One thing an operator can do to one run (docs/CONSOLE.md "Actions", docs/PROTOCOL.md section 6).
// The three resolutions of a review are separate actions because they are separate
// decisions with separate previews; "rerun uncertain steps" is a flag of the continuation
// intents (ActionIntent::rerunUncertain), not an action of its own. Adding one: a value here
// and its row in ActionCatalogue (same order), which everything else reads.
enum class OperatorAction {
    ClearStaleLease,     // op_clear_stale_lease
    RequestContinuation, // op_request_continuation
    RouteToReview,       // op_route_to_review
    ResolveSucceeded,    // op_resolve_review, resolution succeeded
    ResolveCancelled,    // op_resolve_review, resolution cancelled
    ResolveContinue,     // op_resolve_review, resolution continue
    Cancel,              // op_cancel
    AssignReview,        // op_assign_review
    ReviewNote,          // op_review_note
    ResolveStep,         // op_resolve_step
};

// Names and texts of the actions, read from their rows in ActionCatalogue (the titles keep
// this class's translation context).
class OperatorActionText {
    Q_DECLARE_TR_FUNCTIONS(OperatorActionText)

public:
    // Every action, in declaration order (menus list them in this order).
    static QList<OperatorAction> all();
    // The SQL function behind it, e.g. "op_resolve_review"; never translated.
    static QString functionName(OperatorAction action);
    // For menus and dialog titles, e.g. "Clear stale lease".
    static QString title(OperatorAction action);
    // Whether the action queues a continuation (its preview lists the steps).
    static bool isContinuation(OperatorAction action);
    // The bulk form of the action; std::nullopt for actions without one (assign, note,
    // resolve step).
    static std::optional<store::BulkAction> bulkAction(OperatorAction action);
    // For a bulk action's dialogs, e.g. "Cancel runs".
    static QString title(store::BulkAction action);
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::OperatorAction)
