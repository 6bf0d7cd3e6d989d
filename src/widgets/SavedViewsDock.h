#pragma once

#include <QDockWidget>

class QAction;
class QLabel;
class QListView;

namespace dedup::widgets {

class MainWindow;
class SavedViewsModel;

// The "Saved Views" side list (docs/CONSOLE.md "Saved views"): the attached profile's saved
// views (SavedViewsModel), each a name for a dedup:// link to a filtered Runs, Stuck, Review or
// Audit view. Double click or Return opens one, through LinkNavigator::open() like any other
// link (so one saved for another store is refused); its context menu: Open, Copy Link,
// Rename… (F2), Remove (Delete, after asking), Move Up / Move Down (Alt+Up / Alt+Down).
// View > Save View… (Ctrl+Shift+S) saves the view in front under a name the operator types.
//
// Shown only while a store is attached under a profile name (views are kept per profile);
// View > Saved Views hides and shows it then, and the choice is remembered
// ("savedViewsDock/shown"). The window's saved layout does not show it without a store.
class SavedViewsDock : public QDockWidget {
    Q_OBJECT

public:
    explicit SavedViewsDock(MainWindow *window);
    ~SavedViewsDock() override;

    SavedViewsModel *model() const { return m_model; }
    QListView *list() const { return m_list; }
    QAction *saveViewAction() const { return m_save; }
    // The context menu's actions, acting on the list's current view.
    QList<QAction *> itemActions() const;

    // Save View…: asks for a name (and, for a name already used, whether to replace that
    // view) and saves the link to the view in front. False when nothing was saved.
    bool saveCurrentView();
    // The context menu's entries for `row`.
    void openView(int row);
    void copyLink(int row);
    bool renameView(int row);
    bool removeView(int row);
    bool moveView(int row, int step);

    // Clamped to "a store with a profile is attached": QMainWindow::restoreState() must not
    // show the list without one.
    void setVisible(bool visible) override;

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void setProfile(const QString &profile);
    void setWanted(bool shown);
    int currentRow() const;
    void updateActions();
    void showContextMenu(const QPoint &pos);
    // Asks for a name (a dialog whose OK is enabled only for a name that can be used; `exceptRow`
    // is the view being renamed, -1 when saving); a null string when cancelled.
    QString askName(const QString &title, const QString &label, const QString &text, int exceptRow);

    MainWindow *m_window;
    SavedViewsModel *m_model;
    QListView *m_list;
    QLabel *m_emptyLabel;
    QAction *m_save;
    QAction *m_open;
    QAction *m_copy;
    QAction *m_rename;
    QAction *m_remove;
    QAction *m_moveUp;
    QAction *m_moveDown;
    bool m_available = false; // a store with a profile is attached
    bool m_wanted = true;     // the operator's last choice (View > Saved Views)
};

} // namespace dedup::widgets
