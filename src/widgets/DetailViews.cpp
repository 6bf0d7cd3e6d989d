#include "widgets/DetailViews.h"

#include "models/StuckRunsModel.h"
#include "widgets/CorrelationView.h"
#include "widgets/MainWindow.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunsView.h"
#include "widgets/StoreSession.h"
#include "widgets/StuckCountLabel.h"
#include "widgets/StuckView.h"

#include <QAction>
#include <QDockWidget>
#include <QStatusBar>

#include <chrono>

namespace dedup::widgets {

namespace {

// Sends `source`'s connection state (a view's or a model's) to the session's banner.
template <typename Source>
void reportTo(StoreSession *session, Source *source) {
    QObject::connect(source, &Source::connectionLost, session,
                     [session, source](const QString &why) { session->reportLost(source, why); });
    QObject::connect(source, &Source::connectionRestored, session,
                     [session, source] { session->reportRestored(source); });
}

} // namespace

DetailViews::DetailViews(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_detail(new RunDetailView(window))
    , m_detailDock(new QDockWidget(tr("Run detail"), window))
    , m_correlation(new CorrelationView(window))
    , m_stuck(new StuckView(window))
    , m_stuckCount(new StuckCountLabel(window)) {
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
    window->addDock(m_detailDock, Qt::RightDockWidgetArea);
    m_correlation->setObjectName(QStringLiteral("correlationView"));
    window->addView(m_correlation, tr("&Correlation"), m_correlation->viewActions());
    m_stuck->setObjectName(QStringLiteral("stuckView"));
    window->addView(m_stuck, tr("&Stuck"), m_stuck->viewActions());
    m_stuckCount->setObjectName(QStringLiteral("stuckCountLabel"));
    m_stuckCount->hide(); // until a store is attached
    window->statusBar()->insertPermanentWidget(0, m_stuckCount);

    connect(window->runsView(), &RunsView::runActivated, this, &DetailViews::showRun);
    connect(window->runsView(), &RunsView::correlationActivated, this,
            &DetailViews::showCorrelation);
    connect(m_detail, &RunDetailView::correlationRequested, this, &DetailViews::showCorrelation);
    connect(m_correlation, &CorrelationView::runActivated, this, &DetailViews::showRun);
    connect(m_stuck, &StuckView::runActivated, this, &DetailViews::showRun);
    connect(m_stuckCount, &StuckCountLabel::clicked, this, &DetailViews::showStuck);
    connect(window, &MainWindow::storeAttached, this, &DetailViews::attach);
    connect(window, &MainWindow::storeAboutToDetach, this, &DetailViews::detach);
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
    m_window->showView(m_correlation);
}

void DetailViews::showStuck() {
    m_window->showView(m_stuck);
}

void DetailViews::attach(StoreSession *session) {
    detach();
    // Run detail reads the primary (actions are decided there); the lists may read a standby.
    m_detail->setStore(session->conninfo(), session->listener());
    m_detail->setAccess(session->access()); // Reveal… for runs an operator grant covers
    m_correlation->setStore(session->readConninfo(), session->listener());
    m_stuckModel = std::make_unique<models::StuckRunsModel>(session->readConninfo());
    m_stuckModel->setThreshold(std::chrono::minutes(StuckView::savedThresholdMinutes()));
    m_stuckModel->attachListener(session->listener());
    m_stuck->setModel(m_stuckModel.get());
    m_stuckCount->setModel(m_stuckModel.get());
    m_stuckCount->show();
    reportTo(session, m_detail);
    reportTo(session, m_correlation);
    reportTo(session, m_stuckModel.get());
}

void DetailViews::detach() {
    m_stuck->setModel(nullptr);
    m_stuckCount->setModel(nullptr);
    m_stuckCount->hide();
    m_stuckModel.reset();
    m_detail->setStore({}, nullptr);
    m_detail->setAccess({});
    m_correlation->setStore({}, nullptr);
}

} // namespace dedup::widgets
