#include "lanes/ListenerConnection.h"

#include "store/NotificationChannel.h"
#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QTimer>

namespace dedup::lanes {

namespace {

// '{"runs":[17,42],"more":false}' (docs/PROTOCOL.md, section 8). Anything else counts as
// "more": the view re-reads rather than trusting a payload it does not understand.
void parsePayload(const QString &payload, QList<qint64> *ids, bool *more) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(payload.toUtf8(), &error);
    const QJsonObject object = doc.object();
    const QJsonValue runs = object.value(QLatin1String("runs"));
    if (error.error != QJsonParseError::NoError || !doc.isObject() || !runs.isArray()) {
        *more = true;
        return;
    }
    *more = object.value(QLatin1String("more")).toBool(false);
    for (const QJsonValue &run : runs.toArray()) {
        const qint64 id = run.toInteger(-1);
        if (id > 0)
            ids->append(id);
        else
            *more = true;
    }
}
} // namespace

ListenerConnection::ListenerConnection(QString conninfo, QString channel, QString applicationName,
                                       QObject *parent)
    : QObject(parent)
    , m_conninfo(std::move(conninfo))
    , m_channel(std::move(channel))
    , m_applicationName(std::move(applicationName))
    , m_reconnectTimer(new QTimer(this))
    , m_keepAliveTimer(new QTimer(this)) {
    m_reconnectTimer->setSingleShot(true);
    connect(m_reconnectTimer, &QTimer::timeout, this, &ListenerConnection::connectNow);
    // A quarter second first: a missed notification costs a full re-read, so the listener
    // comes back sooner than a query lane (0.5 s); the same 30 s cap.
    m_backoff.setBaseDelay(std::chrono::milliseconds(250));
    m_backoff.setMaxDelay(std::chrono::milliseconds(30000));
    m_keepAliveTimer->setInterval(DefaultKeepAliveMs);
    connect(m_keepAliveTimer, &QTimer::timeout, this, &ListenerConnection::keepAlive);
}

ListenerConnection::~ListenerConnection() = default;

void ListenerConnection::start() {
    m_stopped = false;
    connectNow();
}

void ListenerConnection::stop() {
    m_stopped = true;
    m_reconnectTimer->stop();
    m_keepAliveTimer->stop();
    delete m_notifier;
    m_notifier = nullptr;
    m_conn.reset();
    m_backendPid.store(0);
}

void ListenerConnection::setKeepAliveInterval(int milliseconds) {
    m_keepAliveTimer->setInterval(qMax(100, milliseconds));
}

void ListenerConnection::connectNow() {
    if (m_stopped || m_conn)
        return;
    auto conn = std::make_unique<store::PgConnection>();
    QString error;
    if (!conn->open(m_conninfo, m_applicationName)) {
        error = conn->openError().toString();
    } else {
        const store::PgResult listen = store::NotificationChannel::listen(*conn, m_channel);
        if (!listen.ok())
            error = listen.error().toString();
    }
    if (!error.isEmpty()) {
        // The ceiling, not a jittered wait: connectFailed tells the user the real delay.
        ++m_failedConnects;
        const int delayMs = int(m_backoff.backoffCeiling(m_failedConnects).count());
        m_reconnectTimer->start(delayMs);
        emit connectFailed(error, delayMs);
        return;
    }
    m_conn = std::move(conn);
    m_backendPid.store(m_conn->backendPid());
    m_failedConnects = 0;
    m_notifier = new QSocketNotifier(qintptr(m_conn->socket()), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &ListenerConnection::onReadable);
    m_keepAliveTimer->start();
    const bool again = m_everListened;
    m_everListened = true;
    emit listening(again);
    deliverPending(); // anything that arrived with the LISTEN reply
}

void ListenerConnection::onReadable() {
    if (!m_conn)
        return;
    // A terminated backend first sends its FATAL message, then closes: consumeInput fails,
    // or succeeds once and leaves the connection bad.
    if (!m_conn->consumeInput() || !m_conn->isOpen()) {
        dropConnection(tr("The notification connection was lost."));
        return;
    }
    deliverPending();
}

void ListenerConnection::keepAlive() {
    if (!m_conn)
        return;
    const store::PgResult ping = store::NotificationChannel::ping(*m_conn);
    if (!ping.ok() || !m_conn->isOpen()) {
        dropConnection(ping.error().toString());
        return;
    }
    deliverPending(); // exec() may have read notifications the socket notifier will not see
}

void ListenerConnection::deliverPending() {
    for (const store::PgNotification &notification : m_conn->takeNotifications()) {
        if (notification.channel != m_channel)
            continue;
        QList<qint64> ids;
        bool more = false;
        parsePayload(notification.payload, &ids, &more);
        emit notified(ids, more);
    }
}

void ListenerConnection::dropConnection(const QString &why) {
    // The notifier watches the socket that PQfinish closes: remove it first.
    delete m_notifier;
    m_notifier = nullptr;
    m_keepAliveTimer->stop();
    m_conn.reset();
    m_backendPid.store(0);
    emit lost(why);
    if (!m_stopped)
        m_reconnectTimer->start(0); // it was a good connection: retry at once, back off after
}

} // namespace dedup::lanes
