#include "actions/ActionAvailability.h"

#include "actions/ActionCatalogue.h"

#include <algorithm>

namespace dedup::actions {

using core::RunStatus;

QList<RunStatus> ActionAvailability::statuses(OperatorAction action) {
    return ActionCatalogue::row(action).statuses;
}

QList<RunStatus> ActionAvailability::statuses(store::BulkAction action) {
    // Every row of one bulk form has the same statuses (the review resolutions share
    // op_resolve_review); tst_actioncatalogue holds them to the server's.
    const ActionRow *row = ActionCatalogue::bulkRow(action);
    return row ? row->statuses : QList<RunStatus>{};
}

bool ActionAvailability::appliesTo(store::BulkAction action, RunStatus status) {
    return statuses(action).contains(status);
}

bool ActionAvailability::applies(OperatorAction action, RunStatus status, bool leaseExpired,
                                 bool continuationQueued, QString *why) {
    QString reason;
    if (!statuses(action).contains(status)) {
        QStringList names;
        for (const RunStatus allowed : statuses(action))
            names << core::toString(allowed);
        reason = tr("The run is %1; this action applies to %2 runs.")
                     .arg(core::toString(status), names.join(QStringLiteral(" / ")));
    } else if (ActionCatalogue::row(action).needsExpiredLease && !leaseExpired) {
        reason = tr("The lease is live: its worker is still heartbeating. Only an expired lease "
                    "can be cleared.");
    } else if (OperatorActionText::isContinuation(action) && continuationQueued) {
        reason = tr("A continuation is already queued for this run.");
    }
    if (why)
        *why = reason;
    return reason.isEmpty();
}

bool ActionAvailability::permits(const store::AccessScope &access, const QString &workflow,
                                 const QString &scope, QString *why) {
    const bool permitted = access.mayOperate(workflow, scope);
    if (why) {
        *why = permitted ? QString()
                         : tr("Your grants in this store do not let you act on runs of %1 in "
                              "scope %2 (you have: %3).")
                               .arg(workflow, scope, access.summary());
    }
    return permitted;
}

qsizetype ActionAvailability::outsideGrants(const store::AccessScope &access,
                                            const QList<store::RunRow> &runs) {
    return std::count_if(runs.cbegin(), runs.cend(), [&](const store::RunRow &run) {
        return !access.mayOperate(run.workflow, run.scope);
    });
}

QList<OperatorAction> availableActions(RunStatus status, bool leaseExpired, bool canOperate,
                                       bool continuationQueued) {
    QList<OperatorAction> actions;
    if (!canOperate)
        return actions;
    for (const OperatorAction action : OperatorActionText::all()) {
        if (ActionCatalogue::row(action).notOfferedIn.contains(status))
            continue;
        if (ActionAvailability::applies(action, status, leaseExpired, continuationQueued))
            actions << action;
    }
    return actions;
}

QList<OperatorAction> availableActions(RunStatus status, bool leaseExpired,
                                       const store::AccessScope &access, const QString &workflow,
                                       const QString &scope, bool continuationQueued) {
    return availableActions(status, leaseExpired,
                            ActionAvailability::permits(access, workflow, scope),
                            continuationQueued);
}

} // namespace dedup::actions
