#pragma once

#include "store/DemoRunCounts.h"
#include "store/PgError.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// What `dedupctl demo` prints every few seconds. One full count of dedup.runs: the demo
// store is small and private, so no cap or index path is needed here.
class DemoQueries {
public:
    explicit DemoQueries(PgConnection &connection)
        : m_conn(connection) {}

    std::optional<DemoRunCounts> runCounts(PgError *error);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
