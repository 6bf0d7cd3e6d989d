#include "widgets/StoreSession.h"

#include "models/ChangeListener.h"
#include "models/RunListModel.h"

namespace dedup::widgets {

using models::ChangeListener;
using models::RunListModel;

StoreSession::StoreSession(store::ConnectionReport report, const Preferences &preferences,
                           QObject *parent)
    : QObject(parent)
    , m_report(std::move(report))
    , m_listener(std::make_unique<ChangeListener>(m_report.conninfo))
    , m_runs(std::make_unique<RunListModel>(m_report.conninfo)) {
    applyPreferences(preferences);
    m_runs->attachListener(m_listener.get());

    RunListModel *runs = m_runs.get();
    connect(runs, &RunListModel::connectionLost, this,
            [this, runs](const QString &why) { reportLost(runs, why); });
    connect(runs, &RunListModel::connectionRestored, this, [this, runs] { reportRestored(runs); });
    ChangeListener *listener = m_listener.get();
    connect(listener, &ChangeListener::connectionError, this,
            [this, listener](const QString &why) { reportLost(listener, why); });
    connect(listener, &ChangeListener::connectedChanged, this, [this, listener](bool connected) {
        if (connected)
            reportRestored(listener);
    });

    m_retryTimer.setInterval(RetryIntervalMs);
    connect(&m_retryTimer, &QTimer::timeout, this, &StoreSession::retryRuns);
    m_listener->start();
}

StoreSession::~StoreSession() {
    // The model first: it is connected to the listener.
    m_runs.reset();
    m_listener.reset();
}

void StoreSession::applyPreferences(const Preferences &preferences) {
    m_runs->setStatementTimeout(preferences.statementTimeoutSeconds * 1000);
    m_runs->setMaxRows(preferences.maxRows);
}

void StoreSession::reportLost(const QObject *source, const QString &why) {
    const bool wasLost = isConnectionLost();
    const auto previous = m_down.constFind(source);
    const bool changed = previous == m_down.cend() || *previous != why;
    m_down.insert(source, why);
    m_lastReason = why;
    if (source == m_runs.get() && !m_retryTimer.isActive())
        m_retryTimer.start();
    if (!wasLost || changed)
        emit connectionLost(why);
}

void StoreSession::reportRestored(const QObject *source) {
    if (!m_down.remove(source))
        return;
    if (source == m_runs.get()) {
        m_retryTimer.stop();
        // Whatever failed while the loader was away (a page, a live refresh) is read again;
        // the listener's reconnection brings its own resync.
        m_runs->resync();
    }
    if (m_down.isEmpty()) {
        m_lastReason.clear();
        emit connectionRestored();
    } else {
        emit connectionLost(m_down.first());
    }
}

void StoreSession::retryNow() {
    if (!m_listener->isConnected())
        m_listener->start(); // connects now if it is not connected (and keeps its timer)
    m_runs->retryNow();
}

void StoreSession::retryRuns() {
    // A request is what makes the loader reconnect; within its backoff it answers at once.
    m_runs->resync();
}

} // namespace dedup::widgets
