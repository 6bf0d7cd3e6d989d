#pragma once

#include <QString>

#include <optional>

namespace dedup::store {

// The operator actions that can be applied in bulk (dedup.bulk_operations.action).
enum class BulkAction {
    ClearStaleLease,
    RequestContinuation,
    RouteToReview,
    ResolveReview,
    Cancel
};

// What an operator may do with a running bulk operation (op_bulk_control). Attach: this
// console takes over applying it (Continue Here); audited with the reason, the status stays.
enum class BulkCommand { Start, Pause, Resume, Abort, Attach };

// The database's names ("op_cancel", "start", ...); never translated.
QString toString(BulkAction action);
std::optional<BulkAction> bulkActionFromString(const QString &name);
QString toString(BulkCommand command);

} // namespace dedup::store
