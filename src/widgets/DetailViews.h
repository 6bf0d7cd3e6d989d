#pragma once

#include <QObject>

class QDockWidget;

namespace dedup::widgets {

class CorrelationView;
class RunDetailView;
class StoreSession;
class StuckCountLabel;
class StuckView;
class ViewHost;

// The views around the runs list and the way an operator moves between them: the run detail
// (a dock, so it stays beside whichever list the run was picked from), the correlation
// timeline and the Stuck list (tabs), and the stuck count in the status bar. A run activated
// in any list opens in the detail; a correlation id (from the runs list's context menu or
// the detail's link) opens in the timeline; clicking the stuck count opens the Stuck tab.
//
// The views are shown through a ViewHost (the window). The models they read belong to the
// StoreSession (the composition root): attach() hands them to the views, detach() takes them
// back before the session goes; the session reports their connection losses. The run detail
// makes its own source through session->connections() (it renews it after a large run), and
// its losses are reported here.
class DetailViews : public QObject {
    Q_OBJECT

public:
    // `parent`: the window that implements `host`.
    DetailViews(ViewHost *host, QObject *parent);
    ~DetailViews() override;

    // Called by the window after it attached a store, and before it detaches it.
    void attach(StoreSession *session);
    void detach();

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
    ViewHost *m_host;
    RunDetailView *m_detail;
    QDockWidget *m_detailDock;
    CorrelationView *m_correlation;
    StuckView *m_stuck;
    StuckCountLabel *m_stuckCount;
};

} // namespace dedup::widgets
