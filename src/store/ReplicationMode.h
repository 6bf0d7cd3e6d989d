#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;
struct PgError;

// Whether the server the console is connected to replicates to standbys, and whether its
// commits wait for one: what a failover may take back (docs/RELIABILITY.md, "Failover").
// With asynchronous replication a claim or a step start acknowledged by the old primary may
// be missing on the promoted standby, so a redelivery can do a side effect twice; with a
// synchronous standby it cannot.
//
// Read from settings and pg_stat_replication, which any login may read: the number of WAL
// senders is visible to all, their sync_state only to members of pg_read_all_stats (then
// synchronousStandbys is set). synchronous_commit is this session's value: the default for
// every session unless a role, a database or the caller changed it.
struct ReplicationMode {
    Q_DECLARE_TR_FUNCTIONS(ReplicationMode)

public:
    enum class Kind {
        None,         // no standby streams from this server and none is waited for
        Asynchronous, // standbys stream, commits do not wait for them
        Synchronous,  // commits wait for synchronous_standby_names
    };

    Kind kind = Kind::None;
    QString standbyNames;      // synchronous_standby_names ("" when unset)
    QString synchronousCommit; // synchronous_commit ("on", "remote_apply", "off", ...)
    int streamingStandbys = 0; // WAL senders (pg_stat_replication rows)
    // Standbys in sync_state 'sync' or 'quorum'; nullopt when this login may not see it.
    std::optional<int> synchronousStandbys;

    // A warning is due: asynchronous replication, or synchronous with no standby streaming
    // (every commit then waits).
    bool isWarning() const;
    // For the status bar: "synchronous replication", "asynchronous replication",
    // "no replication".
    QString shortText() const;
    // What it means for exactly-once, a sentence or two, for a tooltip and the connection
    // check's message.
    QString explanation() const;

    static std::optional<ReplicationMode> read(PgConnection &conn, PgError *error);
    // The kind from the settings alone (what read() does with them).
    static Kind kindOf(const QString &standbyNames, const QString &synchronousCommit,
                       int streamingStandbys);
};

} // namespace dedup::store
