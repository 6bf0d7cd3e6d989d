#include "store/ConnectionCheck.h"

#include "store/AccessQueries.h"
#include "store/ConnectionProfile.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/PoolerCheck.h"
#include "store/StoreId.h"

#include <libpq-fe.h>

namespace dedup::store {

using Failure = ConnectionReport::Failure;

namespace {

// libpq reports connection failures as text only (there is no PGresult, hence no SQLSTATE,
// before a session exists). These are libpq's and the server's English messages; anything
// else is reported as Failure::Other with the text in the detail.
bool containsAny(const QString &text, std::initializer_list<const char16_t *> needles) {
    for (const char16_t *needle : needles) {
        if (text.contains(QStringView(needle), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool roleMissing(const QString &text) {
    // FATAL:  role "alice" does not exist
    const qsizetype at = text.indexOf(u"role \"", 0, Qt::CaseInsensitive);
    return at >= 0 && text.indexOf(u"\" does not exist", at, Qt::CaseInsensitive) > at;
}

bool databaseMissing(const QString &text) {
    const qsizetype at = text.indexOf(u"database \"", 0, Qt::CaseInsensitive);
    return at >= 0 && text.indexOf(u"\" does not exist", at, Qt::CaseInsensitive) > at;
}

QString hostAndPort(const QString &conninfo) {
    QString host = ConnectionProfile::effectiveValue(conninfo, QStringLiteral("host"));
    if (host.isEmpty())
        host = ConnectionProfile::effectiveValue(conninfo, QStringLiteral("hostaddr"));
    const QString port = ConnectionProfile::effectiveValue(conninfo, QStringLiteral("port"));
    if (host.isEmpty())
        return ConnectionCheck::tr("the local socket (port %1)").arg(port);
    if (host.startsWith(QLatin1Char('/')) || host.startsWith(QLatin1Char('@')))
        return ConnectionCheck::tr("the socket in %1 (port %2)").arg(host, port);
    return host + QLatin1Char(':') + port;
}

} // namespace

QString ConnectionCheck::versionText(int serverVersion) {
    if (serverVersion >= 100000)
        return QStringLiteral("%1.%2").arg(serverVersion / 10000).arg(serverVersion % 10000);
    return QStringLiteral("%1.%2.%3")
        .arg(serverVersion / 10000)
        .arg(serverVersion / 100 % 100)
        .arg(serverVersion % 100);
}

Failure ConnectionCheck::classifyOpenError(const PgError &error) {
    if (error.passwordNeeded)
        return Failure::PasswordRequired;
    // Set when the session was established and its set-up statement failed.
    if (error.sqlState == u"3D000")
        return Failure::DatabaseMissing;
    if (error.sqlState == u"28P01" || error.sqlState == u"28000")
        return Failure::AuthenticationFailed;
    const QString &text = error.message;
    // Before the TLS patterns: "no pg_hba.conf entry for ..., SSL off" is about pg_hba.conf.
    if (containsAny(text,
                    {u"authentication failed", u"no pg_hba.conf entry", u"pg_hba.conf rejects",
                     u"not permitted to log in", u"password is too long"}) ||
        roleMissing(text))
        return Failure::AuthenticationFailed;
    if (databaseMissing(text))
        return Failure::DatabaseMissing;
    if (containsAny(text, {u"permission denied for database"}))
        return Failure::NoAccess;
    // Values libpq reads only when connecting: a service name, an sslmode, a port.
    if (containsAny(text, {u"definition of service", u"service file", u"invalid sslmode",
                           u"invalid port number", u"invalid integer value", u"invalid value",
                           u"could not match"}))
        return Failure::InvalidSettings;
    // Something answered, but not PostgreSQL: an address problem rather than a TLS one.
    if (containsAny(text, {u"invalid response to SSL negotiation"}))
        return Failure::HostUnreachable;
    if (containsAny(text, {u"SSL", u"certificate", u"TLS", u"sslmode"}))
        return Failure::TlsFailure;
    if (containsAny(text, {u"could not translate host name", u"could not connect",
                           u"Connection refused", u"timeout expired", u"timed out",
                           u"No such file or directory", u"Network is unreachable",
                           u"No route to host", u"accepting TCP/IP connections",
                           u"accepting connections", u"could not receive data from server",
                           u"server closed the connection unexpectedly"}))
        return Failure::HostUnreachable;
    return Failure::Other;
}

void ConnectionCheck::explainOpenError(ConnectionReport &report, const PgError &error,
                                       const QString &conninfo) {
    const QString &text = error.message;
    const QString user = ConnectionProfile::effectiveValue(conninfo, QStringLiteral("user"));
    const QString dbname = ConnectionProfile::effectiveValue(conninfo, QStringLiteral("dbname"));
    const QString mode = ConnectionProfile::effectiveSslmode(conninfo).mode;
    const QString where = hostAndPort(conninfo);
    report.failure = classifyOpenError(error);
    report.detail = error.toString();
    switch (report.failure) {
    case Failure::PasswordRequired:
        report.message = tr("The server asks for a password for role %1. Type it in the password "
                            "field (store it in the keychain to connect without typing), or "
                            "put it in ~/.pgpass.")
                             .arg(user);
        break;
    case Failure::AuthenticationFailed:
        if (roleMissing(text))
            report.message = tr("The server has no role called %1. Check the user name, or "
                                "ask the database administrator to create the role.")
                                 .arg(user);
        else if (containsAny(text, {u"no pg_hba.conf entry", u"pg_hba.conf rejects"}))
            report.message = tr("The server does not let role %1 connect to database %2 from "
                                "this host (pg_hba.conf). Ask the database administrator for "
                                "an entry, or check whether sslmode must be require.")
                                 .arg(user, dbname);
        else
            report.message = tr("The server refused the login of role %1. Check the user name "
                                "and the password (a password remembered in the keychain or "
                                "~/.pgpass may be out of date).")
                                 .arg(user);
        break;
    case Failure::DatabaseMissing:
        report.message = tr("There is no database called %1 at %2. Check the database name; "
                            "a new store is created with CREATE DATABASE and then `dedupctl "
                            "migrate --db ...`.")
                             .arg(dbname, where);
        break;
    case Failure::NoAccess:
        report.message = tr("Role %1 may not connect to database %2 (no CONNECT privilege). "
                            "Ask the database administrator: GRANT CONNECT ON DATABASE %2 TO %1;")
                             .arg(user, dbname);
        break;
    case Failure::TlsFailure:
        if (containsAny(text, {u"server does not support SSL"}))
            report.message = tr("The server at %1 does not offer TLS, but this connection "
                                "requires it (sslmode=%2). Enable ssl on the server, or choose "
                                "a weaker sslmode only if the network is trusted.")
                                 .arg(where, mode);
        else if (containsAny(text, {u"root certificate"}) &&
                 ConnectionProfile::effectiveSslmode(conninfo).source ==
                     ConnectionProfile::SslmodeSource::NetworkDefault)
            report.message = tr("%1 is reached over the network, so sslmode is verify-full "
                                "unless chosen otherwise, and the root certificate needed to "
                                "verify the server is missing or unreadable. Choose the "
                                "certificate of the authority that signed the server's "
                                "certificate under \"Root certificate\", or install it as "
                                "~/.postgresql/root.crt. Only on a network you trust, choose a "
                                "weaker sslmode explicitly (require encrypts without verifying "
                                "the server).")
                                 .arg(where);
        else if (containsAny(text, {u"root certificate"}))
            report.message = tr("The root certificate needed to verify the server "
                                "(sslmode=%1) is missing or unreadable. Choose the certificate "
                                "of the authority that signed the server's certificate under "
                                "\"Root certificate\", or install it as ~/.postgresql/root.crt.")
                                 .arg(mode);
        else if (containsAny(text, {u"does not match host name"}))
            report.message = tr("The server's certificate is not issued for the host name used "
                                "(sslmode=verify-full). Connect with the name the certificate "
                                "names, or ask for a certificate that includes this name.");
        else if (containsAny(text, {u"certificate verify failed"}))
            report.message = tr("The server's certificate is not signed by the given root "
                                "certificate. Check that \"Root certificate\" is the authority "
                                "that issued the server's certificate.");
        else
            report.message = tr("The encrypted connection to %1 could not be set up "
                                "(sslmode=%2). Check the TLS settings and certificates.")
                                 .arg(where, mode);
        break;
    case Failure::InvalidSettings:
        if (containsAny(text, {u"definition of service", u"service file"}))
            report.message = tr("The service named in these settings is not defined. Check its "
                                "name against pg_service.conf (~/.pg_service.conf, the file in "
                                "PGSERVICEFILE, or the system-wide one).");
        else
            report.message = tr("libpq cannot use these settings as written: see the details, "
                                "correct the profile and try again.");
        break;
    case Failure::HostUnreachable:
        if (containsAny(text, {u"could not translate host name"}))
            report.message = tr("The host name in %1 cannot be resolved. Check its spelling "
                                "and the network's name service (DNS, /etc/hosts).")
                                 .arg(where);
        else if (containsAny(text, {u"timeout expired", u"timed out"}))
            report.message = tr("%1 did not answer within the connect timeout. Check the host "
                                "and port, the network (VPN, firewall) and that the server is "
                                "up.")
                                 .arg(where);
        else if (containsAny(text, {u"invalid response to SSL negotiation"}))
            report.message = tr("Something answered at %1, but it is not a PostgreSQL server. "
                                "Check the port.")
                                 .arg(where);
        else if (containsAny(text, {u"on socket"}))
            report.message = tr("No PostgreSQL server listens on %1. Check that the server runs "
                                "on this machine and that the socket directory and port match "
                                "its unix_socket_directories and port settings.")
                                 .arg(where);
        else
            report.message = tr("No PostgreSQL server answers at %1. Check the host and port, "
                                "that the server is running and accepts TCP connections "
                                "(listen_addresses), and that no firewall is in the way.")
                                 .arg(where);
        break;
    default:
        report.message = tr("Could not connect to %1: see the details. If the server is "
                            "starting, shutting down or full, try again in a moment.")
                             .arg(where);
        break;
    }
}

ConnectionReport ConnectionCheck::run(const QString &conninfo, const QString &profileName,
                                      const QString &applicationName) {
    ConnectionReport report;
    report.conninfo = conninfo;
    report.profileName = profileName;
    const QString shown = ConnectionProfile::withoutPassword(conninfo);
    QString parseError;
    if (!ConnectionProfile::parse(conninfo, &parseError)) {
        report.failure = Failure::InvalidSettings;
        report.message = tr("The connection settings cannot be read: write a postgresql:// URI or "
                            "key=value pairs (values with spaces in single quotes).");
        report.detail = parseError;
        return report;
    }
    report.target = ConnectionProfile::fromConninfo(QString(), shown).displayTarget();

    PgConnection conn;
    if (!conn.open(conninfo, applicationName)) {
        explainOpenError(report, conn.openError(), conninfo);
        return report;
    }
    pg_conn *handle = conn.handle();
    const QString host = QString::fromUtf8(PQhost(handle));
    report.target =
        QStringLiteral("%1@%2:%3/%4")
            .arg(QString::fromUtf8(PQuser(handle)), host.isEmpty() ? tr("local socket") : host,
                 QString::fromUtf8(PQport(handle)), QString::fromUtf8(PQdb(handle)));
    report.serverVersion = conn.serverVersion();
    report.tls = TlsState::read(handle);
    report.ssl = report.tls.inUse;

    auto fail = [&](Failure failure, const QString &message, const QString &detail = {}) {
        report.failure = failure;
        report.message = message;
        report.detail = detail;
        return report;
    };
    // Catalog queries only: they work for any role, even one that may not use schema dedup.
    // Whether the role may read the tables at all (the group roles' column privileges on
    // runs, or ownership) decides whether the store's grants can even be asked.
    const PgResult who = conn.exec(QStringLiteral(
        "SELECT current_user::text, r.rolsuper, ns.oid IS NOT NULL,"
        " EXISTS (SELECT 1 FROM pg_catalog.pg_class c"
        "         WHERE c.relnamespace = ns.oid AND c.relname = 'schema_migrations'),"
        " CASE WHEN runs.oid IS NULL THEN false"
        "      ELSE pg_catalog.has_schema_privilege(ns.oid, 'USAGE')"
        "       AND pg_catalog.has_any_column_privilege(runs.oid, 'SELECT') END,"
        " pg_catalog.set_config('statement_timeout', '15s', false),"
        " pg_catalog.pg_backend_pid()"
        " FROM pg_catalog.pg_roles r"
        " LEFT JOIN pg_catalog.pg_namespace ns ON ns.nspname = 'dedup'"
        " LEFT JOIN pg_catalog.pg_class runs"
        "   ON runs.relnamespace = ns.oid AND runs.relname = 'runs'"
        " WHERE r.rolname = current_user"));
    if (!who.ok() || who.rows() != 1)
        return fail(Failure::Other,
                    tr("Connected, but could not read the role's privileges: see the details."),
                    who.error().toString());
    if (PoolerCheck::throughPooler(conn, who.toInt64(0, 6)))
        return fail(Failure::InvalidSettings,
                    tr("This address is a connection pooler (PgBouncer or similar), not the "
                       "PostgreSQL server. The console needs a database session of its own: "
                       "live updates (LISTEN), your user name and host in the audit log, and "
                       "its time limits live in the session, and a pool in transaction mode "
                       "does not keep them. Connect the console to the server directly; "
                       "workers may keep using the pooler."));
    report.currentUser = who.text(0, 0);
    const bool superuser = who.toBool(0, 1);
    const bool hasSchema = who.toBool(0, 2) && who.toBool(0, 3);
    const bool readsTables = superuser || who.toBool(0, 4);

    const QString dbname = QString::fromUtf8(PQdb(handle));
    const int latest = Migrator::latestVersion();
    const QString migrate = QStringLiteral("dedupctl migrate --db \"%1\"").arg(shown);
    if (!hasSchema)
        return fail(Failure::SchemaMissing,
                    tr("Database %1 holds no dedup store (schema dedup is missing). Check the "
                       "database name; to create the store there, run as its owner: %2")
                        .arg(dbname, migrate));
    if (!readsTables)
        return fail(Failure::NoAccess,
                    tr("Role %1 may not read the dedup store: it has no viewer or operator "
                       "grant here. Ask the store's owner for one, e.g. SELECT "
                       "dedup.access_grant('%1', 'viewer'); (read-only, every workflow and "
                       "scope) or 'operator' with the workflows and scope prefixes it may act "
                       "on.")
                        .arg(report.currentUser));
    QString versionError;
    report.schemaVersion = Migrator(conn).currentVersion(&versionError);
    if (report.schemaVersion < 0) {
        report.schemaVersion = 0;
        return fail(Failure::Other,
                    tr("Connected, but could not read the store's schema version: see the "
                       "details."),
                    versionError);
    }
    if (report.schemaVersion == 0)
        return fail(Failure::SchemaMissing,
                    tr("Database %1 holds an empty dedup schema (no migration recorded). To "
                       "create the store, run as its owner: %2")
                        .arg(dbname, migrate));
    if (report.schemaVersion < latest)
        return fail(Failure::SchemaOutdated,
                    tr("The store is at schema version %1; this console needs version %2. "
                       "Upgrade it, as its owner: %3")
                        .arg(report.schemaVersion)
                        .arg(latest)
                        .arg(migrate));
    if (report.schemaVersion > latest)
        return fail(Failure::SchemaNewer,
                    tr("The store is at schema version %1, newer than this console (version "
                       "%2). Install a newer Dedup Console; this one could misread the store.")
                        .arg(report.schemaVersion)
                        .arg(latest));
    // The store's own grants: what this login may see and do here (0010_access.sql).
    PgError accessError;
    report.access = AccessQueries::mine(conn, &accessError);
    if (!report.access)
        return fail(Failure::Other,
                    tr("Connected, but could not read this login's grants in the store "
                       "(dedup.my_access()): see the details."),
                    accessError.toString());
    report.storeId = StoreId::read(conn); // null without a grant: no links, nothing else
    report.canOperate = report.access->mayOperateAnything();
    report.canRead = report.access->mayReadAnything();
    report.message = tr("Connected as %1 (%2) to %3, PostgreSQL %4, schema v%5. %6.")
                         .arg(report.currentUser, report.accessSummary(), report.target,
                              versionText(report.serverVersion))
                         .arg(report.schemaVersion)
                         .arg(report.tls.summary()) +
                     QLatin1Char(' ') + report.access->explanation();
    // Not a reason to refuse the store: what a failover would take back, said here when
    // there is a standby to fail over to, and kept in the status bar either way.
    report.replication = ReplicationMode::read(conn, nullptr);
    if (report.replication && report.replication->kind != ReplicationMode::Kind::None)
        report.message += QStringLiteral("\n\n") + report.replication->explanation();
    if (!report.canRead)
        report.warning = tr("Login %1 has no viewer or operator grant in this store: the console "
                            "will show no runs and offer no actions. Ask the store's owner for "
                            "one, e.g. SELECT dedup.access_grant('%1', 'viewer');")
                             .arg(report.currentUser);
    return report;
}

} // namespace dedup::store
