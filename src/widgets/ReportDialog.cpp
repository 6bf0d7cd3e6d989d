#include "widgets/ReportDialog.h"

#include "models/RunStatusStyle.h"
#include "reports/ReportFormats.h"
#include "ui_ReportDialog.h"
#include "widgets/StoreConnections.h"
#include "widgets/WarningColor.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>

namespace dedup::widgets {

namespace {

const QString FolderKey = QStringLiteral("reports/parentFolder");
constexpr int ProgressScale = 1000; // progress bar units per step

QStringList commaList(const QString &text) {
    QStringList items;
    for (const QString &item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString trimmed = item.trimmed();
        if (!trimmed.isEmpty() && !items.contains(trimmed))
            items << trimmed;
    }
    return items;
}

// A new folder per report under the last parent folder used (Documents/Dedup reports first).
QString defaultFolder() {
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString parent =
        QSettings()
            .value(FolderKey, QDir(documents.isEmpty() ? QDir::homePath() : documents)
                                  .filePath(ReportDialog::tr("Dedup reports")))
            .toString();
    return QDir(parent).filePath(
        QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd_HHmmss")));
}

} // namespace

ReportDialog::ReportDialog(const StoreConnections &connections,
                           const store::ConnectionReport &report, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ReportDialog>())
    , m_job(connections.makeReportJob())
    , m_canReveal(report.canOperate) {
    m_ui->setupUi(this);
    m_ui->rangeCombo->addItem(tr("Last 24 hours"), int(Range::Last24Hours));
    m_ui->rangeCombo->addItem(tr("Last 7 days"), int(Range::Last7Days));
    m_ui->rangeCombo->addItem(tr("Last 30 days"), int(Range::Last30Days));
    m_ui->rangeCombo->addItem(tr("This month"), int(Range::ThisMonth));
    m_ui->rangeCombo->addItem(tr("Last month"), int(Range::LastMonth));
    m_ui->rangeCombo->addItem(tr("Custom"), int(Range::Custom));
    m_ui->rangeCombo->setCurrentIndex(1);
    for (QDateTimeEdit *edit : {m_ui->fromEdit, m_ui->toEdit})
        edit->setTimeSpec(Qt::UTC);
    for (const core::RunStatus status : core::allRunStatuses()) {
        auto *check = new QCheckBox(models::RunStatusStyle::label(status), m_ui->statusesBox);
        check->setObjectName(QStringLiteral("status_%1").arg(core::toString(status)));
        m_ui->statusesLayout->addWidget(check);
        m_statusChecks << check;
        connect(check, &QCheckBox::toggled, this, &ReportDialog::updateState);
    }
    m_ui->statusesLayout->addStretch();
    m_ui->folderEdit->setText(defaultFolder());

    // Raw values: operators only, with a reason that the store audits.
    m_ui->revealCheck->setEnabled(m_canReveal);
    m_ui->revealNoteLabel->setText(
        m_canReveal
            ? tr("By default keys, scopes, correlation ids, payloads and operators' reasons are "
                 "replaced by a keyed hash (equal values still match within this report). "
                 "Showing them raw applies to every format you choose (the PDF shows the "
                 "reasons raw) and is written to the audit log with your name and reason, once "
                 "for the report, before any row is exported.")
            : tr("Reports of role %1 are always redacted: showing raw keys and payloads needs "
                 "the dedup_operator role (your role: %2).")
                  .arg(report.currentUser, report.roleDescription()));
    m_ui->reasonEdit->setEnabled(false);
    QPalette warning = m_ui->errorLabel->palette();
    warning.setColor(QPalette::WindowText, warningTextColor(palette()));
    m_ui->errorLabel->setPalette(warning);

    connect(m_ui->rangeCombo, &QComboBox::currentIndexChanged, this, &ReportDialog::applyRange);
    for (QDateTimeEdit *edit : {m_ui->fromEdit, m_ui->toEdit})
        connect(edit, &QDateTimeEdit::dateTimeChanged, this, &ReportDialog::updateState);
    addFormatChecks();
    for (QCheckBox *check :
         {m_ui->runsSectionCheck, m_ui->actionsSectionCheck, m_ui->summarySectionCheck})
        connect(check, &QCheckBox::toggled, this, &ReportDialog::updateState);
    connect(m_ui->revealCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_ui->reasonEdit->setEnabled(on);
        if (on)
            m_ui->reasonEdit->setFocus();
        updateState();
    });
    for (QLineEdit *edit :
         {m_ui->reasonEdit, m_ui->folderEdit, m_ui->workflowsEdit, m_ui->operatorsEdit})
        connect(edit, &QLineEdit::textChanged, this, &ReportDialog::updateState);
    connect(m_ui->browseButton, &QPushButton::clicked, this, &ReportDialog::chooseFolder);
    connect(m_ui->exportButton, &QPushButton::clicked, this, &ReportDialog::startExport);
    connect(m_ui->cancelButton, &QPushButton::clicked, this, &ReportDialog::cancelExport);
    connect(m_ui->closeButton, &QPushButton::clicked, this, &ReportDialog::reject);

    connect(m_job.get(), &reports::ReportJob::stepStarted, this, &ReportDialog::showStep);
    connect(m_job.get(), &reports::ReportJob::progress, this, &ReportDialog::showProgress);
    connect(m_job.get(), &reports::ReportJob::finished, this, &ReportDialog::showResult);
    connect(m_job.get(), &reports::ReportJob::failed, this, &ReportDialog::showFailure);

    m_ui->progressBar->setRange(0, 1);
    m_ui->progressBar->setValue(0);
    m_ui->resultLabel->hide();
    m_ui->errorLabel->hide();
    applyRange();
}

ReportDialog::~ReportDialog() = default; // the job cancels and joins its thread

void ReportDialog::applyRange() {
    const auto range = Range(m_ui->rangeCombo->currentData().toInt());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // Whole minutes: the edits show minutes, and the spec is exactly what they show. The
    // range ends after the current minute, so what happened just now is in it.
    const QDateTime end =
        QDateTime(now.date(), QTime(now.time().hour(), now.time().minute()), Qt::UTC).addSecs(60);
    const QDate monthStart(now.date().year(), now.date().month(), 1);
    QDateTime from;
    QDateTime to = end;
    switch (range) {
    case Range::Last24Hours:
        from = end.addDays(-1);
        break;
    case Range::Last7Days:
        from = end.addDays(-7);
        break;
    case Range::Last30Days:
        from = end.addDays(-30);
        break;
    case Range::ThisMonth:
        from = QDateTime(monthStart, QTime(0, 0), Qt::UTC);
        break;
    case Range::LastMonth:
        from = QDateTime(monthStart.addMonths(-1), QTime(0, 0), Qt::UTC);
        to = QDateTime(monthStart, QTime(0, 0), Qt::UTC);
        break;
    case Range::Custom:
        break;
    }
    const bool custom = range == Range::Custom;
    if (!custom) {
        m_ui->fromEdit->setDateTime(from);
        m_ui->toEdit->setDateTime(to);
    }
    m_ui->fromEdit->setEnabled(custom);
    m_ui->toEdit->setEnabled(custom);
    updateState();
}

store::ReportSpec ReportDialog::spec() const {
    store::ReportSpec spec;
    spec.from = m_ui->fromEdit->dateTime().toUTC();
    spec.to = m_ui->toEdit->dateTime().toUTC();
    spec.workflows = commaList(m_ui->workflowsEdit->text());
    spec.operators = commaList(m_ui->operatorsEdit->text());
    const QList<core::RunStatus> statuses = core::allRunStatuses();
    for (int i = 0; i < m_statusChecks.size(); ++i) {
        if (m_statusChecks.at(i)->isChecked())
            spec.statuses << statuses.at(i);
    }
    spec.revealRaw = m_canReveal && m_ui->revealCheck->isChecked();
    if (spec.revealRaw)
        spec.revealReason = m_ui->reasonEdit->text().trimmed();
    return spec;
}

reports::ReportOutputs ReportDialog::outputs() const {
    reports::ReportOutputs outputs;
    outputs.sections.clear();
    if (m_ui->runsSectionCheck->isChecked())
        outputs.sections << store::ReportSection::Runs;
    if (m_ui->actionsSectionCheck->isChecked())
        outputs.sections << store::ReportSection::Actions;
    if (m_ui->summarySectionCheck->isChecked())
        outputs.sections << store::ReportSection::Summary;
    for (const auto &[id, check] : m_formatChecks)
        outputs.set(id, check->isChecked());
    return outputs;
}

void ReportDialog::addFormatChecks() {
    // The form's own boxes for the first formats (their names and tab order are the form's);
    // any other format of the registry gets a box here, so adding a format needs no change
    // to the dialog.
    const std::pair<QString, QCheckBox *> designed[] = {
        {QStringLiteral("pdf"), m_ui->pdfCheck},
        {QStringLiteral("csv"), m_ui->csvCheck},
        {QStringLiteral("jsonl"), m_ui->jsonLinesCheck}};
    for (const reports::ReportFileFormat &format : reports::ReportFormats::all()) {
        QCheckBox *check = nullptr;
        for (const auto &[id, box] : designed)
            if (id == format.id)
                check = box;
        if (!check) {
            check = new QCheckBox(format.title, m_ui->outputBox);
            check->setObjectName(format.id + QStringLiteral("Check"));
            check->setChecked(format.checkedByDefault);
            // Before the spacer that closes the row.
            m_ui->formatsLayout->insertWidget(m_ui->formatsLayout->count() - 1, check);
        }
        m_formatChecks.append({format.id, check});
        connect(check, &QCheckBox::toggled, this, &ReportDialog::updateState);
    }
    // A box of the form whose format left the registry would offer nothing.
    for (const auto &[id, box] : designed) {
        if (!reports::ReportFormats::find(id))
            box->hide();
    }
}

QString ReportDialog::folder() const {
    return m_ui->folderEdit->text().trimmed();
}

void ReportDialog::setFolder(const QString &folder) {
    m_ui->folderEdit->setText(folder);
}

QString ReportDialog::blocker() const {
    if (m_job->isRunning())
        return tr("The report is being written.");
    const store::ReportSpec current = spec();
    if (current.from >= current.to)
        return tr("The range must start before it ends.");
    const reports::ReportOutputs chosen = outputs();
    if (chosen.formats.isEmpty())
        return tr("Choose at least one format.");
    if (chosen.hasRowFormat() && chosen.sections.isEmpty())
        return tr("CSV and JSON Lines need at least one section.");
    if (folder().isEmpty())
        return tr("Choose a folder for the files.");
    if (m_ui->revealCheck->isChecked() && current.revealReason.isEmpty())
        return tr("Showing raw keys and payloads needs a reason: it is written to the audit log.");
    return current.validate();
}

void ReportDialog::updateState() {
    const bool running = m_job->isRunning();
    const QString why = blocker();
    m_ui->exportButton->setEnabled(why.isEmpty());
    m_ui->hintLabel->setText(running ? QString() : why);
    m_ui->cancelButton->setEnabled(running);
    m_ui->whatBox->setEnabled(!running);
    m_ui->outputBox->setEnabled(!running);
    m_ui->privacyBox->setEnabled(!running);
    const reports::ReportOutputs chosen = outputs();
    const bool rowFormats = chosen.hasRowFormat();
    m_ui->runsSectionCheck->setEnabled(rowFormats);
    m_ui->actionsSectionCheck->setEnabled(rowFormats);
    m_ui->summarySectionCheck->setEnabled(rowFormats);
    const QStringList names = chosen.fileNames();
    m_ui->filesLabel->setText(
        names.isEmpty() ? QString() : tr("Writes %1 into this folder.").arg(names.join(u", ")));
}

void ReportDialog::chooseFolder() {
    const QString chosen = QFileDialog::getExistingDirectory(this, tr("Folder for the report"),
                                                             QFileInfo(folder()).absolutePath());
    if (!chosen.isEmpty())
        setFolder(chosen);
}

void ReportDialog::startExport() {
    if (!blocker().isEmpty())
        return;
    m_ui->resultLabel->hide();
    m_ui->errorLabel->hide();
    m_ui->stepLabel->setText(tr("Connecting…"));
    m_ui->progressBar->setRange(0, 0); // busy until the first step says how many there are
    m_step = 0;
    m_steps = 0;
    if (!m_job->start(spec(), outputs(), folder()))
        return;
    QSettings().setValue(FolderKey, QFileInfo(folder()).absolutePath());
    updateState();
}

void ReportDialog::cancelExport() {
    if (!m_job->isRunning())
        return;
    m_ui->stepLabel->setText(tr("Cancelling…"));
    m_ui->cancelButton->setEnabled(false);
    m_job->cancel();
}

void ReportDialog::reject() {
    // Closing while the report is written stops it; the job's destructor waits for its
    // thread, which a cancelled statement releases at once.
    if (m_job->isRunning())
        m_job->cancel();
    QDialog::reject();
}

void ReportDialog::showStep(int step, int steps, const QString &description) {
    m_step = step;
    m_steps = steps;
    m_ui->progressBar->setRange(0, steps * ProgressScale);
    m_ui->progressBar->setValue((step - 1) * ProgressScale);
    m_ui->stepLabel->setText(tr("Step %1 of %2: %3").arg(step).arg(steps).arg(description));
}

void ReportDialog::showProgress(const QString &fileName, qint64 written, qint64 expected) {
    if (m_steps == 0 || !m_job->isRunning())
        return;
    const QLocale locale;
    if (expected > 0) {
        const int within = int(qMin<qint64>(ProgressScale, written * ProgressScale / expected));
        m_ui->progressBar->setValue((m_step - 1) * ProgressScale + within);
        m_ui->stepLabel->setText(
            tr("Step %1 of %2: writing %3, %4 of %5 rows")
                .arg(m_step)
                .arg(m_steps)
                .arg(fileName, locale.toString(written), locale.toString(expected)));
    } else {
        m_ui->stepLabel->setText(tr("Step %1 of %2: writing %3, %4 rows")
                                     .arg(m_step)
                                     .arg(m_steps)
                                     .arg(fileName, locale.toString(written)));
    }
}

void ReportDialog::showResult(const reports::ReportJobResult &result) {
    m_ui->progressBar->setRange(0, 1);
    m_ui->progressBar->setValue(1);
    m_ui->stepLabel->setText(tr("Done."));
    const QLocale locale;
    QStringList files;
    for (const reports::ReportFile &file : result.files) {
        const QString name = QFileInfo(file.path).fileName();
        // No %n plurals: the English source is shown as is (no English catalogue).
        files << (file.pages == 1  ? tr("%1 (1 page)").arg(name)
                  : file.pages > 1 ? tr("%1 (%2 pages)").arg(name).arg(file.pages)
                  : file.rows == 1 ? tr("%1 (1 row)").arg(name)
                                   : tr("%1 (%2 rows)").arg(name, locale.toString(file.rows)));
    }
    const QString where = QDir::toNativeSeparators(
        result.files.isEmpty() ? folder() : QFileInfo(result.files.first().path).absolutePath());
    m_ui->resultLabel->setText(
        files.size() == 1
            ? tr("Wrote 1 file to %1: %2.").arg(where, files.first())
            : tr("Wrote %1 files to %2: %3.").arg(files.size()).arg(where, files.join(u", ")));
    m_ui->resultLabel->show();
    // The next report goes into a new folder, so this one is never overwritten by accident.
    setFolder(defaultFolder());
    updateState();
}

void ReportDialog::showFailure(const QString &message, bool cancelled) {
    m_ui->progressBar->setRange(0, 1);
    m_ui->progressBar->setValue(0);
    m_ui->stepLabel->setText(cancelled ? tr("Cancelled.") : tr("The report failed."));
    m_ui->errorLabel->setText(message);
    m_ui->errorLabel->show();
    updateState();
}

} // namespace dedup::widgets
