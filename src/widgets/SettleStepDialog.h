#pragma once

#include "actions/ActionIntent.h"
#include "actions/ActionPreview.h"
#include "actions/ActionResult.h"
#include "actions/StepSettlement.h"
#include "core/RunStatus.h"

#include <QDialog>

#include <memory>
#include <optional>

class QPushButton;
class QRadioButton;

namespace Ui {
class SettleStepDialog;
}

namespace dedup::actions {
class ActionExecutor;
class ActionPreviewLoader;
} // namespace dedup::actions

namespace dedup::widgets {

class StoreConnections;

// Settles one step whose outcome is unknown (docs/CONSOLE.md "Settling an uncertain step"):
// shows what was sent (the step, its downstream key, the attempt, when it began, the error),
// and lets the operator answer "it happened" (with the provider's reference), "it did not
// happen" (a continuation runs it again) or "escalate" (to review, or to someone in review),
// with a reason. Each answer is one audited operator action (actions::StepSettlement), with
// the impact preview of ActionDialog: what changes, and why it cannot be sent yet.
//
// Safety as in ActionDialog: nothing is preselected; the answer can be sent only when the
// preview read since the last change of answer allows it and the reason is not blank; a run
// that changed since the operator looked blocks until "Look Again"; a confirmed intent keeps
// its action key for a resend after an error.
class SettleStepDialog : public QDialog {
    Q_OBJECT

public:
    SettleStepDialog(const StoreConnections &connections, qint64 runId, const QString &step,
                     qint64 seenToken, core::RunStatus seenStatus, QWidget *parent = nullptr);
    // Uses the caller's loader and executor (not owned; they must outlive the dialog).
    SettleStepDialog(actions::ActionPreviewLoader *loader, actions::ActionExecutor *executor,
                     qint64 runId, const QString &step, qint64 seenToken,
                     core::RunStatus seenStatus, QWidget *parent = nullptr);
    ~SettleStepDialog() override;

    qint64 runId() const { return m_runId; }
    QString step() const { return m_step; }
    std::optional<actions::SettleChoice> choice() const { return m_choice; }
    void choose(actions::SettleChoice choice);
    void setReason(const QString &reason);
    void setReference(const QString &reference);
    void setAssignee(const QString &assignee);

    const std::optional<actions::ActionPreview> &preview() const { return m_preview; }
    const std::optional<actions::ActionResult> &result() const { return m_result; }
    // Why the chosen answer cannot be sent now (empty when it can, or when none is chosen).
    QString blockedText() const;
    bool isLoading() const { return m_loadId != 0; }
    QPushButton *okButton() const;
    QRadioButton *radio(actions::SettleChoice choice) const;

public slots:
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
    void showStep();
    void updateButtons();

    std::unique_ptr<Ui::SettleStepDialog> m_ui;
    actions::ActionPreviewLoader *m_loader = nullptr;
    actions::ActionExecutor *m_executor = nullptr;
    qint64 m_runId = 0;
    QString m_step;
    qint64 m_seenToken = 0;
    core::RunStatus m_seenStatus = core::RunStatus::Failed;
    std::optional<actions::SettleChoice> m_choice;
    std::optional<actions::ActionPreview> m_preview;
    std::optional<actions::ActionResult> m_result;
    std::optional<actions::ActionIntent> m_intent;
    int m_loadId = 0;
    int m_sendId = 0;
    bool m_done = false;
    bool m_lookingAgain = false;
};

} // namespace dedup::widgets
