#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

class QAbstractItemModel;
class QTableView;

namespace dedup::widgets {

// Keeps one column of a table as wide as its widest value while the rows change: for short
// values that must never be cut, such as attempts ("2501/100000"), where an ellipsis in the
// middle ("250…000") reads as another number. The column gets QHeaderView::ResizeToContents
// (the user cannot narrow it), and since Qt's header refits such a column on few model
// changes (not on inserted rows), it is refitted once per batch of changes (a zero timer).
class ContentsColumn : public QObject {
    Q_OBJECT

public:
    // Fits `column` of `table` to its contents from now on, for the table's current model:
    // call it again after setModel() or QHeaderView::restoreState() (both may change it).
    static void keepFitted(QTableView *table, int column);

private:
    ContentsColumn(QTableView *table, int column);
    void watch(QAbstractItemModel *model);
    void refit();

    QTableView *m_table;
    int m_column;
    QPointer<QAbstractItemModel> m_model;
    QTimer m_refit;
};

} // namespace dedup::widgets
