#pragma once

#include "store/PgError.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// Whether a connection reaches PostgreSQL through a connection pooler (PgBouncer and the
// like): the backend process id libpq was told when it connected (the cancel key, which a
// pooler makes up for its client) is not the server process that answers statements.
//
// Behind a pooler in transaction mode each transaction may run in another server session, so
// anything that lives in a session is lost between two transactions: LISTEN, session
// advisory locks, settings made with SET or set_config(..., false). The run protocol needs
// none of those (docs/SCALING.md, "Behind a connection pooler"); migrations (a session lock)
// and the console (LISTEN, the audit's session settings) do, and refuse a pooler.
class PoolerCheck {
public:
    // One statement; nullopt with *error when it failed.
    static std::optional<bool> throughPooler(PgConnection &connection, PgError *error);
    // For a caller that read pg_backend_pid() in a statement of its own.
    static bool throughPooler(const PgConnection &connection, qint64 serverPid);
};

} // namespace dedup::store
