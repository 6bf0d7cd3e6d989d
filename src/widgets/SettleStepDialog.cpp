#include "widgets/SettleStepDialog.h"

#include "actions/ActionExecutor.h"
#include "actions/ActionPreviewLoader.h"
#include "core/DisplayText.h"
#include "ui_SettleStepDialog.h"
#include "widgets/SafeText.h"
#include "widgets/StoreConnections.h"
#include "widgets/WarningColor.h"

#include <QLocale>
#include <QPushButton>

namespace dedup::widgets {

using actions::SettleChoice;
using actions::StepSettlement;

namespace {

QString bulleted(const QStringList &lines) {
    QStringList out;
    for (const QString &line : lines)
        out << QStringLiteral("• ") + line;
    return out.join(u'\n');
}

} // namespace

SettleStepDialog::SettleStepDialog(const StoreConnections &connections, qint64 runId,
                                   const QString &step, qint64 seenToken,
                                   core::RunStatus seenStatus, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SettleStepDialog>())
    , m_loader(connections.makeActionPreviewLoader(this))
    , m_executor(connections.makeActionExecutor(this))
    , m_runId(runId)
    , m_step(step)
    , m_seenToken(seenToken)
    , m_seenStatus(seenStatus) {
    init();
}

SettleStepDialog::SettleStepDialog(actions::ActionPreviewLoader *loader,
                                   actions::ActionExecutor *executor, qint64 runId,
                                   const QString &step, qint64 seenToken,
                                   core::RunStatus seenStatus, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SettleStepDialog>())
    , m_loader(loader)
    , m_executor(executor)
    , m_runId(runId)
    , m_step(step)
    , m_seenToken(seenToken)
    , m_seenStatus(seenStatus) {
    init();
}

SettleStepDialog::~SettleStepDialog() = default;

QPushButton *SettleStepDialog::okButton() const {
    return m_ui->buttonBox->button(QDialogButtonBox::Ok);
}

QRadioButton *SettleStepDialog::radio(SettleChoice choice) const {
    switch (choice) {
    case SettleChoice::Happened:
        return m_ui->happenedRadio;
    case SettleChoice::DidNotHappen:
        return m_ui->didNotHappenRadio;
    case SettleChoice::Escalate:
        return m_ui->escalateRadio;
    }
    return m_ui->happenedRadio;
}

void SettleStepDialog::init() {
    m_ui->setupUi(this);
    setWindowTitle(
        tr("Settle step \"%1\": run %2").arg(core::DisplayText::shown(m_step, 60)).arg(m_runId));
    // Store values (step names, keys, error messages) are shown as typed, never as markup.
    for (QLabel *label : findChildren<QLabel *>())
        label->setTextFormat(Qt::PlainText);
    QPalette warning = m_ui->warningsLabel->palette();
    warning.setColor(QPalette::WindowText, warningTextColor(palette()));
    m_ui->warningsLabel->setPalette(warning);
    m_ui->blockedLabel->setPalette(warning);
    okButton()->setText(tr("Settle"));

    connect(m_loader, &actions::ActionPreviewLoader::loaded, this, &SettleStepDialog::onLoaded);
    connect(m_loader, &actions::ActionPreviewLoader::failed, this, &SettleStepDialog::onLoadFailed);
    connect(m_executor, &actions::ActionExecutor::finished, this, &SettleStepDialog::onFinished);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &SettleStepDialog::confirm);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->lookAgainButton, &QPushButton::clicked, this, &SettleStepDialog::lookAgain);
    for (const SettleChoice choice :
         {SettleChoice::Happened, SettleChoice::DidNotHappen, SettleChoice::Escalate}) {
        connect(radio(choice), &QRadioButton::toggled, this, [this, choice](bool on) {
            if (on && m_choice != choice)
                choose(choice);
        });
    }
    for (QLineEdit *edit : {m_ui->reasonEdit, m_ui->referenceEdit, m_ui->assigneeEdit})
        connect(edit, &QLineEdit::textChanged, this, &SettleStepDialog::updateButtons);
    // Before an answer is chosen the preview is read for "it happened": it shows the step.
    load();
}

void SettleStepDialog::choose(SettleChoice choice) {
    if (m_intent || m_done)
        return; // a confirmed decision stays what it was
    m_choice = choice;
    radio(choice)->setChecked(true);
    m_result.reset();
    m_ui->resultLabel->clear();
    load();
}

void SettleStepDialog::setReason(const QString &reason) {
    m_ui->reasonEdit->setText(reason);
}

void SettleStepDialog::setReference(const QString &reference) {
    m_ui->referenceEdit->setText(reference);
}

void SettleStepDialog::setAssignee(const QString &assignee) {
    m_ui->assigneeEdit->setText(assignee);
}

void SettleStepDialog::load() {
    m_loader->discardPending();
    m_loadId = m_loader->load(StepSettlement::request(m_choice.value_or(SettleChoice::Happened),
                                                      m_step, m_runId, m_seenToken, m_seenStatus));
    m_ui->statusChangeLabel->setText(tr("Reading run %1…").arg(m_runId));
    updateButtons();
}

void SettleStepDialog::lookAgain() {
    m_lookingAgain = true;
    m_intent.reset();
    m_result.reset();
    m_ui->resultLabel->clear();
    load();
}

void SettleStepDialog::onLoaded(int requestId, const actions::ActionPreview &preview) {
    if (requestId != m_loadId)
        return;
    m_loadId = 0;
    m_preview = preview;
    if (m_lookingAgain && m_preview->found) {
        // What the operator looks at now, on the primary.
        m_seenToken = m_preview->leaseToken;
        m_seenStatus = m_preview->status;
        m_preview->request = StepSettlement::request(m_choice.value_or(SettleChoice::Happened),
                                                     m_step, m_runId, m_seenToken, m_seenStatus);
        m_preview->evaluate();
    }
    m_lookingAgain = false;
    showPreview();
    updateButtons();
    emit previewLoaded();
}

void SettleStepDialog::onLoadFailed(int requestId, const QString &message) {
    if (requestId != m_loadId)
        return;
    m_loadId = 0;
    m_lookingAgain = false;
    m_preview.reset();
    m_ui->statusChangeLabel->setText(tr("Could not read run %1: %2").arg(m_runId).arg(message));
    updateButtons();
}

void SettleStepDialog::showPreview() {
    const actions::ActionPreview &p = *m_preview;
    if (p.found) {
        const auto part = [](const QString &value) { return core::DisplayText::shown(value, 60); };
        SafeText::setValue(m_ui->runLabel,
                           tr("Run %1 · %2 · %3 / %4 · %5 · attempt %6 of %7")
                               .arg(m_runId)
                               .arg(p.workflow, p.scope, p.idemKey, p.statusName)
                               .arg(p.attempt)
                               .arg(p.maxAttempts),
                           tr("Run %1 · %2 · %3 / %4 · %5 · attempt %6 of %7")
                               .arg(m_runId)
                               .arg(part(p.workflow), part(p.scope), part(p.idemKey), p.statusName)
                               .arg(p.attempt)
                               .arg(p.maxAttempts),
                           400);
    } else {
        m_ui->runLabel->setText(tr("Run %1").arg(m_runId));
    }
    showStep();
    const bool chosen = m_choice.has_value() && p.found;
    m_ui->statusChangeLabel->setText(chosen ? tr("Status: %1").arg(p.statusChangeText())
                                            : QString());
    m_ui->effectsLabel->setText(chosen ? bulleted(p.effects) : QString());
    m_ui->effectsLabel->setVisible(chosen && !p.effects.isEmpty());
    m_ui->warningsLabel->setText(bulleted(p.warnings));
    m_ui->warningsLabel->setVisible(!p.warnings.isEmpty());
}

void SettleStepDialog::showStep() {
    const actions::PreviewStep *step =
        m_preview ? StepSettlement::findStep(*m_preview, m_step) : nullptr;
    const QString none = tr("none");
    const auto set = [](QLabel *label, const QString &value) {
        SafeText::setValue(label, value, core::DisplayText::shown(value, 120), 400);
    };
    set(m_ui->stepValue,
        step ? tr("%1 (number %2, %3)").arg(step->name).arg(step->ordinal).arg(step->status)
             : m_step);
    set(m_ui->downstreamKeyValue,
        step && !step->downstreamKey.isEmpty() ? step->downstreamKey : none);
    m_ui->attemptValue->setText(step ? QString::number(step->attempts) : QString());
    m_ui->startedValue->setText(
        step && step->startedAt.isValid()
            ? QLocale().toString(step->startedAt.toLocalTime(), QLocale::LongFormat)
            : none);
    set(m_ui->errorValue, step && (!step->errorClass.isEmpty() || !step->errorMessage.isEmpty())
                              ? tr("%1: %2").arg(step->errorClass, step->errorMessage)
                              : none);
}

QString SettleStepDialog::blockedText() const {
    if (!m_preview || !m_choice)
        return {};
    return StepSettlement::blocked(*m_choice, *m_preview, m_step, m_ui->assigneeEdit->text());
}

void SettleStepDialog::confirm() {
    if (m_sendId != 0 || m_done || !okButton()->isEnabled())
        return;
    if (!m_intent) {
        m_intent = StepSettlement::intent(*m_choice, *m_preview, m_step,
                                          m_ui->reasonEdit->text().trimmed(),
                                          m_ui->referenceEdit->text(), m_ui->assigneeEdit->text());
    }
    m_result.reset();
    m_ui->resultLabel->setText(tr("Sending…"));
    m_sendId = m_executor->execute(*m_intent);
    updateButtons();
}

void SettleStepDialog::onFinished(int requestId, const actions::ActionResult &result) {
    if (requestId != m_sendId)
        return;
    m_sendId = 0;
    m_result = result;
    QString text = result.message;
    switch (result.kind) {
    case actions::ActionResult::Kind::Applied:
    case actions::ActionResult::Kind::AppliedBefore:
        m_done = true;
        if (m_choice == SettleChoice::Happened)
            text += u'\n' + tr("Request a continuation (Actions menu) to run the steps that "
                               "remain: it skips this one.");
        break;
    case actions::ActionResult::Kind::Changed:
        m_intent.reset();
        text += u'\n' + tr("Look again to see the run as it is now.");
        break;
    case actions::ActionResult::Kind::Error:
        if (!result.serverDetail.isEmpty() && !text.contains(result.serverDetail))
            text += u'\n' + result.serverDetail;
        break;
    }
    m_ui->resultLabel->setText(text);
    updateButtons();
    emit actionFinished(result);
}

void SettleStepDialog::updateButtons() {
    const bool happened = m_choice == SettleChoice::Happened;
    const bool escalate = m_choice == SettleChoice::Escalate;
    m_ui->referenceEdit->setEnabled(happened && !m_intent && !m_done);
    m_ui->referenceLabel->setEnabled(happened);
    m_ui->assigneeEdit->setEnabled(escalate && !m_intent && !m_done);
    m_ui->assigneeLabel->setEnabled(escalate);
    m_ui->reasonEdit->setReadOnly(m_intent.has_value() || m_done);
    for (const SettleChoice choice :
         {SettleChoice::Happened, SettleChoice::DidNotHappen, SettleChoice::Escalate})
        radio(choice)->setEnabled(!m_intent && !m_done);

    const bool idle = m_sendId == 0 && m_loadId == 0 && !m_done;
    const bool changedAnswer = m_result && m_result->kind == actions::ActionResult::Kind::Changed;
    const QString blocked = blockedText();
    const bool blank = m_ui->reasonEdit->text().trimmed().isEmpty();
    const bool canSend = m_choice && m_preview && blocked.isEmpty() && !changedAnswer && !blank;
    okButton()->setEnabled(idle && (m_intent.has_value() || canSend));
    okButton()->setVisible(!m_done);
    okButton()->setText(m_intent && m_result && m_result->kind == actions::ActionResult::Kind::Error
                            ? tr("Send Again")
                            : tr("Settle"));
    m_ui->buttonBox->button(QDialogButtonBox::Cancel)->setText(m_done ? tr("Close") : tr("Cancel"));
    m_ui->blockedLabel->setText(
        changedAnswer ? tr("The run changed since you looked at it: nothing was done.") : blocked);
    m_ui->blockedLabel->setVisible(!m_done && !m_ui->blockedLabel->text().isEmpty());
    m_ui->lookAgainButton->setEnabled(m_sendId == 0 && m_loadId == 0 && !m_done);
}

} // namespace dedup::widgets
