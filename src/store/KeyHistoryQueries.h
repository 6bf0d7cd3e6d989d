#pragma once

#include "store/KeyHistory.h"
#include "store/PgError.h"

#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// The SQL behind a key's history (docs/PROTOCOL.md "A key's history"; the run detail's
// Deliveries tab and `dedupctl key`). The store answers only for runs the login may read
// (dedup.key_history_counts and dedup.key_history check the login's grants); nothing here
// reads a key or another protected value, so nothing needs redacting.
class KeyHistoryQueries {
public:
    static constexpr int DefaultLimit = 20;
    static constexpr int MaxLimit = 100; // what dedup.key_history returns at most
    // How many counted duplicates of a run the store keeps one by one
    // (dedup.duplicate_deliveries.recent, 0025); the others are only counted.
    static constexpr int KeptDuplicates = 3;

    // The run, its counts and its newest `limit` deliveries in one read-only snapshot.
    // std::nullopt with *error when a statement fails; a run that does not exist or that the
    // login may not read gives found == false.
    static std::optional<KeyHistory> read(PgConnection &connection, qint64 runId, int limit,
                                          PgError *error);

    // The run that (scope, key) made, if the login may read it: 0 when there is none (no such
    // key in that scope, or not readable). Found by the store (dedup.run_ids_by_key): the key
    // is sent, never read back.
    static std::optional<qint64> runIdByKey(PgConnection &connection, const QString &scope,
                                            const QString &key, PgError *error);
};

} // namespace dedup::store
