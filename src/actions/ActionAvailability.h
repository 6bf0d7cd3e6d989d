#pragma once

#include "actions/OperatorAction.h"
#include "core/RunStatus.h"
#include "store/AccessScope.h"
#include "store/BulkAction.h"
#include "store/RunRow.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace dedup::actions {

// Which operator actions apply to a run in which state: the same rules the op_* functions
// enforce (docs/PROTOCOL.md section 6, "applies when"), so a view offers only actions the
// server would apply. Pure functions: no database, no clock (the lease's expiry is the
// server's verdict, e.g. RunDetail::leaseExpired or the Stuck list's).
//
// The server stays the judge: the run can change between the menu and the click, which is
// what ActionPreview's "changed since you looked" and the server's 'changed' answer are for.
class ActionAvailability {
    Q_DECLARE_TR_FUNCTIONS(ActionAvailability)

public:
    // The run statuses each op_* function accepts: the action's ActionCatalogue row, which
    // tst_actioncatalogue holds to the server's refusals.
    static QList<core::RunStatus> statuses(OperatorAction action);
    static QList<core::RunStatus> statuses(store::BulkAction action);
    static bool appliesTo(store::BulkAction action, core::RunStatus status);

    // Whether the server would apply `action` to a run in this state. When not, `why` (if
    // given) says why, for a tooltip or the preview.
    //   leaseExpired: lease_expires_at <= now() on the server (processing runs only);
    //   continuationQueued: the run has a pending continuation command.
    static bool applies(OperatorAction action, core::RunStatus status, bool leaseExpired,
                        bool continuationQueued, QString *why = nullptr);

    // Whether the login's grants let it act on a run of `workflow` and `scope` (an operator
    // grant that covers it, or the owner). When not, `why` (if given) says so in words. The
    // store decides again on every call (DD010); this only keeps a menu from offering what
    // would be refused.
    static bool permits(const store::AccessScope &access, const QString &workflow,
                        const QString &scope, QString *why = nullptr);
    // How many of `runs` the grants do not let the login act on: a bulk action is offered
    // only when this is 0 (the store refuses a batch with any such run).
    static qsizetype outsideGrants(const store::AccessScope &access,
                                   const QList<store::RunRow> &runs);
};

// The actions a view offers for a run, in OperatorActionText::all() order: nothing without
// an operator grant for it (`canOperate` false: read-only; the database refuses them anyway) and
// nothing for finished runs. In manual_review the continuation is offered as "Resolve:
// continue" only (op_request_continuation would do the same; one menu entry per decision).
QList<OperatorAction> availableActions(core::RunStatus status, bool leaseExpired, bool canOperate,
                                       bool continuationQueued = false);
// The same for a run of `workflow` and `scope`, with the login's grants: nothing when they
// do not cover that run (ActionAvailability::permits).
QList<OperatorAction> availableActions(core::RunStatus status, bool leaseExpired,
                                       const store::AccessScope &access, const QString &workflow,
                                       const QString &scope, bool continuationQueued = false);

} // namespace dedup::actions
