#include "widgets/RunsView.h"

#include "lanes/ChangeListener.h"
#include "models/RunListModel.h"
#include "ui_RunsView.h"
#include "widgets/ContentsColumn.h"
#include "widgets/ListTableFrame.h"
#include "widgets/RunColumns.h"
#include "widgets/RunFilterBar.h"
#include "widgets/RunsViewActions.h"
#include "widgets/ScrollAnchor.h"
#include "widgets/StatusDelegate.h"
#include "widgets/TimestampDelegate.h"
#include "widgets/ToggleHighlight.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLocale>
#include <QMenu>

#include <utility>

namespace dedup::widgets {

using lanes::ChangeListener;
using models::RunListModel;

RunsView::RunsView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::RunsView>()) {
    m_ui->setupUi(this);
    m_frame = new ListTableFrame(m_ui->table, RunListModel::RunIdRole, this);
    setFocusProxy(m_ui->table); // focus on the view (e.g. its tab shown) lands in the list
    m_anchor = new ScrollAnchor(m_ui->table);
    m_ui->table->setItemDelegateForColumn(RunListModel::StatusColumn, new StatusDelegate(this));
    auto *timestamps = new TimestampDelegate(this);
    for (const int column : {RunListModel::LeaseExpiresColumn, RunListModel::CreatedColumn,
                             RunListModel::UpdatedColumn}) {
        m_ui->table->setItemDelegateForColumn(column, timestamps);
    }
    m_ui->table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_ui->table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_ui->table->horizontalHeader()->setSectionsMovable(true);
    m_ui->table->horizontalHeader()->setStretchLastSection(true);
    m_frame->setRowHeight(3, 2);
    m_frame->setBusyIndicator(m_ui->busyIndicator);
    m_frame->setErrorRow(m_ui->errorRow, m_ui->errorIcon, m_ui->errorLabel);
    m_ui->truncatedLabel->hide();

    createActions();
    connect(m_ui->filterBar, &RunFilterBar::filterChanged, this, &RunsView::applyFilter);
    connect(m_frame, &ListTableFrame::runActivated, this, &RunsView::runActivated);
    connect(m_ui->table, &QWidget::customContextMenuRequested, this, &RunsView::showContextMenu);
    connect(m_ui->table->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint &position) {
                RunColumns::showMenu(m_ui->table->horizontalHeader(), position);
            });
    updateIcons();
    updateStatusRow();
    updateLiveState();
    updateRowActions();
    updateEmptyState();
}

RunsView::~RunsView() = default;

RunFilterBar *RunsView::filterBar() const {
    return m_ui->filterBar;
}

QTableView *RunsView::table() const {
    return m_ui->table;
}

QList<QAction *> RunsView::viewActions() const {
    return m_actions->all();
}

void RunsView::createActions() {
    m_actions = std::make_unique<RunsViewActions>(this, m_ui->table);
    connect(m_actions->find, &QAction::triggered, this, &RunsView::focusSearch);
    connect(m_actions->refresh, &QAction::triggered, this, &RunsView::refresh);
    connect(m_actions->cancel, &QAction::triggered, this, &RunsView::cancelLoading);
    connect(m_actions->live, &QAction::toggled, this, &RunsView::setLive);
    connect(m_actions->open, &QAction::triggered, m_frame, &ListTableFrame::activateCurrentRun);
    connect(m_actions->correlation, &QAction::triggered, this, &RunsView::showCurrentCorrelation);
    connect(m_actions->copyKey, &QAction::triggered, this, &RunsView::copyCurrentKey);
    m_ui->refreshButton->setDefaultAction(m_actions->refresh);
    m_ui->cancelButton->setDefaultAction(m_actions->cancel);
    m_ui->liveButton->setDefaultAction(m_actions->live);
    ToggleHighlight::install(m_ui->liveButton);
    for (QToolButton *button : {m_ui->refreshButton, m_ui->cancelButton, m_ui->liveButton})
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
}

void RunsView::updateIcons() {
    // Theme icons where the desktop has them; the buttons carry text either way.
    m_actions->updateIcons();
}

void RunsView::setModel(RunListModel *model, ChangeListener *listener) {
    if (m_model) {
        m_headerState = m_ui->table->horizontalHeader()->saveState();
        disconnect(m_model, nullptr, this, nullptr);
    }
    if (m_listener)
        disconnect(m_listener, nullptr, this, nullptr);
    m_model = model;
    m_listener = listener;
    m_reselectRunId = 0;
    m_waiting = 0;
    m_waitingMore = false;
    m_frame->setModel(model);
    m_anchor->attach();
    if (model) {
        if (m_headerState.isEmpty() ||
            !m_ui->table->horizontalHeader()->restoreState(m_headerState)) {
            RunColumns::applyDefaults(m_ui->table->horizontalHeader());
        }
        // Attempts are never cut: the column follows its widest value (a restored header
        // may predate this).
        ContentsColumn::keepFitted(m_ui->table, RunListModel::AttemptColumn);
        connectModel();
    }
    m_frame->hideError();
    if (listener)
        listener->setPaused(!m_actions->live->isChecked());
    if (model)
        applyFilter();
    updateStatusRow();
    updateLiveState();
    updateRowActions();
    updateEmptyState();
}

void RunsView::connectModel() {
    connect(m_model, &RunListModel::countChanged, this, [this] {
        m_countCancelled = false;
        updateStatusRow();
    });
    connect(m_model, &RunListModel::loadingChanged, this, &RunsView::updateStatusRow);
    connect(m_model, &RunListModel::loadingChanged, this, &RunsView::updateEmptyState);
    connect(m_model, &RunListModel::truncatedChanged, this, &RunsView::updateStatusRow);
    connect(m_model, &RunListModel::errorOccurred, this, &RunsView::onError);
    connect(m_model, &RunListModel::errorTextChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            m_frame->hideError();
    });
    connect(m_model, &RunListModel::pageLoaded, this, &RunsView::onLoaded);
    connect(m_model, &RunListModel::liveUpdateApplied, this, &RunsView::onLoaded);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &RunsView::updateEmptyState);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &RunsView::updateEmptyState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RunsView::updateEmptyState);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &RunsView::updateRowActions);
    connect(m_ui->table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &RunsView::updateRowActions);
    if (m_listener) {
        connect(m_listener, &ChangeListener::changesWaiting, this, [this](int runs, bool more) {
            m_waiting = runs;
            m_waitingMore = more;
            updateLiveState();
        });
        connect(m_listener, &ChangeListener::connectedChanged, this, [this] { updateLiveState(); });
        connect(m_listener, &ChangeListener::pausedChanged, this, [this](bool paused) {
            m_waiting = 0;
            m_waitingMore = false;
            m_actions->live->setChecked(!paused);
            updateLiveState();
        });
    }
}

void RunsView::applyFilter() {
    if (!m_model)
        return;
    // An invalid filter changes nothing: the model keeps the list and reports why
    // (errorOccurred, shown above the table).
    m_filterRejected = !m_model->setFilter(m_ui->filterBar->filter());
}

void RunsView::refresh() {
    if (!m_model)
        return;
    m_reselectRunId = currentRunId();
    applyFilter();
}

void RunsView::cancelLoading() {
    if (!m_model || !m_model->isLoading())
        return;
    m_countCancelled = m_model->countText().isEmpty();
    m_model->cancel();
    updateStatusRow();
}

void RunsView::setLive(bool live) {
    if (m_actions->live->isChecked() != live)
        m_actions->live->setChecked(live); // comes back here through toggled()
    else if (m_listener)
        m_listener->setPaused(!live);
    updateLiveState();
}

void RunsView::focusSearch() {
    m_ui->filterBar->focusSearch();
}

qint64 RunsView::currentRunId() const {
    return m_frame->currentRunId();
}

QString RunsView::currentCorrelationId() const {
    const QModelIndex current = m_ui->table->currentIndex();
    if (!current.isValid())
        return {};
    return current.siblingAtColumn(RunListModel::CorrelationColumn).data().toString();
}

void RunsView::showCurrentCorrelation() {
    const QString correlation = currentCorrelationId();
    if (!correlation.isEmpty())
        emit correlationActivated(correlation, currentRunId());
}

void RunsView::copyCurrentKey() {
    const QModelIndex current = m_ui->table->currentIndex();
    if (current.isValid()) {
        QGuiApplication::clipboard()->setText(
            current.siblingAtColumn(RunListModel::KeyColumn).data().toString());
    }
}

void RunsView::showContextMenu(const QPoint &position) {
    const QModelIndex index = m_ui->table->indexAt(position);
    if (!index.isValid())
        return;
    // A right click inside the selection keeps it (bulk actions act on it); elsewhere it
    // selects the clicked row.
    QItemSelectionModel *selection = m_ui->table->selectionModel();
    selection->setCurrentIndex(index, selection->isRowSelected(index.row())
                                          ? QItemSelectionModel::NoUpdate
                                          : QItemSelectionModel::ClearAndSelect |
                                                QItemSelectionModel::Rows);
    updateRowActions();
    QMenu menu(this);
    menu.addAction(m_actions->open);
    menu.addAction(m_actions->correlation);
    menu.addSeparator();
    menu.addAction(m_actions->copyKey);
    emit contextMenuAboutToShow(&menu);
    menu.exec(m_ui->table->viewport()->mapToGlobal(position));
}

QList<store::RunRow> RunsView::selectedRows() const {
    QList<store::RunRow> rows;
    if (!m_model)
        return rows;
    for (const QModelIndex &index : m_frame->selectedRows())
        rows.append(m_model->runAt(index.row()));
    return rows;
}

void RunsView::onError(const QString &message) {
    m_frame->showError(message);
    updateStatusRow();
    updateEmptyState();
}

void RunsView::onLoaded() {
    // A later successful read supersedes a load error; a rejected filter's message stays
    // until the filter is fixed.
    if (!m_filterRejected)
        m_frame->hideError();
    if (m_reselectRunId != 0 && m_model && m_model->rowCount() > 0) {
        // Only from the first page: a run found later would move the list under the user.
        const int row = m_model->rowOfRun(std::exchange(m_reselectRunId, 0));
        if (row >= 0) {
            m_ui->table->setCurrentIndex(m_model->index(row, RunListModel::IdColumn));
            m_ui->table->scrollTo(m_ui->table->currentIndex());
        }
    }
    updateStatusRow();
    updateEmptyState();
}

QString RunsView::countText() const {
    if (!m_model)
        return {};
    const QLocale locale;
    const qint64 value = m_model->countValue();
    if (value < 0) {
        if (m_model->countText().isEmpty())
            return m_countCancelled ? tr("not counted") : tr("loading…");
        return tr("count unknown");
    }
    if (m_model->countHasEstimate())
        return tr("~%1 runs (estimate)").arg(locale.toString(value));
    if (m_model->countIsEstimate()) // over the exact count's cap, without an estimate
        return tr("more than %1 runs").arg(locale.toString(value - 1));
    return value == 1 ? tr("1 run") : tr("%1 runs").arg(locale.toString(value));
}

void RunsView::updateStatusRow() {
    m_ui->countLabel->setText(countText());
    const bool loading = m_model && m_model->isLoading();
    m_frame->setBusy(loading);
    m_actions->cancel->setEnabled(loading);
    m_actions->refresh->setEnabled(m_model);
    const bool truncated = m_model && m_model->isTruncated();
    m_ui->truncatedLabel->setVisible(truncated);
    if (truncated) {
        m_ui->truncatedLabel->setText(tr("showing the newest %1; narrow the filter")
                                          .arg(QLocale().toString(m_model->maxRows())));
    }
}

void RunsView::updateRowActions() {
    const bool hasRun = currentRunId() != 0;
    m_actions->open->setEnabled(hasRun);
    m_actions->copyKey->setEnabled(hasRun);
    m_actions->correlation->setEnabled(!currentCorrelationId().isEmpty());
}

void RunsView::updateLiveState() {
    m_actions->live->setEnabled(m_listener);
    const int waiting = m_waiting;
    const bool more = m_waitingMore;
    QString text;
    if (m_listener && m_listener->isPaused()) {
        if (more)
            text = tr("paused, many changes waiting");
        else if (waiting == 1)
            text = tr("paused, 1 change waiting");
        else if (waiting > 1)
            text = tr("paused, %1 changes waiting").arg(QLocale().toString(waiting));
        else
            text = tr("paused");
    } else if (m_listener) {
        text = m_listener->isConnected() ? tr("updating live") : tr("live updates reconnecting");
    }
    m_ui->liveStateLabel->setText(text);
}

void RunsView::updateEmptyState() {
    QString text;
    if (!m_model)
        text = tr("Not connected to a store.");
    else if (m_model->rowCount() > 0)
        text.clear();
    else if (m_model->isLoading())
        text = tr("Loading runs…");
    else if (m_frame->isErrorShown())
        text.clear(); // the error above the table says why
    else if (m_model->filter().isEmpty())
        text = tr("No runs in this store yet. Workers create them with dedup.claim().");
    else
        text = tr("No runs match this filter.");
    m_frame->setEmptyText(text);
}

QVariantMap RunsView::saveState() const {
    const QByteArray header =
        m_model ? m_ui->table->horizontalHeader()->saveState() : m_headerState;
    return {{QStringLiteral("header"), header},
            {QStringLiteral("filter"), m_ui->filterBar->saveState()}};
}

void RunsView::restoreState(const QVariantMap &state) {
    m_headerState = state.value(QStringLiteral("header")).toByteArray();
    if (m_model && !m_headerState.isEmpty())
        m_ui->table->horizontalHeader()->restoreState(m_headerState);
    m_ui->filterBar->restoreState(state.value(QStringLiteral("filter")).toMap());
    if (m_model)
        applyFilter();
}

void RunsView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::StyleChange)
        updateIcons();
}

} // namespace dedup::widgets
