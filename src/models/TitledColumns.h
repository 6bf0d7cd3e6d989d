#pragma once

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QVariant>

#include <cstddef>
#include <iterator>

namespace dedup::models {

// A table model's fixed columns: Model::ColumnCount of them, titled by Model::ColumnTitles,
// marked with QT_TR_NOOP in the model's class in the order of its Column enum and translated
// in the model's own context (the one its tr() uses, so lupdate and the catalogue need nothing
// else). Any other header request (another role, the vertical header, a section out of range)
// goes to QAbstractTableModel. `Base` is the table model underneath: QAbstractTableModel, or
// a SortedRowsModel.
template <typename Model, typename Base = QAbstractTableModel>
class TitledColumns : public Base {
public:
    using Base::Base;

    int columnCount(const QModelIndex &parent = {}) const override {
        return parent.isValid() ? 0 : int(Model::ColumnCount);
    }

    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override {
        static_assert(std::size(Model::ColumnTitles) == std::size_t(Model::ColumnCount),
                      "one title per column");
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
            section >= int(Model::ColumnCount))
            return QAbstractTableModel::headerData(section, orientation, role);
        return QCoreApplication::translate(Model::staticMetaObject.className(),
                                           Model::ColumnTitles[section]);
    }
};

} // namespace dedup::models
