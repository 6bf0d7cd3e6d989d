#include "store/ConnectionProfiles.h"

#include <QSettings>

#include <algorithm>

namespace dedup::store {

namespace {

const QString kArray = QStringLiteral("connections/profiles");
const QString kLastUsed = QStringLiteral("connections/lastUsed");

} // namespace

ConnectionProfiles::ConnectionProfiles(QSettings &settings)
    : m_settings(settings) {}

QList<ConnectionProfile> ConnectionProfiles::all() const {
    QList<ConnectionProfile> result;
    const int count = m_settings.beginReadArray(kArray);
    for (int i = 0; i < count; ++i) {
        m_settings.setArrayIndex(i);
        ConnectionProfile profile;
        profile.name = m_settings.value(QStringLiteral("name")).toString();
        if (profile.name.isEmpty())
            continue;
        profile.connectionString = m_settings.value(QStringLiteral("connectionString")).toString();
        profile.host = m_settings.value(QStringLiteral("host")).toString();
        profile.port = m_settings.value(QStringLiteral("port")).toString();
        profile.dbname = m_settings.value(QStringLiteral("dbname")).toString();
        profile.user = m_settings.value(QStringLiteral("user")).toString();
        profile.service = m_settings.value(QStringLiteral("service")).toString();
        profile.sslmode = m_settings.value(QStringLiteral("sslmode")).toString();
        profile.sslrootcert = m_settings.value(QStringLiteral("sslrootcert")).toString();
        profile.connectTimeoutSeconds = m_settings.value(QStringLiteral("connectTimeout")).toInt();
        profile.passwordMode = ConnectionProfile::passwordModeFromKey(
            m_settings.value(QStringLiteral("passwordMode")).toString());
        profile.standbyConnectionString =
            m_settings.value(QStringLiteral("standbyConnectionString")).toString();
        result.append(profile);
    }
    m_settings.endArray();
    std::stable_sort(result.begin(), result.end(), [](const auto &a, const auto &b) {
        return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
    });
    return result;
}

QStringList ConnectionProfiles::names() const {
    QStringList result;
    for (const ConnectionProfile &profile : all())
        result << profile.name;
    return result;
}

std::optional<ConnectionProfile> ConnectionProfiles::find(const QString &name) const {
    for (const ConnectionProfile &profile : all()) {
        if (profile.name == name)
            return profile;
    }
    return std::nullopt;
}

bool ConnectionProfiles::save(const ConnectionProfile &profile, QString *error) {
    return replace(profile.name, profile, error);
}

bool ConnectionProfiles::replace(const QString &oldName, const ConnectionProfile &profile,
                                 QString *error) {
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (profile.name.trimmed().isEmpty())
        return fail(tr("A profile needs a name."));
    if (ConnectionProfile::containsPassword(profile.connectionString) ||
        ConnectionProfile::containsPassword(profile.standbyConnectionString))
        return fail(profile.validationError());
    QList<ConnectionProfile> profiles = all();
    if (oldName != profile.name) {
        for (const ConnectionProfile &other : profiles) {
            if (other.name == profile.name)
                return fail(tr("Another profile is already called \"%1\".").arg(profile.name));
        }
    }
    profiles.removeIf([&](const ConnectionProfile &p) { return p.name == oldName; });
    profiles.append(profile);
    writeAll(profiles);
    if (oldName != profile.name && lastUsed() == oldName)
        setLastUsed(profile.name);
    m_settings.sync();
    return true;
}

bool ConnectionProfiles::remove(const QString &name) {
    QList<ConnectionProfile> profiles = all();
    if (profiles.removeIf([&](const ConnectionProfile &p) { return p.name == name; }) == 0)
        return false;
    writeAll(profiles);
    if (lastUsed() == name)
        m_settings.remove(kLastUsed);
    m_settings.sync();
    return true;
}

QString ConnectionProfiles::lastUsed() const {
    return m_settings.value(kLastUsed).toString();
}

void ConnectionProfiles::setLastUsed(const QString &name) {
    m_settings.setValue(kLastUsed, name);
    m_settings.sync();
}

void ConnectionProfiles::writeAll(const QList<ConnectionProfile> &profiles) {
    // Rewritten as a whole: an array keeps any name (slashes, spaces) out of the key paths.
    m_settings.remove(kArray);
    m_settings.beginWriteArray(kArray, int(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        const ConnectionProfile &profile = profiles.at(i);
        m_settings.setArrayIndex(i);
        m_settings.setValue(QStringLiteral("name"), profile.name);
        m_settings.setValue(QStringLiteral("connectionString"), profile.connectionString);
        m_settings.setValue(QStringLiteral("host"), profile.host);
        m_settings.setValue(QStringLiteral("port"), profile.port);
        m_settings.setValue(QStringLiteral("dbname"), profile.dbname);
        m_settings.setValue(QStringLiteral("user"), profile.user);
        m_settings.setValue(QStringLiteral("service"), profile.service);
        m_settings.setValue(QStringLiteral("sslmode"), profile.sslmode);
        m_settings.setValue(QStringLiteral("sslrootcert"), profile.sslrootcert);
        m_settings.setValue(QStringLiteral("connectTimeout"), profile.connectTimeoutSeconds);
        m_settings.setValue(QStringLiteral("passwordMode"),
                            ConnectionProfile::passwordModeKey(profile.passwordMode));
        m_settings.setValue(QStringLiteral("standbyConnectionString"),
                            profile.standbyConnectionString);
    }
    m_settings.endArray();
}

} // namespace dedup::store
