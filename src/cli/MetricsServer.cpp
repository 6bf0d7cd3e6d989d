#include "MetricsServer.h"

#include <QTcpSocket>
#include <QTimer>

namespace dedup::cli {

namespace {

constexpr qsizetype MaxRequestBytes = 8 * 1024;
constexpr int RequestTimeoutMs = 5000;

} // namespace

MetricsServer::MetricsServer(Scrape scrape, QObject *parent)
    : QObject(parent)
    , m_scrape(std::move(scrape)) {
    connect(&m_server, &QTcpServer::newConnection, this, &MetricsServer::accept);
}

bool MetricsServer::listen(const QHostAddress &address, quint16 port) {
    return m_server.listen(address, port);
}

void MetricsServer::accept() {
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        // A client that never finishes its request does not keep the socket.
        QTimer::singleShot(RequestTimeoutMs, socket, [socket] { socket->abort(); });
    }
}

void MetricsServer::read(QTcpSocket *socket) {
    if (socket->property("answered").toBool())
        return;
    QByteArray request = socket->property("request").toByteArray() + socket->readAll();
    if (request.size() > MaxRequestBytes) {
        socket->setProperty("answered", true);
        reply(socket, 400, "Bad Request", "request too large\n");
        return;
    }
    socket->setProperty("request", request);
    if (!request.contains("\r\n\r\n") && !request.contains("\n\n"))
        return; // the headers are not all here yet
    socket->setProperty("answered", true);
    const QList<QByteArray> words = request.left(request.indexOf('\n')).trimmed().split(' ');
    if (words.size() != 3 || !words.at(2).startsWith("HTTP/1.")) {
        reply(socket, 400, "Bad Request", "bad request line\n");
        return;
    }
    const QByteArray path = words.at(1).left(
        words.at(1).indexOf('?') < 0 ? words.at(1).size() : words.at(1).indexOf('?'));
    if (path != "/metrics") {
        reply(socket, 404, "Not Found", "only /metrics is served here\n");
        return;
    }
    if (words.at(0) != "GET" && words.at(0) != "HEAD") {
        reply(socket, 405, "Method Not Allowed", "use GET\n");
        return;
    }
    bool ok = false;
    const QByteArray body = m_scrape(&ok).toUtf8();
    if (!ok) {
        reply(socket, 503, "Service Unavailable", body);
        return;
    }
    reply(socket, 200, "OK", words.at(0) == "HEAD" ? QByteArray() : body);
}

void MetricsServer::reply(QTcpSocket *socket, int status, const QByteArray &reason,
                          const QByteArray &body) {
    const QByteArray type =
        status == 200 ? "text/plain; version=0.0.4; charset=utf-8" : "text/plain; charset=utf-8";
    socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: " +
                  type + "\r\nContent-Length: " + QByteArray::number(body.size()) +
                  "\r\nConnection: close\r\n\r\n" + body);
    socket->disconnectFromHost();
}

} // namespace dedup::cli
