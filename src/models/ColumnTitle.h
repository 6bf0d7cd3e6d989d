#pragma once

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QVariant>

#include <cstddef>

namespace dedup::models {

// A table model's header data: `titles` are the model's column titles marked with
// QT_TR_NOOP in the order of its Column enum, translated in the model's own context (the
// context tr() uses, so lupdate and the catalogue need nothing else). Any other request
// (another role, the vertical header, a section out of range) goes to QAbstractTableModel.
template <typename Model, std::size_t N>
QVariant columnTitle(const Model *model, const char *const (&titles)[N], int section,
                     Qt::Orientation orientation, int role) {
    static_assert(N == std::size_t(Model::ColumnCount), "one title per column");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        std::size_t(section) >= N)
        return model->QAbstractTableModel::headerData(section, orientation, role);
    return QCoreApplication::translate(Model::staticMetaObject.className(), titles[section]);
}

} // namespace dedup::models
