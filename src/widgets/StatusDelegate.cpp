#include "widgets/StatusDelegate.h"

#include "widgets/StatusDotIcon.h"

namespace dedup::widgets {

void StatusDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const {
    const QPalette palette = option->palette;
    QStyledItemDelegate::initStyleOption(option, index);
    // The model's ForegroundRole tints the text with the status colour: mid-tones that are
    // hard to read as text on a white or a dark base. The dot carries the colour instead.
    option->palette.setBrush(QPalette::Text, palette.brush(QPalette::Text));
    const QVariant decoration = index.data(Qt::DecorationRole);
    if (decoration.canConvert<QColor>()) {
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = statusDotIcon(decoration.value<QColor>());
        const int side = option->fontMetrics.height();
        option->decorationSize = QSize(side, side);
    }
}

} // namespace dedup::widgets
