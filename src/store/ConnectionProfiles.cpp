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

QList<ConnectionProfile> ConnectionProfiles::all(QStringList *warnings) const {
    QList<ConnectionProfile> result;
    const QStringList secrets = ConnectionProfile::secretKeywords();
    const int count = m_settings.beginReadArray(kArray);
    for (int i = 0; i < count; ++i) {
        m_settings.setArrayIndex(i);
        ConnectionProfile profile;
        profile.name = m_settings.value(QStringLiteral("name")).toString();
        if (profile.name.isEmpty())
            continue;
        // A secret as a key of its own (never written by this program, but a hand-edited or
        // foreign file may have one): never read, reported so that it is removed.
        QStringList found;
        for (const QString &key : m_settings.childKeys()) {
            if (secrets.contains(key.toLower()) && !found.contains(key.toLower()))
                found << key.toLower();
        }
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
        for (QString *text : {&profile.connectionString, &profile.standbyConnectionString}) {
            QStringList removed;
            *text = ConnectionProfile::withoutSecrets(*text, &removed);
            for (const QString &keyword : removed) {
                if (!found.contains(keyword))
                    found << keyword;
            }
        }
        if (warnings && !found.isEmpty())
            warnings->append(tr("Profile \"%1\": the settings file held its %2. It is not used "
                                "and has been removed; everything else in the profile is kept. "
                                "Passwords go in the system keychain, are typed when "
                                "connecting, or come from ~/.pgpass or PGPASSWORD.")
                                 .arg(profile.name, found.join(QStringLiteral(", "))));
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
    if (!ConnectionProfile::secretKeyword(profile.connectionString).isEmpty() ||
        !ConnectionProfile::secretKeyword(profile.standbyConnectionString).isEmpty())
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

QStringList ConnectionProfiles::removeStoredSecrets() {
    QStringList warnings;
    const QList<ConnectionProfile> profiles = all(&warnings);
    if (warnings.isEmpty())
        return warnings;
    writeAll(profiles);
    m_settings.sync();
    return warnings;
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
