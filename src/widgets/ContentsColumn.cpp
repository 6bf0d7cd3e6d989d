#include "widgets/ContentsColumn.h"

#include <QHeaderView>
#include <QTableView>

namespace dedup::widgets {

ContentsColumn::ContentsColumn(QTableView *table, int column)
    : QObject(table)
    , m_table(table)
    , m_column(column) {
    setObjectName(QStringLiteral("contentsColumn%1").arg(column));
    m_refit.setSingleShot(true);
    m_refit.setInterval(0);
    connect(&m_refit, &QTimer::timeout, this, &ContentsColumn::refit);
}

void ContentsColumn::keepFitted(QTableView *table, int column) {
    auto *keeper = table->findChild<ContentsColumn *>(
        QStringLiteral("contentsColumn%1").arg(column), Qt::FindDirectChildrenOnly);
    if (!keeper)
        keeper = new ContentsColumn(table, column);
    keeper->watch(table->model());
    QHeaderView *header = table->horizontalHeader();
    if (column < header->count())
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    keeper->m_refit.start();
}

void ContentsColumn::watch(QAbstractItemModel *model) {
    if (m_model == model)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (!model)
        return;
    const auto later = [this] { m_refit.start(); };
    connect(model, &QAbstractItemModel::rowsInserted, this, later);
    connect(model, &QAbstractItemModel::rowsRemoved, this, later);
    connect(model, &QAbstractItemModel::modelReset, this, later);
    connect(model, &QAbstractItemModel::layoutChanged, this, later);
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this, later](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (topLeft.column() <= m_column && m_column <= bottomRight.column())
                    later();
            });
}

void ContentsColumn::refit() {
    QHeaderView *header = m_table->horizontalHeader();
    if (m_column < header->count() &&
        header->sectionResizeMode(m_column) == QHeaderView::ResizeToContents)
        m_table->resizeColumnToContents(m_column); // the widest of the delegate's size hints
}

} // namespace dedup::widgets
