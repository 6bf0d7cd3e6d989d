#pragma once

#include <QAbstractTableModel>
#include <QList>

#include <algorithm>

namespace dedup::models {

// A table of rows kept in a fixed order (each row's position follows from an immutable key:
// a step's ordinal, an event's id, a run's (created_at, id)), refreshed in place: a re-read
// list replaces the old one with rowsRemoved / rowsInserted / dataChanged for exactly what
// differs, never a reset, so a view keeps its selection, current index and scroll position
// while the data underneath changes live.
//
// Subclasses say how rows are ordered and identified, and implement columnCount() / data().
// `Base` is the table model it keeps the rows for: QAbstractTableModel, or a QObject class
// between them that holds what several such models share (LiveRunList).
template <typename Row, typename Base = QAbstractTableModel>
class SortedRowsModel : public Base {
public:
    using Base::Base;

    int rowCount(const QModelIndex &parent = {}) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }

    const QList<Row> &rows() const { return m_rows; }
    const Row &rowAt(int row) const { return m_rows.at(row); }
    // The row of the entry whose `id` is `id` (for rows that have one), -1 when none is.
    int rowOfId(qint64 id) const {
        const auto it = std::find_if(m_rows.cbegin(), m_rows.cend(),
                                     [id](const Row &row) { return row.id == id; });
        return it == m_rows.cend() ? -1 : int(it - m_rows.cbegin());
    }

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
                    emit this->dataChanged(this->index(i, 0),
                                           this->index(i, this->columnCount() - 1));
                    ++changes.updated;
                }
            } else {
                this->beginInsertRows({}, i, i);
                m_rows.insert(i, row);
                this->endInsertRows();
                ++changes.inserted;
            }
            ++i;
        }
        if (i < m_rows.size()) {
            changes.removed += int(m_rows.size()) - i;
            this->beginRemoveRows({}, i, int(m_rows.size()) - 1);
            m_rows.resize(i);
            this->endRemoveRows();
        }
        return changes;
    }

    // Replaces everything with a reset: for a different subject (another run), where
    // keeping the view's selection would point at something unrelated.
    void resetRows(const QList<Row> &fresh) {
        this->beginResetModel();
        m_rows = fresh;
        this->endResetModel();
    }

protected:
    // Whether `a` comes before `b` in the model's order.
    virtual bool lessThan(const Row &a, const Row &b) const = 0;
    // Whether `a` and `b` are the same entity (possibly in different states): by default, for
    // rows with an `id`, the same id; rows without one say what makes them the same.
    virtual bool sameRow(const Row &a, const Row &b) const {
        if constexpr (requires { a.id; })
            return a.id == b.id;
        else
            return a == b;
    }

private:
    void removeAt(int i) {
        this->beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        this->endRemoveRows();
    }

    QList<Row> m_rows;
};

} // namespace dedup::models
