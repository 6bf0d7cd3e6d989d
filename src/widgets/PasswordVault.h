#pragma once

#include <QObject>
#include <QString>

namespace QKeychain {
class Job;
}

namespace dedup::widgets {

// Connection passwords in the system keychain (QtKeychain: Secret Service, KWallet, macOS
// Keychain, Windows Credential Store), under the service "dedup-console" and the profile's
// name. Never a plain-text fallback: where no keychain answers (a headless machine without a
// D-Bus session, no secret service running), available() turns false with the reason, and
// the console asks for the password instead.
//
// Every call is asynchronous and answers with a signal; a keychain that does not answer
// within TimeoutMs counts as unavailable, so nothing waits for it forever.
class PasswordVault : public QObject {
    Q_OBJECT

public:
    static constexpr int TimeoutMs = 10000;

    explicit PasswordVault(QObject *parent = nullptr);
    ~PasswordVault() override;

    static QString serviceName() { return QStringLiteral("dedup-console"); }

    // Finds out whether a keychain answers (once; availabilityKnown() when it is known).
    void probe();
    bool isKnown() const { return m_state != State::Unknown && m_state != State::Probing; }
    bool available() const { return m_state == State::Available; }
    QString unavailableReason() const { return m_reason; }

    void read(const QString &profileName);
    void write(const QString &profileName, const QString &password);
    void remove(const QString &profileName);

signals:
    void availabilityKnown(bool available, const QString &reason);
    void passwordRead(const QString &profileName, const QString &password);
    void passwordNotFound(const QString &profileName);
    void passwordWritten(const QString &profileName);
    void passwordRemoved(const QString &profileName);
    // Any call that did not work; `message` is for the operator.
    void failed(const QString &profileName, const QString &message);

private:
    enum class State { Unknown, Probing, Available, Unavailable };
    enum class Kind { Probe, Read, Write, Remove };

    void run(QKeychain::Job *job, Kind kind, const QString &profileName);
    void finish(QKeychain::Job *job, Kind kind, const QString &profileName);
    void setAvailability(bool isAvailable, const QString &reason);
    void failLater(const QString &profileName);

    State m_state = State::Unknown;
    QString m_reason;
};

} // namespace dedup::widgets
