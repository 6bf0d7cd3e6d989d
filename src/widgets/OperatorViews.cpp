#include "widgets/OperatorViews.h"

#include "actions/ActionAvailability.h"
#include "actions/ActionCatalogue.h"
#include "actions/ActionResult.h"
#include "actions/BulkPlan.h"
#include "actions/BulkRunner.h"
#include "actions/BulkTarget.h"
#include "core/DisplayText.h"
#include "core/RunStatus.h"
#include "models/CorrelationModel.h"
#include "models/ReviewQueueModel.h"
#include "models/RunDetailSource.h"
#include "models/RunListModel.h"
#include "models/StepTableModel.h"
#include "models/StuckRunsModel.h"
#include "store/RunDetail.h"
#include "widgets/ActionDialog.h"
#include "widgets/AuditLogView.h"
#include "widgets/BulkActionDialog.h"
#include "widgets/BulkOperationsDialog.h"
#include "widgets/BulkProgressText.h"
#include "widgets/CorrelationView.h"
#include "widgets/DetailViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunsView.h"
#include "widgets/SafeText.h"
#include "widgets/SettleStepDialog.h"
#include "widgets/StoreSession.h"
#include "widgets/StuckView.h"
#include "widgets/ViewHost.h"

#include <QDateTime>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QTableView>
#include <QTimer>

namespace dedup::widgets {

using actions::OperatorAction;
using actions::OperatorActionText;

OperatorViews::OperatorViews(ViewHost *host, DetailViews *details, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_details(details)
    , m_menu(new QMenu(tr("&Actions"), host->hostWidget()))
    , m_review(new ReviewQueueView(host->hostWidget()))
    , m_audit(new AuditLogView(host->hostWidget()))
    , m_bulkLabel(new QLabel(host->hostWidget()))
    , m_bulkPoll(new QTimer(this)) {
    m_menu->setObjectName(QStringLiteral("actionsMenu"));
    m_menu->setToolTipsVisible(true); // why an entry is disabled
    // Rebuilt each time it opens: what it offers depends on the run and the selection now.
    connect(m_menu, &QMenu::aboutToShow, this, [this] {
        m_menu->clear();
        fillMenu(m_menu);
        if (m_menu->isEmpty())
            m_menu
                ->addAction(canOperate()
                                ? tr("Select a run or runs first")
                                : tr("Read-only: no operator grant in this store for this login"))
                ->setEnabled(false);
    });
    host->addMenu(m_menu);
    m_review->setObjectName(QStringLiteral("reviewQueueView"));
    host->addView(m_review, tr("Re&view queue"));
    m_audit->setObjectName(QStringLiteral("auditLogView"));
    host->addView(m_audit, tr("A&udit"));

    // The runs list's context menu: the clicked run's actions, then the bulk ones.
    connect(host->runsView(), &RunsView::contextMenuAboutToShow, this, [this](QMenu *menu) {
        if (!canOperate())
            return;
        menu->addSeparator();
        const RunsView *runs = m_host->runsView();
        const int row = runs->model() ? runs->model()->rowOfRun(runs->currentRunId()) : -1;
        if (row >= 0) {
            const store::RunRow &run = runs->model()->runAt(row);
            const bool expired = run.leaseExpiresAt.isValid() &&
                                 run.leaseExpiresAt <= QDateTime::currentDateTimeUtc();
            addRunActions(menu, tr("Run %1").arg(run.id), run.workflow, run.scope, run.id,
                          run.leaseToken, run.statusName, expired, false, true, run.updatedAt);
        }
        addBulkActions(menu);
    });
    // The run detail's steps: an uncertain step is settled from its row.
    QTableView *steps = details->detail()->stepsTable();
    steps->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(steps, &QWidget::customContextMenuRequested, this, [this, steps](const QPoint &at) {
        const auto *model = qobject_cast<const models::StepTableModel *>(steps->model());
        const QModelIndex index = steps->indexAt(at);
        if (!model || !index.isValid() || !canOperate())
            return;
        QMenu menu;
        addSettleActions(&menu, model->rowAt(index.row()).name);
        if (!menu.isEmpty())
            menu.exec(steps->viewport()->mapToGlobal(at));
    });
    watchTable(details->stuck()->table());
    watchTable(details->correlation()->table());
    watchTable(m_review->table());
    // Bulk operations of every console (a second console sees one running, and by whom).
    m_bulkLabel->setObjectName(QStringLiteral("bulkLabel"));
    m_bulkLabel->hide();
    host->addStatusWidget(m_bulkLabel);
    // For an operator the label is a link to the operations (to continue or abort one).
    connect(m_bulkLabel, &QLabel::linkActivated, this, [this] { openBulkOperations(); });
    m_bulkPoll->setInterval(5000);
    connect(m_bulkPoll, &QTimer::timeout, this, [this] {
        if (m_session)
            m_session->bulkWatcher()->requestActiveOperations();
    });
    connect(m_review, &ReviewQueueView::runActivated, details, &DetailViews::showRun);
    connect(m_review, &ReviewQueueView::actionFinished, this, &OperatorViews::noteRefusal);
    connect(m_audit, &AuditLogView::runActivated, details, &DetailViews::showRun);
}

OperatorViews::~OperatorViews() {
    detach();
}

bool OperatorViews::canOperate() const {
    return m_session && m_session->access().mayOperateAnything();
}

void OperatorViews::fillMenu(QMenu *menu) {
    if (!canOperate())
        return;
    const RunDetailView *detail = m_details->detail();
    if (detail->hasRun())
        addRunActions(menu, tr("Run %1 (in the detail)").arg(detail->runId()),
                      detail->detail().workflow, detail->detail().scope, detail->runId(),
                      detail->leaseToken(), detail->statusName(), detail->leaseExpired(),
                      detail->continuationQueued(), false);
    addSettleActions(menu, {});
    addBulkActions(menu);
    menu->addSeparator();
    connect(menu->addAction(tr("Unfinished &Bulk Operations…")), &QAction::triggered, this,
            [this] { openBulkOperations(); });
}

BulkOperationsDialog *OperatorViews::openBulkOperations() {
    if (!canOperate())
        return nullptr;
    if (!m_operationsDialog) {
        // Actions go to the primary, whatever the lists read.
        m_operationsDialog =
            new BulkOperationsDialog(m_session->connections(), m_host->hostWidget());
        m_operationsDialog->setObjectName(QStringLiteral("bulkOperationsDialog"));
        connect(m_operationsDialog, &BulkOperationsDialog::operationFinished, this, [this] {
            if (m_session)
                m_session->bulkWatcher()->requestActiveOperations();
        });
        // While the dialog is shown the status bar shows its list: the same figures as its
        // list, bar and counters.
        connect(m_operationsDialog, &BulkOperationsDialog::operationsShown, this,
                &OperatorViews::showActiveBulk);
    } else {
        m_operationsDialog->refresh();
    }
    m_operationsDialog->show();
    m_operationsDialog->raise();
    m_operationsDialog->activateWindow();
    return m_operationsDialog;
}

void OperatorViews::addRunActions(QMenu *menu, const QString &title, const QString &workflow,
                                  const QString &scope, qint64 runId, qint64 token,
                                  const QString &statusName, bool leaseExpired,
                                  bool continuationQueued, bool fromList,
                                  const QDateTime &seenUpdatedAt) {
    const std::optional<core::RunStatus> status = core::runStatusFromString(statusName);
    if (!status)
        return;
    QString why;
    if (!actions::ActionAvailability::permits(m_session->access(), workflow, scope, &why)) {
        QAction *line = menu->addAction(tr("%1: outside your grants").arg(title));
        line->setEnabled(false);
        line->setToolTip(SafeText::toolTip(why));
        menu->setToolTipsVisible(true);
        return;
    }
    // The lease token and status are the ones the operator is looking at: the dialog's
    // preview says so if the run has moved on since.
    auto *sub = new QMenu(title, menu);
    for (QAction *action :
         ActionDialog::actionsFor(*status, leaseExpired, true, sub, continuationQueued)) {
        const OperatorAction which = ActionDialog::actionOf(action);
        connect(action, &QAction::triggered, this,
                [this, which, runId, token, statusName, fromList, seenUpdatedAt] {
                    openAction(which, runId, token, statusName, fromList, seenUpdatedAt);
                });
        sub->addAction(action);
    }
    if (sub->isEmpty()) {
        delete sub;
        return;
    }
    menu->addMenu(sub);
}

void OperatorViews::addBulkActions(QMenu *menu) {
    const RunsView *runs = m_host->runsView();
    const QList<store::RunRow> rows = runs->selectedRows();
    QList<actions::SelectedRun> selected;
    for (const store::RunRow &row : rows)
        selected.append({row.id, row.leaseToken, row.status});
    const std::optional<store::RunFilter> filter =
        runs->model() ? std::optional(runs->model()->filter()) : std::nullopt;
    const store::AccessScope &access = m_session->access();
    struct Target {
        QString title;
        actions::BulkTarget target;
        QString refusal; // not empty: the grants do not cover every run, and why
    };
    QList<Target> targets;
    if (!selected.isEmpty()) {
        // The store refuses a batch with any run outside the operator grants: offered only
        // when every selected run is covered.
        const qsizetype outside = actions::ActionAvailability::outsideGrants(access, rows);
        targets.append(
            {selected.size() == 1
                 ? tr("1 run selected in the Runs list")
                 : tr("%1 runs selected in the Runs list").arg(QLocale().toString(selected.size())),
             actions::BulkTarget::selection(selected),
             outside == 0 ? QString()
                          : tr("Not offered: outside your operator grants (%1): %2 of %3 "
                               "selected runs. Select only runs you may act on.")
                                .arg(access.summary(), QLocale().toString(outside),
                                     QLocale().toString(selected.size()))});
    }
    if (filter) {
        // What the filter matches is what the login may read; it may read more than it may
        // act on (viewer grants), unless the filter keeps to an operator grant.
        const bool covered = access.mayOperateAllReadable(filter->workflow, filter->scope);
        targets.append({tr("Every run matching the Runs list's filter"),
                        actions::BulkTarget::matching(*filter),
                        covered ? QString()
                                : tr("Not offered: the filter may match runs outside your "
                                     "operator grants (%1). Filter by a workflow and scope "
                                     "you may act on.")
                                      .arg(access.summary())});
    }
    for (const auto &[title, target, refusal] : targets) {
        auto *sub = new QMenu(title, menu);
        if (!refusal.isEmpty()) {
            sub->addAction(refusal)->setEnabled(false);
            menu->addMenu(sub);
            continue;
        }
        for (const actions::ActionRow &row : actions::ActionCatalogue::rows()) {
            if (!row.bulk)
                continue;
            const OperatorAction action = row.action;
            QAction *item = sub->addAction(row.translatedTitle() + QStringLiteral("…"));
            connect(item, &QAction::triggered, this,
                    [this, action, target = target] { openBulk(action, target); });
        }
        menu->addMenu(sub);
    }
}

void OperatorViews::watchTable(QAbstractItemView *table) {
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table](const QPoint &at) {
        const QModelIndex index = table->indexAt(at);
        if (!index.isValid())
            return;
        QMenu menu;
        fillRowMenu(&menu, table, index);
        if (!menu.isEmpty())
            menu.exec(table->viewport()->mapToGlobal(at));
    });
}

void OperatorViews::fillRowMenu(QMenu *menu, const QAbstractItemView *table,
                                const QModelIndex &index) {
    if (!canOperate() || !index.isValid())
        return;
    const StuckView *stuck = m_details->stuck();
    // The run's workflow and scope (for the grants) come from the model's row of that run.
    if (table == stuck->table()) {
        const qint64 runId = index.data(models::StuckRunsModel::RunIdRole).toLongLong();
        const int row = stuck->model() ? stuck->model()->rowOfRun(runId) : -1;
        if (row < 0)
            return;
        const store::StuckRun &run = stuck->model()->rowAt(row);
        // Every stuck run is processing; the lease may still be live (too old only).
        addRunActions(menu, tr("Run %1").arg(runId), run.workflow, run.scope, runId,
                      index.data(models::StuckRunsModel::LeaseTokenRole).toLongLong(),
                      QStringLiteral("processing"),
                      index.data(models::StuckRunsModel::LeaseExpiredRole).toBool(), false, true,
                      index.data(models::StuckRunsModel::ProcessingSinceRole).toDateTime());
    } else if (table == m_details->correlation()->table()) {
        const models::CorrelationModel *correlation = m_details->correlation()->model();
        const qint64 runId = index.data(models::CorrelationModel::RunIdRole).toLongLong();
        const int row = correlation ? correlation->rowOfRun(runId) : -1;
        if (row < 0)
            return;
        const store::CorrelatedRun &run = correlation->rowAt(row);
        addRunActions(menu, tr("Run %1").arg(runId), run.workflow, run.scope, runId,
                      index.data(models::CorrelationModel::LeaseTokenRole).toLongLong(),
                      index.data(models::CorrelationModel::StatusNameRole).toString(), false,
                      false);
    } else if (table == m_review->table() && m_review->model()) {
        const qint64 runId = index.data(models::ReviewQueueModel::RunIdRole).toLongLong();
        const int row = m_review->model()->rowOfRun(runId);
        if (row < 0)
            return;
        const store::ReviewQueueRow &run = m_review->model()->rowAt(row);
        addRunActions(menu, tr("Run %1").arg(runId), run.workflow, run.scope, runId, run.leaseToken,
                      core::toString(core::RunStatus::ManualReview), false, run.continuationQueued);
    }
}

void OperatorViews::setBulkPollInterval(int milliseconds) {
    m_bulkPoll->setInterval(milliseconds);
}

void OperatorViews::showActiveBulk(const QList<store::BulkState> &operations) {
    if (operations.isEmpty()) {
        m_bulkLabel->hide();
        return;
    }
    QStringList lines;
    for (const store::BulkState &op : operations) {
        lines.append(
            tr("%1 by %2, %3: %4 of %5 done%6")
                .arg(BulkProgressText::title(op), op.requestedBy, op.status)
                .arg(op.applied + op.changed + op.failed)
                .arg(op.total)
                .arg(op.runner.isEmpty() ? QString() : tr(" (last batch by %1)").arg(op.runner)));
    }
    const QString text = operations.size() == 1
                             ? tr("Bulk: %1").arg(lines.constFirst())
                             : tr("Bulk: %1 operations active").arg(operations.size());
    if (canOperate()) {
        m_bulkLabel->setTextFormat(Qt::RichText);
        m_bulkLabel->setText(
            QStringLiteral("<a href=\"bulk\">%1</a>")
                .arg(
                    core::DisplayText::shown(text, core::DisplayText::LabelChars).toHtmlEscaped()));
    } else {
        m_bulkLabel->setTextFormat(Qt::PlainText);
        m_bulkLabel->setText(core::DisplayText::shown(text, core::DisplayText::LabelChars));
    }
    m_bulkLabel->setToolTip(SafeText::toolTip(
        lines.join(QLatin1Char('\n')) +
        (canOperate() ? QLatin1Char('\n') + tr("Click to follow, continue or abort one.")
                      : QString())));
    m_bulkLabel->show();
}

void OperatorViews::openAction(OperatorAction action, qint64 runId, qint64 token,
                               const QString &statusName, bool fromList,
                               const QDateTime &seenUpdatedAt) {
    if (!m_session)
        return;
    const std::optional<core::RunStatus> status = core::runStatusFromString(statusName);
    if (!status)
        return;
    // Modal: one decision at a time, and the preview it shows is what gets confirmed.
    ActionDialog dialog(m_session->connections(), action, runId, token, *status,
                        m_host->hostWidget());
    // A list row read from the standby may be behind the primary the preview reads.
    if (fromList && m_session->readsFromStandby())
        dialog.setSeenOnStandby(m_session->standbyLagText(), seenUpdatedAt);
    connect(&dialog, &ActionDialog::actionFinished, this, &OperatorViews::noteRefusal);
    dialog.exec();
}

void OperatorViews::addSettleActions(QMenu *menu, const QString &onlyStep) {
    const RunDetailView *detail = m_details->detail();
    if (!m_session || !detail->hasRun() || !detail->source())
        return;
    const std::optional<core::RunStatus> status = detail->status();
    if (!status || (*status != core::RunStatus::Failed && *status != core::RunStatus::ManualReview))
        return;
    const store::RunDetail &run = detail->detail();
    if (!actions::ActionAvailability::permits(m_session->access(), run.workflow, run.scope,
                                              nullptr))
        return;
    // Only a step whose outcome is unknown is settled here (actions::StepSettlement).
    for (const store::StepRow &step : detail->source()->snapshot().steps) {
        if (step.status != core::StepStatus::Uncertain ||
            (!onlyStep.isEmpty() && step.name != onlyStep))
            continue;
        QAction *action = menu->addAction(
            tr("Settle Step \"%1\"…")
                .arg(core::DisplayText::shown(step.name, core::DisplayText::LabelChars)));
        action->setObjectName(QStringLiteral("settleStepAction"));
        const qint64 runId = detail->runId();
        const qint64 token = detail->leaseToken();
        const core::RunStatus seen = *status;
        const QString name = step.name;
        connect(action, &QAction::triggered, this,
                [this, runId, name, token, seen] { openSettleStep(runId, name, token, seen); });
    }
}

SettleStepDialog *OperatorViews::openSettleStep(qint64 runId, const QString &step, qint64 token,
                                                core::RunStatus seenStatus) {
    if (!m_session)
        return nullptr;
    // Window-modal but not blocking: one decision at a time, and the preview it shows is what
    // gets confirmed.
    auto *dialog = new SettleStepDialog(m_session->connections(), runId, step, token, seenStatus,
                                        m_host->hostWidget());
    dialog->setObjectName(QStringLiteral("settleStepDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettleStepDialog::actionFinished, this, &OperatorViews::noteRefusal);
    dialog->open();
    return dialog;
}

void OperatorViews::openBulk(OperatorAction action, const actions::BulkTarget &target) {
    if (!m_session)
        return;
    // The bulk form and its resolution are the action's catalogue row; the menu offers only
    // actions that have a bulk form.
    const actions::ActionRow &row = actions::ActionCatalogue::row(action);
    if (!row.bulk)
        return;
    actions::BulkPlan plan;
    plan.action = *row.bulk;
    plan.resolution = row.resolution.value_or(store::ReviewResolution::Cancelled);
    plan.target = target;
    // Not modal: the operation runs in the background; the dialog shows its progress and
    // stays until the operator closes it after the report.
    auto *dialog = new BulkActionDialog(m_session->connections(), plan, m_host->hostWidget());
    connect(dialog, &BulkActionDialog::finished, dialog,
            [dialog] { dialog->setAttribute(Qt::WA_DeleteOnClose); });
    m_bulkDialogs.append(dialog);
    dialog->show();
}

void OperatorViews::attach(StoreSession *session) {
    detach();
    m_session = session;
    // The lists may read a standby; previews, actions and bulk work use the primary.
    models::ReviewQueueModel *review = session->reviewQueue();
    m_review->setModel(review);
    m_review->setActionSource(session->connections(), canOperate());
    // The Review tab's buttons act on its current run: follow it (after the view's own
    // handlers, which this then corrects).
    connect(m_review->table()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &OperatorViews::updateReviewActions);
    connect(review, &QAbstractItemModel::rowsRemoved, this, &OperatorViews::updateReviewActions);
    connect(review, &QAbstractItemModel::rowsInserted, this, &OperatorViews::updateReviewActions);
    connect(review, &QAbstractItemModel::dataChanged, this, &OperatorViews::updateReviewActions);
    connect(review, &models::ReviewQueueModel::refreshed, this,
            &OperatorViews::updateReviewActions);
    if (session->readsFromStandby())
        m_review->setStandbyLag([session] { return session->standbyLagText(); });
    m_audit->setModel(session->auditLog());
    m_audit->setChainRunner(session->auditChain());
    connect(session->bulkWatcher(), &actions::BulkRunner::activeOperations, this,
            [this](const QList<store::BulkState> &operations) {
                // The dialog, while shown, feeds the status bar itself (operationsShown).
                const QWidget *dialog = m_operationsDialog.data();
                if (dialog == nullptr || dialog->isHidden())
                    showActiveBulk(operations);
            });
    session->bulkWatcher()->requestActiveOperations();
    m_bulkPoll->start();
}

void OperatorViews::updateReviewActions() {
    const models::ReviewQueueModel *review = m_review->model();
    if (!m_session || !review)
        return;
    bool permitted = canOperate();
    const QModelIndex current = m_review->table()->currentIndex();
    if (permitted && current.isValid()) {
        const int row =
            review->rowOfRun(current.data(models::ReviewQueueModel::RunIdRole).toLongLong());
        if (row >= 0) {
            const store::ReviewQueueRow &run = review->rowAt(row);
            permitted = m_session->access().mayOperate(run.workflow, run.scope);
        }
    }
    m_review->setActionSource(m_session->connections(), permitted);
}

void OperatorViews::noteRefusal(const actions::ActionResult &result) {
    if (result.errorKind != store::StoreErrorKind::PermissionDenied || !m_session)
        return;
    m_host->showStatusMessage(
        tr("The store refused %1 on run %2: the grants of %3 (%4) do not cover it. Nothing was "
           "done.")
            .arg(OperatorActionText::title(result.intent.action))
            .arg(result.intent.runId)
            .arg(m_session->report().currentUser, m_session->access().summary()));
}

void OperatorViews::detach() {
    // Bulk dialogs work on this store's connections: close them with it. An operation still
    // running stays so in the store: its pending items are applied by whichever console steps
    // it next (BulkRunner::attach), never twice.
    for (const QPointer<BulkActionDialog> &dialog : std::as_const(m_bulkDialogs))
        delete dialog.data();
    m_bulkDialogs.clear();
    delete m_operationsDialog.data();
    // The session's models outlive this call (they go with the session): stop following them.
    if (m_session) {
        disconnect(m_session->reviewQueue(), nullptr, this, nullptr);
        disconnect(m_session->bulkWatcher(), nullptr, this, nullptr);
    }
    m_review->setModel(nullptr);
    m_review->setActionSource({}, false);
    m_review->setStandbyLag({});
    m_audit->setModel(nullptr);
    m_audit->setChainRunner(nullptr);
    m_bulkPoll->stop();
    m_bulkLabel->hide();
    m_session = nullptr;
}

} // namespace dedup::widgets
