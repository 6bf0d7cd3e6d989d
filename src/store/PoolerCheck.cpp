#include "store/PoolerCheck.h"

#include "store/PgConnection.h"

namespace dedup::store {

std::optional<bool> PoolerCheck::throughPooler(PgConnection &connection, PgError *error) {
    const PgResult pid = connection.exec(QStringLiteral("SELECT pg_catalog.pg_backend_pid()"));
    if (!pid.ok()) {
        *error = pid.error();
        return std::nullopt;
    }
    return throughPooler(connection, pid.toInt64(0, 0));
}

bool PoolerCheck::throughPooler(const PgConnection &connection, qint64 serverPid) {
    return qint64(connection.backendPid()) != serverPid;
}

} // namespace dedup::store
