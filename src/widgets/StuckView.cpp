#include "widgets/StuckView.h"

#include "models/StuckRunsModel.h"
#include "ui_StuckView.h"
#include "widgets/ColumnWidth.h"
#include "widgets/ContentsColumn.h"
#include "widgets/ListTableFrame.h"
#include "widgets/ViewAction.h"
#include "widgets/WarningColor.h"

#include <QAction>
#include <QHeaderView>
#include <QLocale>
#include <QSettings>

namespace dedup::widgets {

using models::StuckRunsModel;

namespace {
const QString ThresholdKey = QStringLiteral("stuck/thresholdMinutes");
}

// A link's threshold means the same here (its maximum is the spin box's, checked in the test).
static_assert(StuckView::DefaultThresholdMinutes == core::DedupLink::DefaultStuckThreshold);

StuckView::StuckView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::StuckView>()) {
    m_ui->setupUi(this);
    m_frame = new ListTableFrame(m_ui->table, StuckRunsModel::RunIdRole, this);
    setFocusProxy(m_ui->table);
    m_ui->thresholdSpin->setSuffix(tr(" min"));
    m_ui->thresholdSpin->setSpecialValueText(tr("off (expired leases only)"));
    m_ui->thresholdSpin->setValue(savedThresholdMinutes());
    m_frame->setRowHeight(3, 2);
    QFont bold = m_ui->countLabel->font();
    bold.setBold(true);
    m_ui->countLabel->setFont(bold);
    m_frame->setBusyIndicator(m_ui->busyIndicator);
    m_frame->setErrorRow(m_ui->errorRow, m_ui->errorIcon, m_ui->errorLabel);
    m_ui->truncatedLabel->hide();

    createActions();
    connect(m_ui->thresholdSpin, &QSpinBox::valueChanged, this, &StuckView::applyThreshold);
    connect(m_frame, &ListTableFrame::runActivated, this, &StuckView::runActivated);
    updateIcons();
    updateStatusRow();
    updateEmptyState();
}

StuckView::~StuckView() {
    setModel(nullptr);
}

void StuckView::createActions() {
    m_refresh = makeViewAction(this, QStringLiteral("actionRefreshStuck"), tr("&Refresh"),
                               {QKeySequence(Qt::Key_F5)}, QStringLiteral("view-refresh"));
    m_cancel =
        makeViewAction(this, QStringLiteral("actionCancelStuckLoading"), tr("&Cancel Loading"),
                       {QKeySequence(Qt::Key_Escape)}, QStringLiteral("process-stop"));
    m_open = makeViewAction(m_ui->table, QStringLiteral("actionOpenStuckRun"), tr("&Open Run"),
                            {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)},
                            QStringLiteral("document-open"), Qt::WidgetShortcut);
    connect(m_refresh, &QAction::triggered, this, &StuckView::refresh);
    connect(m_cancel, &QAction::triggered, this, &StuckView::cancelLoading);
    connect(m_open, &QAction::triggered, m_frame, &ListTableFrame::activateCurrentRun);
    m_ui->refreshButton->setDefaultAction(m_refresh);
    m_ui->refreshButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
}

QList<QAction *> StuckView::viewActions() const {
    return {m_refresh, m_cancel, m_open};
}

QTableView *StuckView::table() const {
    return m_ui->table;
}

void StuckView::setModel(StuckRunsModel *model) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_frame->setModel(model);
    m_frame->hideError();
    if (model) {
        model->setThreshold(std::chrono::minutes(thresholdMinutes()));
        applyDefaultColumns();
        connectModel();
    }
    updateStatusRow();
    updateEmptyState();
}

void StuckView::connectModel() {
    connect(m_model, &QObject::destroyed, this, [this] {
        m_model = nullptr;
        setModel(nullptr);
    });
    connect(m_model, &StuckRunsModel::countChanged, this, &StuckView::updateStatusRow);
    connect(m_model, &StuckRunsModel::loadingChanged, this, [this] {
        updateStatusRow();
        updateEmptyState();
    });
    connect(m_model, &StuckRunsModel::refreshed, this, [this] {
        m_frame->hideError();
        updateStatusRow();
        updateEmptyState();
    });
    connect(m_model, &StuckRunsModel::errorOccurred, this, &StuckView::onError);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &StuckView::updateEmptyState);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &StuckView::updateEmptyState);
}

void StuckView::applyDefaultColumns() {
    QHeaderView *header = m_ui->table->horizontalHeader();
    const auto chars = [](int n) { return QString(n, QLatin1Char('n')); };
    fitColumnTo(header, StuckRunsModel::RunColumn, QStringLiteral("0000000"));
    fitColumnTo(header, StuckRunsModel::WorkflowColumn, chars(24));
    fitColumnTo(header, StuckRunsModel::OwnerColumn, chars(22));
    fitColumnTo(header, StuckRunsModel::LeaseExpiredColumn,
                tr("live (expires in %1)").arg(chars(6)));
    fitColumnTo(header, StuckRunsModel::AgeColumn, chars(10));
    // Attempts are never cut: the column follows its widest value ("2501/100000").
    ContentsColumn::keepFitted(m_ui->table, StuckRunsModel::AttemptColumn);
    // The key last: it takes the room that is left (keys are long, the rest is short).
    header->moveSection(header->visualIndex(StuckRunsModel::KeyColumn), header->count() - 1);
}

int StuckView::savedThresholdMinutes() {
    bool ok = false;
    const int minutes = QSettings().value(ThresholdKey, DefaultThresholdMinutes).toInt(&ok);
    return ok && minutes >= 0 ? minutes : DefaultThresholdMinutes;
}

int StuckView::thresholdMinutes() const {
    return m_ui->thresholdSpin->value();
}

void StuckView::setThresholdMinutes(int minutes) {
    m_ui->thresholdSpin->setValue(minutes); // applyThreshold() through valueChanged
}

void StuckView::writeLink(core::DedupLink &link) const {
    link.stuckThreshold = thresholdMinutes();
}

void StuckView::showLink(const core::DedupLink &link) {
    setThresholdMinutes(link.stuckThreshold);
}

void StuckView::applyThreshold(int minutes) {
    QSettings().setValue(ThresholdKey, minutes);
    if (m_model)
        m_model->setThreshold(std::chrono::minutes(minutes));
    updateStatusRow();
    updateEmptyState();
}

void StuckView::refresh() {
    if (m_model)
        m_model->refresh();
}

void StuckView::cancelLoading() {
    if (m_model && m_model->isLoading())
        m_model->cancel();
}

qint64 StuckView::currentRunId() const {
    return m_frame->currentRunId();
}

QList<qint64> StuckView::selectedRunIds() const {
    return m_frame->selectedRunIds();
}

void StuckView::onError(const QString &message) {
    m_frame->showError(message);
    updateStatusRow();
    updateEmptyState();
}

QString StuckView::countText() const {
    if (!m_model)
        return {};
    const qint64 count = m_model->stuckCount();
    if (count < 0)
        return tr("counting stuck runs…");
    if (count == 1 && m_model->isCountExact())
        return tr("1 stuck run");
    return tr("%1 stuck runs").arg(m_model->countText());
}

void StuckView::updateStatusRow() {
    m_ui->countLabel->setText(countText());
    QPalette palette = m_ui->countLabel->palette();
    const bool stuck = m_model && m_model->stuckCount() > 0;
    palette.setColor(QPalette::WindowText, stuck ? warningTextColor(this->palette())
                                                 : this->palette().color(QPalette::WindowText));
    m_ui->countLabel->setPalette(palette);
    const bool loading = m_model && m_model->isLoading();
    m_frame->setBusy(loading);
    m_cancel->setEnabled(loading);
    m_refresh->setEnabled(m_model);
    const bool truncated = m_model && m_model->isTruncated();
    m_ui->truncatedLabel->setVisible(truncated);
    if (truncated) {
        m_ui->truncatedLabel->setText(
            tr("(the first %1 are listed)").arg(QLocale().toString(m_model->limit())));
    }
}

void StuckView::updateEmptyState() {
    QString text;
    if (!m_model)
        text = tr("Not connected to a store.");
    else if (m_model->rowCount() > 0 || m_frame->isErrorShown())
        text.clear();
    else if (m_model->stuckCount() < 0)
        text = tr("Looking for stuck runs…");
    else if (thresholdMinutes() == 0)
        text = tr("No stuck runs: every processing run holds a live lease.");
    else
        text = tr("No stuck runs: every processing run holds a live lease, and none has been "
                  "processing for more than %1 min.")
                   .arg(thresholdMinutes());
    m_frame->setEmptyText(text);
}

void StuckView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::StyleChange)
        updateIcons();
    if (event->type() == QEvent::PaletteChange)
        updateStatusRow(); // the warning colour follows the palette
}

void StuckView::updateIcons() {
    refreshViewActionIcons(viewActions());
}

} // namespace dedup::widgets
