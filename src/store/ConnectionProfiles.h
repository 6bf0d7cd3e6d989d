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
// Passwords are never written. A profile whose connection string carries one
// (postgresql://user:secret@host/db, password=...) is refused, not silently stripped: the
// operator learns where the password must go instead (keychain or ask each time) and the
// string saved is exactly the one they read.
class ConnectionProfiles {
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfiles)

public:
    explicit ConnectionProfiles(QSettings &settings);

    // By name, in the order the operator sees them (case-insensitive).
    QList<ConnectionProfile> all() const;
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

    QString lastUsed() const;
    void setLastUsed(const QString &name);

private:
    void writeAll(const QList<ConnectionProfile> &profiles);

    QSettings &m_settings;
};

} // namespace dedup::store
