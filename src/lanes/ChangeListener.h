#pragma once

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QThread>
#include <QTimer>

namespace dedup::lanes {

class ListenerConnection;

// Live changes of runs (docs/PROTOCOL.md, section 8): LISTENs on `dedup_events` on its own
// connection, in its own thread, and turns the notifications into runsChanged() signals in
// the thread that created it. Bursts are coalesced: the first notification starts a short
// timer (200 ms by default) and everything that arrives until it fires goes out as one
// signal, so 1,000 changes a second cost a handful of refreshes.
//
// pause() holds the signals back (they accumulate, bounded: past 10,000 ids they collapse
// into "more"); resume() delivers what accumulated. When the connection dies the listener
// reconnects by itself with backoff, LISTENs again and emits resynced(): notifications sent
// in between are lost, so views re-read everything.
class ChangeListener : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool paused READ isPaused WRITE setPaused NOTIFY pausedChanged)
    Q_PROPERTY(bool connected READ isConnected NOTIFY connectedChanged)

public:
    static constexpr int DefaultCoalesceMs = 200;
    static constexpr int MaxPendingIds = 10000;

    explicit ChangeListener(const QString &conninfo, QObject *parent = nullptr);
    ~ChangeListener() override;

    // The channel the protocol notifies on.
    static QString channel() { return QStringLiteral("dedup_events"); }

    // Connects and LISTENs (asynchronously; connectedChanged(true) when listening).
    void start();
    void pause();
    void resume();
    void setPaused(bool paused) { paused ? pause() : resume(); }
    bool isPaused() const { return m_paused; }
    bool isConnected() const { return m_connected; }

    void setCoalesceInterval(int milliseconds) { m_coalesce.setInterval(qMax(0, milliseconds)); }
    // How often a quiet connection is checked (default 10 s).
    void setKeepAliveInterval(int milliseconds);
    // The listening connection's server process (0 while disconnected).
    int backendPid() const;

signals:
    // Runs whose state changed. `more`: not every changed run is listed; re-read everything.
    void runsChanged(const QSet<qint64> &ids, bool more);
    // The connection was lost and is back: changes in between were missed; re-read.
    void resynced();
    void connectedChanged(bool connected);
    void connectionError(const QString &message);
    void pausedChanged(bool paused);
    // While paused: how many changed runs are waiting for resume() (`more`: too many to
    // list, or a resync is due).
    void changesWaiting(int runs, bool more);

private:
    void onNotified(const QList<qint64> &ids, bool more);
    void onListening(bool again);
    void onLost(const QString &message);
    void flush();
    void setConnected(bool connected);

    QThread m_thread;
    ListenerConnection *m_connection = nullptr; // lives in m_thread
    QTimer m_coalesce;
    QSet<qint64> m_pending;
    bool m_pendingMore = false;
    bool m_pendingResync = false;
    bool m_paused = false;
    bool m_connected = false;
};

} // namespace dedup::lanes
