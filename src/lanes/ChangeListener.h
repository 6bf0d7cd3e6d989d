#pragma once

#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <memory>

namespace dedup::store {
class ChangeFeed;
}

namespace dedup::lanes {

class Lane;
enum class Failure;

// Live changes of runs (docs/PROTOCOL.md, section 8): polls the store's change feed
// (dedup.changes) on a read-only Lane of its own, every half second by default, and turns
// what it brings into runsChanged() signals in the thread that created it. The workers pay
// nothing for it: no NOTIFY in their transactions (which would take an instance-wide lock
// at each of their commits), only the events they write anyway. Bursts are coalesced: the
// first change starts a short timer (200 ms by default) and everything that arrives until
// it fires goes out as one signal, so 1,000 changes a second cost a handful of refreshes.
//
// pause() holds the signals back (they accumulate, bounded: past 10,000 ids they collapse
// into "more"); resume() delivers what accumulated. When the connection dies the lane
// reconnects by itself with its backoff and the listener emits resynced(): views re-read
// what they show, since their own reads failed in between too. (The feed itself loses
// nothing: it reads on from where it was.)
class ChangeListener : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool paused READ isPaused WRITE setPaused NOTIFY pausedChanged)
    Q_PROPERTY(bool connected READ isConnected NOTIFY connectedChanged)

public:
    static constexpr int DefaultCoalesceMs = 200;
    static constexpr int DefaultPollMs = 500;
    static constexpr int MaxPendingIds = 10000;

    explicit ChangeListener(const QString &conninfo, QObject *parent = nullptr);
    ~ChangeListener() override;

    // Connects and starts the feed (asynchronously; connectedChanged(true) once the first
    // poll answered).
    void start();
    void pause();
    void resume();
    void setPaused(bool paused) { paused ? pause() : resume(); }
    bool isPaused() const { return m_paused; }
    bool isConnected() const { return m_connected; }

    void setCoalesceInterval(int milliseconds) { m_coalesce.setInterval(qMax(0, milliseconds)); }
    // How often the feed is read (default 500 ms).
    void setPollInterval(int milliseconds) { m_poll.setInterval(qMax(10, milliseconds)); }
    // The polling connection's server process (0 while disconnected or not started).
    int backendPid() const;

signals:
    // Runs whose state changed. `more`: not every changed run is listed; re-read everything.
    void runsChanged(const QSet<qint64> &ids, bool more);
    // The connection was lost and is back: views re-read.
    void resynced();
    void connectedChanged(bool connected);
    void connectionError(const QString &message);
    void pausedChanged(bool paused);
    // While paused: how many changed runs are waiting for resume() (`more`: too many to
    // list, or a resync is due).
    void changesWaiting(int runs, bool more);

private:
    void pollNow();
    void onPolled(int requestId, const QVariant &value);
    void onPollFailed(int requestId, const QString &message, Failure failure);
    void onChanges(const QSet<qint64> &ids, bool more);
    void onRestored();
    // Live updates stopped (a lost connection, or polls that fail): not connected, and why.
    void reportDown(const QString &message);
    void flush();
    void setConnected(bool connected);

    const QString m_conninfo;
    Lane *m_lane = nullptr; // made by start()
    // Used by the lane's jobs only, one at a time, in the lane's thread.
    std::shared_ptr<store::ChangeFeed> m_feed;
    QTimer m_poll;
    QTimer m_coalesce;
    QSet<qint64> m_pending;
    bool m_pendingMore = false;
    bool m_pendingResync = false;
    bool m_paused = false;
    bool m_connected = false;
};

} // namespace dedup::lanes
