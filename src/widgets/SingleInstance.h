#pragma once

#include <QLocalServer>
#include <QObject>
#include <QString>

namespace dedup::widgets {

// One console per user (docs/CONSOLE.md "Links"): the first console listens on a local socket
// of the user's own (in $XDG_RUNTIME_DIR, or a directory only the user may enter); a second
// start hands its dedup:// link (or nothing: "come to the front") to it and exits, so a link
// clicked in a browser or a chat opens in the console the operator already has open.
//
// The message is one line of UTF-8 of at most MaxMessageBytes; the running console answers
// "ok" once it has taken it. Nothing else is read: the socket is the user's own, but what
// arrives is still only a link to be parsed, never a command.
class SingleInstance : public QObject {
    Q_OBJECT

public:
    static constexpr int MaxMessageBytes = 4096;

    explicit SingleInstance(QString socketName = defaultSocketName(), QObject *parent = nullptr);
    ~SingleInstance() override;

    // A path for this user's console.
    static QString defaultSocketName();

    // Hands `message` to a console already running; true when it took it. Blocks for at most
    // `timeoutMs` (a console that hangs is not waited for: this start then runs itself).
    bool sendToRunning(const QString &message, int timeoutMs = 3000) const;
    // Starts answering later starts. A socket left behind by a console that crashed is
    // replaced; false (with *error) when another console answers on it or it cannot be made.
    bool listen(QString *error = nullptr);
    bool isListening() const { return m_server.isListening(); }
    QString socketName() const { return m_socketName; }

signals:
    // A later start's message: a link, or empty for "come to the front".
    void messageReceived(const QString &message);

private:
    void onNewConnection();

    QString m_socketName;
    QLocalServer m_server;
};

} // namespace dedup::widgets
