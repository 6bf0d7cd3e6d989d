#include "widgets/ViewAction.h"

#include <QAction>
#include <QIcon>
#include <QWidget>

namespace dedup::widgets {

QAction *makeViewAction(QWidget *owner, const QString &objectName, const QString &text,
                        const QList<QKeySequence> &shortcuts, const QString &iconName,
                        Qt::ShortcutContext context) {
    auto *action = new QAction(text, owner);
    action->setObjectName(objectName);
    action->setShortcuts(shortcuts);
    action->setShortcutContext(context);
    action->setProperty("iconName", iconName);
    action->setIcon(QIcon::fromTheme(iconName));
    owner->addAction(action);
    return action;
}

void refreshViewActionIcons(const QList<QAction *> &actions) {
    for (QAction *action : actions)
        action->setIcon(QIcon::fromTheme(action->property("iconName").toString()));
}

} // namespace dedup::widgets
