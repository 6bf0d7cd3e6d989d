#include "widgets/PauseWorkflowDialog.h"

#include "core/DisplayText.h"
#include "models/PauseText.h"
#include "store/OperatorActions.h"
#include "ui_PauseWorkflowDialog.h"
#include "widgets/SafeText.h"
#include "widgets/StoreConnections.h"

#include <QPushButton>

namespace dedup::widgets {

using core::DisplayText;
using models::PauseText;
using store::StoreErrorKind;

PauseWorkflowDialog::PauseWorkflowDialog(const StoreConnections &connections, Kind kind,
                                         const QString &workflow,
                                         const QList<store::WorkflowPause> &pauses,
                                         const QString &defaultPrefix, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PauseWorkflowDialog>())
    , m_sender(connections.makeWorkflowPauseSender(this))
    , m_kind(kind)
    , m_workflow(workflow) {
    init(pauses, defaultPrefix);
}

PauseWorkflowDialog::~PauseWorkflowDialog() = default;

void PauseWorkflowDialog::init(const QList<store::WorkflowPause> &pauses,
                               const QString &defaultPrefix) {
    m_ui->setupUi(this);
    const bool pause = m_kind == Kind::Pause;
    const QString shown = DisplayText::shown(m_workflow, 60);
    setWindowTitle(pause ? tr("Pause Workflow %1").arg(shown)
                         : tr("Resume Workflow %1").arg(shown));
    for (QLabel *label : {m_ui->effectLabel, m_ui->resultLabel})
        label->setTextFormat(Qt::PlainText);
    SafeText::setValue(m_ui->workflowValue, m_workflow, {}, 100);
    // Pausing: a prefix typed freely; resuming: one of the pauses the view showed.
    m_ui->scopeEdit->setVisible(pause);
    m_ui->pauseCombo->setVisible(!pause);
    m_ui->scopeLabel->setBuddy(pause ? static_cast<QWidget *>(m_ui->scopeEdit)
                                     : static_cast<QWidget *>(m_ui->pauseCombo));
    m_ui->stopStepsCheck->setVisible(pause);
    m_ui->retryLabel->setVisible(pause);
    m_ui->retrySpin->setVisible(pause);
    m_ui->retrySpin->setSuffix(tr(" s"));
    if (pause) {
        m_ui->scopeEdit->setText(defaultPrefix);
    } else {
        for (const store::WorkflowPause &p : pauses)
            m_ui->pauseCombo->addItem(PauseText::scope(p.scopePrefix), p.scopePrefix);
    }
    okButton()->setText(pause ? tr("Pause") : tr("Resume"));

    connect(m_sender, &WorkflowPauseSender::finished, this, &PauseWorkflowDialog::onFinished);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &PauseWorkflowDialog::confirm);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->scopeEdit, &QLineEdit::textChanged, this, &PauseWorkflowDialog::updateState);
    connect(m_ui->reasonEdit, &QLineEdit::textChanged, this, &PauseWorkflowDialog::updateState);
    connect(m_ui->stopStepsCheck, &QCheckBox::toggled, this, &PauseWorkflowDialog::updateState);
    connect(m_ui->pauseCombo, &QComboBox::currentIndexChanged, this,
            &PauseWorkflowDialog::updateState);
    m_ui->reasonEdit->setFocus();
    updateState();
}

QPushButton *PauseWorkflowDialog::okButton() const {
    return m_ui->buttonBox->button(QDialogButtonBox::Ok);
}

void PauseWorkflowDialog::setScopePrefix(const QString &prefix) {
    if (m_kind == Kind::Pause) {
        m_ui->scopeEdit->setText(prefix);
        return;
    }
    const int index = m_ui->pauseCombo->findData(prefix);
    if (index >= 0)
        m_ui->pauseCombo->setCurrentIndex(index);
}

QString PauseWorkflowDialog::scopePrefix() const {
    return m_kind == Kind::Pause ? m_ui->scopeEdit->text()
                                 : m_ui->pauseCombo->currentData().toString();
}

void PauseWorkflowDialog::setStopSteps(bool stop) {
    m_ui->stopStepsCheck->setChecked(stop);
}

void PauseWorkflowDialog::setRetryAfterSeconds(int seconds) {
    m_ui->retrySpin->setValue(seconds);
}

void PauseWorkflowDialog::setReason(const QString &reason) {
    m_ui->reasonEdit->setText(reason);
}

QString PauseWorkflowDialog::effectText() const {
    return m_ui->effectLabel->text();
}

QString PauseWorkflowDialog::resultText() const {
    return m_ui->resultLabel->text();
}

void PauseWorkflowDialog::confirm() {
    if (m_sendId != 0 || m_done || !okButton()->isEnabled())
        return;
    if (!m_request) {
        WorkflowPauseRequest request;
        request.kind = m_kind;
        request.workflow = m_workflow;
        request.scopePrefix = scopePrefix();
        request.stopSteps = m_ui->stopStepsCheck->isChecked();
        request.retryAfterSeconds = m_ui->retrySpin->value();
        request.reason = m_ui->reasonEdit->text().trimmed();
        request.actionKey = store::OperatorActions::newActionKey();
        m_request = request;
    }
    m_answer.reset();
    m_ui->resultLabel->setText(tr("Sending…"));
    m_sendId = m_sender->send(*m_request);
    updateState();
}

void PauseWorkflowDialog::onFinished(int requestId, const WorkflowPauseAnswer &answer) {
    if (requestId != m_sendId)
        return;
    m_sendId = 0;
    m_answer = answer;
    if (answer.ok())
        m_done = true;
    else if (!answer.outcomeUnknown())
        m_request.reset(); // refused: nothing was applied; a changed request gets a new key
    m_ui->resultLabel->setText(answerText(answer));
    updateState();
    emit answered(answer);
}

QString PauseWorkflowDialog::answerText(const WorkflowPauseAnswer &answer) const {
    const QString what =
        tr("%1 (%2)").arg(DisplayText::shown(m_workflow, 60),
                          PauseText::scope(m_request ? m_request->scopePrefix : scopePrefix()));
    if (answer.ok()) {
        const QString outcome = answer.result->outcome;
        if (outcome == QLatin1String("paused"))
            return tr("Paused %1.").arg(what);
        if (outcome == QLatin1String("updated"))
            return tr("%1 was already paused: its settings and reason were replaced; it stays "
                      "paused since it was first paused.")
                .arg(what);
        if (outcome == QLatin1String("resumed"))
            return tr("Resumed %1: workers take its runs again.").arg(what);
        if (outcome == QLatin1String("not_paused"))
            return tr("%1 was not paused (someone resumed it meanwhile): nothing changed.")
                .arg(what);
        return tr("The store answered \"%1\".").arg(DisplayText::shown(outcome, 60));
    }
    const QString detail = DisplayText::shown(answer.error.message, DisplayText::LabelChars);
    switch (answer.errorKind) {
    case StoreErrorKind::ConnectionLost:
        return tr("The connection was lost: the store may or may not have applied this. Send "
                  "Again sends the same request; the store applies it at most once.");
    case StoreErrorKind::PermissionDenied:
        return tr("The store refused: your operator grants do not cover %1. Nothing was done.\n%2")
            .arg(what, detail);
    default:
        return tr("Not done: %1").arg(detail);
    }
}

void PauseWorkflowDialog::updateState() {
    const bool pause = m_kind == Kind::Pause;
    const QString what =
        tr("%1 (%2)").arg(DisplayText::shown(m_workflow, 60), PauseText::scope(scopePrefix()));
    if (pause) {
        m_ui->effectLabel->setText(
            m_ui->stopStepsCheck->isChecked()
                ? tr("New runs of %1 are not started; runs in flight stop before their next "
                     "step and wait until it is resumed.")
                      .arg(what)
                : tr("New runs of %1 are not started; runs in flight finish.").arg(what));
    } else {
        m_ui->effectLabel->setText(
            m_ui->pauseCombo->count() == 0
                ? tr("%1 is not paused.").arg(DisplayText::shown(m_workflow, 60))
                : tr("Runs of %1 start again: waiting runs and continuations are taken by the "
                     "next worker that asks.")
                      .arg(what));
    }
    // A confirmed request is what gets sent again: its fields stay as they were.
    const bool editable = !m_request && !m_done && m_sendId == 0;
    for (QWidget *input :
         {static_cast<QWidget *>(m_ui->scopeEdit), static_cast<QWidget *>(m_ui->pauseCombo),
          static_cast<QWidget *>(m_ui->stopStepsCheck), static_cast<QWidget *>(m_ui->retrySpin)})
        input->setEnabled(editable);
    m_ui->reasonEdit->setReadOnly(!editable);
    const bool blank = m_ui->reasonEdit->text().trimmed().isEmpty();
    const bool target = pause || m_ui->pauseCombo->count() > 0;
    okButton()->setEnabled(m_sendId == 0 && !m_done && (m_request || (!blank && target)));
    okButton()->setVisible(!m_done);
    okButton()->setText(m_request && m_answer && m_answer->outcomeUnknown()
                            ? tr("Send Again")
                            : (pause ? tr("Pause") : tr("Resume")));
    m_ui->buttonBox->button(QDialogButtonBox::Cancel)->setText(m_done ? tr("Close") : tr("Cancel"));
}

} // namespace dedup::widgets
