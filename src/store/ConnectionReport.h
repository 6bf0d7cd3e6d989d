#pragma once

#include <QCoreApplication>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// The outcome of connecting to a store (ConnectionCheck): either why it failed, in words an
// operator can act on, or who we are there and what we may do. The console attaches its
// views to a report that is ok().
struct ConnectionReport {
    Q_DECLARE_TR_FUNCTIONS(ConnectionReport)

public:
    enum class Failure {
        None,
        InvalidSettings,      // the profile or connection string cannot be used as written
        HostUnreachable,      // name not resolved, refused, timed out, no socket
        PasswordRequired,     // the server wants a password and none was given
        AuthenticationFailed, // wrong password, no pg_hba entry, role cannot log in
        TlsFailure,           // sslmode could not be satisfied, certificate not trusted
        DatabaseMissing,      // the database does not exist
        SchemaMissing,        // no dedup schema: `dedupctl migrate` was never run there
        SchemaOutdated,       // older than this console: `dedupctl migrate`
        SchemaNewer,          // newer than this console: update the console
        NoAccess,             // the role is in neither dedup_viewer nor dedup_operator
        StandbyMismatch,      // the named standby is not a standby of this store
        Other,
    };

    Failure failure = Failure::None;
    QString message; // for the operator: what went wrong and what to do (translated)
    QString detail;  // the server's or libpq's own words
    // What the console's connections use. May carry a password the operator typed: kept in
    // memory only, never saved, never logged, never shown.
    QString conninfo;
    // The read-only standby the profile names for lists, dashboards and reports (same password
    // rules as conninfo); empty when there is none, and then reads go to `conninfo` too.
    QString standbyConninfo;
    QString standbyTarget;      // "user@host:port/dbname" of the standby, for display
    bool standbyFailed = false; // the failure is about the standby, not the primary
    QString profileName;
    QString target;          // "user@host:port/dbname", for display; never a password
    QString currentUser;     // current_user on the server
    bool canOperate = false; // member of dedup_operator (or superuser): actions allowed
    bool canRead = false;    // may read the store (viewer, operator or superuser)
    int serverVersion = 0;   // e.g. 150018
    int schemaVersion = 0;   // dedup.schema_migrations
    bool ssl = false;        // the connection is encrypted

    bool ok() const { return failure == Failure::None; }
    // "operator" or "viewer (read-only)", for the status bar.
    QString roleDescription() const {
        return canOperate ? tr("operator") : tr("viewer (read-only)");
    }
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::ConnectionReport)
