#include "widgets/RevealDialog.h"

#include "lanes/QueryRunner.h"
#include "store/PgConnection.h"
#include "store/RunReveal.h"
#include "ui_RevealDialog.h"
#include "widgets/StoreConnections.h"
#include "widgets/WarningColor.h"

#include <QPushButton>
#include <QUuid>

namespace dedup::widgets {

using store::RunReveal;
using store::StoreErrorKind;

namespace {

// What the reveal job answers: the values, or the store's refusal. A lost connection is not
// an answer: the runner reconnects and sends the same key once more.
struct RevealAnswer {
    std::optional<store::RunRevealValues> values;
    StoreErrorKind kind = StoreErrorKind::None;
    store::PgError error;
};

} // namespace

RevealDialog::RevealDialog(const StoreConnections &connections, qint64 runId, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::RevealDialog>())
    , m_runner(connections.makeRevealRunner())
    , m_runId(runId) {
    m_ui->setupUi(this);
    setWindowTitle(tr("Reveal values: run %1").arg(runId));
    m_ui->explanationLabel->setTextFormat(Qt::PlainText);
    m_ui->statusLabel->setTextFormat(Qt::PlainText);
    m_ui->explanationLabel->setText(
        tr("Patient-bearing values are shown redacted. Revealing them shows the raw values of "
           "run %1 in the run detail and records your login, the fields and your reason in the "
           "audit log.")
            .arg(runId));
    okButton()->setText(tr("&Reveal"));
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &RevealDialog::send);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_ui->reasonEdit, &QLineEdit::textChanged, this, &RevealDialog::intentChanged);
    for (QCheckBox *check : {m_ui->keyCheck, m_ui->correlationCheck, m_ui->fingerprintCheck,
                             m_ui->lastErrorCheck, m_ui->resultCheck, m_ui->reviewReasonCheck})
        connect(check, &QCheckBox::toggled, this, &RevealDialog::intentChanged);
    connect(m_runner.get(), &lanes::QueryRunner::finished, this, &RevealDialog::onFinished);
    connect(m_runner.get(), &lanes::QueryRunner::failed, this,
            [this](int id, const QString &message) { onFailed(id, message); });
    m_ui->reasonEdit->setFocus();
    updateButtons();
}

RevealDialog::~RevealDialog() = default;

QStringList RevealDialog::fields() const {
    QStringList fields;
    const std::pair<const QCheckBox *, QStringView> checks[] = {
        {m_ui->keyCheck, RunReveal::IdemKey},
        {m_ui->correlationCheck, RunReveal::CorrelationId},
        {m_ui->fingerprintCheck, RunReveal::Fingerprint},
        {m_ui->lastErrorCheck, RunReveal::LastError},
        {m_ui->resultCheck, RunReveal::Result},
        {m_ui->reviewReasonCheck, RunReveal::ReviewReason},
    };
    for (const auto &[check, field] : checks) {
        if (check->isChecked())
            fields << field.toString();
    }
    return fields;
}

void RevealDialog::setReason(const QString &reason) {
    m_ui->reasonEdit->setText(reason);
}

QPushButton *RevealDialog::okButton() const {
    return m_ui->buttonBox->button(QDialogButtonBox::Ok);
}

void RevealDialog::intentChanged() {
    // Other fields or another reason are another reveal: a new key when it is sent.
    m_actionKey.clear();
    updateButtons();
}

void RevealDialog::updateButtons() {
    okButton()->setEnabled(!isSending() && !fields().isEmpty() &&
                           !m_ui->reasonEdit->text().trimmed().isEmpty());
    m_ui->fieldsGroup->setEnabled(!isSending());
    m_ui->reasonEdit->setEnabled(!isSending());
}

void RevealDialog::send() {
    if (!okButton()->isEnabled())
        return;
    if (m_actionKey.isEmpty())
        m_actionKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QStringList fields = this->fields();
    const QString reason = m_ui->reasonEdit->text().trimmed();
    const QString key = m_actionKey;
    const qint64 runId = m_runId;
    m_sendId = m_runner->submit(
        [runId, fields, reason, key](store::PgConnection &conn, store::PgError *error) {
            const auto answer = RunReveal(conn).reveal(runId, fields, reason, key);
            if (!answer.ok() && answer.errorKind() == StoreErrorKind::ConnectionLost) {
                *error = answer.error(); // the runner reconnects and sends it once more
                return QVariant();
            }
            RevealAnswer result;
            if (answer.ok())
                result.values = answer.value();
            result.kind = answer.errorKind();
            result.error = answer.error();
            return QVariant::fromValue(result);
        });
    m_ui->statusLabel->setPalette(palette());
    m_ui->statusLabel->setText(tr("Revealing…"));
    updateButtons();
}

void RevealDialog::onFinished(int requestId, const QVariant &value) {
    if (requestId != m_sendId)
        return;
    m_sendId = 0;
    const RevealAnswer answer = value.value<RevealAnswer>();
    m_lastErrorKind = answer.kind;
    if (answer.values) {
        m_ui->statusLabel->clear();
        updateButtons();
        emit revealed(*answer.values);
        accept();
        return;
    }
    QString text;
    switch (answer.kind) {
    case StoreErrorKind::PermissionDenied:
        text = tr("Your login may not reveal values of this run: that needs an operator grant "
                  "covering its workflow and scope.");
        break;
    case StoreErrorKind::RunNotFound:
        text = tr("Run %1 no longer exists (purged).").arg(m_runId);
        break;
    case StoreErrorKind::InvalidArgument:
        text = tr("The store refused the request: %1").arg(answer.error.message);
        break;
    case StoreErrorKind::ActionKeyConflict:
        // Never the operator's doing (keys are made here): a new one for the next attempt.
        m_actionKey.clear();
        text = tr("The action key was already used for something else. Nothing was revealed; "
                  "reveal again to send a new one.");
        break;
    default:
        text = tr("The reveal failed: %1").arg(answer.error.toString());
        break;
    }
    showError(text);
}

void RevealDialog::onFailed(int requestId, const QString &message) {
    if (requestId != m_sendId)
        return;
    m_sendId = 0;
    m_lastErrorKind = StoreErrorKind::ConnectionLost;
    // The key is kept: revealing again resends it, so an answer lost on the way does not
    // make a second audit row.
    showError(tr("No answer from the database: %1").arg(message));
}

void RevealDialog::showError(const QString &text) {
    QPalette warning = m_ui->statusLabel->palette();
    warning.setColor(QPalette::WindowText, warningTextColor(palette()));
    m_ui->statusLabel->setPalette(warning);
    m_ui->statusLabel->setText(text);
    updateButtons();
}

} // namespace dedup::widgets
