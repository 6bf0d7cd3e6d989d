#pragma once

#include <QAbstractTableModel>
#include <QList>

namespace dedup::models {

// A table of rows kept in a fixed order (each row's position follows from an immutable key:
// a step's ordinal, an event's id, a run's (created_at, id)), refreshed in place: a re-read
// list replaces the old one with rowsRemoved / rowsInserted / dataChanged for exactly what
// differs, never a reset, so a view keeps its selection, current index and scroll position
// while the data underneath changes live.
//
// Subclasses say how rows are ordered and identified, and implement columnCount() / data().
template <typename Row>
class SortedRowsModel : public QAbstractTableModel {
public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }

    const QList<Row> &rows() const { return m_rows; }
    const Row &rowAt(int row) const { return m_rows.at(row); }

    struct Changes {
        int updated = 0;
        int inserted = 0;
        int removed = 0;
    };

    // `fresh` must be in the model's order. Returns what changed.
    Changes updateRows(const QList<Row> &fresh) {
        Changes changes;
        int i = 0;
        for (const Row &row : fresh) {
            // Rows before `row` that it does not match are gone (both lists are ordered).
            while (i < m_rows.size() && !sameRow(m_rows.at(i), row) &&
                   lessThan(m_rows.at(i), row)) {
                removeAt(i);
                ++changes.removed;
            }
            if (i < m_rows.size() && sameRow(m_rows.at(i), row)) {
                if (!(m_rows.at(i) == row)) {
                    m_rows[i] = row;
                    emit dataChanged(index(i, 0), index(i, columnCount() - 1));
                    ++changes.updated;
                }
            } else {
                beginInsertRows({}, i, i);
                m_rows.insert(i, row);
                endInsertRows();
                ++changes.inserted;
            }
            ++i;
        }
        if (i < m_rows.size()) {
            changes.removed += int(m_rows.size()) - i;
            beginRemoveRows({}, i, int(m_rows.size()) - 1);
            m_rows.resize(i);
            endRemoveRows();
        }
        return changes;
    }

    // Replaces everything with a reset: for a different subject (another run), where
    // keeping the view's selection would point at something unrelated.
    void resetRows(const QList<Row> &fresh) {
        beginResetModel();
        m_rows = fresh;
        endResetModel();
    }

protected:
    // Whether `a` comes before `b` in the model's order.
    virtual bool lessThan(const Row &a, const Row &b) const = 0;
    // Whether `a` and `b` are the same entity (possibly in different states).
    virtual bool sameRow(const Row &a, const Row &b) const = 0;

private:
    void removeAt(int i) {
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
    }

    QList<Row> m_rows;
};

} // namespace dedup::models
