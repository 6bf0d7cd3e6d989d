#pragma once

#include <QStyledItemDelegate>

namespace dedup::widgets {

// The runs list's status column: a dot in the status colour (Qt::DecorationRole, a QColor)
// followed by the status text in the palette's normal text colour. The colour is never the
// only cue, and the text stays readable on light and dark palettes whatever the hue.
class StatusDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace dedup::widgets
