#pragma once

#include "actions/BulkTarget.h"
#include "core/RunStatus.h"
#include "store/BulkAction.h"
#include "store/BulkItem.h"
#include "store/BulkRequest.h"
#include "store/OperatorActions.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::actions {

// One bulk action as the operator configures it: what to do, to which runs, why. BulkPreview
// shows its impact, BulkRunner carries it out.
struct BulkPlan {
    Q_DECLARE_TR_FUNCTIONS(BulkPlan)

public:
    store::BulkAction action = store::BulkAction::Cancel;
    // ResolveReview: how (Succeeded, Cancelled or Continue).
    store::ReviewResolution resolution = store::ReviewResolution::Cancelled;
    // RequestContinuation, ResolveReview/Continue: rerun uncertain steps without a
    // downstream key (the operator vouches that they did not happen).
    bool rerunUncertain = false;
    // RouteToReview: who works on them (empty: unassigned).
    QString assignee;
    QString reason; // required; every item's audit row carries it
    BulkTarget target;

    // The statuses the action applies to: only runs in one of them are put into the
    // operation (the others would only be refused one by one).
    QList<core::RunStatus> applicableStatuses() const;
    // Selection: the selected runs whose seen status is applicable, without duplicates, as
    // the operation's items (token and status as seen).
    QList<store::BulkItem> selectedItems() const;
    // Filter: the target's filter restricted to the applicable statuses, which the freeze
    // pages through; std::nullopt when the filter's statuses include none of them (an empty
    // status list would mean "every status" to RunFilter).
    std::optional<store::RunFilter> freezeFilter() const;
    // What op_bulk_create gets.
    store::BulkRequest request(const QString &bulkId) const;
    // Empty when the plan can be carried out, else what is missing (for the operator).
    QString validationError() const;
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::BulkPlan)
