#include "store/ConnectionProfile.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <QUrl>

#include <algorithm>
#include <libpq-fe.h>
#include <memory>

namespace dedup::store {

namespace {

struct OptionsDeleter {
    void operator()(PQconninfoOption *options) const { PQconninfoFree(options); }
};
using OptionsPtr = std::unique_ptr<PQconninfoOption, OptionsDeleter>;

QList<ConnectionProfile::Option> collect(const PQconninfoOption *options) {
    QList<ConnectionProfile::Option> result;
    for (const PQconninfoOption *option = options; option && option->keyword; ++option) {
        if (option->val)
            result.append({QString::fromUtf8(option->keyword), QString::fromUtf8(option->val)});
    }
    return result;
}

QString valueOf(const QList<ConnectionProfile::Option> &options, const QString &key) {
    for (const auto &[optionKey, value] : options) {
        if (optionKey == key)
            return value;
    }
    return {};
}

// libpq's defaults as this process sees them: PG* environment variables, then the compiled-in
// values (port 5432, sslmode prefer, the OS user name).
QList<ConnectionProfile::Option> libpqDefaults() {
    const OptionsPtr defaults(PQconndefaults());
    return collect(defaults.get());
}

bool isPlain(QChar c) {
    // Characters that need no quoting in key=value syntax; anything else is quoted.
    static const QString extra = QStringLiteral("._-/:,@+");
    return (c.isLetterOrNumber() && c.unicode() < 128) || extra.contains(c);
}

bool isVerifyingMode(const QString &mode) {
    return mode == u"verify-ca" || mode == u"verify-full";
}

QMap<QString, QString> asMap(const QList<ConnectionProfile::Option> &options) {
    QMap<QString, QString> map;
    for (const auto &[key, value] : options)
        map.insert(key, value); // as in libpq, a later occurrence replaces an earlier one
    return map;
}

// `written` with `extra` appended (a URI takes them as query parameters), as long as libpq
// reads the result as `options` (its reading of `written`) with `extra` replacing. Appending
// is not always read that way (found by fuzzing): a '?' may sit in a URI's user name or IPv6
// host before its query starts, and a backslash ending key=value text escapes the space
// before the first appended pair. Then `options` are rewritten as key=value pairs instead,
// without those `extra` replaces, `extra` last. `extraText`: `extra` as key=value text, when
// it should be spelled otherwise than join() does.
QString appendOptions(const QString &written, const QList<ConnectionProfile::Option> &options,
                      const QList<ConnectionProfile::Option> &extra, QString extraText = {}) {
    if (extraText.isEmpty())
        extraText = ConnectionProfile::join(extra);
    QString appended = written;
    if (ConnectionProfile::isUri(written)) {
        for (const auto &[key, value] : extra) {
            appended +=
                (appended.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) + key +
                QLatin1Char('=') + QString::fromLatin1(QUrl::toPercentEncoding(value));
        }
    } else {
        appended += (written.trimmed().isEmpty() ? QString() : QStringLiteral(" ")) + extraText;
    }
    const auto reread = ConnectionProfile::parse(appended);
    if (reread && asMap(*reread) == asMap(options + extra))
        return appended;
    const QMap<QString, QString> replaced = asMap(extra);
    QList<ConnectionProfile::Option> kept;
    for (const auto &option : options) {
        if (!replaced.contains(option.first))
            kept.append(option);
    }
    return kept.isEmpty() ? extraText
                          : ConnectionProfile::join(kept) + QLatin1Char(' ') + extraText;
}

} // namespace

std::optional<QList<ConnectionProfile::Option>> ConnectionProfile::parse(const QString &conninfo,
                                                                         QString *error) {
    char *message = nullptr;
    const OptionsPtr options(PQconninfoParse(conninfo.toUtf8().constData(), &message));
    if (!options) {
        if (error)
            *error = message ? redactParseError(QString::fromUtf8(message).trimmed(), conninfo)
                             : tr("out of memory");
        PQfreemem(message);
        return std::nullopt;
    }
    return collect(options.get());
}

QString ConnectionProfile::redactParseError(const QString &message, const QString &conninfo) {
    // A password can be written as password=..., as a URI's user:password@ or as a URI query
    // parameter; anything else holds none that a parse error could quote.
    const bool mayHoldPassword = conninfo.contains(u"password", Qt::CaseInsensitive) ||
                                 (isUri(conninfo) && conninfo.contains(QLatin1Char('@')));
    if (!mayHoldPassword)
        return message;
    // libpq's own quoted literals ("=", "]", ":", "/") are not from the input. Every template
    // ends with its one quoted input token, which may itself hold quotes, so everything from
    // the first other quote to the last quote goes.
    static const QStringList literals = {QStringLiteral("\"=\""), QStringLiteral("\"]\""),
                                         QStringLiteral("\":\""), QStringLiteral("\"/\"")};
    qsizetype from = -1;
    for (qsizetype i = 0; i < message.size(); ++i) {
        if (message.at(i) != QLatin1Char('"'))
            continue;
        if (literals.contains(message.mid(i, 3))) {
            i += 2;
            continue;
        }
        from = i;
        break;
    }
    const qsizetype to = message.lastIndexOf(QLatin1Char('"'));
    if (from < 0 || to <= from)
        return message;
    return message.left(from) + QStringLiteral("\"\u2026\"") + message.mid(to + 1);
}

QString ConnectionProfile::quoteValue(const QString &value) {
    bool plain = !value.isEmpty();
    for (const QChar c : value)
        plain = plain && isPlain(c);
    return plain ? value : quoted(value);
}

QString ConnectionProfile::quoted(const QString &value) {
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

QString ConnectionProfile::join(const QList<Option> &options) {
    QStringList pairs;
    for (const auto &[key, value] : options)
        pairs << key + QLatin1Char('=') + quoteValue(value);
    return pairs.join(QLatin1Char(' '));
}

bool ConnectionProfile::isUri(const QString &conninfo) {
    // The two prefixes libpq recognises, case-sensitively as libpq does.
    const QString text = conninfo.trimmed();
    return text.startsWith(u"postgresql://") || text.startsWith(u"postgres://");
}

bool ConnectionProfile::containsPassword(const QString &conninfo) {
    const auto options = parse(conninfo);
    return options && !valueOf(*options, QStringLiteral("password")).isEmpty();
}

QStringList ConnectionProfile::secretKeywords() {
    return {QStringLiteral("password"), QStringLiteral("sslpassword"),
            QStringLiteral("oauth_client_secret")};
}

QString ConnectionProfile::secretKeyword(const QString &conninfo) {
    const auto options = parse(conninfo);
    if (!options)
        return {};
    for (const QString &keyword : secretKeywords()) {
        if (!valueOf(*options, keyword).isEmpty())
            return keyword;
    }
    return {};
}

QString ConnectionProfile::withoutSecrets(const QString &conninfo, QStringList *removed) {
    const auto options = parse(conninfo);
    if (!options)
        return conninfo;
    const QStringList secrets = secretKeywords();
    QList<Option> kept;
    QStringList found;
    for (const Option &option : *options) {
        // An empty value holds nothing (libpq then looks in .pgpass): kept as written.
        if (!secrets.contains(option.first) || option.second.isEmpty())
            kept.append(option);
        else if (!found.contains(option.first))
            found.append(option.first);
    }
    if (removed)
        *removed = found;
    return found.isEmpty() ? conninfo : join(kept);
}

QString ConnectionProfile::secretRefusal(const QString &keyword, const QString &what) {
    if (keyword == u"password")
        return tr("%1 contains a password. Passwords are never saved with a profile: remove it "
                  "from the string, then choose \"System keychain\" or \"Ask each time\" and type "
                  "it in the password field (or keep it in ~/.pgpass or the PGPASSWORD "
                  "environment variable and choose \"No password\").")
            .arg(what);
    if (keyword == u"sslpassword")
        return tr("%1 contains an sslpassword (the passphrase of the client key). Secrets are "
                  "never saved with a profile: remove it, and keep the client key (sslkey) in a "
                  "file only you can read (chmod 600) without a passphrase.")
            .arg(what);
    return tr("%1 contains %2, a secret. Secrets are never saved with a profile: remove it.")
        .arg(what, keyword);
}

QString ConnectionProfile::withDefaultSslmode(const QString &conninfo) {
    if (effectiveSslmode(conninfo).source != SslmodeSource::NetworkDefault)
        return conninfo;
    const auto options = parse(conninfo);
    if (!options)
        return conninfo;
    return appendOptions(conninfo.trimmed(), *options,
                         {{QStringLiteral("sslmode"), QStringLiteral("verify-full")}});
}

QString ConnectionProfile::effectiveValue(const QString &conninfo, const QString &key) {
    const auto options = parse(conninfo);
    if (!options)
        return {};
    QString value = valueOf(*options, key);
    if (value.isEmpty())
        value = valueOf(libpqDefaults(), key);
    if (value.isEmpty() && key == u"dbname")
        value = effectiveValue(conninfo, QStringLiteral("user"));
    return value;
}

QStringList ConnectionProfile::sslModes() {
    return {QStringLiteral("disable"), QStringLiteral("allow"),     QStringLiteral("prefer"),
            QStringLiteral("require"), QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
}

QString ConnectionProfile::passwordModeKey(PasswordMode mode) {
    switch (mode) {
    case PasswordMode::Keychain:
        return QStringLiteral("keychain");
    case PasswordMode::AskEachTime:
        return QStringLiteral("ask");
    case PasswordMode::NoPassword:
        return QStringLiteral("none");
    }
    return QStringLiteral("ask");
}

ConnectionProfile::PasswordMode ConnectionProfile::passwordModeFromKey(const QString &key) {
    if (key == u"keychain")
        return PasswordMode::Keychain;
    if (key == u"none")
        return PasswordMode::NoPassword;
    return PasswordMode::AskEachTime;
}

QList<ConnectionProfile::Option> ConnectionProfile::overrides() const {
    QList<Option> result;
    if (!sslmode.isEmpty())
        result.append({QStringLiteral("sslmode"), sslmode});
    if (!sslrootcert.isEmpty())
        result.append({QStringLiteral("sslrootcert"), sslrootcert});
    if (connectTimeoutSeconds > 0)
        result.append({QStringLiteral("connect_timeout"), QString::number(connectTimeoutSeconds)});
    return result;
}

QString ConnectionProfile::toConninfo() const {
    if (usesConnectionString()) {
        const QString written = connectionString.trimmed();
        const QList<Option> extra = overrides();
        if (extra.isEmpty())
            return written;
        const auto options = parse(written);
        if (!options)
            return written; // unusable anyway: libpq reports the syntax error when connecting
        return appendOptions(written, *options, extra);
    }
    QList<Option> options;
    const std::pair<QString, const QString *> fields[] = {
        {QStringLiteral("host"), &host},       {QStringLiteral("port"), &port},
        {QStringLiteral("dbname"), &dbname},   {QStringLiteral("user"), &user},
        {QStringLiteral("service"), &service},
    };
    for (const auto &[key, value] : fields) {
        if (!value->trimmed().isEmpty())
            options.append({key, value->trimmed()});
    }
    options += overrides();
    return join(options);
}

QString ConnectionProfile::withPassword(const QString &conninfo, const QString &password) {
    if (password.isEmpty())
        return conninfo;
    // Always quoted: a password may hold anything, and the quotes cost nothing.
    const QString entry = QStringLiteral("password=") + quoted(password);
    const auto options = parse(conninfo);
    if (!options)
        return conninfo; // unusable anyway: libpq reports the syntax error when connecting
    if (!isUri(conninfo))
        return appendOptions(conninfo, *options, {{QStringLiteral("password"), password}}, entry);
    // libpq takes a URI only on its own: rewritten as key=value pairs, its password replaced.
    QList<Option> rebuilt;
    for (const Option &option : *options) {
        if (option.first != u"password")
            rebuilt.append(option);
    }
    return rebuilt.isEmpty() ? entry : join(rebuilt) + QLatin1Char(' ') + entry;
}

QString ConnectionProfile::withoutPassword(const QString &conninfo, QString *password) {
    const auto options = parse(conninfo);
    if (!options || valueOf(*options, QStringLiteral("password")).isEmpty())
        return conninfo;
    QList<Option> rebuilt;
    for (const Option &option : *options) {
        if (option.first == u"password") {
            if (password)
                *password = option.second;
        } else {
            rebuilt.append(option);
        }
    }
    return join(rebuilt);
}

ConnectionProfile ConnectionProfile::fromConninfo(const QString &name, const QString &text) {
    ConnectionProfile profile;
    profile.name = name;
    const auto options = parse(text);
    static const QStringList fieldKeys{
        QStringLiteral("host"),        QStringLiteral("port"),           QStringLiteral("dbname"),
        QStringLiteral("user"),        QStringLiteral("service"),        QStringLiteral("sslmode"),
        QStringLiteral("sslrootcert"), QStringLiteral("connect_timeout")};
    bool fieldsOnly = options && !isUri(text) && !text.trimmed().isEmpty();
    for (const auto &[key, value] : options.value_or(QList<Option>{})) {
        // toConninfo() trims the fields: a value with surrounding spaces (dbname=' x') would
        // come back as another value, so such a text stays a connection string.
        bool usable = fieldKeys.contains(key) && value == value.trimmed();
        if (key == u"connect_timeout") {
            bool number = false;
            usable = value.trimmed().toInt(&number) >= 0 && number;
        } else if (key == u"sslmode") {
            usable = sslModes().contains(value);
        }
        fieldsOnly = fieldsOnly && usable;
    }
    if (!fieldsOnly) {
        profile.connectionString = text.trimmed();
        return profile;
    }
    profile.host = valueOf(*options, QStringLiteral("host"));
    profile.port = valueOf(*options, QStringLiteral("port"));
    profile.dbname = valueOf(*options, QStringLiteral("dbname"));
    profile.user = valueOf(*options, QStringLiteral("user"));
    profile.service = valueOf(*options, QStringLiteral("service"));
    profile.sslmode = valueOf(*options, QStringLiteral("sslmode"));
    profile.sslrootcert = valueOf(*options, QStringLiteral("sslrootcert"));
    profile.connectTimeoutSeconds =
        valueOf(*options, QStringLiteral("connect_timeout")).trimmed().toInt();
    return profile;
}

QString ConnectionProfile::validationError() const {
    if (name.trimmed().isEmpty())
        return tr("Give the profile a name.");
    QString error;
    if (usesConnectionString()) {
        if (!parse(connectionString, &error))
            return tr("The connection string cannot be read (%1). Write a postgresql:// URI or "
                      "key=value pairs, with values containing spaces in single quotes.")
                .arg(error);
        if (const QString secret = secretKeyword(connectionString); !secret.isEmpty())
            return secretRefusal(secret, tr("The connection string"));
    }
    if (hasStandby()) {
        if (!parse(standbyConnectionString, &error))
            return tr("The standby's connection string cannot be read (%1). Write a "
                      "postgresql:// URI or key=value pairs, e.g. host=replica1.")
                .arg(error);
        if (const QString secret = secretKeyword(standbyConnectionString); secret == u"password")
            return tr("The standby's connection string contains a password. Passwords are "
                      "never saved with a profile: remove it; the standby is reached with the "
                      "primary's password (a standby has the primary's roles).");
        else if (!secret.isEmpty())
            return secretRefusal(secret, tr("The standby's connection string"));
    }
    if (connectTimeoutSeconds < 0)
        return tr("The connect timeout cannot be negative (0 waits as long as the system does).");
    const auto options = parse(toConninfo(), &error);
    if (!options)
        return tr("These settings do not make a valid connection string (%1).").arg(error);

    const QStringList ports = valueOf(*options, QStringLiteral("port")).split(QLatin1Char(','));
    for (const QString &part : ports) {
        if (part.trimmed().isEmpty())
            continue; // an empty entry of a list means the default port
        bool ok = false;
        const int number = part.trimmed().toInt(&ok);
        if (!ok || number < 1 || number > 65535)
            return tr("\"%1\" is not a port number: use 1 to 65535 (PostgreSQL listens on 5432 "
                      "unless configured otherwise).")
                .arg(part.trimmed());
    }
    const QString timeout = valueOf(*options, QStringLiteral("connect_timeout"));
    bool timeoutOk = true;
    if (!timeout.isEmpty() && (timeout.trimmed().toInt(&timeoutOk) < 0 || !timeoutOk))
        return tr("connect_timeout must be a whole number of seconds, not \"%1\".").arg(timeout);

    const QList<Option> defaults = libpqDefaults();
    const QString written = valueOf(*options, QStringLiteral("sslmode"));
    if (!written.isEmpty() && !sslModes().contains(written))
        return tr("sslmode \"%1\" is not one of %2.")
            .arg(written, sslModes().join(QStringLiteral(", ")));
    const QString rootCert = valueOf(*options, QStringLiteral("sslrootcert"));
    if (!rootCert.isEmpty() && !QFileInfo(rootCert).isFile())
        return tr("The root certificate file %1 does not exist. Choose the certificate of the "
                  "authority that signed the server's certificate, or clear the field.")
            .arg(rootCert);
    const EffectiveSslmode effective = effectiveSslmode(toConninfo());
    const QString &mode = effective.mode;
    // pg_service.conf may name the root certificate: libpq reads it only when connecting.
    const bool serviceInEffect = !valueOf(*options, QStringLiteral("service")).isEmpty() ||
                                 !qEnvironmentVariable("PGSERVICE").isEmpty();
    if (isVerifyingMode(mode) && rootCert.isEmpty() && !serviceInEffect) {
        const QString fromEnvironment = valueOf(defaults, QStringLiteral("sslrootcert"));
        const QString standard = QDir::homePath() + QStringLiteral("/.postgresql/root.crt");
        const QString fallback = fromEnvironment.isEmpty() ? standard : fromEnvironment;
        // libpq 15 has no sslrootcert=system (PostgreSQL 16 adds it): the file must be named.
        if (!QFileInfo(fallback).isFile() && effective.source == SslmodeSource::NetworkDefault)
            return tr("The server is reached over the network, so sslmode is verify-full unless "
                      "chosen otherwise: the server's certificate and host name are checked "
                      "against the root certificate of the authority that signed it. Choose it "
                      "under \"Root certificate\" or install it as %1. Only on a network you "
                      "trust, choose a weaker sslmode explicitly (require encrypts without "
                      "verifying the server).")
                .arg(fallback);
        if (!QFileInfo(fallback).isFile())
            return tr("sslmode %1 checks the server's certificate, so it needs the root "
                      "certificate of the authority that signed it: choose it under \"Root "
                      "certificate\", or install it as %2.")
                .arg(mode, fallback);
    }
    return {};
}

QString ConnectionProfile::displayTarget() const {
    const auto options = parse(toConninfo());
    if (!options)
        return {};
    const QList<Option> defaults = libpqDefaults();
    auto effective = [&](const QString &key) {
        const QString value = valueOf(*options, key);
        return value.isEmpty() ? valueOf(defaults, key) : value;
    };
    const QString serviceName = effective(QStringLiteral("service")); // or PGSERVICE
    if (!serviceName.isEmpty()) {
        // pg_service.conf is read by libpq only when connecting: show what is known.
        QStringList known;
        for (const QString &key : {QStringLiteral("user"), QStringLiteral("host"),
                                   QStringLiteral("port"), QStringLiteral("dbname")}) {
            const QString value = valueOf(*options, key);
            if (!value.isEmpty())
                known << key + QLatin1Char('=') + value;
        }
        return known.isEmpty() ? tr("service %1").arg(serviceName)
                               : tr("service %1 (%2)").arg(serviceName, known.join(u", "));
    }
    const QString effectiveUser = effective(QStringLiteral("user"));
    QString effectiveHost = effective(QStringLiteral("host"));
    if (effectiveHost.isEmpty())
        effectiveHost = effective(QStringLiteral("hostaddr"));
    if (effectiveHost.isEmpty())
        effectiveHost = tr("local socket");
    QString effectiveDb = effective(QStringLiteral("dbname"));
    if (effectiveDb.isEmpty())
        effectiveDb = effectiveUser; // libpq's default database is the user's name
    return QStringLiteral("%1@%2:%3/%4")
        .arg(effectiveUser, effectiveHost, effective(QStringLiteral("port")), effectiveDb);
}

QString ConnectionProfile::standbyConninfo() const {
    if (!hasStandby())
        return {};
    const auto primary = parse(toConninfo());
    const auto standby = parse(standbyConnectionString.trimmed());
    if (!primary || !standby)
        return {};
    // Where the standby is must come from one side only: a primary's hostaddr or port left
    // next to the standby's host would send the connection back to the primary.
    static const QStringList location{QStringLiteral("host"), QStringLiteral("hostaddr"),
                                      QStringLiteral("port")};
    bool standbyNamesLocation = false;
    for (const Option &option : *standby)
        standbyNamesLocation = standbyNamesLocation || location.contains(option.first);
    QList<Option> merged;
    for (const Option &option : *primary) {
        const bool overridden =
            std::any_of(standby->cbegin(), standby->cend(),
                        [&](const Option &o) { return o.first == option.first; });
        if (!overridden && !(standbyNamesLocation && location.contains(option.first)))
            merged.append(option);
    }
    merged += *standby;
    return join(merged);
}

} // namespace dedup::store
