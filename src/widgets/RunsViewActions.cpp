#include "widgets/RunsViewActions.h"

#include "widgets/KeyBindings.h"

#include <QAction>
#include <QIcon>
#include <QWidget>

namespace dedup::widgets {

namespace {

QAction *makeAction(QWidget *owner, const QString &objectName, const QString &text,
                    const QList<QKeySequence> &shortcuts, const QString &iconName,
                    Qt::ShortcutContext context = Qt::WidgetWithChildrenShortcut) {
    auto *action = new QAction(text, owner);
    action->setObjectName(objectName);
    action->setShortcuts(shortcuts);
    action->setShortcutContext(context);
    action->setProperty("iconName", iconName);
    owner->addAction(action);
    return action;
}

} // namespace

RunsViewActions::RunsViewActions(QWidget *view, QWidget *table)
    : find(makeAction(view, QStringLiteral("actionFindRuns"), tr("&Find Runs…"),
                      keysWithPlatform(Qt::CTRL | Qt::Key_F, QKeySequence::Find),
                      QStringLiteral("edit-find")))
    , refresh(makeAction(view, QStringLiteral("actionRefresh"), tr("&Refresh"),
                         {QKeySequence(Qt::Key_F5)}, QStringLiteral("view-refresh")))
    , cancel(makeAction(view, QStringLiteral("actionCancelLoading"), tr("&Cancel Loading"),
                        {QKeySequence(Qt::Key_Escape)}, QStringLiteral("process-stop")))
    , live(makeAction(view, QStringLiteral("actionLive"), tr("&Live Updates"),
                      {QKeySequence(Qt::CTRL | Qt::Key_L)}, QStringLiteral("media-playback-start")))
    , open(makeAction(table, QStringLiteral("actionOpenRun"), tr("&Open Run"),
                      {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)},
                      QStringLiteral("document-open"), Qt::WidgetShortcut))
    , correlation(makeAction(view, QStringLiteral("actionShowCorrelation"), tr("Show &Correlation"),
                             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)},
                             QStringLiteral("view-list-tree")))
    , copyKey(makeAction(table, QStringLiteral("actionCopyKey"), tr("Cop&y Key"),
                         keysWithPlatform(Qt::CTRL | Qt::Key_C, QKeySequence::Copy),
                         QStringLiteral("edit-copy"), Qt::WidgetShortcut)) {
    live->setCheckable(true);
    live->setChecked(true);
    live->setToolTip(tr("Show changes as they happen (pause to read a list that holds still)"));
    cancel->setToolTip(tr("Stop the queries of the list that are still running"));
    correlation->setToolTip(tr("Every run that shares the selected run's correlation id"));
}

void RunsViewActions::updateIcons() const {
    for (QAction *action : all())
        action->setIcon(QIcon::fromTheme(action->property("iconName").toString()));
}

} // namespace dedup::widgets
