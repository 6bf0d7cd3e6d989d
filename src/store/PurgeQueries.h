#pragma once

#include "store/PgError.h"
#include "store/PurgeCounts.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// Retention (docs/CLI.md, "dedupctl purge"): the store's purge_expired() and a dry-run count
// with the same predicate. Each batch is its own statement in autocommit, so an interrupted
// purge keeps the batches it finished and the one in flight is all or nothing.
class PurgeQueries {
public:
    // purge_expired's own bound (DD004 beyond it).
    static constexpr int MaxBatch = 100000;

    explicit PurgeQueries(PgConnection &connection)
        : m_conn(connection) {}

    // Deletes at most `batch` expired runs; deleted == 0 when none are left.
    std::optional<PurgeCounts> purgeBatch(int batch, PgError *error);
    // The expired runs purgeBatch() would delete, counted (nothing is deleted).
    std::optional<PurgeCounts> countExpired(PgError *error);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
