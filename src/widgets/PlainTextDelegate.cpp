#include "widgets/PlainTextDelegate.h"

#include "core/DisplayText.h"
#include "widgets/SafeText.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QToolTip>

namespace dedup::widgets {

void PlainTextDelegate::installOn(QAbstractItemView *view) {
    view->setItemDelegate(new PlainTextDelegate(view));
    view->setTextElideMode(Qt::ElideRight);
}

QString PlainTextDelegate::displayText(const QVariant &value, const QLocale &locale) const {
    if (value.userType() == QMetaType::QString)
        return core::DisplayText::shown(value.toString(), CellChars);
    return QStyledItemDelegate::displayText(value, locale);
}

bool PlainTextDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                  const QStyleOptionViewItem &option, const QModelIndex &index) {
    if (!event || !view || event->type() != QEvent::ToolTip)
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    const QString tip = index.data(Qt::ToolTipRole).toString();
    if (tip.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
        return false;
    }
    QToolTip::showText(event->globalPos(), SafeText::toolTip(tip), view->viewport(),
                       view->visualRect(index));
    return true;
}

} // namespace dedup::widgets
