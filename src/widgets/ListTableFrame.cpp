#include "widgets/ListTableFrame.h"

#include "widgets/PlainTextDelegate.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QResizeEvent>
#include <QStyle>
#include <QTableView>

#include <algorithm>

namespace dedup::widgets {

ListTableFrame::ListTableFrame(QTableView *table, int runIdRole, QWidget *view)
    : QObject(view)
    , m_table(table)
    , m_view(view)
    , m_runIdRole(runIdRole) {
    // Cells as plain text, cut values ending in a visible "…" (PlainTextDelegate): a cut in
    // the middle turns "2501/100000" into "250…000", which reads as another number.
    PlainTextDelegate::installOn(table);
    // Activation by index: a double click activates the row under the pointer, which the
    // press has made current.
    connect(table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const qint64 runId = m_runIdRole != 0 ? index.data(m_runIdRole).toLongLong() : 0;
        if (runId != 0)
            emit runActivated(runId);
    });
    table->viewport()->installEventFilter(this); // the empty line follows its size
    view->installEventFilter(this);              // the error icon follows its style
}

void ListTableFrame::setRowHeight(int numerator, int denominator) {
    const int line = m_view->fontMetrics().height();
    m_table->verticalHeader()->setMinimumSectionSize(line);
    m_table->verticalHeader()->setDefaultSectionSize(line * numerator / denominator);
}

void ListTableFrame::setBusyIndicator(QWidget *indicator) {
    m_busyIndicator = indicator;
    indicator->setMaximumWidth(m_view->fontMetrics().averageCharWidth() * 10);
    QSizePolicy policy = indicator->sizePolicy();
    policy.setRetainSizeWhenHidden(true);
    indicator->setSizePolicy(policy);
    indicator->hide();
}

void ListTableFrame::setBusy(bool busy) {
    if (m_busyIndicator)
        m_busyIndicator->setVisible(busy);
}

void ListTableFrame::setErrorRow(QWidget *row, QLabel *icon, QLabel *text) {
    m_errorRow = row;
    m_errorIcon = icon;
    m_errorText = text;
    row->hide();
    updateErrorIcon();
}

void ListTableFrame::showError(const QString &message) {
    if (!m_errorRow)
        return;
    m_errorText->setText(message);
    m_errorRow->show();
}

void ListTableFrame::hideError() {
    if (m_errorRow)
        m_errorRow->hide();
}

bool ListTableFrame::isErrorShown() const {
    return m_errorRow && !m_errorRow->isHidden();
}

void ListTableFrame::updateErrorIcon() {
    if (!m_errorIcon)
        return;
    const QStyle *style = m_view->style();
    const int side = style->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_view);
    m_errorIcon->setPixmap(style->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, m_view)
                               .pixmap(QSize(side, side), m_view->devicePixelRatioF()));
}

void ListTableFrame::setEmptyText(const QString &text) {
    if (!m_emptyLabel) {
        m_emptyLabel = new QLabel(m_table->viewport());
        m_emptyLabel->setObjectName(QStringLiteral("emptyStateLabel"));
        m_emptyLabel->setAlignment(Qt::AlignCenter);
        m_emptyLabel->setWordWrap(true);
        m_emptyLabel->setForegroundRole(QPalette::PlaceholderText);
    }
    m_emptyLabel->setText(text);
    m_emptyLabel->setVisible(!text.isEmpty());
    m_emptyLabel->resize(m_table->viewport()->size());
}

QString ListTableFrame::emptyText() const {
    return m_emptyLabel ? m_emptyLabel->text() : QString();
}

void ListTableFrame::setModel(QAbstractItemModel *model) {
    replaceModel(m_table, model);
}

void ListTableFrame::replaceModel(QTableView *table, QAbstractItemModel *model) {
    QItemSelectionModel *oldSelection = table->selectionModel();
    table->setModel(model);
    delete oldSelection; // the view does not delete the one it replaces
}

qint64 ListTableFrame::currentRunId() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() && m_runIdRole != 0 ? current.data(m_runIdRole).toLongLong() : 0;
}

QModelIndexList ListTableFrame::selectedRows() const {
    QModelIndexList rows =
        m_table->selectionModel() ? m_table->selectionModel()->selectedRows() : QModelIndexList();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    return rows;
}

QList<qint64> ListTableFrame::selectedRunIds() const {
    QList<qint64> ids;
    for (const QModelIndex &row : selectedRows())
        ids << row.data(m_runIdRole).toLongLong();
    return ids;
}

void ListTableFrame::activateCurrentRun() {
    if (const qint64 id = currentRunId())
        emit runActivated(id);
}

bool ListTableFrame::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_table->viewport() && event->type() == QEvent::Resize && m_emptyLabel)
        m_emptyLabel->resize(static_cast<QResizeEvent *>(event)->size());
    else if (watched == m_view && event->type() == QEvent::StyleChange)
        updateErrorIcon();
    return QObject::eventFilter(watched, event);
}

} // namespace dedup::widgets
