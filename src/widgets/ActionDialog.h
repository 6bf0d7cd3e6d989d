#pragma once

#include "actions/ActionIntent.h"
#include "actions/ActionPreview.h"
#include "actions/ActionResult.h"
#include "actions/OperatorAction.h"
#include "core/RunStatus.h"

#include <QDialog>
#include <QList>

#include <memory>
#include <optional>

class QAction;
class QPushButton;

namespace Ui {
class ActionDialog;
}

namespace dedup::actions {
class ActionExecutor;
class ActionPreviewLoader;
} // namespace dedup::actions

namespace dedup::widgets {

class StoreConnections;

// One operator action on one run (docs/CONSOLE.md "Actions", issue 6 "Impact preview"): reads the
// impact preview in the background, shows what will change (status before → after, the
// continuation's steps with a warning for every step whose side effect may already have
// happened), asks for a reason and the action's own inputs, and sends the confirmed intent
// through ActionExecutor.
//
// Safety: OK stays disabled until the preview says the action can be confirmed and the
// reason is not blank. When the run changed since the operator looked at it, nothing can be
// sent until "Look again" read it anew. A confirmed intent gets one action key; the button
// is disabled while it is in flight, and sending it again after an error resends the same
// key, so the server applies it at most once.
//
// The dialog stays open after the answer to show it (applied / changed / error); the
// outcome is also emitted as actionFinished(). actionsFor() offers only the actions whose
// catalogue row is in the run menu (a step is settled from the run's steps instead).
class ActionDialog : public QDialog {
    Q_OBJECT

public:
    // Owns its own loader and executor, each on its own connection, made by `connections`
    // (the session's: previews and actions read the primary).
    ActionDialog(const StoreConnections &connections, actions::OperatorAction action, qint64 runId,
                 qint64 seenToken, core::RunStatus seenStatus, QWidget *parent = nullptr);
    // Uses the caller's loader and executor (not owned; they must outlive the dialog).
    ActionDialog(actions::ActionPreviewLoader *loader, actions::ActionExecutor *executor,
                 actions::OperatorAction action, qint64 runId, qint64 seenToken,
                 core::RunStatus seenStatus, QWidget *parent = nullptr);
    ~ActionDialog() override;

    // The menu actions for a run in this state, in OperatorActionText::all() order; none
    // when the login's grants do not let it operate on the run (canOperate false) or for
    // finished runs. Each QAction's data()
    // is the OperatorAction (QVariant::fromValue); the caller connects triggered() and opens
    // an ActionDialog for it.
    static QList<QAction *> actionsFor(core::RunStatus status, bool leaseExpired, bool canOperate,
                                       QObject *parent, bool continuationQueued = false);
    static actions::OperatorAction actionOf(const QAction *action);

    actions::OperatorAction action() const { return m_request.action; }
    qint64 runId() const { return m_request.runId; }
    // Prefills the assignee (e.g. "me" for Assign to me).
    void setAssignee(const QString &assignee);
    void setReason(const QString &reason);
    void setNote(const QString &note);
    // The run was seen in a list read from a standby (docs/SCALING.md section 1): the preview,
    // read from the primary, explains a difference with `standbyLag` (the status bar's words) and
    // blocks until "Look again". `seenUpdatedAt` (the row's updated_at, when the list has it) is
    // compared too. Call before the dialog is shown.
    void setSeenOnStandby(const QString &standbyLag, const QDateTime &seenUpdatedAt = {});

    // The preview shown (nullopt while the first one loads or when it failed).
    const std::optional<actions::ActionPreview> &preview() const { return m_preview; }
    // The last answer (nullopt before one came).
    const std::optional<actions::ActionResult> &result() const { return m_result; }
    bool isLoading() const { return m_loadId != 0; }
    bool isSending() const { return m_sendId != 0; }
    QPushButton *okButton() const;
    QPushButton *lookAgainButton() const;

public slots:
    // Reads the run as it is now and takes its state as what the operator saw.
    void lookAgain();

signals:
    void previewLoaded();
    void actionFinished(const dedup::actions::ActionResult &result);

private:
    void init();
    void load();
    void confirm();
    void onLoaded(int requestId, const actions::ActionPreview &preview);
    void onLoadFailed(int requestId, const QString &message);
    void onFinished(int requestId, const actions::ActionResult &result);
    void showPreview();
    void fillSteps();
    void updateInputs();
    void updateButtons();

    std::unique_ptr<Ui::ActionDialog> m_ui;
    actions::ActionPreviewLoader *m_loader = nullptr;
    actions::ActionExecutor *m_executor = nullptr;
    actions::PreviewRequest m_request;
    std::optional<actions::ActionPreview> m_preview;
    std::optional<actions::ActionResult> m_result;
    std::optional<actions::ActionIntent> m_intent; // confirmed; resent as is after an error
    int m_loadId = 0;
    int m_sendId = 0;
    bool m_done = false;         // applied: nothing more to send
    bool m_lookingAgain = false; // adopt the state the next preview reads
};

} // namespace dedup::widgets
