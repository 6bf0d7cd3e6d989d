#include "widgets/ScrollAnchor.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

namespace dedup::widgets {

ScrollAnchor::ScrollAnchor(QTableView *table)
    : QObject(table)
    , m_table(table) {
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
}

void ScrollAnchor::attach() {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = m_table->model();
    m_anchor = QPersistentModelIndex();
    m_pending = false;
    QAbstractItemModel *model = m_model;
    if (!model)
        return;
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this, &ScrollAnchor::remember);
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, &ScrollAnchor::remember);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ScrollAnchor::restore);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ScrollAnchor::restore);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_anchor = QPersistentModelIndex();
        m_pending = false;
    });
}

void ScrollAnchor::remember() {
    m_pending = false;
    const QScrollBar *bar = m_table->verticalScrollBar();
    if (bar->value() == 0)
        return; // at the top: stay there
    const QHeaderView *header = m_table->verticalHeader();
    const int row = header->logicalIndexAt(0);
    if (row < 0)
        return;
    m_anchor = m_table->model()->index(row, 0);
    m_offset = -header->sectionViewportPosition(row);
    m_pending = true;
}

void ScrollAnchor::restore() {
    if (!std::exchange(m_pending, false) || !m_anchor.isValid())
        return; // nothing remembered, or the anchor row itself went away: leave it be
    const QHeaderView *header = m_table->verticalHeader();
    const int target = header->sectionPosition(m_anchor.row()) + m_offset;
    QScrollBar *bar = m_table->verticalScrollBar();
    // The table updates the scroll range later (a delayed layout): widen it now so the value
    // is not clamped.
    const int maximum = qMax(0, header->length() - m_table->viewport()->height());
    if (bar->maximum() < maximum)
        bar->setMaximum(maximum);
    bar->setValue(target);
}

} // namespace dedup::widgets
