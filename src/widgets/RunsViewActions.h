#pragma once

#include <QCoreApplication>
#include <QList>

class QAction;
class QWidget;

namespace dedup::widgets {

// The runs view's actions and their shortcuts. They are shortcuts while the focus is in the
// view (Qt::WidgetWithChildrenShortcut); Return (open) and Ctrl+C (copy key) only while the
// table has it, because the filter fields use those keys themselves.
struct RunsViewActions {
    Q_DECLARE_TR_FUNCTIONS(RunsViewActions)

public:
    // Owned by `view`; `table` gets the table-only ones.
    RunsViewActions(QWidget *view, QWidget *table);

    QList<QAction *> all() const {
        return {find, refresh, cancel, live, open, correlation, copyKey};
    }
    // Theme icons where the desktop has them (again after a style change).
    void updateIcons() const;

    QAction *find;
    QAction *refresh;
    QAction *cancel;
    QAction *live; // checkable, checked: live updates on
    QAction *open;
    QAction *correlation;
    QAction *copyKey;
};

} // namespace dedup::widgets
