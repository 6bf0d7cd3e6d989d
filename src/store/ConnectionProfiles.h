#pragma once

#include "store/ConnectionProfile.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QSettings;

namespace dedup::store {

// The saved connection profiles, in a QSettings (the console's own settings, or an ini file
// in tests), plus the name of the one used last.
//
// Secrets (ConnectionProfile::secretKeywords(): password, sslpassword) are never written. A
// profile whose connection string carries one (postgresql://user:secret@host/db, password=...,
// sslpassword=...) is refused, not silently stripped: the operator learns where the secret
// must go instead (keychain or ask each time) and the string saved is exactly the one they
// read.
//
// A settings file written before that rule (or edited by hand) may still hold one. Such a
// profile is kept with everything else it says, without the secret: all() never returns a
// secret, and removeStoredSecrets() rewrites the file without them and says which profiles
// lost what, for the console to show.
class ConnectionProfiles {
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfiles)

public:
    explicit ConnectionProfiles(QSettings &settings);

    // By name, in the order the operator sees them (case-insensitive). A secret stored with
    // a profile is left out (its connection strings are rewritten as key=value pairs without
    // it); `warnings` gets one line per profile that had one.
    QList<ConnectionProfile> all(QStringList *warnings = nullptr) const;
    QStringList names() const;
    std::optional<ConnectionProfile> find(const QString &name) const;

    // Adds the profile, or replaces the one of the same name. Refused (false, `error` says
    // why) when it has no name or its connection string carries a password; other problems
    // (a root certificate not installed yet, say) are the operator's to fix later, and
    // validationError() reports them when connecting.
    bool save(const ConnectionProfile &profile, QString *error = nullptr);
    // Saves `profile` in place of `oldName` (a rename keeps the position of a last-used mark).
    bool replace(const QString &oldName, const ConnectionProfile &profile,
                 QString *error = nullptr);
    bool remove(const QString &name);
    // Rewrites the stored profiles without any secret they hold (see all()); returns what was
    // removed from which profile, empty when the file held none (and then writes nothing).
    QStringList removeStoredSecrets();

    QString lastUsed() const;
    void setLastUsed(const QString &name);

private:
    void writeAll(const QList<ConnectionProfile> &profiles);

    QSettings &m_settings;
};

} // namespace dedup::store
