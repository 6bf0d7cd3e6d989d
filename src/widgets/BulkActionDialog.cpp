#include "widgets/BulkActionDialog.h"

#include "actions/BulkPreviewLoader.h"
#include "actions/BulkRunner.h"
#include "actions/OperatorAction.h"
#include "ui_BulkActionDialog.h"
#include "widgets/BulkProgressText.h"
#include "widgets/StoreConnections.h"
#include "widgets/WarningColor.h"

#include <QLocale>
#include <QPushButton>

namespace dedup::widgets {

using actions::BulkPhase;
using actions::BulkPreview;
using actions::BulkPreviewLoader;
using actions::BulkReport;
using actions::BulkRunner;

namespace {

bool isContinuation(const actions::BulkPlan &plan) {
    return plan.action == store::BulkAction::RequestContinuation ||
           (plan.action == store::BulkAction::ResolveReview &&
            plan.resolution == store::ReviewResolution::Continue);
}

QString counts(const QList<actions::BulkCount> &list) {
    const QLocale locale;
    QStringList parts;
    for (const actions::BulkCount &count : list)
        parts << QStringLiteral("%1 %2").arg(locale.toString(count.runs), count.name);
    return parts.join(QStringLiteral(", "));
}

} // namespace

BulkActionDialog::BulkActionDialog(const StoreConnections &connections,
                                   const actions::BulkPlan &plan, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::BulkActionDialog>())
    , m_plan(plan)
    , m_loader(connections.makeBulkPreviewLoader(this))
    , m_runner(connections.makeBulkRunner(this)) {
    m_ui->setupUi(this);
    const QString title = actions::OperatorActionText::title(plan.action);
    setWindowTitle(title);
    m_ui->startButton->setText(title);
    for (QLabel *label :
         {m_ui->summaryLabel, m_ui->breakdownLabel, m_ui->warningsLabel, m_ui->countersLabel}) {
        label->setTextFormat(Qt::PlainText);
    }
    QPalette warning = m_ui->warningsLabel->palette();
    warning.setColor(QPalette::WindowText, warningTextColor(palette()));
    m_ui->warningsLabel->setPalette(warning);
    m_ui->reasonEdit->setText(plan.reason);
    m_ui->assigneeEdit->setText(plan.assignee);
    const bool assignee = plan.action == store::BulkAction::RouteToReview;
    m_ui->assigneeLabel->setVisible(assignee);
    m_ui->assigneeEdit->setVisible(assignee);
    m_ui->rerunUncertainCheck->setVisible(isContinuation(plan));
    m_ui->rerunUncertainCheck->setChecked(plan.rerunUncertain);
    m_ui->progressBar->hide();
    m_ui->reportText->hide();

    connect(m_loader, &BulkPreviewLoader::loaded, this, [this](int id, const BulkPreview &preview) {
        if (id != m_loadId)
            return;
        m_loadId = 0;
        m_preview = preview;
        showPreview();
        updateButtons();
        emit previewLoaded();
    });
    connect(m_loader, &BulkPreviewLoader::failed, this, [this](int id, const QString &message) {
        if (id != m_loadId)
            return;
        m_loadId = 0;
        m_ui->summaryLabel->setText(tr("Could not read the runs: %1").arg(message));
        updateButtons();
    });
    connect(m_runner, &BulkRunner::phaseChanged, this, [this](BulkPhase phase) {
        if (phase != BulkPhase::Preparing)
            showProgress(); // "(paused)" comes and goes with the phase
        updateButtons();
    });
    connect(m_runner, &BulkRunner::frozenProgress, this, [this](qint64 added) {
        m_ui->countersLabel->setText(
            tr("Selecting the runs: %1 so far…").arg(QLocale().toString(added)));
    });
    connect(m_runner, &BulkRunner::progress, this, &BulkActionDialog::showProgress);
    connect(m_runner, &BulkRunner::finished, this, [this](const BulkReport &report) {
        showReport(report);
        updateButtons();
        emit finished(report);
    });
    connect(m_runner, &BulkRunner::failed, this, [this](const QString &message) {
        m_ui->reportText->show();
        m_ui->reportText->appendPlainText(tr("Failed: %1").arg(message));
        updateButtons();
    });
    connect(m_runner, &BulkRunner::connectionLost, this, [this](const QString &message) {
        m_ui->countersLabel->setText(tr("Connection lost, reconnecting: %1").arg(message));
    });
    connect(m_runner, &BulkRunner::connectionRestored, this, &BulkActionDialog::showProgress);

    for (QLineEdit *edit : {m_ui->reasonEdit, m_ui->confirmEdit})
        connect(edit, &QLineEdit::textChanged, this, &BulkActionDialog::updateButtons);
    connect(m_ui->startButton, &QPushButton::clicked, this, &BulkActionDialog::start);
    connect(m_ui->pauseButton, &QPushButton::clicked, this,
            [this] { control(&BulkRunner::pause); });
    connect(m_ui->resumeButton, &QPushButton::clicked, this,
            [this] { control(&BulkRunner::resume); });
    connect(m_ui->abortButton, &QPushButton::clicked, this,
            [this] { control(&BulkRunner::abort); });
    connect(m_ui->closeButton, &QPushButton::clicked, this, &QDialog::reject);
    loadPreview();
}

BulkActionDialog::~BulkActionDialog() = default;

QPushButton *BulkActionDialog::startButton() const {
    return m_ui->startButton;
}

void BulkActionDialog::setConfirmationThreshold(qint64 runs) {
    m_loader->setConfirmationThreshold(runs);
    if (!m_started)
        loadPreview();
}

void BulkActionDialog::setBatchSize(int runs) {
    m_runner->setBatchSize(runs);
}

void BulkActionDialog::setReason(const QString &reason) {
    m_ui->reasonEdit->setText(reason);
}

void BulkActionDialog::loadPreview() {
    m_loader->discardPending();
    m_preview.reset();
    m_loadId = m_loader->load(m_plan);
    m_ui->summaryLabel->setText(tr("Counting the runs…"));
    updateButtons();
}

void BulkActionDialog::showPreview() {
    const BulkPreview &p = *m_preview;
    const QLocale locale;
    m_ui->summaryLabel->setText(p.summary());
    QStringList lines;
    if (!p.byStatus.isEmpty())
        lines << tr("By status: %1").arg(counts(p.byStatus));
    if (!p.byWorkflow.isEmpty()) {
        lines << tr("By workflow: %1%2")
                     .arg(counts(p.byWorkflow), p.moreWorkflows ? tr(", …") : QString());
    }
    lines << tr("Will be applied to %1 runs; %2 left out (the action does not apply to their "
                "status).")
                 .arg(locale.toString(p.applicable), locale.toString(p.notApplicable));
    lines << tr("With uncertain steps: %1 (%2 without a downstream key)")
                 .arg(locale.toString(p.withUncertainSteps),
                      locale.toString(p.uncertainWithoutKey));
    if (p.kind == actions::BulkTarget::Kind::Selection) {
        lines << tr("Changed since you selected them: %1 (skipped); gone: %2")
                     .arg(locale.toString(p.changedSinceSelection), locale.toString(p.missing));
    }
    m_ui->breakdownLabel->setText(lines.join(u'\n'));
    const QStringList warnings = p.warnings();
    m_ui->warningsLabel->setText(warnings.join(u'\n'));
    m_ui->warningsLabel->setVisible(!warnings.isEmpty());
    const bool typed = p.requiresTypedConfirmation();
    m_ui->confirmLabel->setVisible(typed);
    m_ui->confirmEdit->setVisible(typed);
    m_ui->confirmEdit->setPlaceholderText(tr("Type %1 to confirm").arg(p.confirmationText()));
}

bool BulkActionDialog::canStart() const {
    return !m_started && m_loadId == 0 && m_preview && m_preview->canStart() &&
           !m_ui->reasonEdit->text().trimmed().isEmpty() &&
           m_preview->confirmationMatches(m_ui->confirmEdit->text());
}

void BulkActionDialog::start() {
    if (!canStart())
        return;
    m_started = true; // one operation per dialog: a second click starts nothing
    m_plan.reason = m_ui->reasonEdit->text().trimmed();
    m_plan.assignee = m_ui->assigneeEdit->text().trimmed();
    m_plan.rerunUncertain = m_ui->rerunUncertainCheck->isChecked();
    m_ui->progressBar->show();
    m_ui->progressBar->setRange(0, 0); // busy until the runs are selected
    m_runner->start(m_plan);
    updateButtons();
}

void BulkActionDialog::control(void (BulkRunner::*command)(const QString &)) {
    (m_runner->*command)(m_plan.reason);
}

void BulkActionDialog::showProgress() {
    const store::BulkState &state = m_runner->state();
    BulkProgressText::showOn(m_ui->progressBar, state);
    m_ui->countersLabel->setText(
        BulkProgressText::counters(state) +
        (m_runner->phase() == BulkPhase::Paused ? u' ' + tr("(paused)") : QString()));
}

void BulkActionDialog::showReport(const BulkReport &report) {
    showProgress();
    m_ui->reportText->setPlainText(BulkProgressText::report(report));
    m_ui->reportText->show();
}

void BulkActionDialog::updateButtons() {
    const BulkPhase phase = m_runner->phase();
    const bool active =
        phase == BulkPhase::Preparing || phase == BulkPhase::Running || phase == BulkPhase::Paused;
    m_ui->startButton->setEnabled(canStart());
    m_ui->startButton->setVisible(!m_started);
    m_ui->pauseButton->setVisible(m_started);
    m_ui->resumeButton->setVisible(m_started);
    m_ui->abortButton->setVisible(m_started);
    m_ui->pauseButton->setEnabled(phase == BulkPhase::Running);
    m_ui->resumeButton->setEnabled(phase == BulkPhase::Paused);
    m_ui->abortButton->setEnabled(active);
    for (QLineEdit *edit : {m_ui->reasonEdit, m_ui->confirmEdit, m_ui->assigneeEdit})
        edit->setReadOnly(m_started);
    m_ui->rerunUncertainCheck->setEnabled(!m_started);
    m_ui->closeButton->setText(active ? tr("Hide") : tr("Close"));
}

} // namespace dedup::widgets
