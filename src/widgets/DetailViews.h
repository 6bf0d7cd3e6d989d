#pragma once

#include <QObject>

#include <memory>

class QDockWidget;

namespace dedup::models {
class StuckRunsModel;
}

namespace dedup::widgets {

class CorrelationView;
class MainWindow;
class RunDetailView;
class StoreSession;
class StuckCountLabel;
class StuckView;

// The views around the runs list and the way an operator moves between them: the run detail
// (a dock, so it stays beside whichever list the run was picked from), the correlation
// timeline and the Stuck list (tabs), and the stuck count in the status bar. A run activated
// in any list opens in the detail; a correlation id (from the runs list's context menu or
// the detail's link) opens in the timeline; clicking the stuck count opens the Stuck tab.
//
// Each view reads through its own connection, made when a store is attached and dropped
// before it is detached; their connection losses go to the session, so the one banner
// covers them all.
class DetailViews : public QObject {
    Q_OBJECT

public:
    explicit DetailViews(MainWindow *window);
    ~DetailViews() override;

    RunDetailView *detail() const { return m_detail; }
    CorrelationView *correlation() const { return m_correlation; }
    StuckView *stuck() const { return m_stuck; }
    StuckCountLabel *stuckCount() const { return m_stuckCount; }
    QDockWidget *detailDock() const { return m_detailDock; }

public slots:
    void showRun(qint64 runId);
    void showCorrelation(const QString &correlationId, qint64 ofRun = 0);
    void showStuck();

private:
    void attach(StoreSession *session);
    void detach();

    MainWindow *m_window;
    RunDetailView *m_detail;
    QDockWidget *m_detailDock;
    CorrelationView *m_correlation;
    StuckView *m_stuck;
    StuckCountLabel *m_stuckCount;
    std::unique_ptr<models::StuckRunsModel> m_stuckModel;
};

} // namespace dedup::widgets
