#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;
struct PgError;

// Where a streaming-replication standby stands against its primary, for the
// console's status bar and for the connection check. docs/SCALING.md section 2 defines the
// terms.
//
// "Caught up" compares WAL positions, never clocks: the standby has replayed at least up to
// the primary's pg_current_wal_lsn() read just before (readPrimary() first, then read()), which
// covers every commit acknowledged by then (with synchronous_commit off on the primary, the
// last wal_writer_delay of commits may not be counted yet). The
// timestamp figure, now() - pg_last_xact_replay_timestamp(), is only how old the last
// replayed commit is: on an idle primary it grows without any real lag, so it is reported as
// the lag only while the standby is behind by position (lagSeconds()).
struct ReplicationStatus {
    Q_DECLARE_TR_FUNCTIONS(ReplicationStatus)

public:
    // The primary's side of the comparison.
    struct PrimaryPosition {
        QString lsn;              // pg_current_wal_lsn(), e.g. "0/3000148"; empty if unknown
        QString systemIdentifier; // pg_control_system().system_identifier (a bigint, as text)
        bool inRecovery = false;  // a "primary" that is itself a standby (cascading)
    };

    bool inRecovery = false;   // pg_is_in_recovery(): false on a primary or promoted standby
    bool replayPaused = false; // pg_wal_replay_pause() is in effect
    QString receiveLsn;        // pg_last_wal_receive_lsn(): streamed so far; empty when none
    QString replayLsn;         // pg_last_wal_replay_lsn(): applied so far; empty when none
    // The primary's commit time of the last transaction replayed (invalid before the first).
    QDateTime lastReplayedCommit;
    // now() - lastReplayedCommit on the standby's clock, in seconds.
    std::optional<double> replayDelaySeconds;
    QString systemIdentifier;
    QString database; // current_database()
    QDateTime readAt; // the standby's now()

    // Filled when read() was given the primary's position.
    QString primaryLsn;
    // pg_wal_lsn_diff(primary, replayed): bytes of WAL not applied yet (never negative: a
    // standby read after the primary may be ahead of the position read before).
    std::optional<qint64> lagBytes;

    // Whether the comparison with the primary could be made.
    bool comparedWithPrimary() const { return lagBytes.has_value(); }
    // Replayed everything the primary had written when it was asked. Without the primary's
    // position: everything received is replayed (the best the standby alone can say).
    bool caughtUp() const;
    // 0 when caught up; otherwise the age of the last replayed commit (nullopt when unknown).
    std::optional<double> lagSeconds() const;
    // For the status bar: "caught up", "12 kB behind (4 s)", "replay paused, ...".
    QString lagText() const;

    // The standby's state. `primaryLsn` (from readPrimary(), read just before) may be empty.
    static std::optional<ReplicationStatus> read(PgConnection &standby, const QString &primaryLsn,
                                                 PgError *error);
    static std::optional<PrimaryPosition> readPrimary(PgConnection &primary, PgError *error);
    // "1.5 MB", "12 kB", "300 B".
    static QString bytesText(qint64 bytes);
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::ReplicationStatus)
Q_DECLARE_METATYPE(dedup::store::ReplicationStatus::PrimaryPosition)
