#pragma once

#include <QIdentityProxyModel>

namespace dedup::widgets {

// CorrelationModel with one more column at the end: the timeline, where
// TimelineBarDelegate draws each run's bar. That column's display text is the run's
// duration, its tooltip says when the run started and ended, and every model role
// (Qt::UserRole and up: start, end, status colour...) is the run's, as in any other column.
// The rest passes through unchanged.
class CorrelationTimelineModel : public QIdentityProxyModel {
    Q_OBJECT

public:
    explicit CorrelationTimelineModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *source) override;
    // The added column (the source's column count).
    int timelineColumn() const;

    int columnCount(const QModelIndex &parent = {}) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &index) const override;
    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    void onSourceDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight);
};

} // namespace dedup::widgets
