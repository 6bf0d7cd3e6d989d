// Saved connection profiles (ConnectionProfiles over a QSettings ini file, as the console
// keeps them): what the operator typed into the dialog's fields, saved and read back.
//
// Input: name 0xFF connectionString 0xFF host 0xFF port 0xFF dbname 0xFF user 0xFF service
//        0xFF sslmode 0xFF sslrootcert 0xFF other name 0xFF standby connection string 0xFF
//        <timeout byte> <password mode byte>
// Properties:
//   * save() refuses exactly a blank name or a (standby) connection string with a password, with a
//     message, and then stores nothing;
//   * a saved profile reads back equal, field for field, whatever characters it holds;
//   * a second profile under another name does not disturb the first; the same name
//     replaces it; names() is sorted case-insensitively; remove() removes exactly one;

#include "FuzzSupport.h"
#include "store/ConnectionProfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>

using dedup::store::ConnectionProfile;
using dedup::store::ConnectionProfiles;

namespace {

QTemporaryDir *directory() {
    // Every save syncs the file (QSaveFile, fsync): on a disk that is most of the time of a
    // run, so memory-backed storage is used where there is some.
    static QTemporaryDir dir(QFileInfo(QStringLiteral("/dev/shm")).isWritable()
                                 ? QStringLiteral("/dev/shm/dedup-fuzz-XXXXXX")
                                 : QDir::tempPath() + QStringLiteral("/dedup-fuzz-XXXXXX"));
    return &dir;
}

ConnectionProfile readProfile(dedup::fuzz::FuzzInput &input) {
    ConnectionProfile profile;
    profile.name = input.text();
    profile.connectionString = input.text();
    profile.host = input.text();
    profile.port = input.text();
    profile.dbname = input.text();
    profile.user = input.text();
    profile.service = input.text();
    profile.sslmode = input.text();
    profile.sslrootcert = input.text();
    return profile;
}

QString describe(const ConnectionProfile &p) {
    return QStringList{p.name,
                       p.connectionString,
                       p.host,
                       p.port,
                       p.dbname,
                       p.user,
                       p.service,
                       p.sslmode,
                       p.sslrootcert,
                       p.standbyConnectionString,
                       QString::number(p.connectTimeoutSeconds),
                       ConnectionProfile::passwordModeKey(p.passwordMode)}
        .join(QStringLiteral(" | "));
}

bool saveable(const ConnectionProfile &profile) {
    return !profile.name.trimmed().isEmpty() &&
           ConnectionProfile::secretKeyword(profile.connectionString).isEmpty() &&
           ConnectionProfile::secretKeyword(profile.standbyConnectionString).isEmpty();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    FUZZ_CHECK(directory()->isValid(), directory()->errorString());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    ConnectionProfile profile = readProfile(input);
    const QString otherName = input.text();
    profile.standbyConnectionString = input.text();
    profile.connectTimeoutSeconds = input.byte();
    profile.passwordMode = ConnectionProfile::PasswordMode(input.byte() % 3);

    const QString path = directory()->filePath(QStringLiteral("profiles.ini"));
    QFile::remove(path);
    QSettings settings(path, QSettings::IniFormat);
    ConnectionProfiles profiles(settings);

    QString error;
    const bool saved = profiles.save(profile, &error);
    FUZZ_CHECK(saved == saveable(profile), describe(profile) + QStringLiteral(": ") + error);
    if (!saved) {
        FUZZ_CHECK(!error.isEmpty(), describe(profile));
        FUZZ_CHECK(profiles.all().isEmpty(), describe(profile));
        return 0;
    }
    const auto found = profiles.find(profile.name);
    FUZZ_CHECK(found.has_value(), describe(profile));
    FUZZ_CHECK(*found == profile,
               describe(profile) + QStringLiteral(" read back as ") + describe(*found));
    // A fresh reader of the same file (the next start of the console) sees the same.
    {
        QSettings again(path, QSettings::IniFormat);
        const auto reread = ConnectionProfiles(again).find(profile.name);
        FUZZ_CHECK(reread && *reread == profile,
                   describe(profile) + QStringLiteral(" after a restart: ") +
                       (reread ? describe(*reread) : QStringLiteral("missing")));
    }

    ConnectionProfile other = profile;
    other.name = otherName;
    other.host = profile.host + QStringLiteral("-other");
    const bool otherSaved = profiles.save(other);
    FUZZ_CHECK(otherSaved == saveable(other), describe(other));
    if (otherSaved) {
        const QStringList names = profiles.names();
        const bool same = other.name == profile.name;
        FUZZ_CHECK(names.size() == (same ? 1 : 2), names.join(u','));
        for (qsizetype i = 1; i < names.size(); ++i)
            FUZZ_CHECK(names.at(i - 1).compare(names.at(i), Qt::CaseInsensitive) <= 0,
                       names.join(u','));
        FUZZ_CHECK(profiles.find(other.name) == other, describe(other));
        if (!same)
            FUZZ_CHECK(profiles.find(profile.name) == profile, describe(profile));
        FUZZ_CHECK(profiles.remove(other.name), other.name);
        FUZZ_CHECK(!profiles.find(other.name), other.name);
        FUZZ_CHECK(profiles.all().size() == (same ? 0 : 1), describe(profile));
    }
    return 0;
}
