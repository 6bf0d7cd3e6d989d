#pragma once

#include "actions/WorkflowPauseSender.h"
#include "store/WorkflowPause.h"

#include <QDialog>
#include <QList>

#include <memory>
#include <optional>

class QPushButton;

namespace Ui {
class PauseWorkflowDialog;
}

namespace dedup::widgets {

using actions::WorkflowPauseAnswer;
using actions::WorkflowPauseRequest;
using actions::WorkflowPauseSender;

class StoreConnections;

// Pauses or resumes one workflow (docs/CONSOLE.md "Workflows"): the workflow is fixed (the
// one selected in the Workflows view). Pausing asks for an optional scope prefix (empty:
// every scope), whether runs in flight stop before their next step, the retry-after hint
// workers get, and a reason; resuming asks which of the workflow's pauses to lift and a
// reason. The dialog says in words what will happen before anything is sent.
//
// Safety as in the run actions' dialogs: OK stays disabled while the reason is blank; the
// confirmed request gets one action key, and "Send Again" after a lost connection (outcome
// unknown) resends that same request, which the store applies at most once. A refusal (the
// grants do not cover the workflow and prefix, DD010) is shown and changes nothing.
class PauseWorkflowDialog : public QDialog {
    Q_OBJECT

public:
    using Kind = WorkflowPauseRequest::Kind;

    // `pauses`: the workflow's pauses as the view showed them (a resume lifts one of them).
    // `defaultPrefix`: the scope prefix a pause starts with (the login's operator grant, when
    // it may not pause every scope).
    PauseWorkflowDialog(const StoreConnections &connections, Kind kind, const QString &workflow,
                        const QList<store::WorkflowPause> &pauses,
                        const QString &defaultPrefix = {}, QWidget *parent = nullptr);
    ~PauseWorkflowDialog() override;

    Kind kind() const { return m_kind; }
    QString workflow() const { return m_workflow; }
    void setScopePrefix(const QString &prefix);
    QString scopePrefix() const;
    void setStopSteps(bool stop);
    void setRetryAfterSeconds(int seconds);
    void setReason(const QString &reason);
    // What will happen, as the dialog says it now.
    QString effectText() const;
    QString resultText() const;
    QPushButton *okButton() const;
    // The store's answer (or why there is none) to the last send.
    const std::optional<WorkflowPauseAnswer> &answer() const { return m_answer; }
    bool isSending() const { return m_sendId != 0; }
    // Sends the request (its resends after a lost connection follow its retry policy).
    WorkflowPauseSender *sender() const { return m_sender; }

signals:
    // Every answer, applied or not (the view re-reads, and says a refusal in the status bar).
    void answered(const dedup::actions::WorkflowPauseAnswer &answer);

private:
    void init(const QList<store::WorkflowPause> &pauses, const QString &defaultPrefix);
    void confirm();
    void onFinished(int requestId, const WorkflowPauseAnswer &answer);
    QString answerText(const WorkflowPauseAnswer &answer) const;
    void updateState();

    std::unique_ptr<Ui::PauseWorkflowDialog> m_ui;
    WorkflowPauseSender *m_sender;
    Kind m_kind;
    QString m_workflow;
    std::optional<WorkflowPauseRequest> m_request; // the confirmed request, kept for a resend
    std::optional<WorkflowPauseAnswer> m_answer;
    int m_sendId = 0;
    bool m_done = false;
};

} // namespace dedup::widgets
