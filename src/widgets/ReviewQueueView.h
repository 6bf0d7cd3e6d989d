#pragma once

#include "actions/OperatorAction.h"
#include "core/DedupLink.h"
#include "widgets/StoreConnections.h"

#include <QWidget>

#include <functional>
#include <memory>

class QTableView;

namespace Ui {
class ReviewQueueView;
}

namespace dedup::actions {
struct ActionResult;
}
namespace dedup::models {
class ReviewQueueModel;
} // namespace dedup::models

namespace dedup::widgets {

class ActionDialog;
class ListTableFrame;

// The manual review queue (docs/CONSOLE.md "Manual review queue"): runs in manual_review, oldest
// review first, with reason, age and assignee, filtered like the runs list (workflow, scope,
// key prefix, assigned to me / unassigned / anyone). Assign to me, Note and Resolve open an
// ActionDialog (impact preview, reason, one action key) for the current run; they are
// hidden in read-only mode.
class ReviewQueueView : public QWidget {
    Q_OBJECT

public:
    explicit ReviewQueueView(QWidget *parent = nullptr);
    ~ReviewQueueView() override;

    // Shows `model` (not owned; pass nullptr before it is destroyed) with the bar's filter.
    void setModel(models::ReviewQueueModel *model);
    models::ReviewQueueModel *model() const { return m_model; }
    // What makes the action dialogs' loaders and executors (the session's connections())
    // and whether the role may act (dedup_operator); without it no action is offered.
    void setActionSource(const StoreConnections &connections, bool canOperate);
    // The queue reads a standby (docs/SCALING.md section 1): `lagText` gives the standby's lag as
    // the status bar shows it, for the action dialog's "changed since you looked" (empty function:
    // no standby).
    void setStandbyLag(std::function<QString()> lagText) { m_standbyLag = std::move(lagText); }
    QTableView *table() const;
    qint64 currentRunId() const;
    // The filter a dedup:// link may carry (workflow, scope, assignee) into `link`; never the
    // key prefix, which is patient data (hasKeyPrefix() says whether one is left out).
    void writeLink(core::DedupLink &link) const;
    // Shows a link's filter: its criteria, the key prefix cleared; applies it once.
    void showLink(const core::DedupLink &link);
    bool hasKeyPrefix() const;

    // Opens the dialog for `action` on the current run (non-modal, deleted when closed);
    // nullptr when there is no current run or no action source.
    ActionDialog *openAction(actions::OperatorAction action);

public slots:
    void applyFilter();

signals:
    void runActivated(qint64 runId);
    // An action sent from one of this view's dialogs was answered.
    void actionFinished(const dedup::actions::ActionResult &result);

private:
    void updateButtons();
    void updateCount();

    std::unique_ptr<Ui::ReviewQueueView> m_ui;
    ListTableFrame *m_frame = nullptr; // the table's set-up and error line
    models::ReviewQueueModel *m_model = nullptr;
    StoreConnections m_connections;
    bool m_canOperate = false;
    std::function<QString()> m_standbyLag;
};

} // namespace dedup::widgets
