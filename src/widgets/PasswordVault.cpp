#include "widgets/PasswordVault.h"

#include <QTimer>
#include <qt6keychain/keychain.h>

#include <memory>

namespace dedup::widgets {

namespace {

// A key no profile can have (profile names are typed; this one starts with a control
// character): reading it tells whether a keychain answers without touching real entries.
const QString kProbeKey = QStringLiteral("\x01probe");

bool meansNoKeychain(QKeychain::Error error) {
    // OtherError is what the Secret Service backend reports when there is no D-Bus session
    // ("Cannot autolaunch D-Bus without X11 $DISPLAY") or no secret service on it.
    return error == QKeychain::NoBackendAvailable || error == QKeychain::NotImplemented ||
           error == QKeychain::OtherError;
}

} // namespace

PasswordVault::PasswordVault(QObject *parent)
    : QObject(parent) {}

PasswordVault::~PasswordVault() = default;

void PasswordVault::probe() {
    if (m_state != State::Unknown)
        return;
    m_state = State::Probing;
    auto *job = new QKeychain::ReadPasswordJob(serviceName());
    job->setKey(kProbeKey);
    run(job, Kind::Probe, {});
}

void PasswordVault::read(const QString &profileName) {
    if (m_state == State::Unavailable)
        return failLater(profileName);
    auto *job = new QKeychain::ReadPasswordJob(serviceName());
    job->setKey(profileName);
    run(job, Kind::Read, profileName);
}

void PasswordVault::write(const QString &profileName, const QString &password) {
    if (m_state == State::Unavailable)
        return failLater(profileName);
    auto *job = new QKeychain::WritePasswordJob(serviceName());
    job->setKey(profileName);
    job->setTextData(password);
    run(job, Kind::Write, profileName);
}

void PasswordVault::remove(const QString &profileName) {
    if (m_state == State::Unavailable)
        return failLater(profileName);
    auto *job = new QKeychain::DeletePasswordJob(serviceName());
    job->setKey(profileName);
    run(job, Kind::Remove, profileName);
}

void PasswordVault::failLater(const QString &profileName) {
    // Answer asynchronously, like a keychain that answered.
    QTimer::singleShot(0, this, [this, profileName] {
        emit failed(profileName, tr("The system keychain is not available: %1").arg(m_reason));
    });
}

void PasswordVault::run(QKeychain::Job *job, Kind kind, const QString &profileName) {
    // The job deletes itself when done and has no parent: deleting a job the backend is still
    // working on is not safe, and this object may go first.
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text file
    auto settled = std::make_shared<bool>(false);
    connect(job, &QKeychain::Job::finished, this,
            [this, kind, profileName, settled](QKeychain::Job *done) {
                if (*settled)
                    return;
                *settled = true;
                finish(done, kind, profileName);
            });
    QTimer::singleShot(TimeoutMs, this, [this, kind, profileName, settled] {
        if (*settled)
            return;
        *settled = true;
        const QString reason =
            tr("the keychain did not answer within %1 seconds").arg(TimeoutMs / 1000);
        setAvailability(false, reason);
        if (kind != Kind::Probe)
            emit failed(profileName, tr("The system keychain is not available: %1").arg(reason));
    });
    job->start();
}

void PasswordVault::finish(QKeychain::Job *job, Kind kind, const QString &profileName) {
    const QKeychain::Error error = job->error();
    if (meansNoKeychain(error)) {
        setAvailability(false, job->errorString());
        if (kind != Kind::Probe)
            emit failed(profileName,
                        tr("The system keychain is not available: %1").arg(job->errorString()));
        return;
    }
    // Any other answer, "not found" included, comes from a working keychain.
    setAvailability(true, {});
    switch (kind) {
    case Kind::Probe:
        return;
    case Kind::Read:
        if (error == QKeychain::NoError)
            emit passwordRead(profileName,
                              static_cast<QKeychain::ReadPasswordJob *>(job)->textData());
        else if (error == QKeychain::EntryNotFound)
            emit passwordNotFound(profileName);
        else
            emit failed(
                profileName,
                tr("The keychain refused to give the password: %1").arg(job->errorString()));
        return;
    case Kind::Write:
        if (error == QKeychain::NoError)
            emit passwordWritten(profileName);
        else
            emit failed(profileName,
                        tr("The keychain did not store the password: %1").arg(job->errorString()));
        return;
    case Kind::Remove:
        if (error == QKeychain::NoError || error == QKeychain::EntryNotFound)
            emit passwordRemoved(profileName);
        else
            emit failed(profileName,
                        tr("The keychain did not remove the password: %1").arg(job->errorString()));
        return;
    }
}

void PasswordVault::setAvailability(bool isAvailable, const QString &reason) {
    const State state = isAvailable ? State::Available : State::Unavailable;
    if (m_state == state)
        return;
    m_state = state;
    m_reason = reason;
    emit availabilityKnown(isAvailable, reason);
}

} // namespace dedup::widgets
