#include "store/ReplicationMode.h"

#include "store/PgConnection.h"

namespace dedup::store {

ReplicationMode::Kind ReplicationMode::kindOf(const QString &standbyNames,
                                              const QString &synchronousCommit,
                                              int streamingStandbys) {
    // synchronous_commit = local or off commits without waiting for any standby, whatever
    // synchronous_standby_names says.
    static const QStringList waiting{QStringLiteral("on"), QStringLiteral("remote_write"),
                                     QStringLiteral("remote_apply")};
    if (!standbyNames.trimmed().isEmpty() && waiting.contains(synchronousCommit))
        return Kind::Synchronous;
    return streamingStandbys > 0 ? Kind::Asynchronous : Kind::None;
}

std::optional<ReplicationMode> ReplicationMode::read(PgConnection &conn, PgError *error) {
    const PgResult result =
        conn.exec(QStringLiteral("SELECT pg_catalog.current_setting('synchronous_standby_names'),"
                                 " pg_catalog.current_setting('synchronous_commit'),"
                                 " (SELECT count(*) FROM pg_catalog.pg_stat_replication),"
                                 " CASE WHEN pg_catalog.pg_has_role('pg_read_all_stats', 'USAGE')"
                                 "      THEN (SELECT count(*) FROM pg_catalog.pg_stat_replication"
                                 "            WHERE sync_state IN ('sync', 'quorum')) END"));
    if (!result.ok() || result.rows() != 1) {
        if (error)
            *error = result.error();
        return std::nullopt;
    }
    ReplicationMode mode;
    mode.standbyNames = result.text(0, 0);
    mode.synchronousCommit = result.text(0, 1);
    mode.streamingStandbys = int(result.toInt64(0, 2));
    if (!result.isNull(0, 3))
        mode.synchronousStandbys = int(result.toInt64(0, 3));
    mode.kind = kindOf(mode.standbyNames, mode.synchronousCommit, mode.streamingStandbys);
    return mode;
}

bool ReplicationMode::isWarning() const {
    return kind == Kind::Asynchronous || (kind == Kind::Synchronous && streamingStandbys == 0);
}

QString ReplicationMode::shortText() const {
    switch (kind) {
    case Kind::Synchronous:
        return tr("synchronous replication");
    case Kind::Asynchronous:
        return tr("asynchronous replication");
    case Kind::None:
        break;
    }
    return tr("no replication");
}

QString ReplicationMode::explanation() const {
    const QString standbys =
        synchronousStandbys
            ? tr("%n standby(s) streaming, %1 of them synchronous", nullptr, streamingStandbys)
                  .arg(*synchronousStandbys)
            : tr("%n standby(s) streaming", nullptr, streamingStandbys);
    switch (kind) {
    case Kind::Synchronous:
        if (streamingStandbys == 0)
            return tr("Commits wait for a synchronous standby (synchronous_standby_names = %1), "
                      "but none is streaming from this server: every commit waits until one "
                      "connects.")
                .arg(standbyNames);
        return tr("Synchronous replication (synchronous_standby_names = %1, synchronous_commit "
                  "= %2; %3): a commit is acknowledged once a standby has it, so a failover "
                  "loses no claim or step start, and no side effect runs twice because of it.")
            .arg(standbyNames, synchronousCommit, standbys);
    case Kind::Asynchronous:
        return tr("Asynchronous replication (%1; synchronous_commit = %2): a failover may lose "
                  "the last commits. A claim or a step start lost that way can let a "
                  "redelivery do a side effect twice, and a finished run can come back as "
                  "stuck. Use a synchronous standby for the store (see RELIABILITY.md, "
                  "\"Failover\").")
            .arg(standbys, synchronousCommit);
    case Kind::None:
        break;
    }
    return tr("No standby streams from this server: there is nothing to fail over to; a "
              "crash is recovered from this server's own WAL.");
}

} // namespace dedup::store
