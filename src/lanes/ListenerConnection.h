#pragma once

#include "core/RetryPolicy.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QSocketNotifier;
class QTimer;

namespace dedup::store {
class PgConnection;
}

namespace dedup::lanes {

// The database side of ChangeListener, living in the listener's own thread (connecting
// blocks, and the UI thread must not): one connection that LISTENs on a channel, a socket
// notifier that reads notifications as they arrive, and reconnection when the connection
// dies: at once, then after attempt n failed core::RetryPolicy's backoffCeiling(n) (0.25 s
// doubling to 30 s). A periodic `SELECT 1` notices a connection that died silently (no FIN
// ever reaches the socket). Not a Lane: its connection never runs jobs and is never
// cancelled; it sits on the socket, so only the backoff is shared.
class ListenerConnection : public QObject {
    Q_OBJECT

public:
    static constexpr int DefaultKeepAliveMs = 10000;

    ListenerConnection(QString conninfo, QString channel, QString applicationName,
                       QObject *parent = nullptr);
    ~ListenerConnection() override;

    int backendPid() const { return m_backendPid.load(); }

public slots:
    void start();
    // Closes the connection and stops every timer; call in this object's thread.
    void stop();
    void setKeepAliveInterval(int milliseconds);

signals:
    // LISTEN is in place. `again`: after a lost connection (notifications may have been
    // missed in between).
    void listening(bool again);
    void lost(const QString &message);
    void connectFailed(const QString &message, int retryInMs);
    // One notification. `more`: its sender could not list every run (or the payload was
    // not understood): re-read everything.
    void notified(const QList<qint64> &runIds, bool more);

private:
    void connectNow();
    void onReadable();
    void keepAlive();
    void deliverPending();
    void dropConnection(const QString &why);

    const QString m_conninfo;
    const QString m_channel;
    const QString m_applicationName;
    std::unique_ptr<store::PgConnection> m_conn;
    QSocketNotifier *m_notifier = nullptr;
    QTimer *m_reconnectTimer = nullptr;
    QTimer *m_keepAliveTimer = nullptr;
    core::RetryPolicy m_backoff; // only its delays: the listener never gives up
    int m_failedConnects = 0;    // in a row: the attempt number of the last one
    bool m_everListened = false;
    bool m_stopped = false;
    std::atomic<int> m_backendPid{0};
};

} // namespace dedup::lanes
