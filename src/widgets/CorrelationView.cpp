#include "widgets/CorrelationView.h"

#include "models/CappedCount.h"
#include "models/CorrelationModel.h"
#include "models/DurationText.h"
#include "ui_CorrelationView.h"
#include "widgets/ColumnWidth.h"
#include "widgets/CorrelationTimelineModel.h"
#include "widgets/KeyBindings.h"
#include "widgets/ListTableFrame.h"
#include "widgets/PageBar.h"
#include "widgets/StatusDelegate.h"
#include "widgets/TimelineBarDelegate.h"
#include "widgets/TimelineHeader.h"
#include "widgets/TimestampDelegate.h"
#include "widgets/ViewAction.h"

#include <QAction>
#include <QApplication>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace dedup::widgets {

using models::CorrelationModel;

CorrelationView::CorrelationView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::CorrelationView>())
    , m_timeline(new CorrelationTimelineModel(this))
    , m_delegate(new TimelineBarDelegate(this)) {
    m_ui->setupUi(this);
    m_frame = new ListTableFrame(m_ui->table, CorrelationModel::RunIdRole, this);
    setFocusProxy(m_ui->correlationField);
    m_header = new TimelineHeader(m_ui->table);
    m_header->setHighlightSections(false);
    m_ui->table->setHorizontalHeader(m_header);
    m_ui->table->setModel(m_timeline);
    m_ui->table->setItemDelegateForColumn(CorrelationModel::StatusColumn, new StatusDelegate(this));
    auto *timestamps = new TimestampDelegate(this);
    m_ui->table->setItemDelegateForColumn(CorrelationModel::StartedColumn, timestamps);
    m_ui->table->setItemDelegateForColumn(CorrelationModel::FinishedColumn, timestamps);
    // Taller rows than the other lists: each row carries a run's bar and its steps' spans.
    m_frame->setRowHeight(5, 2);
    // Zoomed in, the timeline is wider than the view: scrolled by the pixel, not by column.
    m_ui->table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_ui->table->viewport()->installEventFilter(this);
    m_frame->setBusyIndicator(m_ui->busyIndicator);
    m_frame->setErrorRow(m_ui->errorRow, m_ui->errorIcon, m_ui->errorLabel);

    createActions();
    connect(m_ui->correlationField, &QLineEdit::returnPressed, this, &CorrelationView::showFieldId);
    connect(m_ui->showButton, &QPushButton::clicked, this, &CorrelationView::showFieldId);
    connect(m_frame, &ListTableFrame::runActivated, this, &CorrelationView::runActivated);
    connect(m_ui->pageBar, &PageBar::pageRequested, this, [this](store::ListPage::Step step) {
        if (m_model)
            m_model->showPage(step);
    });
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, this, &CorrelationView::tick);
    updateIcons();
    updateStatusRow();
    updateEmptyState();
}

CorrelationView::~CorrelationView() {
    // The proxy lets go of the model before an own model goes.
    setModel(nullptr);
}

void CorrelationView::createActions() {
    m_refresh = makeViewAction(this, QStringLiteral("actionRefreshCorrelation"), tr("&Refresh"),
                               {QKeySequence(Qt::Key_F5)}, QStringLiteral("view-refresh"));
    m_cancel = makeViewAction(this, QStringLiteral("actionCancelCorrelationLoading"),
                              tr("&Cancel Loading"), {QKeySequence(Qt::Key_Escape)},
                              QStringLiteral("process-stop"));
    m_find = makeViewAction(this, QStringLiteral("actionFindCorrelation"), tr("&Find Correlation…"),
                            keysWithPlatform(Qt::CTRL | Qt::Key_F, QKeySequence::Find),
                            QStringLiteral("edit-find"));
    m_open = makeViewAction(m_ui->table, QStringLiteral("actionOpenCorrelatedRun"), tr("&Open Run"),
                            {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)},
                            QStringLiteral("document-open"), Qt::WidgetShortcut);
    m_cancel->setToolTip(tr("Stop the query that is still running"));
    connect(m_refresh, &QAction::triggered, this, &CorrelationView::refresh);
    connect(m_cancel, &QAction::triggered, this, &CorrelationView::cancelLoading);
    connect(m_find, &QAction::triggered, this, &CorrelationView::focusCorrelationField);
    connect(m_open, &QAction::triggered, m_frame, &ListTableFrame::activateCurrentRun);
    m_zoomIn = makeViewAction(this, QStringLiteral("actionZoomInCorrelation"), tr("Zoom &In"),
                              keysWithPlatform(Qt::CTRL | Qt::Key_Equal, QKeySequence::ZoomIn),
                              QStringLiteral("zoom-in"));
    m_zoomOut = makeViewAction(this, QStringLiteral("actionZoomOutCorrelation"), tr("Zoom &Out"),
                               keysWithPlatform(Qt::CTRL | Qt::Key_Minus, QKeySequence::ZoomOut),
                               QStringLiteral("zoom-out"));
    m_zoomReset =
        makeViewAction(this, QStringLiteral("actionResetZoomCorrelation"), tr("&Reset Zoom"),
                       {QKeySequence(Qt::CTRL | Qt::Key_0)}, QStringLiteral("zoom-original"));
    m_zoomIn->setToolTip(tr("Widen the time axis (also Ctrl and the mouse wheel)"));
    connect(m_zoomIn, &QAction::triggered, this, &CorrelationView::zoomIn);
    connect(m_zoomOut, &QAction::triggered, this, &CorrelationView::zoomOut);
    connect(m_zoomReset, &QAction::triggered, this, &CorrelationView::resetZoom);
    m_zoomOut->setEnabled(false);
    m_zoomReset->setEnabled(false);
    m_ui->refreshButton->setDefaultAction(m_refresh);
    m_ui->refreshButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
}

QList<QAction *> CorrelationView::viewActions() const {
    return {m_find, m_refresh, m_cancel, m_open, m_zoomIn, m_zoomOut, m_zoomReset};
}

QTableView *CorrelationView::table() const {
    return m_ui->table;
}

void CorrelationView::setModel(CorrelationModel *model) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_timeline->setSourceModel(model);
    m_frame->hideError();
    if (model) {
        applyDefaultColumns();
        connectModel();
        if (!model->correlationId().isEmpty())
            m_ui->correlationField->setText(model->correlationId());
        else if (!m_ui->correlationField->text().trimmed().isEmpty())
            showFieldId();
    }
    updateAxis();
    updateStatusRow();
    updateEmptyState();
}

void CorrelationView::connectModel() {
    connect(m_model, &QObject::destroyed, this, [this] {
        m_model = nullptr;
        setModel(nullptr);
    });
    connect(m_model, &CorrelationModel::loaded, this, &CorrelationView::onLoaded);
    connect(m_model, &CorrelationModel::errorOccurred, this, &CorrelationView::onError);
    connect(m_model, &CorrelationModel::loadingChanged, this, [this] {
        updateStatusRow();
        updateEmptyState();
    });
    connect(m_model, &CorrelationModel::correlationIdChanged, this,
            &CorrelationView::correlationIdChanged);
    connect(m_model, &CorrelationModel::connectionLost, this, &CorrelationView::connectionLost);
    connect(m_model, &CorrelationModel::connectionRestored, this,
            &CorrelationView::connectionRestored);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateAxis();
        updateEmptyState();
    });
}

void CorrelationView::applyDefaultColumns() {
    const auto chars = [](int n) { return QString(n, QLatin1Char('n')); };
    // The status dot and its spacing.
    const int icon = m_header->fontMetrics().height() + m_header->fontMetrics().averageCharWidth();
    fitColumnTo(m_header, CorrelationModel::RunColumn, QStringLiteral("0000000"));
    fitColumnTo(m_header, CorrelationModel::WorkflowColumn, chars(22));
    fitColumnTo(m_header, CorrelationModel::StatusColumn, tr("Manual review"), icon);
    fitColumnTo(m_header, CorrelationModel::StepsColumn,
                tr("%1/%2 done, %3 uncertain").arg(3).arg(3).arg(1));
    fitColumnTo(m_header, CorrelationModel::StartedColumn, QStringLiteral("0000-00-00 00:00:00"));
    fitColumnTo(m_header, CorrelationModel::FinishedColumn, QStringLiteral("0000-00-00 00:00:00"));
    fitColumnTo(m_header, CorrelationModel::DurationColumn, tr("open for %1").arg(chars(6)));
    fitColumnTo(m_header, CorrelationModel::KeyColumn, chars(26));
    // The bar and the duration say when a run finished (the bar's tooltip has the time).
    m_header->hideSection(CorrelationModel::FinishedColumn);
    const int timeline = m_timeline->timelineColumn();
    m_header->setTimelineSection(timeline);
    m_ui->table->setItemDelegateForColumn(timeline, m_delegate);
    // The timeline takes the room that is left, right after the status it illustrates.
    m_header->setSectionResizeMode(timeline, QHeaderView::Stretch);
    m_header->moveSection(m_header->visualIndex(timeline),
                          m_header->visualIndex(CorrelationModel::StepsColumn) + 1);
    m_header->setMinimumSectionSize(m_header->fontMetrics().averageCharWidth() * 4);
    applyZoom(-1);
}

void CorrelationView::zoomIn() {
    setZoom(m_zoom * 2);
}

void CorrelationView::zoomOut() {
    setZoom(m_zoom / 2);
}

void CorrelationView::resetZoom() {
    setZoom(1);
}

void CorrelationView::setZoom(double factor, int anchorX) {
    m_zoom = qBound(1.0, factor, MaxZoom);
    m_zoomIn->setEnabled(m_zoom < MaxZoom);
    m_zoomOut->setEnabled(m_zoom > 1);
    m_zoomReset->setEnabled(m_zoom > 1);
    applyZoom(anchorX);
}

void CorrelationView::applyZoom(int anchorX) {
    const int column = m_timeline->timelineColumn();
    if (!m_model || column >= m_header->count())
        return;
    QScrollBar *scroll = m_ui->table->horizontalScrollBar();
    const int viewportWidth = m_ui->table->viewport()->width();
    const int oldLeft = m_header->sectionPosition(column); // in the table's content
    const int oldWidth = m_header->sectionSize(column);
    if (anchorX < 0) {
        // The middle of the part of the timeline in view.
        const int from = qMax(oldLeft, scroll->value());
        const int to = qMin(oldLeft + oldWidth, scroll->value() + viewportWidth);
        anchorX = (from + to) / 2 - scroll->value();
    }
    const double share =
        oldWidth > 0 ? qBound(0.0, double(scroll->value() + anchorX - oldLeft) / oldWidth, 1.0)
                     : 0.0;
    // Unzoomed the timeline takes the room the other columns leave, but never less than
    // MinTimelineShare of the view: it is what the view is for, so on a narrow window the
    // columns after it scroll into view instead.
    const int others = m_header->length() - oldWidth;
    const int leftOver = viewportWidth - others;
    const int least = qMax(m_header->minimumSectionSize(), int(viewportWidth * MinTimelineShare));
    if (m_zoom <= 1 && leftOver >= least) {
        m_header->setSectionResizeMode(column, QHeaderView::Stretch);
    } else {
        const int room = qMax(least, leftOver);
        m_header->setSectionResizeMode(column, QHeaderView::Interactive);
        m_header->resizeSection(column, int(qMin(room * m_zoom, 4.0e6)));
    }
    // The table updates its scroll range later (a zero timer): set it now, so the time
    // under the anchor stays where it was.
    scroll->setRange(0, qMax(0, m_header->length() - viewportWidth));
    const int newLeft = m_header->sectionPosition(column);
    // Unzoomed there is nothing to keep under the pointer: the list starts at its first
    // column (the run), whatever the timeline's share made scrollable.
    scroll->setValue(
        m_zoom <= 1 ? 0 : qRound(newLeft + share * m_header->sectionSize(column) - anchorX));
    m_header->viewport()->update();
    m_ui->table->viewport()->update();
}

bool CorrelationView::openAt(const QPoint &pos) {
    const QModelIndex index = m_ui->table->indexAt(pos);
    if (!index.isValid() || index.column() != m_timeline->timelineColumn())
        return false;
    const QRect cell = m_ui->table->visualRect(index);
    const qint64 runId = index.data(CorrelationModel::RunIdRole).toLongLong();
    if (runId <= 0)
        return false;
    if (const int ordinal = m_delegate->stepAt(cell, index, pos); ordinal > 0) {
        emit stepActivated(runId, ordinal);
        emit runActivated(runId);
        return true;
    }
    if (m_delegate->barRect(cell, index).adjusted(-2, -2, 2, 2).contains(QPointF(pos))) {
        emit runActivated(runId);
        return true;
    }
    return false;
}

bool CorrelationView::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_ui->table->viewport()) {
        switch (event->type()) {
        case QEvent::Wheel: {
            auto *wheel = static_cast<QWheelEvent *>(event);
            if (!(wheel->modifiers() & Qt::ControlModifier))
                break;
            const int delta = wheel->angleDelta().y();
            if (delta != 0) // a notch (120) zooms by a quarter, a touchpad's steps by less
                setZoom(m_zoom * std::pow(1.25, delta / 120.0), qRound(wheel->position().x()));
            return true;
        }
        case QEvent::MouseButtonPress: {
            auto *mouse = static_cast<QMouseEvent *>(event);
            m_pressPos =
                mouse->button() == Qt::LeftButton ? mouse->position().toPoint() : QPoint(-1, -1);
            break;
        }
        case QEvent::MouseButtonRelease: {
            // A click on a bar or a span opens it; a drag (selecting rows) does not.
            auto *mouse = static_cast<QMouseEvent *>(event);
            const QPoint pos = mouse->position().toPoint();
            if (mouse->button() == Qt::LeftButton && mouse->modifiers() == Qt::NoModifier &&
                m_pressPos.x() >= 0 &&
                (pos - m_pressPos).manhattanLength() < QApplication::startDragDistance())
                openAt(pos);
            m_pressPos = QPoint(-1, -1);
            break;
        }
        case QEvent::Resize:
            applyZoom(-1); // the timeline's least share follows the view's width
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void CorrelationView::setCorrelationId(const QString &correlationId, qint64 ofRun) {
    m_ofRun = ofRun;
    m_ofRunName = correlationId.trimmed();
    m_ui->correlationField->setText(correlationId);
    showFieldId();
}

QString CorrelationView::correlationId() const {
    return m_model ? m_model->correlationId() : QString();
}

void CorrelationView::showFieldId() {
    if (!m_model)
        return;
    // Correlation ids are compared byte for byte (COLLATE "C"): only outer blanks go.
    const QString id = m_ui->correlationField->text().trimmed();
    m_model->setCorrelationId(id, id == m_ofRunName ? m_ofRun : 0);
    m_frame->hideError();
    updateAxis();
    updateStatusRow();
    updateEmptyState();
}

void CorrelationView::refresh() {
    if (m_model && !m_model->correlationId().isEmpty()) {
        m_model->reload();
        updateStatusRow();
    }
}

void CorrelationView::cancelLoading() {
    if (m_model && m_model->isLoading())
        m_model->cancel();
}

void CorrelationView::focusCorrelationField() {
    m_ui->correlationField->setFocus(Qt::ShortcutFocusReason);
    m_ui->correlationField->selectAll();
}

qint64 CorrelationView::currentRunId() const {
    return m_frame->currentRunId();
}

void CorrelationView::onLoaded() {
    m_frame->hideError();
    updateAxis();
    updateStatusRow();
    updateEmptyState();
}

void CorrelationView::onError(const QString &message) {
    m_frame->showError(message);
    updateStatusRow();
    updateEmptyState();
}

bool CorrelationView::hasOpenRuns() const {
    for (int row = 0; row < m_timeline->rowCount(); ++row) {
        if (m_timeline->index(row, 0).data(CorrelationModel::OpenRole).toBool())
            return true;
    }
    return false;
}

void CorrelationView::tick() {
    // Open bars end at the server's now, which moves: the axis, the bars and the "open for"
    // durations are drawn again.
    updateAxis();
    m_ui->table->viewport()->update();
    updateStatusRow();
}

void CorrelationView::updateAxis() {
    const TimelineAxis axis =
        m_model ? TimelineAxis(m_model->timeStart(), m_model->timeEnd()) : TimelineAxis();
    m_delegate->setAxis(axis);
    m_header->setAxis(axis);
    m_ui->table->viewport()->update();
    if (hasOpenRuns())
        m_clock.start();
    else
        m_clock.stop();
}

QString CorrelationView::countText() const {
    if (!m_model || m_model->correlationId().isEmpty())
        return {};
    const int rows = m_model->rowCount();
    if (rows == 0)
        return m_model->isLoading() ? tr("loading…") : tr("No runs");
    // The page may be some of the correlation's runs: "newest 500 of 5,000 runs".
    const qint64 total = qMax<qint64>(m_model->totalRuns(), rows);
    const QString runs =
        total == 1
            ? tr("1 run")
            : tr("%1 runs").arg(models::CappedCount::text(rows, total, m_model->newerRuns()));
    const QDateTime start = m_model->timeStart();
    const QDateTime end = m_model->timeEnd();
    if (!start.isValid() || !end.isValid())
        return runs;
    return tr("%1 over %2").arg(runs, models::DurationText::format(start.msecsTo(end)));
}

void CorrelationView::updateStatusRow() {
    m_ui->countLabel->setText(countText());
    const bool loading = m_model && m_model->isLoading();
    m_frame->setBusy(loading);
    m_cancel->setEnabled(loading);
    m_refresh->setEnabled(m_model && !m_model->correlationId().isEmpty());
    m_ui->showButton->setEnabled(m_model);
    if (m_model && !m_model->correlationId().isEmpty())
        m_ui->pageBar->setPosition(m_model->rowCount(), m_model->totalRuns(), m_model->newerRuns());
    else
        m_ui->pageBar->setPosition(0, 0, 0);
}

void CorrelationView::updateEmptyState() {
    QString text;
    if (!m_model)
        text = tr("Not connected to a store.");
    else if (m_model->correlationId().isEmpty())
        text = tr("Enter a correlation id to see every run that shares it on one timeline.");
    else if (m_model->rowCount() > 0 || m_frame->isErrorShown())
        text.clear(); // rows, or the error above the table says why there are none
    else if (m_model->isLoading())
        text = tr("Loading runs…");
    else
        text = tr("No run has the correlation id “%1”.").arg(m_model->correlationId());
    m_frame->setEmptyText(text);
}

void CorrelationView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::StyleChange)
        updateIcons();
}

void CorrelationView::updateIcons() {
    refreshViewActionIcons(viewActions());
}

} // namespace dedup::widgets
