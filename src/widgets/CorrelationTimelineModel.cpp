#include "widgets/CorrelationTimelineModel.h"

#include "models/CorrelationModel.h"
#include "models/TimeText.h"

#include <QDateTime>

namespace dedup::widgets {

using models::CorrelationModel;
using models::TimeText;

CorrelationTimelineModel::CorrelationTimelineModel(QObject *parent)
    : QIdentityProxyModel(parent) {}

void CorrelationTimelineModel::setSourceModel(QAbstractItemModel *source) {
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    QIdentityProxyModel::setSourceModel(source);
    if (source) {
        connect(source, &QAbstractItemModel::dataChanged, this,
                &CorrelationTimelineModel::onSourceDataChanged);
    }
}

int CorrelationTimelineModel::timelineColumn() const {
    return sourceModel() ? sourceModel()->columnCount() : 0;
}

int CorrelationTimelineModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() || !sourceModel() ? 0 : timelineColumn() + 1;
}

int CorrelationTimelineModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->rowCount();
}

bool CorrelationTimelineModel::hasChildren(const QModelIndex &parent) const {
    return !parent.isValid() && rowCount() > 0;
}

QModelIndex CorrelationTimelineModel::index(int row, int column, const QModelIndex &parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (column == timelineColumn())
        return createIndex(row, column);
    return QIdentityProxyModel::index(row, column, parent);
}

QModelIndex CorrelationTimelineModel::parent(const QModelIndex &) const {
    return {}; // a table
}

QModelIndex CorrelationTimelineModel::sibling(int row, int column, const QModelIndex &) const {
    return index(row, column);
}

QModelIndex CorrelationTimelineModel::mapToSource(const QModelIndex &proxyIndex) const {
    // The timeline column has no source cell of its own.
    if (proxyIndex.isValid() && proxyIndex.column() == timelineColumn())
        return {};
    return QIdentityProxyModel::mapToSource(proxyIndex);
}

QVariant CorrelationTimelineModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.column() != timelineColumn())
        return QIdentityProxyModel::data(index, role);
    const QModelIndex run = sourceModel()->index(index.row(), 0);
    if (role >= Qt::UserRole)
        return run.data(role);
    switch (role) {
    case Qt::DisplayRole:
        return run.siblingAtColumn(CorrelationModel::DurationColumn).data();
    case Qt::ToolTipRole: {
        const QDateTime start = run.data(CorrelationModel::StartTimeRole).toDateTime();
        const QDateTime end = run.data(CorrelationModel::EndTimeRole).toDateTime();
        const QString status =
            run.siblingAtColumn(CorrelationModel::StatusColumn).data().toString();
        if (!end.isValid()) {
            return tr("Run %1 (%2): started %3, still open")
                .arg(run.data(CorrelationModel::RunIdRole).toString(), status,
                     TimeText::localMs(start));
        }
        return tr("Run %1 (%2): started %3, finished %4")
            .arg(run.data(CorrelationModel::RunIdRole).toString(), status, TimeText::localMs(start),
                 TimeText::localMs(end));
    }
    }
    return {};
}

QVariant CorrelationTimelineModel::headerData(int section, Qt::Orientation orientation,
                                              int role) const {
    if (orientation == Qt::Horizontal && section == timelineColumn()) {
        if (role == Qt::DisplayRole)
            return tr("Timeline");
        if (role == Qt::ToolTipRole)
            return tr("Each run from its start to its end (or to now while it is open), its "
                      "steps under it, on one time axis, local time (Ctrl+= and Ctrl+- zoom)");
        return {};
    }
    return QIdentityProxyModel::headerData(section, orientation, role);
}

Qt::ItemFlags CorrelationTimelineModel::flags(const QModelIndex &index) const {
    if (index.isValid() && index.column() == timelineColumn())
        return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
    return QIdentityProxyModel::flags(index);
}

void CorrelationTimelineModel::onSourceDataChanged(const QModelIndex &topLeft,
                                                   const QModelIndex &bottomRight) {
    // A run's start, end or status changed: its bar too.
    emit dataChanged(index(topLeft.row(), timelineColumn()),
                     index(bottomRight.row(), timelineColumn()));
}

} // namespace dedup::widgets
