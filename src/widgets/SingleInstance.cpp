#include "widgets/SingleInstance.h"

#include <QDir>
#include <QLocalSocket>
#include <QStandardPaths>
#include <QTimer>

namespace dedup::widgets {

namespace {
const QByteArray Answer = QByteArrayLiteral("ok\n");
} // namespace

SingleInstance::SingleInstance(QString socketName, QObject *parent)
    : QObject(parent)
    , m_socketName(std::move(socketName)) {
    // Only this user may connect (the socket file is made 0600 in a private directory).
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    connect(&m_server, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultSocketName() {
    // RuntimeLocation is $XDG_RUNTIME_DIR, or a 0700 directory Qt makes for this user.
    QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    return dir + QStringLiteral("/dedup-console.socket");
}

bool SingleInstance::sendToRunning(const QString &message, int timeoutMs) const {
    QLocalSocket socket;
    socket.connectToServer(m_socketName);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    const QByteArray line = message.toUtf8().left(MaxMessageBytes - 1).replace('\n', ' ') + '\n';
    socket.write(line);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    QByteArray answer;
    while (answer.size() < Answer.size() && socket.waitForReadyRead(timeoutMs))
        answer += socket.readAll();
    return answer.startsWith(Answer);
}

bool SingleInstance::listen(QString *error) {
    // Asked before listening: with UserAccessOption Qt binds in a private directory and
    // renames the socket into place, which would take the name from a console that runs.
    QLocalSocket probe;
    probe.connectToServer(m_socketName);
    if (probe.waitForConnected(1000)) {
        if (error)
            *error = tr("another console is running (%1)").arg(m_socketName);
        return false;
    }
    // Nobody answers: whatever is at the path was left by a console that crashed.
    QLocalServer::removeServer(m_socketName);
    if (m_server.listen(m_socketName))
        return true;
    if (error)
        *error = m_server.errorString();
    return false;
}

void SingleInstance::onNewConnection() {
    while (QLocalSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        // A peer that never finishes its line is dropped.
        QTimer::singleShot(5000, socket, &QLocalSocket::abort);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
            if (!socket->canReadLine()) {
                if (socket->bytesAvailable() >= MaxMessageBytes)
                    socket->abort();
                return;
            }
            const QByteArray line = socket->readLine(MaxMessageBytes).trimmed();
            socket->write(Answer);
            socket->flush();
            socket->disconnectFromServer();
            emit messageReceived(QString::fromUtf8(line));
        });
    }
}

} // namespace dedup::widgets
