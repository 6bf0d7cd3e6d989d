#pragma once

#include "actions/OperatorAction.h"
#include "core/RunStatus.h"
#include "store/BulkAction.h"
#include "store/OperatorActions.h"
#include "store/OperatorOutcome.h"
#include "store/OperatorResult.h"

#include <QFlags>
#include <QList>
#include <QString>

#include <optional>

namespace dedup::actions {

struct ActionIntent;

// What the operator supplies besides the reason: the dialog shows these inputs and the
// intent is refused while a required one is blank.
enum class ActionInput : unsigned {
    Assignee = 1u << 0,       // optional: who works on the review (empty: nobody)
    Note = 1u << 1,           // required
    Step = 1u << 2,           // required: which step, settled how, the provider's reference
    RerunUncertain = 1u << 3, // the continuation's "rerun uncertain steps"
};
Q_DECLARE_FLAGS(ActionInputs, ActionInput)

// The parts of the impact preview (ActionPreview::evaluate) that apply to the action, besides
// the row's own fencing and effect sentences.
enum class PreviewPart : unsigned {
    LeaseClearing = 1u << 0,    // failed, or manual_review when the attempts are used up
    ContinuationPlan = 1u << 1, // which steps the continuation runs, skips, stops at
    StepSettlement = 1u << 2,   // whether the chosen step can be settled so
    UnsettledSteps = 1u << 3,   // warn about steps not done: finishing vouches for them
    ReviewAssignee = 1u << 4,   // who works on the review now
};
Q_DECLARE_FLAGS(PreviewParts, PreviewPart)

// One operator action, everything the console needs to know about it in one place
// (docs/PROTOCOL.md section 6): dispatch, availability, menus, dialogs and previews read this
// row instead of switching over OperatorAction, so adding an action is one row here plus its
// store call. tst_actioncatalogue checks `statuses` against the server's refusals.
struct ActionRow {
    // The one store call with the intent's arguments: the only behaviour that is per action.
    using Send = store::OperatorResult<store::OperatorOutcome> (*)(store::OperatorActions &,
                                                                   const ActionIntent &);

    OperatorAction action = OperatorAction::Cancel;
    const char *function = ""; // the SQL function, e.g. "op_cancel"; never translated
    const char *title = "";    // source text in the OperatorActionText context
    // The run statuses the SQL function accepts ("applies when").
    QList<core::RunStatus> statuses = {};
    bool continuation = false;      // queues a continuation; refused while one is queued
    bool needsExpiredLease = false; // refused while the lease is live
    // Statuses where menus leave it out because another entry makes the same decision.
    QList<core::RunStatus> notOfferedIn = {};
    bool inRunMenu = true; // false: started from elsewhere (a step of the run)
    ActionInputs inputs = {};
    // op_resolve_review's p_resolution: the review resolutions share one SQL function.
    std::optional<store::ReviewResolution> resolution = std::nullopt;
    // What the preview shows the run becomes; nullopt: its status stays.
    std::optional<core::RunStatus> statusAfter = std::nullopt;
    PreviewParts preview = {};
    // ActionPreview context. fencedAs: why in_progress steps of a processing run become
    // uncertain (nullptr: the action never fences); effect: a fixed sentence, or nullptr.
    const char *fencedAs = nullptr;
    const char *effect = nullptr;
    // The bulk form (op_bulk_create's action) and its dialog title (OperatorActionText
    // context); nullopt for actions that are only ever taken one run at a time.
    std::optional<store::BulkAction> bulk = std::nullopt;
    const char *bulkTitle = nullptr;
    Send send = nullptr;

    QString translatedTitle() const;
};

class ActionCatalogue {
public:
    // One row per OperatorAction, in declaration order (menus list them in this order).
    static const QList<ActionRow> &rows();
    static const ActionRow &row(OperatorAction action);
    // The same, or nullptr for a value outside the enum (e.g. cast from a stored number).
    static const ActionRow *find(OperatorAction action);
    // The first row whose bulk form is `action` (and, when given, whose resolution is
    // `resolution`); nullptr when none.
    static const ActionRow *bulkRow(store::BulkAction action,
                                    std::optional<store::ReviewResolution> resolution = {});
};

} // namespace dedup::actions

Q_DECLARE_OPERATORS_FOR_FLAGS(dedup::actions::ActionInputs)
Q_DECLARE_OPERATORS_FOR_FLAGS(dedup::actions::PreviewParts)
