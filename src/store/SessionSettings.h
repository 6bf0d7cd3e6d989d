#pragma once

namespace dedup::store {

class PgConnection;

// Session-level settings a tool sets on its own connection.
class SessionSettings {
public:
    // Only warnings and errors reach the client: installing the simulator's schema
    // (IF NOT EXISTS ...) otherwise prints a NOTICE per object on every run. Best effort: a
    // failure only leaves the notices on.
    static void quietNotices(PgConnection &connection);
};

} // namespace dedup::store
