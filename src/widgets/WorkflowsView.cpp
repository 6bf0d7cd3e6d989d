#include "widgets/WorkflowsView.h"

#include "models/WorkflowOverviewLoader.h"
#include "models/WorkflowsModel.h"
#include "ui_WorkflowsView.h"
#include "widgets/ColumnWidth.h"
#include "widgets/ListTableFrame.h"
#include "widgets/PauseWorkflowDialog.h"
#include "widgets/ViewAction.h"

#include <QAction>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLocale>

namespace dedup::widgets {

using models::WorkflowsModel;

WorkflowsView::WorkflowsView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::WorkflowsView>()) {
    m_ui->setupUi(this);
    m_frame = new ListTableFrame(m_ui->table, 0, this);
    setFocusProxy(m_ui->table);
    m_frame->setRowHeight(3, 2);
    m_frame->setBusyIndicator(m_ui->busyIndicator);
    m_frame->setErrorRow(m_ui->errorRow, m_ui->errorIcon, m_ui->errorLabel);
    QFont bold = m_ui->summaryLabel->font();
    bold.setBold(true);
    m_ui->summaryLabel->setFont(bold);
    createActions();
    connect(m_ui->table, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex &) {
        // The usual thing to do to a workflow from here: lift its pause, else pause it.
        if (m_resume->isEnabled())
            openResume();
        else if (m_pause->isEnabled())
            openPause();
    });
    updateActions();
    updateStatusRow();
    updateEmptyState();
}

WorkflowsView::~WorkflowsView() {
    setModel(nullptr, nullptr);
}

void WorkflowsView::createActions() {
    m_refresh = makeViewAction(this, QStringLiteral("actionRefreshWorkflows"), tr("&Refresh"),
                               {QKeySequence(Qt::Key_F5)}, QStringLiteral("view-refresh"));
    m_cancel =
        makeViewAction(this, QStringLiteral("actionCancelWorkflowsLoading"), tr("&Cancel Loading"),
                       {QKeySequence(Qt::Key_Escape)}, QStringLiteral("process-stop"));
    m_pause = makeViewAction(this, QStringLiteral("actionPauseWorkflow"), tr("&Pause…"),
                             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)},
                             QStringLiteral("media-playback-pause"));
    m_resume = makeViewAction(this, QStringLiteral("actionResumeWorkflow"), tr("R&esume…"),
                              {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)},
                              QStringLiteral("media-playback-start"));
    connect(m_refresh, &QAction::triggered, this, &WorkflowsView::refresh);
    connect(m_cancel, &QAction::triggered, this, &WorkflowsView::cancelLoading);
    connect(m_pause, &QAction::triggered, this, [this] { openPause(); });
    connect(m_resume, &QAction::triggered, this, [this] { openResume(); });
    const struct {
        QToolButton *button;
        QAction *action;
    } buttons[] = {{m_ui->pauseButton, m_pause},
                   {m_ui->resumeButton, m_resume},
                   {m_ui->refreshButton, m_refresh}};
    for (const auto &[button, action] : buttons) {
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }
}

QList<QAction *> WorkflowsView::viewActions() const {
    return {m_refresh, m_cancel, m_pause, m_resume};
}

QTableView *WorkflowsView::table() const {
    return m_ui->table;
}

void WorkflowsView::setModel(WorkflowsModel *model, models::WorkflowOverviewLoader *loader) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    if (m_loader)
        disconnect(m_loader, nullptr, this, nullptr);
    m_model = model;
    m_loader = loader;
    m_frame->setModel(model);
    m_frame->hideError();
    if (model) {
        QHeaderView *header = m_ui->table->horizontalHeader();
        fitColumnTo(header, WorkflowsModel::WorkflowColumn, QString(24, QLatin1Char('n')));
        for (int column = WorkflowsModel::ProcessingColumn; column < WorkflowsModel::ColumnCount;
             ++column)
            fitColumnTo(header, column, QStringLiteral("000,000"));
        // The state says the most (scope, since, by whom, why): it takes the room left.
        header->setSectionResizeMode(WorkflowsModel::StateColumn, QHeaderView::Stretch);
        connect(model, &QObject::destroyed, this, [this] {
            m_model = nullptr;
            setModel(nullptr, nullptr);
        });
        connect(m_ui->table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &WorkflowsView::updateActions);
        for (const auto signal :
             {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(model, signal, this, [this] {
                updateActions();
                updateStatusRow();
                updateEmptyState();
            });
        connect(model, &QAbstractItemModel::dataChanged, this, [this] {
            updateActions();
            updateStatusRow();
        });
    }
    if (loader) {
        connect(loader, &models::WorkflowOverviewLoader::loadingChanged, this, [this] {
            updateStatusRow();
            updateEmptyState();
        });
        connect(loader, &models::WorkflowOverviewLoader::loaded, this, [this] {
            m_frame->hideError();
            updateStatusRow();
            updateEmptyState();
        });
        connect(loader, &models::WorkflowOverviewLoader::errorOccurred, this,
                [this](const QString &message) {
                    m_frame->showError(message);
                    updateEmptyState();
                });
    }
    updateActions();
    updateStatusRow();
    updateEmptyState();
}

void WorkflowsView::setActionSource(const StoreConnections &connections,
                                    const store::AccessScope &access) {
    m_connections = connections;
    m_access = access;
    updateActions();
}

QString WorkflowsView::currentWorkflow() const {
    const QModelIndex current = m_ui->table->currentIndex();
    return current.isValid() ? current.data(WorkflowsModel::WorkflowRole).toString() : QString();
}

bool WorkflowsView::selectWorkflow(const QString &workflow) {
    const int row = m_model ? m_model->rowOfWorkflow(workflow) : -1;
    if (row < 0)
        return false;
    m_ui->table->selectRow(row);
    m_ui->table->setCurrentIndex(m_model->index(row, WorkflowsModel::WorkflowColumn));
    return true;
}

QStringList WorkflowsView::operatorPrefixes(const QString &workflow) const {
    if (m_connections.isEmpty() || workflow.isEmpty())
        return {};
    if (m_access.isOwner())
        return {QString()};
    // The store's rule (dedup._may): a grant covers the workflow when it names none or this
    // one; a pause's prefix must start with the grant's prefix.
    QStringList prefixes;
    for (const store::AccessGrant &grant : m_access.grants()) {
        if (grant.capability != store::AccessScope::Operator ||
            (grant.workflow && *grant.workflow != workflow))
            continue;
        const QString prefix = grant.scopePrefix.value_or(QString());
        if (prefix.isEmpty())
            return {QString()};
        if (!prefixes.contains(prefix))
            prefixes.append(prefix);
    }
    return prefixes;
}

void WorkflowsView::updateActions() {
    const QString workflow = currentWorkflow();
    const int row = m_model && !workflow.isEmpty() ? m_model->rowOfWorkflow(workflow) : -1;
    const QStringList prefixes = operatorPrefixes(workflow);
    bool resumable = false;
    if (row >= 0) {
        for (const store::WorkflowPause &pause : m_model->workflowAt(row).pauses)
            resumable = resumable || m_access.mayOperate(workflow, pause.scopePrefix);
    }
    const bool paused = row >= 0 && m_model->workflowAt(row).paused();
    m_pause->setEnabled(!prefixes.isEmpty());
    m_resume->setEnabled(resumable);
    const QString noGrant =
        tr("Your operator grants (%1) do not cover this workflow.").arg(m_access.summary());
    if (m_connections.isEmpty()) {
        m_pause->setToolTip(tr("Not connected to a store."));
        m_resume->setToolTip(m_pause->toolTip());
    } else if (workflow.isEmpty()) {
        m_pause->setToolTip(tr("Select a workflow first."));
        m_resume->setToolTip(m_pause->toolTip());
    } else {
        m_pause->setToolTip(prefixes.isEmpty()
                                ? noGrant
                                : tr("Stop workers from starting new runs of the selected "
                                     "workflow (Ctrl+Shift+P)"));
        m_resume->setToolTip(!paused ? tr("The selected workflow is not paused.")
                             : resumable
                                 ? tr("Lift a pause of the selected workflow (Ctrl+Shift+R)")
                                 : noGrant);
    }
}

PauseWorkflowDialog *WorkflowsView::openPause() {
    return openDialog(true);
}

PauseWorkflowDialog *WorkflowsView::openResume() {
    return openDialog(false);
}

PauseWorkflowDialog *WorkflowsView::openDialog(bool pause) {
    updateActions();
    const QString workflow = currentWorkflow();
    const int row = m_model ? m_model->rowOfWorkflow(workflow) : -1;
    if (!(pause ? m_pause : m_resume)->isEnabled() || row < 0)
        return nullptr;
    // A resume offers the pauses the grants cover; a pause starts with the widest prefix the
    // grants allow (every scope when they can).
    QList<store::WorkflowPause> pauses;
    for (const store::WorkflowPause &p : m_model->workflowAt(row).pauses) {
        if (m_access.mayOperate(workflow, p.scopePrefix))
            pauses.append(p);
    }
    const QStringList prefixes = operatorPrefixes(workflow);
    auto *dialog = new PauseWorkflowDialog(
        m_connections, pause ? PauseWorkflowDialog::Kind::Pause : PauseWorkflowDialog::Kind::Resume,
        workflow, pauses, prefixes.value(0), this);
    dialog->setObjectName(QStringLiteral("pauseWorkflowDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PauseWorkflowDialog::answered, this,
            [this, workflow](const WorkflowPauseAnswer &answer) { onAnswered(workflow, answer); });
    dialog->open();
    return dialog;
}

void WorkflowsView::onAnswered(const QString &workflow, const WorkflowPauseAnswer &answer) {
    // Whatever the answer, the table and the banner show the store as it is now.
    if (m_loader)
        m_loader->refresh();
    if (answer.errorKind == store::StoreErrorKind::PermissionDenied) {
        emit actionRefused(tr("The store refused to pause or resume %1: your operator grants "
                              "(%2) do not cover it. Nothing was done.")
                               .arg(workflow, m_access.summary()));
    }
}

void WorkflowsView::refresh() {
    if (m_loader)
        m_loader->refresh();
}

void WorkflowsView::cancelLoading() {
    if (m_loader && m_loader->isLoading())
        m_loader->cancel();
}

QString WorkflowsView::summaryText() const {
    if (!m_model || !m_loader || !m_loader->hasOverview())
        return {};
    int paused = 0;
    for (int row = 0; row < m_model->rowCount(); ++row)
        paused += m_model->workflowAt(row).paused() ? 1 : 0;
    const int count = m_model->rowCount();
    const QString workflows =
        count == 1 ? tr("1 workflow") : tr("%1 workflows").arg(QLocale().toString(count));
    return paused == 0 ? tr("%1, none paused").arg(workflows)
                       : tr("%1, %2 paused").arg(workflows).arg(paused);
}

void WorkflowsView::updateStatusRow() {
    m_ui->summaryLabel->setText(summaryText());
    const bool loading = m_loader && m_loader->isLoading();
    m_frame->setBusy(loading);
    m_cancel->setEnabled(loading);
    m_refresh->setEnabled(m_loader);
}

void WorkflowsView::updateEmptyState() {
    QString text;
    if (!m_model || !m_loader)
        text = tr("Not connected to a store.");
    else if (m_model->rowCount() > 0 || m_frame->isErrorShown())
        text.clear();
    else if (!m_loader->hasOverview())
        text = tr("Reading the workflows…");
    else
        text = tr("No workflows: the store holds no runs, settings or pauses you may see.");
    m_frame->setEmptyText(text);
}

void WorkflowsView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::StyleChange)
        refreshViewActionIcons(viewActions());
}

} // namespace dedup::widgets
