#include "models/OperatorAction.h"

namespace dedup::models {

QList<OperatorAction> OperatorActionText::all() {
    return {OperatorAction::ClearStaleLease,  OperatorAction::RequestContinuation,
            OperatorAction::RouteToReview,    OperatorAction::ResolveSucceeded,
            OperatorAction::ResolveCancelled, OperatorAction::ResolveContinue,
            OperatorAction::Cancel,           OperatorAction::AssignReview,
            OperatorAction::ReviewNote,       OperatorAction::ResolveStep};
}

QString OperatorActionText::functionName(OperatorAction action) {
    switch (action) {
    case OperatorAction::ClearStaleLease:
        return QStringLiteral("op_clear_stale_lease");
    case OperatorAction::RequestContinuation:
        return QStringLiteral("op_request_continuation");
    case OperatorAction::RouteToReview:
        return QStringLiteral("op_route_to_review");
    case OperatorAction::ResolveSucceeded:
    case OperatorAction::ResolveCancelled:
    case OperatorAction::ResolveContinue:
        return QStringLiteral("op_resolve_review");
    case OperatorAction::Cancel:
        return QStringLiteral("op_cancel");
    case OperatorAction::AssignReview:
        return QStringLiteral("op_assign_review");
    case OperatorAction::ReviewNote:
        return QStringLiteral("op_review_note");
    case OperatorAction::ResolveStep:
        return QStringLiteral("op_resolve_step");
    }
    return {};
}

QString OperatorActionText::title(OperatorAction action) {
    switch (action) {
    case OperatorAction::ClearStaleLease:
        return tr("Clear stale lease");
    case OperatorAction::RequestContinuation:
        return tr("Continue (targeted)");
    case OperatorAction::RouteToReview:
        return tr("Route to manual review");
    case OperatorAction::ResolveSucceeded:
        return tr("Resolve: mark succeeded");
    case OperatorAction::ResolveCancelled:
        return tr("Resolve: cancel");
    case OperatorAction::ResolveContinue:
        return tr("Resolve: continue");
    case OperatorAction::Cancel:
        return tr("Cancel run");
    case OperatorAction::AssignReview:
        return tr("Assign");
    case OperatorAction::ReviewNote:
        return tr("Note");
    case OperatorAction::ResolveStep:
        return tr("Settle step");
    }
    return {};
}

bool OperatorActionText::isContinuation(OperatorAction action) {
    return action == OperatorAction::RequestContinuation ||
           action == OperatorAction::ResolveContinue;
}

std::optional<store::BulkAction> OperatorActionText::bulkAction(OperatorAction action) {
    switch (action) {
    case OperatorAction::ClearStaleLease:
        return store::BulkAction::ClearStaleLease;
    case OperatorAction::RequestContinuation:
        return store::BulkAction::RequestContinuation;
    case OperatorAction::RouteToReview:
        return store::BulkAction::RouteToReview;
    case OperatorAction::ResolveSucceeded:
    case OperatorAction::ResolveCancelled:
    case OperatorAction::ResolveContinue:
        return store::BulkAction::ResolveReview;
    case OperatorAction::Cancel:
        return store::BulkAction::Cancel;
    case OperatorAction::AssignReview:
    case OperatorAction::ReviewNote:
    case OperatorAction::ResolveStep:
        return std::nullopt;
    }
    return std::nullopt;
}

QString OperatorActionText::title(store::BulkAction action) {
    switch (action) {
    case store::BulkAction::ClearStaleLease:
        return tr("Clear stale leases");
    case store::BulkAction::RequestContinuation:
        return tr("Continue runs (targeted)");
    case store::BulkAction::RouteToReview:
        return tr("Route runs to manual review");
    case store::BulkAction::ResolveReview:
        return tr("Resolve reviews");
    case store::BulkAction::Cancel:
        return tr("Cancel runs");
    }
    return {};
}

} // namespace dedup::models
