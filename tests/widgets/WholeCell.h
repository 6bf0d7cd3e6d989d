#pragma once

// For the list views' tests: a cell's text is shown whole, never cut in its middle (a middle
// ellipsis turns "2501/100000" into "250…000", which reads as another number).

#include <QAbstractItemView>
#include <QHeaderView>
#include <QModelIndex>
#include <QString>
#include <QTableView>

namespace WholeCell {

// Empty when the cell at `index` of `table` shows its whole text; else what is wrong.
inline QString problem(QTableView *table, const QModelIndex &index) {
    if (table->textElideMode() == Qt::ElideMiddle)
        return QStringLiteral("the view cuts text in the middle");
    const int column = index.column();
    QHeaderView *header = table->horizontalHeader();
    if (header->sectionResizeMode(column) != QHeaderView::ResizeToContents)
        return QStringLiteral("column %1 is not sized to its contents").arg(column);
    const QString text = index.data().toString();
    // The delegate's width for the cell (text, margins): what the column must hold.
    const int needed = qMax(static_cast<QAbstractItemView *>(table)->sizeHintForColumn(column),
                            table->fontMetrics().horizontalAdvance(text));
    if (header->sectionSize(column) < needed) {
        return QStringLiteral("\"%1\" needs %2 px, column %3 has %4")
            .arg(text)
            .arg(needed)
            .arg(column)
            .arg(header->sectionSize(column));
    }
    return {};
}

} // namespace WholeCell
