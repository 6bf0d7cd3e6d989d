#include "widgets/BulkOperationsDialog.h"

#include "actions/BulkRunner.h"
#include "models/DurationText.h"
#include "ui_BulkOperationsDialog.h"
#include "widgets/BulkProgressText.h"
#include "widgets/PlainTextDelegate.h"

#include <QHeaderView>
#include <QLocale>
#include <QPushButton>
#include <QTimer>

#include <utility>

namespace dedup::widgets {

using actions::BulkPhase;
using actions::BulkReport;
using actions::BulkRunner;

namespace {

enum Column { ActionColumn, RequestedByColumn, StatusColumn, DoneColumn, RunnerColumn, SeenColumn };

QString statusText(const QString &status) {
    if (status == u"preparing")
        return BulkOperationsDialog::tr("selecting runs");
    if (status == u"running")
        return BulkOperationsDialog::tr("running");
    if (status == u"paused")
        return BulkOperationsDialog::tr("paused");
    return status;
}

// "2 Dec 2026 14:02:31 (5 min ago)" by this machine's clock; "no batch yet" before the first.
QString seenText(const QDateTime &at) {
    if (!at.isValid())
        return BulkOperationsDialog::tr("no batch yet");
    const qint64 age = at.msecsTo(QDateTime::currentDateTimeUtc());
    return BulkOperationsDialog::tr("%1 (%2 ago)")
        .arg(QLocale().toString(at.toLocalTime(), QLocale::ShortFormat),
             models::DurationText::format(qMax<qint64>(0, age)));
}

} // namespace

BulkOperationsDialog::BulkOperationsDialog(const StoreConnections &connections, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::BulkOperationsDialog>())
    , m_connections(connections)
    , m_lister(connections.makeBulkRunner(nullptr))
    , m_refresh(new QTimer(this)) {
    m_ui->setupUi(this);
    PlainTextDelegate::installOn(m_ui->operationsTable);
    for (QLabel *label : {m_ui->listLabel, m_ui->selectedLabel, m_ui->countersLabel})
        label->setTextFormat(Qt::PlainText);
    QTableWidget *table = m_ui->operationsTable;
    table->setColumnCount(6);
    table->setHorizontalHeaderLabels({tr("Operation"), tr("Requested by"), tr("Status"), tr("Done"),
                                      tr("Last batch by"), tr("Last batch")});
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    table->horizontalHeader()->setStretchLastSection(true);
    m_ui->progressBar->hide();
    m_ui->reportText->hide();

    connect(m_lister.get(), &BulkRunner::activeOperations, this,
            &BulkOperationsDialog::showOperations);
    connect(m_lister.get(), &BulkRunner::activeOperationsFailed, this,
            [this](const QString &message) {
                m_ui->listLabel->setText(tr("Could not list the operations: %1").arg(message));
            });
    connect(table, &QTableWidget::itemSelectionChanged, this, [this] {
        const QList<QTableWidgetItem *> selected = m_ui->operationsTable->selectedItems();
        if (selected.isEmpty() || m_stepping)
            return;
        const QString id = m_ui->operationsTable->item(selected.first()->row(), ActionColumn)
                               ->data(Qt::UserRole)
                               .toString();
        if (id != m_currentId)
            follow(id, false);
    });
    connect(m_ui->reasonEdit, &QLineEdit::textChanged, this, &BulkOperationsDialog::updateButtons);
    connect(m_ui->continueButton, &QPushButton::clicked, this, &BulkOperationsDialog::continueHere);
    // The control buttons differ only in the runner command they send through control().
    const std::pair<QPushButton *, void (BulkRunner::*)(const QString &)> commands[] = {
        {m_ui->pauseButton, &BulkRunner::pause},
        {m_ui->resumeButton, &BulkRunner::resume},
        {m_ui->abortButton, &BulkRunner::abort}};
    for (const auto &[button, command] : commands)
        connect(button, &QPushButton::clicked, this, [this, command] { control(command); });
    connect(m_ui->refreshButton, &QPushButton::clicked, this, &BulkOperationsDialog::refresh);
    connect(m_ui->closeButton, &QPushButton::clicked, this, &QDialog::reject);
    // Polled while shown (showEvent / hideEvent); read once now.
    m_refresh->setInterval(3000);
    connect(m_refresh, &QTimer::timeout, this, &BulkOperationsDialog::refresh);
    refresh();
    updateButtons();
}

BulkOperationsDialog::~BulkOperationsDialog() = default;

void BulkOperationsDialog::showEvent(QShowEvent *event) {
    QDialog::showEvent(event);
    m_refresh->start();
}

void BulkOperationsDialog::hideEvent(QHideEvent *event) {
    QDialog::hideEvent(event);
    m_refresh->stop();
}

void BulkOperationsDialog::setRefreshInterval(int milliseconds) {
    m_refresh->setInterval(qMax(10, milliseconds));
}

void BulkOperationsDialog::setBatchSize(int runs) {
    m_batchSize = runs;
}

void BulkOperationsDialog::setPollInterval(int milliseconds) {
    m_pollMs = milliseconds;
}

void BulkOperationsDialog::refresh() {
    m_lister->requestActiveOperations();
}

bool BulkOperationsDialog::selectOperation(const QString &id) {
    if (m_stepping)
        return false;
    for (int row = 0; row < m_ui->operationsTable->rowCount(); ++row) {
        if (m_ui->operationsTable->item(row, ActionColumn)->data(Qt::UserRole).toString() == id) {
            m_ui->operationsTable->selectRow(row);
            if (m_currentId != id)
                follow(id, false);
            return true;
        }
    }
    return false;
}

QStringList BulkOperationsDialog::rowCells(const store::BulkState &op) const {
    return {BulkProgressText::title(op),
            op.requestedBy,
            statusText(op.status),
            BulkProgressText::done(op),
            op.runner.isEmpty() ? tr("nobody yet") : op.runner,
            seenText(op.runnerSeenAt)};
}

void BulkOperationsDialog::setRow(int row, const store::BulkState &op) {
    QTableWidget *table = m_ui->operationsTable;
    const QStringList cells = rowCells(op);
    for (int column = 0; column < cells.size(); ++column) {
        QTableWidgetItem *item = table->item(row, column);
        if (!item) {
            item = new QTableWidgetItem;
            table->setItem(row, column, item);
        }
        item->setText(cells.at(column));
        if (column == ActionColumn)
            item->setData(Qt::UserRole, op.id);
        item->setToolTip(column == ActionColumn ? tr("Operation %1").arg(op.id) : cells.at(column));
    }
}

const store::BulkState *BulkOperationsDialog::followedState() const {
    if (!m_runner || m_currentId.isEmpty())
        return nullptr;
    const store::BulkState &state = m_runner->state();
    return state.id == m_currentId && !state.action.isEmpty() ? &state : nullptr;
}

void BulkOperationsDialog::showOperations(const QList<store::BulkState> &operations) {
    m_operations = operations;
    // One figure per operation: the followed one's is its runner's latest (read every poll,
    // or after every batch applied here), in its row as in the bar and the counters; the
    // list's own read of it, up to a refresh interval older, is not shown next to it.
    if (const store::BulkState *followed = followedState()) {
        for (store::BulkState &op : m_operations)
            if (op.id == followed->id)
                op = *followed;
    }
    QTableWidget *table = m_ui->operationsTable;
    const QSignalBlocker blocker(table); // a refresh is not a new selection
    table->setRowCount(int(m_operations.size()));
    const QLocale locale;
    int selectedRow = -1;
    for (int row = 0; row < m_operations.size(); ++row) {
        setRow(row, m_operations.at(row));
        if (m_operations.at(row).id == m_currentId)
            selectedRow = row;
    }
    // A few rows: fit the columns to their text (runner names are long).
    table->resizeColumnsToContents();
    if (selectedRow >= 0)
        table->selectRow(selectedRow);
    else
        table->clearSelection();
    m_ui->listLabel->setText(
        m_operations.isEmpty() ? tr("No bulk operation is unfinished.")
        : m_operations.size() == 1
            ? tr("1 unfinished operation.")
            : tr("%1 unfinished operations.").arg(locale.toString(qsizetype(m_operations.size()))));
    updateButtons();
    emit operationsShown(m_operations);
}

void BulkOperationsDialog::follow(const QString &id, bool step, const QString &reason) {
    // A runner attaches once: a new one for each operation (deleting the old one stops its
    // polling; it was only following).
    m_runner.reset(m_connections.makeBulkRunner(nullptr));
    m_runner->setBatchSize(m_batchSize);
    m_runner->setPollInterval(m_pollMs);
    m_currentId = id;
    m_stepping = step;
    connect(m_runner.get(), &BulkRunner::phaseChanged, this, [this] {
        showProgress();
        updateButtons();
    });
    connect(m_runner.get(), &BulkRunner::progress, this, &BulkOperationsDialog::showProgress);
    connect(m_runner.get(), &BulkRunner::finished, this, [this](const BulkReport &report) {
        m_stepping = false;
        showReport(report);
        updateButtons();
        refresh();
        emit operationFinished(report);
    });
    connect(m_runner.get(), &BulkRunner::failed, this, [this](const QString &message) {
        m_stepping = false;
        // Selecting the operation again follows it anew.
        m_currentId.clear();
        m_ui->operationsTable->clearSelection();
        m_ui->reportText->show();
        m_ui->reportText->appendPlainText(tr("Failed: %1").arg(message));
        updateButtons();
    });
    connect(m_runner.get(), &BulkRunner::connectionLost, this, [this](const QString &message) {
        m_ui->countersLabel->setText(tr("Connection lost, reconnecting: %1").arg(message));
    });
    connect(m_runner.get(), &BulkRunner::connectionRestored, this,
            &BulkOperationsDialog::showProgress);
    m_ui->reportText->clear();
    m_ui->reportText->hide();
    m_ui->progressBar->show();
    m_ui->progressBar->setRange(0, 0); // busy until the first look: no figure yet
    m_ui->progressBar->resetFormat();
    m_ui->countersLabel->clear();
    m_runner->attach(id, step, reason);
    showProgress();
    updateButtons();
}

void BulkOperationsDialog::continueHere() {
    // Taking over an operation is an operator action: audited with the reason typed.
    const QString reason = m_ui->reasonEdit->text().trimmed();
    if (m_currentId.isEmpty() || m_stepping || reason.isEmpty())
        return;
    follow(m_currentId, true, reason);
}

void BulkOperationsDialog::control(void (BulkRunner::*command)(const QString &)) {
    const QString reason = m_ui->reasonEdit->text().trimmed();
    if (!m_runner || reason.isEmpty())
        return;
    (m_runner.get()->*command)(reason);
}

QString BulkOperationsDialog::describe(const store::BulkState &state) const {
    const QString who =
        m_stepping
            ? tr("applied by this console")
            : (state.runner.isEmpty()
                   ? tr("no batch applied yet")
                   : tr("last batch by %1, %2").arg(state.runner, seenText(state.runnerSeenAt)));
    return tr("%1, requested by %2: %3 (%4)")
        .arg(BulkProgressText::title(state), state.requestedBy, statusText(state.status), who);
}

void BulkOperationsDialog::showProgress() {
    const store::BulkState *followed = followedState();
    if (!followed)
        return; // not read yet
    // One read, three places: the row, the bar and the counters.
    const store::BulkState state = *followed;
    m_ui->selectedLabel->setText(describe(state));
    BulkProgressText::showOn(m_ui->progressBar, state);
    m_ui->countersLabel->setText(BulkProgressText::counters(state));
    for (int row = 0; row < m_operations.size(); ++row) {
        if (m_operations.at(row).id != state.id)
            continue;
        m_operations[row] = state;
        if (row < m_ui->operationsTable->rowCount()) {
            const QSignalBlocker blocker(m_ui->operationsTable);
            setRow(row, state);
        }
        emit operationsShown(m_operations);
    }
}

void BulkOperationsDialog::showReport(const BulkReport &report) {
    showProgress();
    m_ui->reportText->setPlainText(BulkProgressText::report(report));
    m_ui->reportText->show();
}

void BulkOperationsDialog::updateButtons() {
    const BulkPhase phase = m_runner ? m_runner->phase() : BulkPhase::Idle;
    const QString status = m_runner ? m_runner->state().status : QString();
    const bool reason = !m_ui->reasonEdit->text().trimmed().isEmpty();
    const bool live =
        phase == BulkPhase::Running || phase == BulkPhase::Paused || phase == BulkPhase::Watching;
    // An operation interrupted while its runs were being selected has an incomplete set: it
    // can only be aborted (BulkRunner::attach).
    m_ui->continueButton->setEnabled(live && reason && !m_stepping && status != u"preparing");
    m_ui->pauseButton->setEnabled(live && reason && status == u"running");
    m_ui->resumeButton->setEnabled(live && reason && status == u"paused");
    m_ui->abortButton->setEnabled(live && reason);
    m_ui->operationsTable->setEnabled(!m_stepping);
    m_ui->closeButton->setText(m_stepping ? tr("Hide") : tr("Close"));
    if (!m_runner)
        m_ui->selectedLabel->setText(tr("Select an operation to follow it."));
}

} // namespace dedup::widgets
