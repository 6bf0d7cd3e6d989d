#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QString>
#include <QTcpServer>

#include <functional>

class QTcpSocket;

namespace dedup::cli {

// The HTTP endpoint of `dedupctl metrics --listen` (docs/CLI.md): answers GET /metrics with the
// text `scrape` returns at that moment (200, or 503 with the reason when the store cannot be
// read), anything else with 404 or 405. One request per connection, then it closes; a
// request line and headers over 8 kB, or not complete within 5 s, get 400 / a closed socket.
class MetricsServer : public QObject {
    Q_OBJECT

public:
    // Returns the body and sets *ok to false when the store could not be read.
    using Scrape = std::function<QString(bool *ok)>;

    explicit MetricsServer(Scrape scrape, QObject *parent = nullptr);
    bool listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_server.errorString(); }
    quint16 port() const { return m_server.serverPort(); }

private:
    void accept();
    void read(QTcpSocket *socket);
    static void reply(QTcpSocket *socket, int status, const QByteArray &reason,
                      const QByteArray &body);

    QTcpServer m_server;
    Scrape m_scrape;
};

} // namespace dedup::cli
