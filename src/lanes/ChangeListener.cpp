#include "lanes/ChangeListener.h"

#include "lanes/Failure.h"
#include "lanes/Lane.h"
#include "store/ChangeFeed.h"
#include "store/PgConnection.h"

namespace dedup::lanes {

namespace {
using Batch = store::ChangeCursor::Batch;
}

ChangeListener::ChangeListener(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_conninfo(conninfo)
    , m_feed(std::make_shared<store::ChangeFeed>()) {
    qRegisterMetaType<Batch>();
    m_poll.setInterval(DefaultPollMs);
    connect(&m_poll, &QTimer::timeout, this, &ChangeListener::pollNow);
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(DefaultCoalesceMs);
    connect(&m_coalesce, &QTimer::timeout, this, &ChangeListener::flush);
}

ChangeListener::~ChangeListener() {
    // Before the timers and sets its answers would touch: the lane stops its thread (a job
    // still running keeps its own reference to the feed).
    delete m_lane;
}

void ChangeListener::start() {
    if (m_lane)
        return;
    m_lane = new Lane(m_conninfo, QStringLiteral("dedup-console-listener"), this);
    connect(m_lane, &Lane::finished, this, &ChangeListener::onPolled);
    connect(m_lane, &Lane::failed, this, &ChangeListener::onPollFailed);
    connect(m_lane, &Lane::connectionLost, this, &ChangeListener::reportDown);
    connect(m_lane, &Lane::connectionRestored, this, &ChangeListener::onRestored);
    m_poll.start();
    pollNow();
}

int ChangeListener::backendPid() const {
    return m_lane ? m_lane->backendPid() : 0;
}

void ChangeListener::pollNow() {
    // One poll at a time: a slow one is not queued behind by the next tick.
    if (!m_lane || m_lane->hasPending() || m_lane->isConnectionLost())
        return;
    m_lane->submit([feed = m_feed](store::PgConnection &conn, store::PgError *error) {
        const std::optional<Batch> batch = feed->poll(conn, error);
        return batch ? QVariant::fromValue(*batch) : QVariant();
    });
}

void ChangeListener::onPolled(int, const QVariant &value) {
    setConnected(true);
    const Batch batch = value.value<Batch>();
    if (batch.more || !batch.runIds.isEmpty())
        onChanges(batch.runIds, batch.more);
}

void ChangeListener::onPollFailed(int, const QString &message, Failure failure) {
    // A lost connection the lane reports itself (connectionLost, then connectionRestored).
    if (failure == Failure::ConnectionLost)
        return;
    // Anything else (a timeout, a refusal) stops the live updates as surely: say so until a
    // poll succeeds again. The feed's cursor did not move, so nothing is missed meanwhile.
    reportDown(message);
}

void ChangeListener::reportDown(const QString &message) {
    setConnected(false);
    emit connectionError(message);
}

void ChangeListener::onRestored() {
    setConnected(true);
    m_pendingResync = true;
    flush();
    if (m_paused)
        emit changesWaiting(int(m_pending.size()), true);
    pollNow();
}

void ChangeListener::pause() {
    if (m_paused)
        return;
    m_paused = true;
    emit pausedChanged(true);
}

void ChangeListener::resume() {
    if (!m_paused)
        return;
    m_paused = false;
    emit pausedChanged(false);
    flush();
}

void ChangeListener::onChanges(const QSet<qint64> &ids, bool more) {
    if (more) {
        // "More" supersedes any list: the receiver re-reads everything anyway.
        m_pendingMore = true;
        m_pending.clear();
    } else if (!m_pendingMore) {
        m_pending.unite(ids);
        if (m_pending.size() > MaxPendingIds) {
            m_pending.clear();
            m_pendingMore = true;
        }
    }
    if (m_paused)
        emit changesWaiting(int(m_pending.size()), m_pendingMore || m_pendingResync);
    // Started by the first change of a burst, not restarted by later ones: a steady stream
    // still goes out every interval.
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void ChangeListener::flush() {
    if (m_paused)
        return;
    m_coalesce.stop();
    if (m_pendingResync) {
        // A resync re-reads everything, the accumulated ids included.
        m_pendingResync = false;
        m_pending.clear();
        m_pendingMore = false;
        emit resynced();
        return;
    }
    if (m_pending.isEmpty() && !m_pendingMore)
        return;
    const QSet<qint64> ids = std::exchange(m_pending, {});
    const bool more = std::exchange(m_pendingMore, false);
    emit runsChanged(ids, more);
}

void ChangeListener::setConnected(bool connected) {
    if (m_connected == connected)
        return;
    m_connected = connected;
    emit connectedChanged(connected);
}

} // namespace dedup::lanes
