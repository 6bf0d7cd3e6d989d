#pragma once

#include "store/ConnectionReport.h"
#include "widgets/ViewHost.h"

#include <QMainWindow>

#include <memory>

class QDockWidget;
class QLabel;

namespace Ui {
class MainWindow;
}

namespace dedup::widgets {

class DetailViews;
class LinkNavigator;
class OperatorViews;
class RunsView;
class StoreSession;
class WorkflowsView;

// The console's main window: a thin composition of views (tabs, docks), menus, the
// connection banner, the status bar and saved window state. It owns the StoreSession of the
// attached store, the composition root that makes and owns the views' models; the views
// read through them. DetailViews and OperatorViews reach the window through ViewHost only.
//
// A new view: create it (here, or in DetailViews/OperatorViews), addView(view, tr("Title"),
// view->actions) (or addDock). A new model for it: a member of StoreSession, made there
// through connections() (which picks the primary or the standby) and reported to the session
// (so the banner covers its connection); hand it to the view (view->setModel(...)) where the
// store is attached (attachStore, DetailViews/OperatorViews::attach, or a slot of
// storeAttached()) and take it back where it is detached (storeAboutToDetach()). Dialogs make
// their loaders and executors through session()->connections().
class MainWindow
    : public QMainWindow
    , public ViewHost {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Makes the store's session (and so its models), hands them to the views, shows the target and
    // the login's grants in the status bar ("as alice: operator for clinic-42/*"), a "read-only"
    // badge without any operator grant, and the report's warning (no grants at all). Replaces an
    // attached store.
    void attachStore(const store::ConnectionReport &report);
    void detachStore();
    bool isAttached() const { return m_session != nullptr; }
    // The attached store's session, nullptr when detached.
    StoreSession *session() const { return m_session.get(); }
    RunsView *runsView() const override { return m_runsView; }
    DetailViews *detailViews() const { return m_detailViews; }
    OperatorViews *operatorViews() const { return m_operatorViews; }
    WorkflowsView *workflowsView() const { return m_workflowsView; }
    LinkNavigator *links() const { return m_links; }
    // The tab in front.
    QWidget *currentView() const;
    // Opens a dedup:// link (docs/CONSOLE.md "Links"), or says why not.
    void openLink(const QString &link);

    // Adds a tab; `actions` (shortcuts while the view has the focus) also go into a menu
    // named `title` before Help, and so into Help > Keyboard Shortcuts. Returns the tab index.
    int addView(QWidget *view, const QString &title, const QList<QAction *> &actions = {}) override;
    // Brings a view added with addView() to the front.
    void showView(QWidget *view) override;
    // Adds a dock (it needs an objectName, for the saved window state); View lists it.
    void addDock(QDockWidget *dock, Qt::DockWidgetArea area) override;
    // ViewHost: the rest of what DetailViews and OperatorViews use.
    QWidget *hostWidget() override { return this; }
    void addMenu(QMenu *menu) override;
    void addStatusWidget(QWidget *widget) override;
    void showStatusMessage(const QString &text) override;
    // The text shown while no store is attached, e.g. "Starting the demo store…".
    void showPlaceholderMessage(const QString &text);

    // Window geometry, dock layout, the views' columns and the last filter.
    void saveSettings() const;

signals:
    // File > Connect… (Ctrl+Shift+O) and the placeholder's button: the connection dialog.
    void connectRequested();
    void storeAttached(dedup::widgets::StoreSession *session);
    void storeAboutToDetach(dedup::widgets::StoreSession *session);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void restoreSavedGeometry(const QByteArray &saved);
    void setUpActions();
    void setUpStatusBar();
    void setUpThemeMenu();
    void setUpWorkflows();
    void setUpLinks();
    void switchView(int step);
    void showShortcuts();
    void showPreferences();
    void showAbout();

    std::unique_ptr<Ui::MainWindow> m_ui;
    std::unique_ptr<StoreSession> m_session;
    RunsView *m_runsView = nullptr;
    DetailViews *m_detailViews = nullptr;
    OperatorViews *m_operatorViews = nullptr;
    WorkflowsView *m_workflowsView = nullptr;
    LinkNavigator *m_links = nullptr;
    QLabel *m_storeLabel = nullptr;
    QLabel *m_roleLabel = nullptr;
    QLabel *m_readOnlyBadge = nullptr;
    bool m_stateRestored = false;
};

} // namespace dedup::widgets
