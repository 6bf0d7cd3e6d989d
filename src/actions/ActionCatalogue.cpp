#include "actions/ActionCatalogue.h"

#include "actions/ActionIntent.h"

#include <QCoreApplication>

#include <algorithm>

namespace dedup::actions {

using core::RunStatus;
using store::OperatorActions;
using store::ReviewResolution;
using Input = ActionInput;
using Part = PreviewPart;

namespace {

// The titles and bulk titles keep the translation context they had when OperatorActionText
// wrote them, the preview sentences ActionPreview's: the German catalogue keys on it. Spelled
// out in every row because lupdate does not expand macros.

QList<ActionRow> makeRows() {
    return {
        {.action = OperatorAction::ClearStaleLease,
         .function = "op_clear_stale_lease",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Clear stale lease"),
         .statuses = {RunStatus::Processing},
         .needsExpiredLease = true,
         .statusAfter = RunStatus::Failed,
         .preview = Part::LeaseClearing,
         .fencedAs = QT_TRANSLATE_NOOP("ActionPreview", "lease cleared"),
         .bulk = store::BulkAction::ClearStaleLease,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Clear stale leases"),
         .send = [](OperatorActions &a,
                    const ActionIntent &i) { return a.clearStaleLease(i.request()); }},
        // In manual_review the same decision is "Resolve: continue" (one menu entry each).
        {.action = OperatorAction::RequestContinuation,
         .function = "op_request_continuation",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Continue (targeted)"),
         .statuses = {RunStatus::Failed, RunStatus::ManualReview},
         .continuation = true,
         .notOfferedIn = {RunStatus::ManualReview},
         .inputs = Input::RerunUncertain,
         .preview = Part::ContinuationPlan,
         .bulk = store::BulkAction::RequestContinuation,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Continue runs (targeted)"),
         .send =
             [](OperatorActions &a, const ActionIntent &i) {
                 return a.requestContinuation(i.request(), i.rerunUncertain);
             }},
        {.action = OperatorAction::RouteToReview,
         .function = "op_route_to_review",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Route to manual review"),
         .statuses = {RunStatus::Processing, RunStatus::Failed},
         .inputs = Input::Assignee,
         .statusAfter = RunStatus::ManualReview,
         .fencedAs = QT_TRANSLATE_NOOP("ActionPreview", "routed to review"),
         .effect = QT_TRANSLATE_NOOP(
             "ActionPreview", "The run waits in the manual review queue; workers leave it alone."),
         .bulk = store::BulkAction::RouteToReview,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Route runs to manual review"),
         .send = [](OperatorActions &a,
                    const ActionIntent &i) { return a.routeToReview(i.request(), i.assignee); }},
        {.action = OperatorAction::ResolveSucceeded,
         .function = "op_resolve_review",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Resolve: mark succeeded"),
         .statuses = {RunStatus::ManualReview},
         .resolution = ReviewResolution::Succeeded,
         .statusAfter = RunStatus::Succeeded,
         .preview = Part::UnsettledSteps,
         .effect = QT_TRANSLATE_NOOP(
             "ActionPreview",
             "The run is finished as succeeded; duplicates get its stored result."),
         .bulk = store::BulkAction::ResolveReview,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Resolve reviews"),
         .send =
             [](OperatorActions &a, const ActionIntent &i) {
                 return a.resolveReview(i.request(), ReviewResolution::Succeeded, i.result);
             }},
        {.action = OperatorAction::ResolveCancelled,
         .function = "op_resolve_review",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Resolve: cancel"),
         .statuses = {RunStatus::ManualReview},
         .resolution = ReviewResolution::Cancelled,
         .statusAfter = RunStatus::Cancelled,
         .fencedAs = QT_TRANSLATE_NOOP("ActionPreview", "run cancelled"),
         .effect = QT_TRANSLATE_NOOP(
             "ActionPreview", "The run is cancelled for good: it never runs again and duplicates "
                              "are answered with its stored result."),
         .bulk = store::BulkAction::ResolveReview,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Resolve reviews"),
         .send =
             [](OperatorActions &a, const ActionIntent &i) {
                 return a.resolveReview(i.request(), ReviewResolution::Cancelled);
             }},
        {.action = OperatorAction::ResolveContinue,
         .function = "op_resolve_review",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Resolve: continue"),
         .statuses = {RunStatus::ManualReview},
         .continuation = true,
         .inputs = Input::RerunUncertain,
         .resolution = ReviewResolution::Continue,
         .preview = Part::ContinuationPlan,
         .bulk = store::BulkAction::ResolveReview,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Resolve reviews"),
         .send =
             [](OperatorActions &a, const ActionIntent &i) {
                 return a.resolveReview(i.request(), ReviewResolution::Continue, std::nullopt,
                                        i.rerunUncertain);
             }},
        {.action = OperatorAction::Cancel,
         .function = "op_cancel",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Cancel run"),
         .statuses = {RunStatus::Processing, RunStatus::Failed, RunStatus::ManualReview},
         .statusAfter = RunStatus::Cancelled,
         .fencedAs = QT_TRANSLATE_NOOP("ActionPreview", "run cancelled"),
         .effect = QT_TRANSLATE_NOOP(
             "ActionPreview", "The run is cancelled for good: it never runs again and duplicates "
                              "are answered with its stored result."),
         .bulk = store::BulkAction::Cancel,
         .bulkTitle = QT_TRANSLATE_NOOP("OperatorActionText", "Cancel runs"),
         .send = [](OperatorActions &a, const ActionIntent &i) { return a.cancel(i.request()); }},
        {.action = OperatorAction::AssignReview,
         .function = "op_assign_review",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Assign"),
         .statuses = {RunStatus::ManualReview},
         .inputs = Input::Assignee,
         .preview = Part::ReviewAssignee,
         .send = [](OperatorActions &a,
                    const ActionIntent &i) { return a.assignReview(i.request(), i.assignee); }},
        {.action = OperatorAction::ReviewNote,
         .function = "op_review_note",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Note"),
         .statuses = {RunStatus::ManualReview},
         .inputs = Input::Note,
         .effect = QT_TRANSLATE_NOOP(
             "ActionPreview", "Replaces the review note (the audit log keeps the earlier ones)."),
         .send = [](OperatorActions &a,
                    const ActionIntent &i) { return a.reviewNote(i.request(), i.note); }},
        // A step is settled from the run's steps, not from a run menu.
        {.action = OperatorAction::ResolveStep,
         .function = "op_resolve_step",
         .title = QT_TRANSLATE_NOOP("OperatorActionText", "Settle step"),
         .statuses = {RunStatus::Failed, RunStatus::ManualReview},
         .inRunMenu = false,
         .inputs = Input::Step,
         .preview = Part::StepSettlement,
         .send =
             [](OperatorActions &a, const ActionIntent &i) {
                 return a.resolveStep(i.request(), i.step, i.stepResolution, i.sideEffectRef);
             }},
    };
}

} // namespace

QString ActionRow::translatedTitle() const {
    return QCoreApplication::translate("OperatorActionText", title);
}

const QList<ActionRow> &ActionCatalogue::rows() {
    static const QList<ActionRow> rows = makeRows();
    return rows;
}

const ActionRow *ActionCatalogue::find(OperatorAction action) {
    // Rows are in declaration order (tst_actioncatalogue checks it), so the enum indexes them.
    const qsizetype index = qsizetype(action);
    return index >= 0 && index < rows().size() ? &rows().at(index) : nullptr;
}

const ActionRow &ActionCatalogue::row(OperatorAction action) {
    // A value outside the enum gets a row that applies nowhere and is titled nothing, as the
    // switches this replaces answered; dispatch refuses it (ActionExecutor sends through find()).
    static const ActionRow unknown{.action = OperatorAction(-1), .function = "", .title = ""};
    const ActionRow *found = find(action);
    return found ? *found : unknown;
}

const ActionRow *ActionCatalogue::bulkRow(store::BulkAction action,
                                          std::optional<ReviewResolution> resolution) {
    const QList<ActionRow> &all = rows();
    const auto it = std::find_if(all.cbegin(), all.cend(), [&](const ActionRow &row) {
        return row.bulk == action &&
               (!resolution || !row.resolution || row.resolution == resolution);
    });
    return it == all.cend() ? nullptr : &*it;
}

} // namespace dedup::actions
