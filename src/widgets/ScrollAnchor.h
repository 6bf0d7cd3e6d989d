#pragma once

#include <QObject>
#include <QPersistentModelIndex>
#include <QPointer>

class QAbstractItemModel;
class QTableView;

namespace dedup::widgets {

// Keeps a table's visible rows in place while its model inserts or removes rows above them
// (live updates put new runs at the top). Qt keeps the selection by itself (persistent
// indexes), but not the scroll position: the scroll bar keeps its value, so the content under
// the user's eyes would shift by the rows inserted above it. This remembers the top visible
// row (as a persistent index) before each change and scrolls it back to the same place after.
//
// At the very top the table stays at the top, so newly arrived runs show, as in a feed.
// Call attach() after QTableView::setModel(): the header must hear of a change first. The
// table scrolls per pixel from then on (the position is kept to the pixel).
class ScrollAnchor : public QObject {
    Q_OBJECT

public:
    explicit ScrollAnchor(QTableView *table);

    // Follows the table's current model (call again after setModel()).
    void attach();

private:
    void remember();
    void restore();

    QTableView *m_table;
    QPointer<QAbstractItemModel> m_model;
    QPersistentModelIndex m_anchor;
    int m_offset = 0;       // pixels of the anchor row above the viewport's top edge
    bool m_pending = false; // remembered, not yet restored
};

} // namespace dedup::widgets
