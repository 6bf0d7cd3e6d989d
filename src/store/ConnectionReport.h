#pragma once

#include "store/AccessScope.h"
#include "store/ReplicationMode.h"
#include "store/TlsState.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QUuid>

#include <optional>

namespace dedup::store {

// The outcome of connecting to a store (ConnectionCheck): either why it failed, in words an
// operator can act on, or who we are there and what we may do. The console attaches its
// views to a report that is ok().
//
// What we may do is the store's grants (`access`, dedup.my_access()); canOperate and canRead
// are their coarse form (some operator grant / some read grant). A report built by hand
// (the demo, tests) may set only the flags: effectiveAccess() then reads them as "for every
// workflow and scope".
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
        NoAccess,             // the role may not use the store's tables at all
        StandbyMismatch,      // the named standby is not a standby of this store
        Other,
    };

    Failure failure = Failure::None;
    QString message; // for the operator: what went wrong and what to do (translated)
    QString detail;  // the server's or libpq's own words
    // Set on a report that is ok() when the login can do nothing useful there (no grants in
    // this store): what it means and whom to ask (translated).
    QString warning;
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
    bool canOperate = false; // an operator grant (or the owner): some actions allowed
    bool canRead = false;    // an operator or viewer grant (or the owner): some runs visible
    // The login's grants in this store, as ConnectionCheck read them; nullopt when not read.
    std::optional<AccessScope> access;
    int serverVersion = 0; // e.g. 150018
    int schemaVersion = 0; // dedup.schema_migrations
    // The store's id (StoreId), which dedup:// links name; null when the login cannot read
    // it (no grant in this store): the console then makes no links.
    QUuid storeId;
    bool ssl = false; // the connection is encrypted (tls.inUse)
    // How the connection is protected: protocol, the server certificate's subject, sslmode.
    TlsState tls;
    // Whether the server replicates, and whether its commits wait for a standby: what a
    // failover may take back. nullopt when not read.
    std::optional<ReplicationMode> replication;

    bool ok() const { return failure == Failure::None; }
    // "operator", "viewer (read-only)" or "no access": the coarse role, for texts that have
    // no room for the grants.
    QString roleDescription() const {
        return canOperate ? tr("operator") : canRead ? tr("viewer (read-only)") : tr("no access");
    }
    // The grants, or what canOperate / canRead stand for when they were not read.
    AccessScope effectiveAccess() const {
        if (access)
            return *access;
        if (!canOperate && !canRead)
            return {};
        AccessGrant everything; // every workflow, every scope
        everything.login = currentUser;
        everything.capability =
            (canOperate ? AccessScope::Operator : AccessScope::Viewer).toString();
        return AccessScope::fromGrants({everything});
    }
    // For the status bar: the grants' summary ("operator for clinic-42/*"), or
    // roleDescription() when they were not read.
    QString accessSummary() const { return access ? access->summary() : roleDescription(); }
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::ConnectionReport)
