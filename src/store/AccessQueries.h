#pragma once

#include "store/AccessScope.h"
#include "store/PgError.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// Reads what the connection's login may do in this store: dedup.my_access() (0010_access.sql),
// which answers for session_user, the login, whatever role is SET. The store owner and
// superusers get one row ('owner', NULL, NULL); a login without grants gets none.
class AccessQueries {
public:
    // nullopt with `error` when the call fails (e.g. the login may not use the schema, or the
    // store is older than 0010).
    static std::optional<AccessScope> mine(PgConnection &connection, PgError *error = nullptr);
};

} // namespace dedup::store
