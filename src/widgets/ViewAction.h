#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>

class QAction;
class QWidget;

namespace dedup::widgets {

// An action of a view, added to `owner` so that its shortcuts work while the focus is in the
// owner (Qt::WidgetWithChildrenShortcut by default): views in other tabs may use the same keys.
// `iconName` is a freedesktop theme icon, set now and again by refreshViewActionIcons() after a
// style change; buttons that show the action carry its text either way.
QAction *makeViewAction(QWidget *owner, const QString &objectName, const QString &text,
                        const QList<QKeySequence> &shortcuts, const QString &iconName,
                        Qt::ShortcutContext context = Qt::WidgetWithChildrenShortcut);
void refreshViewActionIcons(const QList<QAction *> &actions);

} // namespace dedup::widgets
