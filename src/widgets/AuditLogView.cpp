#include "widgets/AuditLogView.h"

#include "models/AuditLogModel.h"
#include "models/OperatorAction.h"
#include "ui_AuditLogView.h"
#include "widgets/TimestampDelegate.h"

#include <QDateTime>
#include <QHeaderView>
#include <QRegularExpressionValidator>

namespace dedup::widgets {

using models::AuditLogFilter;
using models::AuditLogModel;

namespace {

// The actions the audit log records (function names, never translated); the combo box is
// editable, so an action a newer schema adds can still be typed.
QStringList knownActions() {
    QStringList names;
    for (const models::OperatorAction action : models::OperatorActionText::all()) {
        const QString name = models::OperatorActionText::functionName(action);
        if (!names.contains(name))
            names << name;
    }
    for (const char *event : {"start", "pause", "resume", "abort"})
        names << QStringLiteral("op_bulk_") + QLatin1String(event);
    return names;
}

} // namespace

AuditLogView::AuditLogView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::AuditLogView>()) {
    m_ui->setupUi(this);
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
    m_ui->errorLabel->hide();
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
    connect(m_ui->table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const qint64 runId = index.data(AuditLogModel::RunIdRole).toLongLong();
        if (runId != 0)
            emit runActivated(runId);
    });
    updateStatus();
}

AuditLogView::~AuditLogView() = default;

QTableView *AuditLogView::table() const {
    return m_ui->table;
}

void AuditLogView::setModel(AuditLogModel *model) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    QItemSelectionModel *oldSelection = m_ui->table->selectionModel();
    m_ui->table->setModel(model);
    delete oldSelection; // the view does not delete the one it replaces
    m_ui->detailText->clear();
    m_filterApplied = false;
    if (model) {
        connect(model, &AuditLogModel::loadingChanged, this, &AuditLogView::updateStatus);
        connect(model, &AuditLogModel::refreshed, this, &AuditLogView::updateStatus);
        connect(model, &AuditLogModel::errorOccurred, this, [this](const QString &message) {
            m_ui->errorLabel->setText(message);
            m_ui->errorLabel->show();
        });
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
    m_ui->errorLabel->hide();
    m_model->setFilter(next);
}

void AuditLogView::refresh() {
    if (!m_model)
        return;
    m_ui->errorLabel->hide();
    m_model->setFilter(filter()); // time ranges move on with the clock
}

void AuditLogView::showCurrentDetail() {
    const QModelIndex index = m_ui->table->currentIndex();
    if (!m_model || !index.isValid()) {
        m_ui->detailText->clear();
        return;
    }
    QStringList parts;
    parts << index.sibling(index.row(), AuditLogModel::WhoColumn).data().toString();
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
    m_ui->detailText->setPlainText(parts.join(QStringLiteral("\n\n")));
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
