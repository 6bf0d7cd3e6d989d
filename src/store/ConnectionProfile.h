#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace dedup::store {

// A saved way of reaching a store, following libpq's conventions: either a connection string
// as the operator wrote it (a postgresql:// URI, key=value pairs, "service=name" from
// pg_service.conf) or the usual fields. Whatever is left unset falls back to libpq: the PG*
// environment, pg_service.conf, .pgpass, peer authentication on the local socket.
//
// It never holds a secret (secretKeywords(): password, sslpassword): passwords live in the
// system keychain or are typed for one connection (PasswordMode), and withPassword() adds one
// to a conninfo in memory only.
//
// sslmode: when neither the profile, the service's entry in pg_service.conf nor PGSSLMODE sets
// it, a connection to any host that is not a Unix socket or loopback uses verify-full
// (withDefaultSslmode(), applied by PgConnection::open to every connection), not libpq's
// prefer, which a network attacker can downgrade to plain text.
class ConnectionProfile {
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfile)

public:
    enum class PasswordMode {
        Keychain,    // stored in the system keychain under the profile's name
        AskEachTime, // typed for each connection, never stored
        NoPassword,  // .pgpass, PG* environment, peer or trust authentication
    };

    // One libpq option with a value, as PQconninfoParse read it.
    using Option = std::pair<QString, QString>;

    // Where the sslmode a connection uses comes from.
    enum class SslmodeSource {
        Explicit,       // the conninfo, its service's entry in pg_service.conf, or PGSSLMODE
        NetworkDefault, // none of those, and some host is reached over the network
        LocalDefault,   // none of those, and every host is a Unix socket or loopback
    };
    struct EffectiveSslmode {
        QString mode; // "verify-full" for NetworkDefault, "prefer" (libpq's) for LocalDefault
        SslmodeSource source = SslmodeSource::LocalDefault;
    };

    QString name;
    // When not blank, used instead of the fields below (sslmode, sslrootcert and
    // connectTimeoutSeconds still apply as overrides when set).
    QString connectionString;
    QString host; // name, IP address or socket directory; a comma-separated list is allowed
    QString port; // text, as libpq takes it ("5432" or "5432,5433"); empty: default
    QString dbname;
    QString user;
    QString service; // a section of pg_service.conf
    // disable/allow/prefer/require/verify-ca/verify-full; empty: effectiveSslmode() decides
    // (verify-full for a network host, else PGSSLMODE or libpq's prefer).
    QString sslmode;
    QString sslrootcert;           // path of the CA certificate that signed the server's
    int connectTimeoutSeconds = 0; // 0: libpq's default (wait for the operating system)
    PasswordMode passwordMode = PasswordMode::AskEachTime;
    // A read-only streaming-replication standby of the same store, for lists, dashboards and
    // reports (docs/SCALING.md section 1); empty: everything reads from the primary. A URI or
    // key=value text; what it leaves out (user, dbname, sslmode, ...) is taken from the primary's
    // settings. Never a password: a physical standby has the primary's roles, so the primary's
    // password is used.
    QString standbyConnectionString;

    bool usesConnectionString() const { return !connectionString.trimmed().isEmpty(); }

    // The conninfo libpq is given. Fields become key=value pairs, quoted where libpq needs it;
    // a connection string is returned as written plus the overrides that are set (as key=value
    // pairs libpq read from it, overrides last, where appending would be read otherwise).
    QString toConninfo() const;
    bool hasStandby() const { return !standbyConnectionString.trimmed().isEmpty(); }
    // The standby's conninfo: the primary's options (toConninfo()) with the standby string's
    // options over them, host, hostaddr and port all replaced when it names any of them. As
    // key=value text; empty when there is no standby or either side cannot be parsed.
    QString standbyConninfo() const;
    // Empty when the profile can be used (and saved); otherwise what to fix, for the operator.
    QString validationError() const;
    // "user@host:port/dbname" of the connection this profile would open, with libpq's
    // defaults and the PG* environment where the profile leaves something unset.
    QString displayTarget() const;

    // A profile from what the operator typed or gave on the command line: split into the
    // fields when it only names fields, kept as a connection string otherwise.
    static ConnectionProfile fromConninfo(const QString &name, const QString &text);

    // `conninfo` plus a password, for one connection (never stored). libpq takes a URI only
    // on its own, so a URI is rewritten as key=value pairs first (so is key=value text that
    // would read an appended pair otherwise). An empty password changes nothing (libpq then
    // looks in .pgpass).
    static QString withPassword(const QString &conninfo, const QString &password);
    // `conninfo` without its password (rewritten as key=value pairs when it had one); the
    // password, if any, goes to `password`.
    static QString withoutPassword(const QString &conninfo, QString *password = nullptr);
    static bool containsPassword(const QString &conninfo);

    // The libpq keywords whose value is a secret, which no profile, settings file or command
    // line may hold: password, sslpassword (and oauth_client_secret, which libpq 18 adds;
    // older libpq refuses it as an unknown option anyway). sslkey, sslcert, sslrootcert,
    // sslcrl and passfile are not among them: they name files, and a path is no secret (libpq
    // refuses a private key file that others can read).
    static QStringList secretKeywords();
    // The first secret keyword that `conninfo` sets to a non-empty value; empty when none
    // (or when `conninfo` cannot be parsed).
    static QString secretKeyword(const QString &conninfo);
    // `conninfo` without any secret keyword set to a non-empty value (rewritten as key=value
    // pairs when it had one, every other option kept); the keywords removed go to `removed`.
    static QString withoutSecrets(const QString &conninfo, QStringList *removed = nullptr);
    // Why `keyword` (from secretKeywords()) may not be saved with a profile and where the
    // secret goes instead, for the console; `what` names the string that held it.
    static QString secretRefusal(const QString &keyword, const QString &what);

    // The sslmode `conninfo` connects with, and why. The hosts are the conninfo's host and
    // hostaddr, else its service's, else PGHOST and PGHOSTADDR; none at all is libpq's
    // default Unix socket. With several hosts, one reached over the network is enough for
    // verify-full.
    static EffectiveSslmode effectiveSslmode(const QString &conninfo);
    // `conninfo` with sslmode=verify-full added when effectiveSslmode() says NetworkDefault;
    // unchanged otherwise (also when it cannot be parsed: libpq reports that).
    static QString withDefaultSslmode(const QString &conninfo);
    // Whether some host `conninfo` names (as effectiveSslmode() finds them) is reached over
    // the network, i.e. is not a Unix socket or loopback.
    static bool reachesNetwork(const QString &conninfo);
    // A Unix socket directory (starts with / or @), localhost, 127.0.0.0/8 or ::1 (also as
    // ::ffff:127.x.y.z): traffic that never leaves this machine.
    static bool isLocalHost(const QString &host);
    // The value libpq would use for `key`: the conninfo's own, else the PG* environment or
    // libpq's default (for dbname: the user name). Empty when unknown (e.g. from a service).
    static QString effectiveValue(const QString &conninfo, const QString &key);
    static bool isUri(const QString &conninfo);

    // The options a conninfo sets, in libpq's order, or nullopt with libpq's error message
    // (passed through redactParseError()).
    static std::optional<QList<Option>> parse(const QString &conninfo, QString *error = nullptr);
    // libpq quotes the token it stumbled on in a parse error ("missing "=" after "..."",
    // "invalid percent-encoded token: "..."", or a whole URI), and in a malformed string that
    // token can hold a piece of the password. When `conninfo` may hold one, the quoted part of
    // `message` is replaced by an ellipsis; otherwise `message` is returned as it is, since the
    // token is what tells the user where the mistake is.
    static QString redactParseError(const QString &message, const QString &conninfo);
    // A value as libpq's key=value syntax needs it: quoted when empty or when it holds
    // anything but plain characters, with ' and \ escaped.
    static QString quoteValue(const QString &value);
    // Rebuilds key=value text from options.
    static QString join(const QList<Option> &options);

    static QStringList sslModes();
    static QString passwordModeKey(PasswordMode mode);
    static PasswordMode passwordModeFromKey(const QString &key);

    bool operator==(const ConnectionProfile &other) const = default;

private:
    static QString quoted(const QString &value);
    QList<Option> overrides() const;
};

} // namespace dedup::store
