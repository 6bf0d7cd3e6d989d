#include "widgets/AuditLogView.h"

#include "actions/OperatorAction.h"
#include "core/DisplayText.h"
#include "lanes/QueryRunner.h"
#include "models/AuditLogModel.h"
#include "store/AuditVerifier.h"
#include "store/PgConnection.h"
#include "ui_AuditLogView.h"
#include "widgets/ListTableFrame.h"
#include "widgets/TimestampDelegate.h"
#include "widgets/WarningColor.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QVariantMap>

namespace dedup::widgets {

using models::AuditLogModel;
using store::AuditLogFilter;

namespace {

// The actions the audit log records (function names, never translated); the combo box is
// editable, so an action a newer schema adds can still be typed.
QStringList knownActions() {
    QStringList names;
    for (const actions::OperatorAction action : actions::OperatorActionText::all()) {
        const QString name = actions::OperatorActionText::functionName(action);
        if (!names.contains(name))
            names << name;
    }
    for (const char *event : {"start", "attach", "pause", "resume", "abort"})
        names << QStringLiteral("op_bulk_") + QLatin1String(event);
    return names;
}

// The chain line for a verdict, in the runner's thread (tr() is thread-safe): what was
// verified, and what it was not verified against.
QVariantMap chainVerdict(const store::AuditVerification &audit) {
    const QString when = QLocale().toString(QTime::currentTime(), QLocale::ShortFormat);
    QString text;
    if (!audit.ok()) {
        const store::AuditBreak &broken = *audit.firstBreak;
        text = AuditLogView::tr("AUDIT CHAIN BROKEN at row %1 (%2), found by the store at %3: "
                                "audit rows were changed, removed or inserted behind the "
                                "append-only triggers (dedupctl verify-audit shows the details).")
                   .arg(broken.id)
                   .arg(broken.problemText, when);
    } else if (audit.headId == 0) {
        text = AuditLogView::tr("Audit chain verified by the store at %1: no audit rows yet.")
                   .arg(when);
    } else {
        text = AuditLogView::tr("Audit chain verified by the store at %1, from its first row to "
                                "row %2 (head hash %3): every row matches its hash and its "
                                "predecessor. Not checked against a checkpoint signed outside "
                                "the database, without which a rewrite of the whole chain by "
                                "the store's owner would not show (dedupctl verify-audit "
                                "--checkpoint).")
                   .arg(when)
                   .arg(audit.headId)
                   .arg(audit.headHash.left(16) + QChar(0x2026));
    }
    return {{QStringLiteral("intact"), audit.ok()}, {QStringLiteral("text"), text}};
}

} // namespace

AuditLogView::AuditLogView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::AuditLogView>()) {
    m_ui->setupUi(this);
    m_frame = new ListTableFrame(m_ui->table, AuditLogModel::RunIdRole, this);
    m_ui->runEdit->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,18}")), this));
    m_ui->actionCombo->addItem(tr("any"), QString());
    for (const QString &name : knownActions())
        m_ui->actionCombo->addItem(name, name);
    m_ui->outcomeCombo->addItem(tr("any"), QString());
    m_ui->outcomeCombo->addItem(tr("applied"), QStringLiteral("applied"));
    m_ui->outcomeCombo->addItem(tr("refused (the run had changed)"), QStringLiteral("changed"));
    m_ui->timeCombo->addItems({tr("any time"), tr("last hour"), tr("last 24 hours"),
                               tr("last 7 days"), tr("last 30 days")});
    m_frame->setErrorRow(m_ui->errorLabel, nullptr, m_ui->errorLabel);
    m_ui->errorLabel->setTextFormat(Qt::PlainText);
    m_ui->table->setItemDelegateForColumn(AuditLogModel::WhenColumn, new TimestampDelegate(this));
    m_ui->table->horizontalHeader()->setStretchLastSection(true);
    m_ui->table->verticalHeader()->hide();
    m_ui->table->setWordWrap(false);

    connect(m_ui->runEdit, &QLineEdit::editingFinished, this, &AuditLogView::applyFilter);
    connect(m_ui->roleEdit, &QLineEdit::editingFinished, this, &AuditLogView::applyFilter);
    connect(m_ui->actionCombo, &QComboBox::currentIndexChanged, this, &AuditLogView::applyFilter);
    connect(m_ui->actionCombo->lineEdit(), &QLineEdit::editingFinished, this,
            &AuditLogView::applyFilter);
    connect(m_ui->outcomeCombo, &QComboBox::currentIndexChanged, this, &AuditLogView::applyFilter);
    connect(m_ui->timeCombo, &QComboBox::currentIndexChanged, this, &AuditLogView::applyFilter);
    m_ui->chainLabel->setTextFormat(Qt::PlainText);
    m_ui->chainLabel->setText(tr("Audit chain not verified yet."));
    m_ui->chainButton->setEnabled(false);
    connect(m_ui->chainButton, &QPushButton::clicked, this, &AuditLogView::verifyChain);
    connect(m_frame, &ListTableFrame::runActivated, this, &AuditLogView::runActivated);
    updateStatus();
}

AuditLogView::~AuditLogView() = default;

void AuditLogView::setChainRunner(lanes::QueryRunner *runner) {
    if (m_chainRunner) {
        // A check still running for the last store is not wanted any more.
        m_chainRunner->discardPending();
        disconnect(m_chainRunner, nullptr, this, nullptr);
    }
    m_chainRunner = runner;
    m_chainRequest = 0;
    m_ui->chainButton->setEnabled(runner != nullptr);
    if (!runner) {
        m_ui->chainLabel->setText(tr("Audit chain not verified yet."));
        m_ui->chainLabel->setPalette(palette());
        return;
    }
    connect(runner, &lanes::QueryRunner::finished, this,
            [this](int requestId, const QVariant &value) {
                if (requestId != m_chainRequest)
                    return;
                const QVariantMap verdict = value.toMap();
                const bool intact = verdict.value(QStringLiteral("intact")).toBool();
                showChain(intact, !intact, verdict.value(QStringLiteral("text")).toString());
            });
    connect(runner, &lanes::QueryRunner::failed, this,
            [this](int requestId, const QString &message) {
                if (requestId == m_chainRequest)
                    showChain(false, true,
                              tr("The audit chain could not be verified: %1").arg(message));
            });
    verifyChain();
}

QString AuditLogView::chainText() const {
    return m_ui->chainLabel->text();
}

void AuditLogView::verifyChain() {
    if (!m_chainRunner)
        return;
    m_chainRunner->discardPending();
    m_ui->chainButton->setEnabled(false);
    m_ui->chainLabel->setText(tr("Verifying the audit chain…"));
    // The whole chain, read-only: one statement, so the verdict and the head agree.
    m_chainRequest = m_chainRunner->submit([](store::PgConnection &conn, store::PgError *error) {
        const auto verified = store::AuditVerifier(conn).verify();
        if (!verified) {
            *error = verified.error();
            return QVariant();
        }
        return QVariant(chainVerdict(verified.value()));
    });
}

void AuditLogView::showChain(bool intact, bool warning, const QString &text) {
    m_ui->chainLabel->setText(text);
    QPalette palette = m_ui->chainLabel->palette();
    palette.setColor(QPalette::WindowText, warning ? warningTextColor(this->palette())
                                                   : this->palette().color(QPalette::WindowText));
    m_ui->chainLabel->setPalette(palette);
    m_ui->chainButton->setEnabled(m_chainRunner != nullptr);
    emit chainVerified(intact);
}

QTableView *AuditLogView::table() const {
    return m_ui->table;
}

void AuditLogView::setModel(AuditLogModel *model) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_frame->setModel(model);
    m_ui->detailText->clear();
    m_filterApplied = false;
    if (model) {
        connect(model, &AuditLogModel::loadingChanged, this, &AuditLogView::updateStatus);
        connect(model, &AuditLogModel::refreshed, this, &AuditLogView::updateStatus);
        connect(model, &AuditLogModel::errorOccurred, this,
                [this](const QString &message) { m_frame->showError(message); });
        connect(m_ui->table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &AuditLogView::showCurrentDetail);
        connect(model, &QAbstractItemModel::modelReset, this, &AuditLogView::showCurrentDetail);
        m_ui->table->resizeColumnsToContents();
        applyFilter();
    }
    updateStatus();
}

void AuditLogView::setRunFilter(qint64 runId) {
    m_ui->runEdit->setText(runId > 0 ? QString::number(runId) : QString());
    applyFilter();
}

void AuditLogView::setTimeRange(TimeRange range) {
    m_ui->timeCombo->setCurrentIndex(int(range)); // applies the filter
}

AuditLogFilter AuditLogView::filter() const {
    AuditLogFilter filter;
    bool ok = false;
    const qint64 runId = m_ui->runEdit->text().toLongLong(&ok);
    if (ok && runId > 0)
        filter.runId = runId;
    // A typed action name (editable combo) wins over the item's data only when it differs.
    QString action = m_ui->actionCombo->currentText().trimmed();
    if (m_ui->actionCombo->currentIndex() == 0 && action == m_ui->actionCombo->itemText(0))
        action.clear();
    if (!action.isEmpty())
        filter.action = action;
    const QString role = m_ui->roleEdit->text().trimmed();
    if (!role.isEmpty())
        filter.role = role;
    const QString outcome = m_ui->outcomeCombo->currentData().toString();
    if (!outcome.isEmpty())
        filter.outcome = outcome;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    switch (TimeRange(m_ui->timeCombo->currentIndex())) {
    case TimeRange::Any:
        break;
    case TimeRange::LastHour:
        filter.from = now.addSecs(-3600);
        break;
    case TimeRange::LastDay:
        filter.from = now.addDays(-1);
        break;
    case TimeRange::LastWeek:
        filter.from = now.addDays(-7);
        break;
    case TimeRange::LastMonth:
        filter.from = now.addDays(-30);
        break;
    }
    return filter;
}

void AuditLogView::writeLink(core::DedupLink &link) const {
    const AuditLogFilter current = filter();
    link.auditRun = current.runId.value_or(0);
    link.action = current.action.value_or(QString());
    link.role = current.role.value_or(QString());
    link.outcome = current.outcome.value_or(QString());
    // The combo's items are TimeRange's order, as are the link's ranges.
    static_assert(int(TimeRange::LastMonth) == int(core::DedupLink::AuditRange::Last30Days));
    link.auditRange = core::DedupLink::AuditRange(m_ui->timeCombo->currentIndex());
}

void AuditLogView::showLink(const core::DedupLink &link) {
    {
        // One read for the whole filter, not one per field.
        const QSignalBlocker action(m_ui->actionCombo);
        const QSignalBlocker outcome(m_ui->outcomeCombo);
        const QSignalBlocker time(m_ui->timeCombo);
        m_ui->runEdit->setText(link.auditRun > 0 ? QString::number(link.auditRun) : QString());
        // An action this console does not list (a newer schema's) is typed, as an operator
        // would.
        const int actionIndex =
            link.action.isEmpty() ? 0 : m_ui->actionCombo->findData(link.action);
        m_ui->actionCombo->setCurrentIndex(qMax(actionIndex, 0));
        if (actionIndex < 0)
            m_ui->actionCombo->setEditText(link.action);
        m_ui->roleEdit->setText(link.role);
        // Item 0 ("any") holds an empty outcome.
        m_ui->outcomeCombo->setCurrentIndex(qMax(m_ui->outcomeCombo->findData(link.outcome), 0));
        m_ui->timeCombo->setCurrentIndex(int(link.auditRange));
    }
    applyFilter();
}

void AuditLogView::applyFilter() {
    if (!m_model)
        return;
    const AuditLogFilter next = filter();
    // editingFinished also comes without an edit: re-read (and lose the scroll position) only
    // when the filter changed. Relative time ranges move with the clock: compare the range.
    AuditLogFilter current = m_model->filter();
    AuditLogFilter compared = next;
    current.from = compared.from = {};
    const int range = m_ui->timeCombo->currentIndex();
    if (m_filterApplied && current == compared && range == m_appliedRange)
        return;
    m_filterApplied = true;
    m_appliedRange = range;
    m_frame->hideError();
    m_model->setFilter(next);
}

void AuditLogView::refresh() {
    if (!m_model)
        return;
    m_frame->hideError();
    m_model->setFilter(filter()); // time ranges move on with the clock
}

void AuditLogView::showCurrentDetail() {
    const QModelIndex index = m_ui->table->currentIndex();
    if (!m_model || !index.isValid()) {
        m_ui->detailText->clear();
        return;
    }
    QStringList parts;
    // Each attribution field with its source: the server's, or what the client reported.
    parts << index.data(AuditLogModel::AttributionRole).toString();
    const QString detail = index.data(AuditLogModel::DetailRole).toString();
    if (!detail.isEmpty())
        parts << tr("Server: %1").arg(detail);
    parts << tr("Action key: %1").arg(index.data(AuditLogModel::ActionKeyRole).toString());
    const QString params = index.data(AuditLogModel::ParamsJsonRole).toString();
    if (!params.isEmpty())
        parts << tr("Parameters:") + u'\n' + params;
    parts << tr("Before:") + u'\n' + index.data(AuditLogModel::BeforeJsonRole).toString();
    const QString after = index.data(AuditLogModel::AfterJsonRole).toString();
    parts << tr("After:") + u'\n' + (after.isEmpty() ? tr("(unchanged: refused)") : after);
    m_ui->detailText->setPlainText(core::DisplayText::visible(parts.join(QStringLiteral("\n\n")),
                                                              core::DisplayText::Lines::Multi));
}

void AuditLogView::updateStatus() {
    if (!m_model) {
        m_ui->statusLabel->clear();
        return;
    }
    const int rows = m_model->rowCount();
    QString text = m_model->isAtEnd() ? tr("%n entries", nullptr, rows)
                                      : tr("%n newest entries (scroll for older)", nullptr, rows);
    if (m_model->isLoading())
        text += u' ' + tr("(loading…)");
    m_ui->statusLabel->setText(text);
}

} // namespace dedup::widgets
