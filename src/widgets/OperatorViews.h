#pragma once

#include "actions/OperatorAction.h"
#include "core/RunStatus.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>

class QAbstractItemView;
class QLabel;
class QMenu;
class QModelIndex;
class QTimer;

namespace dedup::actions {
struct ActionResult;
class BulkTarget;
} // namespace dedup::actions

namespace dedup::store {
struct BulkState;
struct RunRow;
} // namespace dedup::store

namespace dedup::widgets {

class AuditLogView;
class BulkActionDialog;
class BulkOperationsDialog;
class DetailViews;
class ReviewQueueView;
class SettleStepDialog;
class StoreSession;
class ViewHost;

// Where operators act (issue 6): the Actions menu of the window (the run in the detail, the
// runs selected in the list, every run matching the list's filter), the same entries in the
// runs list's context menu, and the Review and Audit tabs. Every single-run action opens an
// ActionDialog (preview, reason, one action key per confirmed intent); every bulk action a
// BulkActionDialog (breakdown, typed confirmation, progress, report).
//
// What is offered follows the login's grants in the store (StoreSession::access()): actions
// on a run only when an operator grant covers its workflow and scope, bulk actions only when
// every run they would touch is covered (the store refuses a batch with any other), nothing
// without an operator grant. The store stays the judge: it checks every call again, and a
// refusal (PermissionDenied) is shown in the dialog and the status bar.
//
// The window is reached through a ViewHost. The review queue, the audit log (and its chain
// check) and the bulk watcher belong to the StoreSession (the composition root): attach()
// hands them to the views, detach() takes them back. Dialogs make their loaders and
// executors through session->connections() (previews and actions read the primary).
class OperatorViews : public QObject {
    Q_OBJECT

public:
    // `parent`: the window that implements `host`.
    OperatorViews(ViewHost *host, DetailViews *details, QObject *parent);
    ~OperatorViews() override;

    // Called by the window after it attached a store, and before it detaches it.
    void attach(StoreSession *session);
    void detach();

    ReviewQueueView *review() const { return m_review; }
    AuditLogView *audit() const { return m_audit; }
    QMenu *actionsMenu() const { return m_menu; }

    // The actions for the run shown in the detail, and for the runs list's selection and
    // filter, as they are now (empty submenus are left out).
    void fillMenu(QMenu *menu);
    // The context menu of a row of the Stuck or Correlation table: that run's actions.
    void fillRowMenu(QMenu *menu, const QAbstractItemView *table, const QModelIndex &index);
    // "Bulk: 1 running …" while any console's bulk operation is not finished; hidden else.
    QLabel *bulkLabel() const { return m_bulkLabel; }
    // How often other consoles' bulk operations are looked up (default 5 s).
    void setBulkPollInterval(int milliseconds);
    // Opens (or raises) the list of unfinished bulk operations, where one left by a closed
    // or crashed console is continued or aborted (operators only). Kept while the store is
    // attached, so work continued there goes on when it is hidden.
    BulkOperationsDialog *openBulkOperations();
    // Opens the Settle Step dialog for an uncertain step of the run as the operator saw it
    // (window-modal, deleted on close); nullptr without a store.
    SettleStepDialog *openSettleStep(qint64 runId, const QString &step, qint64 token,
                                     core::RunStatus seenStatus);

private:
    bool canOperate() const;
    // `fromList`: the run was seen in a list (which may read a standby), not in the detail
    // (which reads the primary); `seenUpdatedAt` is the row's updated_at when the list has it.
    // Nothing but a disabled line saying why when the grants do not cover the run's
    // `workflow` and `scope`.
    void addRunActions(QMenu *menu, const QString &title, const QString &workflow,
                       const QString &scope, qint64 runId, qint64 token, const QString &statusName,
                       bool leaseExpired, bool continuationQueued, bool fromList = true,
                       const QDateTime &seenUpdatedAt = {});
    void addBulkActions(QMenu *menu);
    // "Settle Step …" for each uncertain step (only `onlyStep` when given) of the run in the
    // detail, when it is failed or in review and the grants cover it.
    void addSettleActions(QMenu *menu, const QString &onlyStep);
    void openAction(actions::OperatorAction action, qint64 runId, qint64 token,
                    const QString &statusName, bool fromList = false,
                    const QDateTime &seenUpdatedAt = {});
    void openBulk(actions::OperatorAction action, const actions::BulkTarget &target);
    void watchTable(QAbstractItemView *table);
    void showActiveBulk(const QList<store::BulkState> &operations);
    // The Review tab's buttons act on its current run: offered only when the grants cover it.
    void updateReviewActions();
    // A refusal by the store (PermissionDenied) said in the status bar as well as the dialog.
    void noteRefusal(const actions::ActionResult &result);

    ViewHost *m_host;
    DetailViews *m_details;
    QMenu *m_menu;
    ReviewQueueView *m_review;
    AuditLogView *m_audit;
    StoreSession *m_session = nullptr; // set between attach() and detach()
    QLabel *m_bulkLabel;
    QTimer *m_bulkPoll;
    QList<QPointer<BulkActionDialog>> m_bulkDialogs;
    QPointer<BulkOperationsDialog> m_operationsDialog;
};

} // namespace dedup::widgets
