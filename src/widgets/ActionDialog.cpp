#include "widgets/ActionDialog.h"

#include "actions/ActionAvailability.h"
#include "actions/ActionCatalogue.h"
#include "actions/ActionExecutor.h"
#include "actions/ActionPreviewLoader.h"
#include "core/DisplayText.h"
#include "ui_ActionDialog.h"
#include "widgets/PlainTextDelegate.h"
#include "widgets/SafeText.h"
#include "widgets/StoreConnections.h"
#include "widgets/WarningColor.h"

#include <QAction>
#include <QHeaderView>
#include <QPushButton>

namespace dedup::widgets {

using actions::ActionExecutor;
using actions::ActionPreview;
using actions::ActionPreviewLoader;
using actions::ActionResult;
using actions::OperatorAction;
using actions::OperatorActionText;

namespace {

enum StepColumn {
    StepNameColumn,
    StepStatusColumn,
    StepWillColumn,
    StepRefColumn,
    StepWarningColumn
};

QString willText(store::StepWill will) {
    switch (will) {
    case store::StepWill::Run:
        return ActionDialog::tr("run");
    case store::StepWill::Skip:
        return ActionDialog::tr("skip (done)");
    case store::StepWill::Uncertain:
        return ActionDialog::tr("uncertain: stops for review");
    }
    return {};
}

QString bulleted(const QStringList &lines) {
    QStringList out;
    for (const QString &line : lines)
        out << QStringLiteral("• ") + line;
    return out.join(u'\n');
}

} // namespace

ActionDialog::ActionDialog(const StoreConnections &connections, OperatorAction action, qint64 runId,
                           qint64 seenToken, core::RunStatus seenStatus, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ActionDialog>())
    , m_loader(connections.makeActionPreviewLoader(this))
    , m_executor(connections.makeActionExecutor(this)) {
    m_request.action = action;
    m_request.runId = runId;
    m_request.seenToken = seenToken;
    m_request.seenStatus = seenStatus;
    init();
}

ActionDialog::ActionDialog(ActionPreviewLoader *loader, ActionExecutor *executor,
                           OperatorAction action, qint64 runId, qint64 seenToken,
                           core::RunStatus seenStatus, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ActionDialog>())
    , m_loader(loader)
    , m_executor(executor) {
    m_request.action = action;
    m_request.runId = runId;
    m_request.seenToken = seenToken;
    m_request.seenStatus = seenStatus;
    init();
}

ActionDialog::~ActionDialog() = default;

QList<QAction *> ActionDialog::actionsFor(core::RunStatus status, bool leaseExpired,
                                          bool canOperate, QObject *parent,
                                          bool continuationQueued) {
    QList<QAction *> actions;
    for (const OperatorAction action :
         actions::availableActions(status, leaseExpired, canOperate, continuationQueued)) {
        if (!actions::ActionCatalogue::row(action).inRunMenu)
            continue;
        auto *menuAction =
            new QAction(OperatorActionText::title(action) + QStringLiteral("…"), parent);
        menuAction->setData(QVariant::fromValue(action));
        actions << menuAction;
    }
    return actions;
}

OperatorAction ActionDialog::actionOf(const QAction *action) {
    return action->data().value<OperatorAction>();
}

QPushButton *ActionDialog::okButton() const {
    return m_ui->buttonBox->button(QDialogButtonBox::Ok);
}

QPushButton *ActionDialog::lookAgainButton() const {
    return m_ui->lookAgainButton;
}

void ActionDialog::setAssignee(const QString &assignee) {
    m_ui->assigneeEdit->setText(assignee);
}

void ActionDialog::setReason(const QString &reason) {
    m_ui->reasonEdit->setText(reason);
}

void ActionDialog::setNote(const QString &note) {
    m_ui->noteEdit->setText(note);
}

void ActionDialog::setSeenOnStandby(const QString &standbyLag, const QDateTime &seenUpdatedAt) {
    m_request.seenOnStandby = true;
    m_request.standbyLag = standbyLag;
    m_request.seenUpdatedAt = seenUpdatedAt;
    // The first preview may already be in (it was requested by the constructor).
    if (m_preview && !m_lookingAgain) {
        m_preview->request = m_request;
        m_preview->evaluate();
        showPreview();
        updateButtons();
    }
}

void ActionDialog::init() {
    m_ui->setupUi(this);
    PlainTextDelegate::installOn(m_ui->stepsTable);
    setWindowTitle(
        tr("%1: run %2").arg(OperatorActionText::title(m_request.action)).arg(m_request.runId));
    // Run data (keys, reasons, notes) is shown as typed, never interpreted as markup.
    for (QLabel *label :
         {m_ui->runLabel, m_ui->statusChangeLabel, m_ui->blockedLabel, m_ui->effectsLabel,
          m_ui->warningsLabel, m_ui->rerunWarningLabel, m_ui->resultLabel}) {
        label->setTextFormat(Qt::PlainText);
    }
    QPalette warning = m_ui->warningsLabel->palette();
    warning.setColor(QPalette::WindowText, warningTextColor(palette()));
    m_ui->warningsLabel->setPalette(warning);
    m_ui->rerunWarningLabel->setPalette(warning);
    m_ui->blockedLabel->setPalette(warning);
    okButton()->setText(OperatorActionText::title(m_request.action));
    m_ui->stepsTable->setColumnCount(5);
    m_ui->stepsTable->setHorizontalHeaderLabels(
        {tr("Step"), tr("Now"), tr("Continuation"), tr("Reference"), tr("Check first")});
    m_ui->stepsTable->horizontalHeader()->setStretchLastSection(true);
    m_ui->stepsTable->verticalHeader()->hide();
    m_ui->rerunWarningLabel->setText(
        tr("Re-running an uncertain step repeats its side effect if it did happen (a second "
           "payment, a second message). Tick this only after checking at the provider."));

    connect(m_loader, &ActionPreviewLoader::loaded, this, &ActionDialog::onLoaded);
    connect(m_loader, &ActionPreviewLoader::failed, this, &ActionDialog::onLoadFailed);
    connect(m_executor, &ActionExecutor::finished, this, &ActionDialog::onFinished);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &ActionDialog::confirm);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->lookAgainButton, &QPushButton::clicked, this, &ActionDialog::lookAgain);
    for (QLineEdit *edit : {m_ui->reasonEdit, m_ui->noteEdit, m_ui->assigneeEdit})
        connect(edit, &QLineEdit::textChanged, this, &ActionDialog::updateButtons);
    connect(m_ui->rerunUncertainCheck, &QCheckBox::toggled, this, [this](bool checked) {
        // The continuation's plan depends on it: read the preview again for it.
        m_request.rerunUncertain = checked;
        m_intent.reset();
        load();
    });
    updateInputs();
    load();
}

void ActionDialog::updateInputs() {
    // The inputs the action's catalogue row asks for; the steps table shows the plan of the
    // actions whose preview has one.
    const actions::ActionRow &row = actions::ActionCatalogue::row(m_request.action);
    const bool assignee = row.inputs.testFlag(actions::ActionInput::Assignee);
    m_ui->assigneeLabel->setVisible(assignee);
    m_ui->assigneeEdit->setVisible(assignee);
    const bool note = row.inputs.testFlag(actions::ActionInput::Note);
    m_ui->noteLabel->setVisible(note);
    m_ui->noteEdit->setVisible(note);
    const bool rerun = row.inputs.testFlag(actions::ActionInput::RerunUncertain);
    m_ui->rerunUncertainCheck->setVisible(rerun);
    m_ui->rerunWarningLabel->setVisible(rerun);
    m_ui->stepsTable->setVisible(row.preview.testFlag(actions::PreviewPart::ContinuationPlan));
}

void ActionDialog::load() {
    m_loader->discardPending();
    m_loadId = m_loader->load(m_request);
    m_ui->statusChangeLabel->setText(tr("Reading run %1…").arg(m_request.runId));
    updateButtons();
}

void ActionDialog::lookAgain() {
    // What the dialog shows next is what the operator looked at: adopt the run's current
    // state once it is read (onLoaded), and decide anew with a new intent.
    m_lookingAgain = true;
    m_intent.reset();
    m_result.reset();
    m_ui->resultLabel->clear();
    load();
}

void ActionDialog::onLoaded(int requestId, const ActionPreview &preview) {
    if (requestId != m_loadId)
        return;
    m_loadId = 0;
    m_preview = preview;
    if (m_lookingAgain && m_preview->found) {
        // Seen now, on the primary.
        m_request.seenToken = m_preview->leaseToken;
        m_request.seenStatus = m_preview->status;
        m_request.seenUpdatedAt = m_preview->updatedAt;
        m_request.seenOnStandby = false;
        m_preview->request = m_request;
        m_preview->evaluate();
    } else if (m_preview->request.seenOnStandby != m_request.seenOnStandby) {
        // Requested before setSeenOnStandby(): judge it with what the operator saw.
        m_preview->request = m_request;
        m_preview->evaluate();
    }
    m_lookingAgain = false;
    showPreview();
    updateButtons();
    emit previewLoaded();
}

void ActionDialog::onLoadFailed(int requestId, const QString &message) {
    if (requestId != m_loadId)
        return;
    m_loadId = 0;
    m_lookingAgain = false;
    m_preview.reset();
    m_ui->statusChangeLabel->setText(
        tr("Could not read run %1: %2").arg(m_request.runId).arg(message));
    updateButtons();
}

void ActionDialog::showPreview() {
    const ActionPreview &p = *m_preview;
    if (p.found) {
        // Each store value bounded, so the attempt count stays in view; the whole values are
        // in the tooltip.
        const auto part = [](const QString &value) { return core::DisplayText::shown(value, 60); };
        const QString full = tr("Run %1 · %2 · %3 / %4 · attempt %5 of %6")
                                 .arg(p.request.runId)
                                 .arg(p.workflow, p.scope, p.idemKey)
                                 .arg(p.attempt)
                                 .arg(p.maxAttempts);
        SafeText::setValue(m_ui->runLabel, full,
                           tr("Run %1 · %2 · %3 / %4 · attempt %5 of %6")
                               .arg(p.request.runId)
                               .arg(part(p.workflow), part(p.scope), part(p.idemKey))
                               .arg(p.attempt)
                               .arg(p.maxAttempts),
                           400);
        m_ui->statusChangeLabel->setText(tr("Status: %1").arg(p.statusChangeText()));
    } else {
        m_ui->runLabel->setText(tr("Run %1").arg(p.request.runId));
        m_ui->statusChangeLabel->clear();
    }
    QStringList effects = p.effects;
    if (actions::ActionCatalogue::row(p.request.action)
            .preview.testFlag(actions::PreviewPart::ContinuationPlan) &&
        !p.steps.isEmpty()) {
        effects << tr("%1 step(s) to run, %2 skipped as done, %3 uncertain")
                       .arg(p.stepsToRun)
                       .arg(p.stepsToSkip)
                       .arg(p.stepsUncertain);
    }
    m_ui->effectsLabel->setText(bulleted(effects));
    m_ui->effectsLabel->setVisible(!effects.isEmpty());
    m_ui->warningsLabel->setText(bulleted(p.warnings));
    m_ui->warningsLabel->setVisible(!p.warnings.isEmpty());
    fillSteps();
}

void ActionDialog::fillSteps() {
    const QList<actions::PreviewStep> &steps = m_preview->steps;
    m_ui->stepsTable->setRowCount(int(steps.size()));
    for (int row = 0; row < steps.size(); ++row) {
        const actions::PreviewStep &step = steps.at(row);
        const QString reference =
            !step.sideEffectRef.isEmpty() ? step.sideEffectRef : step.downstreamKey;
        const QStringList texts{step.name, step.status, willText(step.will), reference,
                                step.warning};
        for (int column = 0; column < texts.size(); ++column) {
            auto *item = new QTableWidgetItem(texts.at(column));
            item->setToolTip(texts.at(column));
            if (!step.warning.isEmpty())
                item->setForeground(warningTextColor(palette()));
            m_ui->stepsTable->setItem(row, column, item);
        }
    }
    m_ui->stepsTable->resizeColumnsToContents();
    m_ui->stepsTable->resizeRowsToContents();
}

void ActionDialog::confirm() {
    // Disabled while in flight; the guard also covers a click queued before the disable.
    if (m_sendId != 0 || m_done || !okButton()->isEnabled())
        return;
    if (!m_intent) {
        actions::ActionIntent intent = m_preview->intent(m_ui->reasonEdit->text().trimmed());
        intent.assignee = m_ui->assigneeEdit->text().trimmed();
        intent.note = m_ui->noteEdit->text().trimmed();
        m_intent = intent;
    }
    m_result.reset();
    m_ui->resultLabel->setText(tr("Sending…"));
    m_sendId = m_executor->execute(*m_intent);
    updateButtons();
}

void ActionDialog::onFinished(int requestId, const ActionResult &result) {
    if (requestId != m_sendId)
        return;
    m_sendId = 0;
    m_result = result;
    QString text = result.message;
    switch (result.kind) {
    case ActionResult::Kind::Applied:
    case ActionResult::Kind::AppliedBefore:
        m_done = true;
        break;
    case ActionResult::Kind::Changed:
        // Nothing was done; a new look makes a new decision (and a new action key).
        m_intent.reset();
        if (!result.serverDetail.isEmpty())
            text += u'\n' + tr("Server: %1").arg(result.serverDetail);
        text += u'\n' + tr("Look again to see the run as it is now.");
        break;
    case ActionResult::Kind::Error:
        // Resending the same intent (same key) is safe: at most once on the server.
        if (!result.serverDetail.isEmpty() && !text.contains(result.serverDetail))
            text += u'\n' + result.serverDetail;
        break;
    }
    m_ui->resultLabel->setText(text);
    updateButtons();
    emit actionFinished(result);
}

void ActionDialog::updateButtons() {
    const bool blank = m_ui->reasonEdit->text().trimmed().isEmpty();
    const bool noteMissing = actions::ActionCatalogue::row(m_request.action)
                                 .inputs.testFlag(actions::ActionInput::Note) &&
                             m_ui->noteEdit->text().trimmed().isEmpty();
    const bool idle = m_sendId == 0 && m_loadId == 0 && !m_done;
    // After a 'changed' answer the preview is stale: nothing until the operator looks again.
    const bool changedAnswer = m_result && m_result->kind == ActionResult::Kind::Changed;
    const bool canConfirm = m_preview && m_preview->canConfirm() && !changedAnswer;
    okButton()->setEnabled(idle && (m_intent || (canConfirm && !blank && !noteMissing)));
    okButton()->setVisible(!m_done);
    if (m_intent && m_result && m_result->kind == ActionResult::Kind::Error)
        okButton()->setText(tr("Send again"));
    else
        okButton()->setText(OperatorActionText::title(m_request.action));
    m_ui->buttonBox->button(QDialogButtonBox::Cancel)->setText(m_done ? tr("Close") : tr("Cancel"));
    // A confirmed intent keeps its inputs: a resend is the same decision.
    for (QLineEdit *edit : {m_ui->reasonEdit, m_ui->noteEdit, m_ui->assigneeEdit})
        edit->setReadOnly(m_intent.has_value() || m_done);
    m_ui->rerunUncertainCheck->setEnabled(idle && !m_intent);

    const QString blocked = m_preview ? m_preview->blockedText() : QString();
    m_ui->blockedLabel->setText(changedAnswer
                                    ? tr("The run changed since you looked at it: nothing was "
                                         "done.")
                                    : blocked);
    m_ui->changedFrame->setVisible(
        !m_done && (changedAnswer || !blocked.isEmpty() || (!m_preview && m_loadId == 0)));
    m_ui->lookAgainButton->setEnabled(m_sendId == 0 && m_loadId == 0 && !m_done);
    if (okButton()->isEnabled())
        okButton()->setDefault(true);
}

} // namespace dedup::widgets
