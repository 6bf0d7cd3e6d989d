#include "store/ReplicationStatus.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QLocale>

#include <algorithm>

namespace dedup::store {

bool ReplicationStatus::caughtUp() const {
    if (!inRecovery)
        return false;
    if (lagBytes)
        return *lagBytes <= 0;
    return !receiveLsn.isEmpty() && receiveLsn == replayLsn;
}

std::optional<double> ReplicationStatus::lagSeconds() const {
    if (caughtUp())
        return 0.0;
    return replayDelaySeconds;
}

QString ReplicationStatus::bytesText(qint64 bytes) {
    if (bytes >= 1024 * 1024)
        return tr("%1 MB").arg(QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', 1));
    if (bytes >= 1024)
        return tr("%1 kB").arg(QLocale().toString(double(bytes) / 1024.0, 'f', 0));
    return tr("%1 B").arg(QLocale().toString(bytes));
}

QString ReplicationStatus::lagText() const {
    if (!inRecovery)
        return tr("not a standby (promoted?)");
    QString text;
    if (caughtUp()) {
        text = tr("caught up");
    } else {
        const std::optional<double> seconds = lagSeconds();
        const QString age =
            seconds ? tr("%1 s").arg(QLocale().toString(std::max(0.0, *seconds), 'f', 1))
                    : tr("no commit replayed yet");
        text = lagBytes ? tr("%1 behind (%2)").arg(bytesText(*lagBytes), age)
                        : tr("behind (%1)").arg(age);
    }
    return replayPaused ? tr("replay paused, %1").arg(text) : text;
}

std::optional<ReplicationStatus::PrimaryPosition>
ReplicationStatus::readPrimary(PgConnection &primary, PgError *error) {
    // pg_current_wal_lsn() fails during recovery: a cascading "primary" has no position.
    const PgResult result = primary.exec(QStringLiteral(
        "SELECT CASE WHEN pg_catalog.pg_is_in_recovery() THEN NULL"
        "            ELSE pg_catalog.pg_current_wal_lsn()::text END AS lsn,"
        " (SELECT system_identifier::text FROM pg_catalog.pg_control_system()) AS sysid,"
        " pg_catalog.pg_is_in_recovery() AS in_recovery"));
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    PrimaryPosition position;
    position.lsn = result.text(0, "lsn");
    position.systemIdentifier = result.text(0, "sysid");
    position.inRecovery = result.toBool(0, "in_recovery");
    return position;
}

std::optional<ReplicationStatus>
ReplicationStatus::read(PgConnection &standby, const QString &primaryLsn, PgError *error) {
    PgParams params;
    params.add(primaryLsn);
    // NULLIF keeps an empty position from being cast (the CASE would not protect a constant).
    // pg_is_wal_replay_paused() fails outside recovery, hence its CASE.
    const PgResult result = standby.exec(
        QStringLiteral(
            "SELECT pg_catalog.pg_is_in_recovery() AS in_recovery,"
            " CASE WHEN pg_catalog.pg_is_in_recovery()"
            "      THEN pg_catalog.pg_is_wal_replay_paused() ELSE false END AS paused,"
            " pg_catalog.pg_last_wal_receive_lsn()::text AS receive_lsn,"
            " pg_catalog.pg_last_wal_replay_lsn()::text AS replay_lsn,"
            " pg_catalog.pg_last_xact_replay_timestamp() AS replay_ts,"
            " EXTRACT(epoch FROM now() - pg_catalog.pg_last_xact_replay_timestamp())::float8"
            "   AS replay_delay,"
            " (SELECT system_identifier::text FROM pg_catalog.pg_control_system()) AS sysid,"
            " pg_catalog.current_database()::text AS db, now() AS read_at,"
            " pg_catalog.pg_wal_lsn_diff(NULLIF($1, '')::pg_lsn,"
            "                            pg_catalog.pg_last_wal_replay_lsn())::bigint AS lag"),
        params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    ReplicationStatus status;
    status.inRecovery = result.toBool(0, "in_recovery");
    status.replayPaused = result.toBool(0, "paused");
    status.receiveLsn = result.text(0, "receive_lsn");
    status.replayLsn = result.text(0, "replay_lsn");
    status.lastReplayedCommit = result.toDateTime(0, "replay_ts");
    if (!result.isNull(0, "replay_delay"))
        status.replayDelaySeconds = result.toDouble(0, result.column("replay_delay"));
    status.systemIdentifier = result.text(0, "sysid");
    status.database = result.text(0, "db");
    status.readAt = result.toDateTime(0, "read_at");
    status.primaryLsn = primaryLsn;
    if (status.inRecovery && !result.isNull(0, "lag"))
        status.lagBytes = std::max<qint64>(0, result.toInt64(0, "lag"));
    return status;
}

} // namespace dedup::store
