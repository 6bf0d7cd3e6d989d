#include "models/RunDetailSource.h"

#include "models/AuditTableModel.h"
#include "models/ChangeListener.h"
#include "models/EventTableModel.h"
#include "models/StepTableModel.h"
#include "store/PgConnection.h"

#include <utility>

namespace dedup::models {

using store::RunDetailSnapshot;

RunDetailSource::RunDetailSource(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-detail"))
    , m_steps(new StepTableModel(this))
    , m_events(new EventTableModel(this))
    , m_audit(new AuditTableModel(this)) {
    qRegisterMetaType<RunDetailSnapshot>();
    connect(&m_runner, &QueryRunner::finished, this, &RunDetailSource::onFinished);
    connect(&m_runner, &QueryRunner::failed, this, &RunDetailSource::onFailed);
    connect(&m_runner, &QueryRunner::connectionLost, this, &RunDetailSource::connectionLost);
    connect(&m_runner, &QueryRunner::connectionRestored, this, [this] {
        emit connectionRestored();
        reload(); // re-read what is on screen: changes in between were not seen
    });
    m_poll.setSingleShot(true);
    connect(&m_poll, &QTimer::timeout, this, &RunDetailSource::reload);
}

RunDetailSource::~RunDetailSource() = default;

void RunDetailSource::setRunId(qint64 runId) {
    if (runId == m_runId) {
        reload();
        return;
    }
    m_runner.discardPending();
    setPending(0);
    m_reloadWanted = false;
    m_runId = runId;
    m_shownRunLoaded = false;
    m_eventPage = {};
    m_eventPageChanged = false;
    m_snapshot = {};
    m_errorText.clear();
    m_poll.stop();
    // Another run: nothing of the previous one may stay on screen under the new id.
    m_steps->resetRows({});
    m_events->resetRows({});
    m_audit->resetRows({});
    emit runIdChanged(runId);
    if (runId <= 0) {
        setState(State::Empty);
        return;
    }
    setState(State::Loading);
    request();
}

void RunDetailSource::reload() {
    if (m_runId <= 0)
        return;
    if (m_pending != 0) {
        m_reloadWanted = true;
        return;
    }
    request();
}

void RunDetailSource::showEvents(store::ListPage::Step step) {
    if (m_runId <= 0)
        return;
    using Step = store::ListPage::Step;
    const QList<store::EventRow> &shown = m_events->rows(); // oldest first
    store::ListPage page;
    switch (step) {
    case Step::Newest:
        page = store::ListPage::newest();
        break;
    case Step::Oldest:
        page = store::ListPage::oldest();
        break;
    case Step::Older:
        if (shown.isEmpty())
            return;
        page = store::ListPage::older(shown.first().id);
        break;
    case Step::Newer:
        if (shown.isEmpty())
            return;
        page = store::ListPage::newer(shown.last().id);
        break;
    }
    // A read in flight is for the page shown so far: its answer no longer applies.
    m_runner.discardPending();
    setPending(0);
    m_eventPage = page;
    m_eventPageChanged = true;
    request();
}

void RunDetailSource::request() {
    m_reloadWanted = false;
    const qint64 runId = m_runId;
    const store::RunDetailQueries::Limits limits = m_limits;
    const store::ListPage page = m_eventPage;
    const int id =
        m_runner.submit([runId, limits, page](store::PgConnection &conn, store::PgError *error) {
            const auto snapshot =
                store::RunDetailQueries::readSnapshot(conn, runId, limits, page, error);
            return snapshot ? QVariant::fromValue(*snapshot) : QVariant();
        });
    setPending(id);
    emit loading(runId);
}

void RunDetailSource::cancel() {
    if (m_pending == 0)
        return;
    // Stale for the runner: a running statement gets PQcancel, the answer is never read.
    m_runner.discardPending();
    setPending(0);
    m_reloadWanted = false;
    m_errorText = tr("Loading was cancelled.");
    m_lastFailure = QueryRunner::Failure::Cancelled;
    setState(State::Failed);
    emit failed(m_runId, m_errorText);
}

void RunDetailSource::attachListener(ChangeListener *listener) {
    connect(listener, &ChangeListener::runsChanged, this, &RunDetailSource::onRunsChanged);
    connect(listener, &ChangeListener::resynced, this, &RunDetailSource::reload);
}

void RunDetailSource::onRunsChanged(const QSet<qint64> &ids, bool more) {
    if (m_runId > 0 && (more || ids.contains(m_runId)))
        reload();
}

void RunDetailSource::setPollInterval(int milliseconds) {
    m_pollIntervalMs = qMax(0, milliseconds);
    updatePolling();
}

QDateTime RunDetailSource::estimatedServerNow() const {
    if (!m_snapshot.run.serverNow.isValid() || !m_sinceRead.isValid())
        return {};
    return m_snapshot.run.serverNow.addMSecs(m_sinceRead.elapsed());
}

qint64 RunDetailSource::leaseRemainingMs() const {
    if (!m_snapshot.found || !m_snapshot.run.hasLease() || !m_sinceRead.isValid())
        return 0;
    return m_snapshot.run.leaseRemainingMs() - m_sinceRead.elapsed();
}

void RunDetailSource::onFinished(int requestId, const QVariant &value) {
    if (requestId != m_pending)
        return;
    setPending(0);
    const RunDetailSnapshot snapshot = value.value<RunDetailSnapshot>();
    const bool sameRun = m_shownRunLoaded;
    m_shownRunLoaded = true;
    m_errorText.clear();
    apply(snapshot, sameRun);
    if (m_reloadWanted)
        request();
}

void RunDetailSource::apply(const RunDetailSnapshot &snapshot, bool sameRun) {
    m_snapshot = snapshot;
    m_sinceRead.start();
    // Re-reads ask for the page this one resolved to (Newer and Oldest become a fixed page).
    m_eventPage = snapshot.eventPage;
    const bool otherEvents = std::exchange(m_eventPageChanged, false);
    // Same run: in place, so the views keep selection and scroll position.
    if (sameRun) {
        m_steps->updateRows(snapshot.steps);
        if (otherEvents)
            m_events->resetRows(snapshot.events); // another page: a selection would mislead
        else
            m_events->updateRows(snapshot.events);
        m_audit->updateRows(snapshot.audit);
    } else {
        m_steps->resetRows(snapshot.steps);
        m_events->resetRows(snapshot.events);
        m_audit->resetRows(snapshot.audit);
    }
    updatePolling();
    if (!snapshot.found) {
        setState(State::NotFound);
        emit notFound(m_runId);
        return;
    }
    setState(State::Loaded);
    emit loaded(m_runId);
}

void RunDetailSource::onFailed(int requestId, const QString &message,
                               QueryRunner::Failure failure) {
    if (requestId != m_pending)
        return;
    setPending(0);
    m_errorText = message;
    m_lastFailure = failure;
    setState(State::Failed);
    emit failed(m_runId, message);
    // A lost connection is re-read on connectionRestored; anything else on the next change.
    if (m_reloadWanted && failure != QueryRunner::Failure::ConnectionLost)
        request();
}

void RunDetailSource::setState(State state) {
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void RunDetailSource::setPending(int requestId) {
    const bool was = m_pending != 0;
    m_pending = requestId;
    if (was != (requestId != 0))
        emit loadingChanged(requestId != 0);
}

void RunDetailSource::updatePolling() {
    const bool processing =
        m_snapshot.found && m_snapshot.run.statusName == QLatin1String("processing");
    if (processing && m_pollIntervalMs > 0)
        m_poll.start(m_pollIntervalMs);
    else
        m_poll.stop();
}

} // namespace dedup::models
