#include "lanes/ChangeListener.h"

#include "lanes/ListenerConnection.h"

namespace dedup::lanes {

ChangeListener::ChangeListener(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_connection(
          new ListenerConnection(conninfo, channel(), QStringLiteral("dedup-console-listener"))) {
    qRegisterMetaType<QList<qint64>>();
    m_thread.setObjectName(QStringLiteral("ChangeListener"));
    m_connection->moveToThread(&m_thread);
    connect(m_connection, &ListenerConnection::notified, this, &ChangeListener::onNotified);
    connect(m_connection, &ListenerConnection::listening, this, &ChangeListener::onListening);
    connect(m_connection, &ListenerConnection::lost, this, &ChangeListener::onLost);
    connect(m_connection, &ListenerConnection::connectFailed, this,
            [this](const QString &message, int) { emit connectionError(message); });
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(DefaultCoalesceMs);
    connect(&m_coalesce, &QTimer::timeout, this, &ChangeListener::flush);
    m_thread.start();
}

ChangeListener::~ChangeListener() {
    // Timers and the socket notifier belong to the listener thread: stop them there.
    QMetaObject::invokeMethod(m_connection, &ListenerConnection::stop,
                              Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_connection;
}

void ChangeListener::start() {
    QMetaObject::invokeMethod(m_connection, &ListenerConnection::start, Qt::QueuedConnection);
}

void ChangeListener::setKeepAliveInterval(int milliseconds) {
    QMetaObject::invokeMethod(
        m_connection,
        [connection = m_connection, milliseconds] {
            connection->setKeepAliveInterval(milliseconds);
        },
        Qt::QueuedConnection);
}

int ChangeListener::backendPid() const {
    return m_connection->backendPid();
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

void ChangeListener::onNotified(const QList<qint64> &ids, bool more) {
    if (more) {
        // "More" supersedes any list: the receiver re-reads everything anyway.
        m_pendingMore = true;
        m_pending.clear();
    } else if (!m_pendingMore) {
        for (const qint64 id : ids)
            m_pending.insert(id);
        if (m_pending.size() > MaxPendingIds) {
            m_pending.clear();
            m_pendingMore = true;
        }
    }
    if (m_paused)
        emit changesWaiting(int(m_pending.size()), m_pendingMore || m_pendingResync);
    // Started by the first notification of a burst, not restarted by later ones: a steady
    // stream still goes out every interval.
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void ChangeListener::onListening(bool again) {
    setConnected(true);
    if (again) {
        m_pendingResync = true;
        flush();
        if (m_paused)
            emit changesWaiting(int(m_pending.size()), true);
    }
}

void ChangeListener::onLost(const QString &message) {
    setConnected(false);
    emit connectionError(message);
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
