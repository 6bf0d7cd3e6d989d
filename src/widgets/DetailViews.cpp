#include "widgets/DetailViews.h"

#include "widgets/CorrelationView.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunsView.h"
#include "widgets/StoreSession.h"
#include "widgets/StuckCountLabel.h"
#include "widgets/StuckView.h"
#include "widgets/ViewHost.h"

#include <QAction>
#include <QDockWidget>

namespace dedup::widgets {

DetailViews::DetailViews(ViewHost *host, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_detail(new RunDetailView(host->hostWidget()))
    , m_detailDock(new QDockWidget(tr("Run detail"), host->hostWidget()))
    , m_correlation(new CorrelationView(host->hostWidget()))
    , m_stuck(new StuckView(host->hostWidget()))
    , m_stuckCount(new StuckCountLabel(host->hostWidget())) {
    m_detail->setObjectName(QStringLiteral("runDetailView"));
    m_detailDock->setObjectName(QStringLiteral("runDetailDock"));
    m_detailDock->setWidget(m_detail);
    m_detailDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    // Closing the dock closes the run: its values and their memory go (the toggle goes off
    // when the dock is closed or the window hidden, not when the dock is tabbed away). The
    // view, not this object, is captured: the window's teardown hides the dock after this
    // object is gone.
    RunDetailView *detail = m_detail;
    connect(m_detailDock->toggleViewAction(), &QAction::toggled, detail, [detail](bool shown) {
        if (!shown)
            detail->closeRun();
    });
    host->addDock(m_detailDock, Qt::RightDockWidgetArea);
    m_correlation->setObjectName(QStringLiteral("correlationView"));
    host->addView(m_correlation, tr("&Correlation"), m_correlation->viewActions());
    m_stuck->setObjectName(QStringLiteral("stuckView"));
    host->addView(m_stuck, tr("&Stuck"), m_stuck->viewActions());
    m_stuckCount->setObjectName(QStringLiteral("stuckCountLabel"));
    m_stuckCount->hide(); // until a store is attached
    host->addStatusWidget(m_stuckCount);

    connect(host->runsView(), &RunsView::runActivated, this, &DetailViews::showRun);
    connect(host->runsView(), &RunsView::correlationActivated, this, &DetailViews::showCorrelation);
    connect(m_detail, &RunDetailView::correlationRequested, this, &DetailViews::showCorrelation);
    connect(m_correlation, &CorrelationView::runActivated, this, &DetailViews::showRun);
    // A step's span: its run opens (runActivated follows) with the step selected.
    connect(m_correlation, &CorrelationView::stepActivated, m_detail, &RunDetailView::showStep);
    connect(m_stuck, &StuckView::runActivated, this, &DetailViews::showRun);
    connect(m_stuckCount, &StuckCountLabel::clicked, this, &DetailViews::showStuck);
}

DetailViews::~DetailViews() {
    detach();
}

void DetailViews::showRun(qint64 runId) {
    m_detail->setRunId(runId);
    m_detailDock->show();
    m_detailDock->raise();
}

void DetailViews::showCorrelation(const QString &correlationId, qint64 ofRun) {
    m_correlation->setCorrelationId(correlationId, ofRun);
    m_host->showView(m_correlation);
}

void DetailViews::showStuck() {
    m_host->showView(m_stuck);
}

void DetailViews::attach(StoreSession *session) {
    detach();
    // Run detail reads the primary (actions are decided there); the lists may read a standby.
    m_detail->setStore(session->connections(), session->listener());
    m_detail->setAccess(session->access()); // Reveal… for runs an operator grant covers
    m_correlation->setModel(session->correlation());
    m_stuck->setModel(session->stuckRuns());
    m_stuckCount->setModel(session->stuckRuns());
    m_stuckCount->show();
    connect(m_detail, &RunDetailView::connectionLost, session,
            [session, detail = m_detail](const QString &why) { session->reportLost(detail, why); });
    connect(m_detail, &RunDetailView::connectionRestored, session,
            [session, detail = m_detail] { session->reportRestored(detail); });
}

void DetailViews::detach() {
    m_stuck->setModel(nullptr);
    m_stuckCount->setModel(nullptr);
    m_stuckCount->hide();
    m_detail->setStore({}, nullptr);
    m_detail->setAccess({});
    m_correlation->setModel(nullptr);
}

} // namespace dedup::widgets
