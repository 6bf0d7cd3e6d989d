#pragma once

#include "actions/WorkflowPauseSender.h"
#include "models/WorkflowOverviewLoader.h"
#include "models/WorkflowsModel.h"
#include "store/AccessScope.h"
#include "widgets/StoreConnections.h"

#include <QWidget>

#include <memory>

class QAction;
class QTableView;

namespace Ui {
class WorkflowsView;
}

namespace dedup::widgets {

using actions::WorkflowPauseAnswer;
using actions::WorkflowPauseRequest;
using actions::WorkflowPauseSender;

class ListTableFrame;
class PauseWorkflowDialog;

// The Workflows tab (docs/CONSOLE.md "Workflows"): every workflow the login can read with its
// state (running, or paused: scope, since, by whom, why, whether runs stop before their next
// step), its processing, stuck, failed and in-review runs and the runs created in the last
// hour (WorkflowsModel, fed by the session's WorkflowOverviewLoader), and the operator's
// Pause… and Resume… on the selected workflow (PauseWorkflowDialog).
//
// Pause… and Resume… are offered as the login's grants allow (StoreSession::access(), read
// from dedup.my_access()): Pause… when an operator grant covers the workflow (for every scope
// or a prefix of them), Resume… when the workflow is paused and a grant covers one of its
// pauses; disabled otherwise, with why in the tooltip. The store checks again; a refusal is
// shown in the dialog and by actionRefused().
//
// Actions (shortcuts while the focus is in the view): refresh (F5), cancel loading (Esc),
// pause (Ctrl+Shift+P), resume (Ctrl+Shift+R).
class WorkflowsView : public QWidget {
    Q_OBJECT

public:
    explicit WorkflowsView(QWidget *parent = nullptr);
    ~WorkflowsView() override;

    // Shows `model` over `loader` (neither owned; nullptr for none).
    void setModel(models::WorkflowsModel *model, models::WorkflowOverviewLoader *loader);
    models::WorkflowsModel *model() const { return m_model; }
    // Where pauses and resumes are sent, and what the login may do (empty `connections`:
    // nothing is offered).
    void setActionSource(const StoreConnections &connections, const store::AccessScope &access);

    QTableView *table() const;
    QList<QAction *> viewActions() const;
    QAction *pauseAction() const { return m_pause; }
    QAction *resumeAction() const { return m_resume; }
    // "4 workflows, 1 paused"; empty before the first read.
    QString summaryText() const;
    // The workflow under the current index, empty when none.
    QString currentWorkflow() const;
    bool selectWorkflow(const QString &workflow);

    // Opens the dialog for the current workflow (window-modal, deleted on close); nullptr
    // when the action is not offered.
    PauseWorkflowDialog *openPause();
    PauseWorkflowDialog *openResume();

public slots:
    void refresh();
    void cancelLoading();

signals:
    // The store refused a pause or resume: a line for the window's status bar.
    void actionRefused(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    PauseWorkflowDialog *openDialog(bool pause);
    void onAnswered(const QString &workflow, const WorkflowPauseAnswer &answer);
    void updateActions();
    void updateStatusRow();
    void updateEmptyState();
    // The scope prefixes the login's operator grants cover in `workflow` ('' for every scope).
    QStringList operatorPrefixes(const QString &workflow) const;

    std::unique_ptr<Ui::WorkflowsView> m_ui;
    // Not owned: the session's, handed back (setModel(nullptr, nullptr)) before it goes.
    models::WorkflowsModel *m_model = nullptr;
    models::WorkflowOverviewLoader *m_loader = nullptr;
    StoreConnections m_connections;
    store::AccessScope m_access;
    ListTableFrame *m_frame = nullptr;
    QAction *m_refresh = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_resume = nullptr;
};

} // namespace dedup::widgets
