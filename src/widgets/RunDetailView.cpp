#include "widgets/RunDetailView.h"

#include "lanes/ChangeListener.h"
#include "models/AuditTableModel.h"
#include "models/EventTableModel.h"
#include "models/KeyDeliveryTableModel.h"
#include "models/RunDetailSource.h"
#include "models/StepTableModel.h"
#include "store/RunReveal.h"
#include "ui_RunDetailView.h"
#include "widgets/PageBar.h"
#include "widgets/PlainTextDelegate.h"
#include "widgets/RevealDialog.h"
#include "widgets/StepStatusDelegate.h"
#include "widgets/TimestampDelegate.h"
#include "widgets/ViewAction.h"

#include <QAction>
#include <QHeaderView>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <utility>

namespace dedup::widgets {

using models::AuditTableModel;
using models::EventTableModel;
using models::KeyDeliveryTableModel;
using models::RunDetailSource;
using models::StepTableModel;

RunDetailView::RunDetailView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::RunDetailView>()) {
    m_ui->setupUi(this);
    PlainTextDelegate::installOn(m_ui->stepsTable);
    PlainTextDelegate::installOn(m_ui->eventsTable);
    PlainTextDelegate::installOn(m_ui->auditTable);
    PlainTextDelegate::installOn(m_ui->deliveriesTable); // worker ids and logins are store data
    setFocusProxy(m_ui->stepsTable);
    QFont title = m_ui->titleLabel->font();
    title.setBold(true);
    title.setPointSizeF(title.pointSizeF() * 1.3);
    m_ui->titleLabel->setFont(title);
    QFont bold = m_ui->statusLabel->font();
    bold.setBold(true);
    m_ui->statusLabel->setFont(bold);
    m_ui->messageHint->setForegroundRole(QPalette::PlaceholderText);
    for (QProgressBar *busy : {m_ui->busyIndicator, m_ui->messageBusy}) {
        busy->setMaximumWidth(fontMetrics().averageCharWidth() * 10);
        QSizePolicy policy = busy->sizePolicy();
        policy.setRetainSizeWhenHidden(true); // no relayout per reload
        busy->setSizePolicy(policy);
        busy->hide();
    }
    m_ui->stepWhyLabel->setMargin(fontMetrics().averageCharWidth());
    m_ui->stepWhyLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_ui->resultPane->setObjectName(QStringLiteral("resultPane"));
    m_ui->errorPane->setObjectName(QStringLiteral("errorPane"));
    // Run data (keys, messages, reasons; raw once revealed) is shown as stored, never
    // interpreted as markup.
    for (QLabel *label :
         {m_ui->keyValue, m_ui->fingerprintValue, m_ui->errorClassValue, m_ui->errorMessageValue,
          m_ui->reviewReasonValue, m_ui->reviewNoteValue, m_ui->revealedLabel,
          m_ui->deliveriesError, m_ui->deliveriesSummary, m_ui->deliveriesNote})
        label->setTextFormat(Qt::PlainText);
    m_ui->revealedRow->hide();
    setUpTables();
    createActions();
    connect(m_ui->correlationValue, &QLabel::linkActivated, this,
            &RunDetailView::requestCorrelation);
    connect(m_ui->retryButton, &QPushButton::clicked, this, &RunDetailView::reload);
    connect(m_ui->errorRetryButton, &QPushButton::clicked, this, &RunDetailView::reload);
    connect(m_ui->hideRevealedButton, &QPushButton::clicked, this, &RunDetailView::hideRevealed);
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, this, &RunDetailView::updateLease);
    updateIcons();
    updateState();
}

RunDetailView::RunDetailView(const StoreConnections &connections, QWidget *parent)
    : RunDetailView(parent) {
    setStore(connections, nullptr);
}

RunDetailView::~RunDetailView() {
    // The tables let go of the source's models before an own source goes.
    setSource(nullptr);
}

void RunDetailView::setUpTables() {
    auto *timestamps = new TimestampDelegate(this);
    m_ui->stepsTable->setItemDelegateForColumn(StepTableModel::StatusColumn,
                                               new StepStatusDelegate(this));
    m_ui->stepsTable->setItemDelegateForColumn(StepTableModel::StartedColumn, timestamps);
    m_ui->stepsTable->setItemDelegateForColumn(StepTableModel::FinishedColumn, timestamps);
    m_ui->eventsTable->setItemDelegateForColumn(EventTableModel::TimeColumn, timestamps);
    m_ui->auditTable->setItemDelegateForColumn(AuditTableModel::WhenColumn, timestamps);
    m_ui->deliveriesTable->setItemDelegateForColumn(KeyDeliveryTableModel::TimeColumn, timestamps);
    m_ui->deliveriesNote->setForegroundRole(QPalette::PlaceholderText);
    m_ui->deliveriesError->hide();
    for (QTableView *table :
         {m_ui->stepsTable, m_ui->eventsTable, m_ui->auditTable, m_ui->deliveriesTable}) {
        table->verticalHeader()->setMinimumSectionSize(fontMetrics().height());
        table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() * 3 / 2);
        // Reasons, details and explanations are sentences: cut at their end.
        table->setTextElideMode(Qt::ElideRight);
    }
    // Events come one page at a time, the newest first: the bar pages through the rest.
    auto *eventPages = new PageBar(m_ui->eventsTab);
    eventPages->setObjectName(QStringLiteral("eventPages"));
    m_ui->eventsLayout->insertWidget(m_ui->eventsLayout->indexOf(m_ui->eventsTable), eventPages);
    connect(eventPages, &PageBar::pageRequested, this, [this](store::ListPage::Step step) {
        if (m_source)
            m_source->showEvents(step);
    });
}

void RunDetailView::createActions() {
    m_reload = makeViewAction(this, QStringLiteral("actionReloadRun"), tr("&Reload Run"),
                              {QKeySequence(Qt::Key_F5)}, QStringLiteral("view-refresh"));
    m_cancel = makeViewAction(this, QStringLiteral("actionCancelRunLoading"), tr("&Cancel Loading"),
                              {QKeySequence(Qt::Key_Escape)}, QStringLiteral("process-stop"));
    m_correlation = makeViewAction(
        this, QStringLiteral("actionShowRunCorrelation"), tr("Show &Correlation"),
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)}, QStringLiteral("view-list-tree"));
    m_correlation->setToolTip(tr("Every run that shares this run's correlation id"));
    connect(m_reload, &QAction::triggered, this, &RunDetailView::reload);
    connect(m_cancel, &QAction::triggered, this, &RunDetailView::cancelLoading);
    connect(m_correlation, &QAction::triggered, this, &RunDetailView::requestCorrelation);
    m_ui->reloadButton->setDefaultAction(m_reload);
    m_ui->reloadButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    // The link itself is made by whoever knows the store (LinkNavigator): copyLinkRequested.
    m_copyLink = makeViewAction(this, QStringLiteral("actionCopyRunDetailLink"), tr("Copy &Link"),
                                {}, QStringLiteral("insert-link"));
    updateCopyLinkTip();
    connect(m_copyLink, &QAction::triggered, this, [this] {
        if (runId() > 0)
            emit copyLinkRequested(runId());
    });
    m_ui->copyLinkButton->setDefaultAction(m_copyLink);
    m_ui->copyLinkButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_ui->tabs, &QTabWidget::currentChanged, this, &RunDetailView::updateCopyLinkTip);
    m_reveal = makeViewAction(this, QStringLiteral("actionRevealRunValues"), tr("Re&veal…"), {},
                              QStringLiteral("view-visible"));
    connect(m_reveal, &QAction::triggered, this, &RunDetailView::openReveal);
    for (QToolButton *button : {m_ui->revealButton, m_ui->errorRevealButton}) {
        button->setDefaultAction(m_reveal);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }
}

QList<QAction *> RunDetailView::viewActions() const {
    return {m_reload, m_cancel, m_correlation, m_reveal, m_copyLink};
}

QTabWidget *RunDetailView::tabs() const {
    return m_ui->tabs;
}

QTableView *RunDetailView::stepsTable() const {
    return m_ui->stepsTable;
}

QTableView *RunDetailView::eventsTable() const {
    return m_ui->eventsTable;
}

QTableView *RunDetailView::auditTable() const {
    return m_ui->auditTable;
}

QTableView *RunDetailView::deliveriesTable() const {
    return m_ui->deliveriesTable;
}

void RunDetailView::showDeliveries() {
    m_ui->tabs->setCurrentWidget(m_ui->deliveriesTab);
}

bool RunDetailView::deliveriesInFront() const {
    return m_ui->tabs->currentWidget() == m_ui->deliveriesTab;
}

void RunDetailView::updateCopyLinkTip() {
    m_copyLink->setToolTip(
        deliveriesInFront()
            ? tr("Copy a dedup:// link to the deliveries of this run's key (it names the run, "
                 "never the key)")
            : tr("Copy a dedup:// link to this run (it carries no patient data)"));
}

void RunDetailView::setSource(RunDetailSource *source) {
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source = source;
    m_revealed.reset(); // raw values never outlive the store they came from
    delete m_revealDialog.data();
    const auto show = [](QTableView *table, QAbstractItemModel *model) {
        QItemSelectionModel *old = table->selectionModel();
        table->setModel(model);
        delete old; // the view does not delete the one it replaces
    };
    show(m_ui->stepsTable, source ? source->steps() : nullptr);
    show(m_ui->eventsTable, source ? source->events() : nullptr);
    show(m_ui->auditTable, source ? source->audit() : nullptr);
    show(m_ui->deliveriesTable, source ? source->deliveries() : nullptr);
    if (m_ownSource.get() != source)
        m_ownSource.reset(); // after the tables let go of its models
    m_fittedRunId = 0;
    m_lostReason.clear();
    if (source) {
        connectSource();
        if (source->hasDetail())
            fill();
    }
    updateState();
}

void RunDetailView::setStore(const StoreConnections &connections, lanes::ChangeListener *listener) {
    m_connections = connections;
    m_listener = listener;
    if (connections.isEmpty()) {
        setSource(nullptr);
        return;
    }
    std::unique_ptr<RunDetailSource> source = connections.makeRunDetailSource();
    if (listener)
        source->attachListener(listener);
    RunDetailSource *raw = source.get();
    setSource(raw);
    m_ownSource = std::move(source);
}

void RunDetailView::connectSource() {
    connect(m_source, &QObject::destroyed, this, [this] {
        m_source = nullptr;
        setSource(nullptr);
    });
    connect(m_source, &RunDetailSource::stateChanged, this, &RunDetailView::updateState);
    connect(m_source, &RunDetailSource::loaded, this, &RunDetailView::onLoaded);
    connect(m_source, &RunDetailSource::failed, this, &RunDetailView::updateState);
    connect(m_source, &RunDetailSource::loadingChanged, this, &RunDetailView::updateState);
    // Another run: the last one's values go at once, not when the new one has been read.
    connect(m_source, &RunDetailSource::runIdChanged, this, &RunDetailView::clearValues);
    connect(m_source, &RunDetailSource::runIdChanged, this, &RunDetailView::runChanged);
    connect(m_source, &RunDetailSource::notFound, this, &RunDetailView::runChanged);
    connect(m_source, &RunDetailSource::connectionLost, this, [this](const QString &why) {
        m_lostReason = why;
        updateState();
        emit connectionLost(why);
    });
    connect(m_source, &RunDetailSource::connectionRestored, this, [this] {
        m_lostReason.clear();
        emit connectionRestored();
    });
    connect(m_ui->stepsTable->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &RunDetailView::updateStepWhy);
}

void RunDetailView::setRunId(qint64 runId) {
    if (m_source)
        m_source->setRunId(runId);
}

qint64 RunDetailView::runId() const {
    return m_source ? m_source->runId() : 0;
}

bool RunDetailView::hasRun() const {
    return m_source && m_source->hasDetail();
}

const store::RunDetail &RunDetailView::detail() const {
    static const store::RunDetail none;
    return hasRun() ? m_source->detail() : none;
}

qint64 RunDetailView::leaseToken() const {
    return detail().leaseToken;
}

QString RunDetailView::statusName() const {
    return detail().statusName;
}

std::optional<core::RunStatus> RunDetailView::status() const {
    if (!hasRun() || !detail().statusKnown())
        return std::nullopt;
    return detail().status;
}

bool RunDetailView::leaseExpired() const {
    return hasRun() && detail().hasLease() &&
           (detail().leaseExpired || m_source->leaseRemainingMs() <= 0);
}

bool RunDetailView::continuationQueued() const {
    if (!hasRun())
        return false;
    const auto &commands = m_source->snapshot().commands;
    return std::any_of(commands.cbegin(), commands.cend(),
                       [](const store::CommandRow &command) { return command.isPending(); });
}

void RunDetailView::setAccess(const store::AccessScope &access) {
    m_access = access;
    updateRevealAction();
}

bool RunDetailView::valuesRedacted() const {
    // The key is never NULL and is hashed for every login but the owner (whose values are
    // raw, so nothing is to be revealed).
    return hasRun() && !m_access.isOwner() && detail().idemKey.startsWith(QLatin1String("h:"));
}

bool RunDetailView::canReveal() const {
    return valuesRedacted() && !m_connections.isEmpty() &&
           m_access.mayOperate(detail().workflow, detail().scope);
}

bool RunDetailView::isRevealed() const {
    return !revealedFields().isEmpty();
}

RevealDialog *RunDetailView::revealDialog() const {
    return m_revealDialog;
}

void RunDetailView::openReveal() {
    if (!canReveal())
        return;
    if (RevealDialog *shown = m_revealDialog.data()) {
        if (shown->runId() == runId()) {
            shown->raise();
            shown->activateWindow();
            return;
        }
        delete shown; // for a run no longer shown
    }
    auto *dialog = new RevealDialog(m_connections, runId(), this);
    dialog->setObjectName(QStringLiteral("revealDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RevealDialog::revealed, this, &RunDetailView::applyRevealed);
    m_revealDialog = dialog;
    dialog->open(); // window-modal, without blocking
}

void RunDetailView::applyRevealed(const store::RunRevealValues &values) {
    if (!hasRun() || values.runId != runId())
        return; // another run is shown by now
    // Fields revealed before and not asked for again stay revealed.
    store::RunRevealValues merged = values;
    if (m_revealed && m_revealed->values.runId == values.runId) {
        const store::RunRevealValues &old = m_revealed->values;
        const auto keep = [](auto &field, const auto &before) {
            if (!field)
                field = before;
        };
        keep(merged.idemKey, old.idemKey);
        keep(merged.correlationId, old.correlationId);
        keep(merged.fingerprint, old.fingerprint);
        keep(merged.context, old.context);
        keep(merged.result, old.result);
        keep(merged.lastError, old.lastError);
        keep(merged.reviewReason, old.reviewReason);
        keep(merged.steps, old.steps);
        keep(merged.events, old.events);
    }
    m_revealed = Revealed{merged, detail()};
    fill();
}

void RunDetailView::hideRevealed() {
    if (!m_revealed)
        return;
    m_revealed.reset();
    if (hasRun())
        fill();
    updateRevealAction();
}

void RunDetailView::updateRevealAction() {
    const bool redacted = valuesRedacted();
    m_reveal->setEnabled(canReveal());
    m_reveal->setToolTip(
        !redacted                 ? tr("The values are shown as stored: nothing to reveal")
        : m_connections.isEmpty() ? tr("Not connected to a store")
        : canReveal()
            ? tr("Show the raw values of this run's key, last error and other protected "
                 "fields (asks for a reason; recorded in the audit log)")
            : tr("Revealing raw values needs an operator grant covering this run's workflow "
                 "and scope"));
    // Nothing to reveal (the owner reads raw values): no buttons for it.
    m_ui->revealButton->setVisible(redacted);
    m_ui->errorRevealButton->setVisible(redacted);
}

void RunDetailView::closeRun() {
    // The last references to the run's values (tens of MB for a large run) are dropped on a
    // pool thread: freeing them here would stall the UI thread (56-120 ms measured).
    struct Garbage {
        store::RunDetailSnapshot snapshot;
        RunDetailSource::Shown shown;
        std::optional<Revealed> revealed;
    };
    auto garbage = std::make_shared<Garbage>();
    garbage->revealed = std::exchange(m_revealed, std::nullopt);
    delete m_revealDialog.data();
    bool large = false;
    if (m_source) {
        garbage->snapshot = m_source->snapshot();
        garbage->shown = m_source->shown();
        const RunDetailSource::Shown &shown = garbage->shown;
        large = shown.result.bytes + shown.context.bytes + shown.lastError.bytes > LargeReadBytes;
        m_source->setRunId(0); // emits runIdChanged: clearValues()
    }
    clearValues();
    if (large && m_ownSource && m_ownSource.get() == m_source) {
        // A new connection: the old one's buffer goes with it, closed on a thread of its own.
        std::unique_ptr<RunDetailSource> old = std::move(m_ownSource);
        setStore(m_connections, m_listener); // the tables let go of the old source's models
        RunDetailSource::dispose(std::move(old));
    }
    RunDetailSource::releaseMemory(std::move(garbage)); // the only reference left
    // Again after the deletes the closing posts (the dialog's widgets, queued answers).
    QTimer::singleShot(0, this, [] { RunDetailSource::releaseMemory(); });
}

void RunDetailView::reload() {
    if (m_source)
        m_source->reload();
    updateState();
}

void RunDetailView::cancelLoading() {
    if (m_source && m_source->isLoading())
        m_source->cancel();
}

void RunDetailView::requestCorrelation() {
    if (hasRun() && !detail().correlationId.isEmpty())
        emit correlationRequested(detail().correlationId, detail().id);
}

void RunDetailView::showStep(qint64 runId, int ordinal) {
    m_stepToSelect = {runId, ordinal};
    setRunId(runId);
}

void RunDetailView::onLoaded() {
    fill();
    updateState();
    if (m_stepToSelect.first != 0 && m_stepToSelect.first == m_source->runId()) {
        const int ordinal = std::exchange(m_stepToSelect, {0, 0}).second;
        QAbstractItemModel *steps = m_ui->stepsTable->model();
        for (int row = 0; steps && row < steps->rowCount(); ++row) {
            const QModelIndex index = steps->index(row, StepTableModel::OrdinalColumn);
            if (index.data().toInt() == ordinal) {
                m_ui->tabs->setCurrentWidget(m_ui->stepsTab);
                m_ui->stepsTable->setCurrentIndex(index);
                m_ui->stepsTable->scrollTo(index);
                break;
            }
        }
    }
    emit runLoaded(m_source->runId());
}

void RunDetailView::showMessage(const QString &text, const QString &hint, bool busy, bool retry) {
    m_ui->messageLabel->setText(text);
    m_ui->messageHint->setText(hint);
    m_ui->messageHint->setVisible(!hint.isEmpty());
    m_ui->messageBusy->setVisible(busy);
    m_ui->retryButton->setVisible(retry);
    m_ui->pages->setCurrentWidget(m_ui->messagePage);
    m_clock.stop();
}

void RunDetailView::updateState() {
    const bool loading = m_source && m_source->isLoading();
    m_cancel->setEnabled(loading);
    m_reload->setEnabled(m_source && m_source->runId() > 0);
    m_copyLink->setEnabled(m_source && m_source->runId() > 0);
    m_correlation->setEnabled(hasRun() && !detail().correlationId.isEmpty());
    updateRevealAction();
    if (!m_source) {
        showMessage(tr("Not connected to a store."), {}, false, false);
        return;
    }
    const QString id = QString::number(m_source->runId());
    switch (m_source->state()) {
    case RunDetailSource::State::Empty:
        showMessage(tr("Select a run"),
                    tr("Open a run from the runs, Stuck or correlation list (Return or a double "
                       "click) to see its steps, events, result, lease and audit trail here."),
                    false, false);
        return;
    case RunDetailSource::State::Loading:
        showMessage(tr("Loading run %1…").arg(id), {}, true, false);
        return;
    case RunDetailSource::State::NotFound: {
        const int audit = m_source->audit()->rowCount();
        showMessage(tr("Run %1 no longer exists (purged)").arg(id),
                    audit > 0 ? tr("Retention deleted it, or the id is wrong. Its audit entries "
                                   "remain in the audit log (%1 of them).")
                                    .arg(audit)
                              : tr("Retention deleted it, or the id is wrong."),
                    loading, !loading);
        return;
    }
    case RunDetailSource::State::Failed:
        if (!m_source->hasDetail()) {
            showMessage(tr("Could not load run %1").arg(id), failureText(), loading, !loading);
            return;
        }
        // The run as last read stays, with the reason it could not be refreshed.
        m_ui->errorLabel->setText(
            tr("Could not refresh (what is shown was read at %1): %2")
                .arg(detail().serverNow.toLocalTime().toString(QStringLiteral("HH:mm:ss")),
                     failureText()));
        m_ui->errorRow->show();
        break;
    case RunDetailSource::State::Loaded:
        m_ui->errorRow->hide();
        break;
    }
    m_ui->busyIndicator->setVisible(loading);
    m_ui->errorRetryButton->setEnabled(!loading);
    m_ui->pages->setCurrentWidget(m_ui->detailPage);
    if (!m_clock.isActive())
        m_clock.start();
}

QString RunDetailView::failureText() const {
    // While the connection is down the source only says so ("the next attempt is in 2 s"):
    // the reason it went down comes first.
    const QString error = m_source->errorText();
    if (m_lostReason.isEmpty() || error.contains(m_lostReason))
        return error;
    return m_lostReason + QLatin1Char('\n') + error;
}

void RunDetailView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::StyleChange)
        updateIcons();
    if (event->type() == QEvent::PaletteChange && hasRun())
        fill(); // colours chosen for the palette (the warning, the uncertain step) follow it
}

void RunDetailView::updateIcons() {
    refreshViewActionIcons(viewActions());
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_ui->errorIcon->setPixmap(style()
                                   ->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this)
                                   .pixmap(QSize(side, side), devicePixelRatioF()));
    if (hasRun())
        fillTabs(); // the steps tab's warning icon
}

} // namespace dedup::widgets
