#include "widgets/RunDetailView.h"

#include "models/AuditTableModel.h"
#include "models/ChangeListener.h"
#include "models/EventTableModel.h"
#include "models/RunDetailSource.h"
#include "models/StepTableModel.h"
#include "ui_RunDetailView.h"
#include "widgets/StepStatusDelegate.h"
#include "widgets/TimestampDelegate.h"
#include "widgets/ViewAction.h"

#include <QAction>
#include <QHeaderView>
#include <QStyle>

#include <algorithm>

namespace dedup::widgets {

using models::AuditTableModel;
using models::EventTableModel;
using models::RunDetailSource;
using models::StepTableModel;

RunDetailView::RunDetailView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::RunDetailView>()) {
    m_ui->setupUi(this);
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
    setUpTables();
    createActions();
    connect(m_ui->correlationValue, &QLabel::linkActivated, this,
            &RunDetailView::requestCorrelation);
    connect(m_ui->retryButton, &QPushButton::clicked, this, &RunDetailView::reload);
    connect(m_ui->errorRetryButton, &QPushButton::clicked, this, &RunDetailView::reload);
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, this, &RunDetailView::updateLease);
    updateIcons();
    updateState();
}

RunDetailView::RunDetailView(const QString &conninfo, QWidget *parent)
    : RunDetailView(parent) {
    setStore(conninfo, nullptr);
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
    for (QTableView *table : {m_ui->stepsTable, m_ui->eventsTable, m_ui->auditTable}) {
        table->verticalHeader()->setMinimumSectionSize(fontMetrics().height());
        table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() * 3 / 2);
        // Reasons, details and explanations are sentences: cut at their end.
        table->setTextElideMode(Qt::ElideRight);
    }
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
}

QList<QAction *> RunDetailView::viewActions() const {
    return {m_reload, m_cancel, m_correlation};
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

void RunDetailView::setSource(RunDetailSource *source) {
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source = source;
    const auto show = [](QTableView *table, QAbstractItemModel *model) {
        QItemSelectionModel *old = table->selectionModel();
        table->setModel(model);
        delete old; // the view does not delete the one it replaces
    };
    show(m_ui->stepsTable, source ? source->steps() : nullptr);
    show(m_ui->eventsTable, source ? source->events() : nullptr);
    show(m_ui->auditTable, source ? source->audit() : nullptr);
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

void RunDetailView::setStore(const QString &conninfo, models::ChangeListener *listener) {
    if (conninfo.isEmpty()) {
        setSource(nullptr);
        return;
    }
    auto source = std::make_unique<RunDetailSource>(conninfo);
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
        emit correlationRequested(detail().correlationId);
}

void RunDetailView::onLoaded() {
    fill();
    updateState();
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
    m_correlation->setEnabled(hasRun() && !detail().correlationId.isEmpty());
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
