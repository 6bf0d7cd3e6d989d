#pragma once

#include "store/DemoRunCounts.h"
#include "store/PgError.h"

#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// What `dedupctl demo` prints every few seconds (one full count of dedup.runs: the demo
// store is small and private, so no cap or index path is needed here), and what the
// console's demo session reports about the store it started.
class DemoQueries {
public:
    struct StoreFacts {
        QString currentUser;
        int serverVersion = 0; // server_version_num, e.g. 150004
        int schemaVersion = 0; // the newest applied migration
    };

    explicit DemoQueries(PgConnection &connection)
        : m_conn(connection) {}

    std::optional<DemoRunCounts> runCounts(PgError *error);
    std::optional<StoreFacts> storeFacts(PgError *error);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
