#include "widgets/StepStatusDelegate.h"

#include <QBrush>

namespace dedup::widgets {

void StepStatusDelegate::initStyleOption(QStyleOptionViewItem *option,
                                         const QModelIndex &index) const {
    StatusDelegate::initStyleOption(option, index);
    if (!index.data(Qt::BackgroundRole).isValid())
        return;
    const QVariant foreground = index.data(Qt::ForegroundRole);
    if (foreground.canConvert<QBrush>())
        option->palette.setBrush(QPalette::Text, foreground.value<QBrush>());
}

} // namespace dedup::widgets
