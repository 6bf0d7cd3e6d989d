// Connection strings and URIs as the operator types them or passes them with --connect / --db:
// ConnectionProfile's parsing, re-serialisation, password handling and display, checked
// against libpq's own parser (PQconninfoParse, through ConnectionProfile::parse).
//
// Input: <conninfo text> [0xFF <sslmode index byte> <timeout byte> <sslrootcert> 0xFF
//        <standby connection string>].
// Properties, for a text libpq accepts (options O):
//   * join(O) is read back by libpq as O, and quoteValue(v) as v for any value;
//   * withoutPassword() leaves no password and every other option as it was; the password it
//     took out is O's; withPassword() puts exactly that password back and changes nothing
//     else, whatever the text ends with;
//   * fromConninfo() keeps the text as a connection string, or splits it into fields that
//     toConninfo() turns back into the same connection (same options, same meaning);
//   * overrides (sslmode, sslrootcert, connect_timeout) added to a connection string, URI or
//     key=value, are what libpq then reads, and everything else stays as written;
//   * a standby's conninfo is the primary's options with the standby's over them, where the
//     standby is (host, hostaddr, port) taken from the standby alone when it names it;
//   * what the console shows (displayTarget(), a profile of a text with a password) never
//     shows the password, and a text with a password is never a valid profile.
// For a text libpq refuses: no password is found in it, nothing is rewritten, and an error
// message is given.

#include "FuzzSupport.h"
#include "store/ConnectionProfile.h"

#include <QMap>

using dedup::store::ConnectionProfile;
using Options = QList<ConnectionProfile::Option>;

namespace {

QMap<QString, QString> asMap(const Options &options) {
    QMap<QString, QString> map;
    for (const auto &[key, value] : options)
        map.insert(key, value);
    return map;
}

QString describe(const Options &options) {
    return ConnectionProfile::join(options);
}

QMap<QString, QString> parsedMap(const QString &conninfo) {
    QString error;
    const auto options = ConnectionProfile::parse(conninfo, &error);
    FUZZ_CHECK(options.has_value(), conninfo + QStringLiteral(" refused: ") + error);
    return asMap(*options);
}

void checkQuoting(const Options &options) {
    FUZZ_CHECK(ConnectionProfile::parse(ConnectionProfile::join(options)) == options,
               describe(options));
    for (const auto &[key, value] : options) {
        const QString text = QStringLiteral("host=") + ConnectionProfile::quoteValue(value);
        const auto back = ConnectionProfile::parse(text);
        FUZZ_CHECK(back && back->size() == 1 && back->first().second == value, text);
    }
}

void checkPasswords(const QString &text, const Options &options) {
    QMap<QString, QString> expected = asMap(options);
    const QString password = expected.value(QStringLiteral("password"));
    QString taken;
    const QString without = ConnectionProfile::withoutPassword(text, &taken);
    FUZZ_CHECK(taken == password, text);
    FUZZ_CHECK(!ConnectionProfile::containsPassword(without), without);
    FUZZ_CHECK(ConnectionProfile::containsPassword(text) == !password.isEmpty(), text);
    QMap<QString, QString> rest = expected;
    if (!password.isEmpty())
        rest.remove(QStringLiteral("password"));
    FUZZ_CHECK(parsedMap(without) == rest, text + QStringLiteral(" -> ") + without);

    // Back with the password: the same connection as the text.
    if (!password.isEmpty()) {
        const QString with = ConnectionProfile::withPassword(without, password);
        FUZZ_CHECK(parsedMap(with) == expected, text + QStringLiteral(" -> ") + with);
    }
    // A password typed in the dialog, for a text without one: only the password is added.
    const QString typed = QStringLiteral("s3cr'et \\x");
    QMap<QString, QString> withTyped = rest;
    withTyped.insert(QStringLiteral("password"), typed);
    const QString with = ConnectionProfile::withPassword(without, typed);
    FUZZ_CHECK(parsedMap(with) == withTyped, without + QStringLiteral(" -> ") + with);

    // Whatever the console shows of a profile made from the text never contains it.
    if (password.size() >= 4) {
        const ConnectionProfile profile =
            ConnectionProfile::fromConninfo(QStringLiteral("p"), text);
        FUZZ_CHECK(!profile.validationError().isEmpty(), text);
        const QString shown =
            ConnectionProfile::fromConninfo(QStringLiteral("p"), without).displayTarget();
        // Not a leak: the same characters in another value, or spelled by two values and the
        // separators between them ("user@host:port/db", "service x (key=value, ...)").
        bool elsewhere = false;
        for (auto it = rest.cbegin(); it != rest.cend(); ++it)
            elsewhere = elsewhere || it.value().contains(password);
        for (const QChar separator : QStringLiteral("@:/(),= "))
            elsewhere = elsewhere || password.contains(separator);
        if (!elsewhere)
            FUZZ_CHECK(!shown.contains(password), shown);
    }
}

void checkProfile(const QString &text, const Options &options) {
    const ConnectionProfile profile = ConnectionProfile::fromConninfo(QStringLiteral("p"), text);
    const QString conninfo = profile.toConninfo();
    profile.validationError(); // any profile: an answer, no crash
    profile.displayTarget();
    if (profile.usesConnectionString()) {
        FUZZ_CHECK(profile.connectionString == text.trimmed(), text);
        FUZZ_CHECK(conninfo == text.trimmed(), conninfo);
        return;
    }
    // Split into fields: the same connection, up to what means the same to libpq (an empty
    // value is the default; connect_timeout is a number).
    auto meaning = [](QMap<QString, QString> map) {
        for (auto it = map.begin(); it != map.end();) {
            if (it.key() == u"connect_timeout")
                it.value() = QString::number(it.value().trimmed().toInt());
            if (it.value().isEmpty() || (it.key() == u"connect_timeout" && it.value() == u"0"))
                it = map.erase(it);
            else
                ++it;
        }
        return map;
    };
    FUZZ_CHECK(meaning(parsedMap(conninfo)) == meaning(asMap(options)),
               text + QStringLiteral(" -> ") + conninfo);
}

void checkOverrides(const QString &text, dedup::fuzz::FuzzInput &input) {
    ConnectionProfile profile;
    profile.name = QStringLiteral("p");
    profile.connectionString = text;
    if (!profile.usesConnectionString())
        return;
    const QStringList modes = ConnectionProfile::sslModes();
    const int mode = input.byte() % (modes.size() + 1);
    profile.sslmode = mode < modes.size() ? modes.at(mode) : QString();
    profile.connectTimeoutSeconds = input.byte();
    profile.sslrootcert = input.text();
    if (profile.sslrootcert.contains(QChar(0)))
        profile.sslrootcert.clear(); // a C string cannot hold it: not a path anyone can give
    // toConninfo() trims the text first (in a URI a trailing space would belong to the last
    // part): what it means is what the trimmed text means.
    const auto trimmed = ConnectionProfile::parse(text.trimmed());
    if (!trimmed)
        return;
    QMap<QString, QString> expected = asMap(*trimmed);
    if (!profile.sslmode.isEmpty())
        expected.insert(QStringLiteral("sslmode"), profile.sslmode);
    if (!profile.sslrootcert.isEmpty())
        expected.insert(QStringLiteral("sslrootcert"), profile.sslrootcert);
    if (profile.connectTimeoutSeconds > 0)
        expected.insert(QStringLiteral("connect_timeout"),
                        QString::number(profile.connectTimeoutSeconds));
    const QString conninfo = profile.toConninfo();
    FUZZ_CHECK(parsedMap(conninfo) == expected, text + QStringLiteral(" -> ") + conninfo);
}

// A profile naming a standby (docs/SCALING.md section 1): its conninfo is the primary's options
// with the standby's over them, all of host, hostaddr and port from the standby when it names one.
void checkStandby(const QString &text, const QString &standby) {
    ConnectionProfile profile;
    profile.name = QStringLiteral("p");
    profile.connectionString = text;
    profile.standbyConnectionString = standby;
    const auto primary = ConnectionProfile::parse(profile.toConninfo());
    const auto own = ConnectionProfile::parse(standby.trimmed());
    const QString conninfo = profile.standbyConninfo();
    if (!profile.hasStandby() || !primary || !own) {
        FUZZ_CHECK(conninfo.isEmpty(), conninfo);
        return;
    }
    const QMap<QString, QString> standbyMap = asMap(*own);
    const QStringList location{QStringLiteral("host"), QStringLiteral("hostaddr"),
                               QStringLiteral("port")};
    bool namesLocation = false;
    for (const QString &key : location)
        namesLocation = namesLocation || standbyMap.contains(key);
    QMap<QString, QString> expected;
    for (const auto &[key, value] : *primary) {
        if (!(namesLocation && location.contains(key)))
            expected.insert(key, value);
    }
    expected.insert(standbyMap);
    FUZZ_CHECK(parsedMap(conninfo) == expected,
               text + QStringLiteral(" + ") + standby + QStringLiteral(" -> ") + conninfo);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    const QString text = input.text();
    // libpq reads a C string: text after a NUL never reaches it, so a NUL is not "outside
    // input" the console could pass on. (The fields of a profile are checked for it.)
    if (text.contains(QChar(0)))
        return 0;
    QString error;
    const auto options = ConnectionProfile::parse(text, &error);
    if (!options) {
        FUZZ_CHECK(!error.isEmpty(), text);
        FUZZ_CHECK(!ConnectionProfile::containsPassword(text), text);
        FUZZ_CHECK(ConnectionProfile::withoutPassword(text) == text, text);
        const ConnectionProfile profile =
            ConnectionProfile::fromConninfo(QStringLiteral("p"), text);
        FUZZ_CHECK(profile.connectionString == text.trimmed(), text);
        // A profile keeps the trimmed text (" postgresql://..." is a URI to the operator).
        if (!ConnectionProfile::parse(text.trimmed()))
            FUZZ_CHECK(!profile.usesConnectionString() || !profile.validationError().isEmpty(),
                       text);
        return 0;
    }
    checkQuoting(*options);
    checkPasswords(text, *options);
    checkProfile(text, *options);
    checkOverrides(text, input);
    const QString standby = input.text();
    if (!standby.contains(QChar(0)))
        checkStandby(text, standby);
    return 0;
}
