#pragma once

#include <QList>
#include <Qt>

class QAction;
class QDockWidget;
class QMenu;
class QString;
class QWidget;

namespace dedup::widgets {

class RunsView;

// What the groups of views around the runs list (DetailViews, OperatorViews) need of the
// window that shows them, and no more: MainWindow implements it. The store's models come
// from the StoreSession the window hands them in attach(), never from the window.
class ViewHost {
public:
    virtual ~ViewHost() = default;

    // The parent of the views and of the dialogs they open.
    virtual QWidget *hostWidget() = 0;
    // Adds a tab; `actions` also go into a menu named `title` (before Help). Returns the index.
    virtual int addView(QWidget *view, const QString &title,
                        const QList<QAction *> &actions = {}) = 0;
    // Brings a view added with addView() to the front.
    virtual void showView(QWidget *view) = 0;
    // Adds a dock (it needs an objectName, for the saved window state); View lists it.
    virtual void addDock(QDockWidget *dock, Qt::DockWidgetArea area) = 0;
    // Adds a menu to the menu bar, before Help.
    virtual void addMenu(QMenu *menu) = 0;
    // Adds a permanent widget at the left of the status bar.
    virtual void addStatusWidget(QWidget *widget) = 0;
    // A transient message in the status bar.
    virtual void showStatusMessage(const QString &text) = 0;
    virtual RunsView *runsView() const = 0;

protected:
    ViewHost() = default;
    ViewHost(const ViewHost &) = default;
    ViewHost &operator=(const ViewHost &) = default;
};

} // namespace dedup::widgets
