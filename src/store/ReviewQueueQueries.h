#pragma once

#include "store/ReviewQueueRow.h"

#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;
struct PgError;

// The SQL behind the review queue: runs in manual_review, oldest review first, read through
// runs_review_queue_idx (review_at, id) WHERE status = 'manual_review' (docs/PROTOCOL.md
// section 3), so the list and its capped count cost what the queue holds, never the store.
// Workflow, scope, assignee and key prefix are filters on the queue's own rows: the queue is
// a small part of the store by nature (an operator works through it).
//
// Keys, correlation ids, review reasons and errors are read through dedup.runs_redacted
// (0016_protected_columns.sql): for any login but the store owner they are keyed hashes
// ('h:' and 16 hex digits; the error's class stays readable), and the key-prefix filter is
// answered by dedup.run_ids_by_key_prefix.
class ReviewQueueQueries {
public:
    // The first `limit` runs of the filter and their count (exact up to `countCap`), in one
    // read-only REPEATABLE READ snapshot. `me` empty: the login role (session_user).
    static std::optional<ReviewQueueSnapshot> read(store::PgConnection &connection,
                                                   const ReviewQueueFilter &filter,
                                                   const QString &me, int limit, qint64 countCap,
                                                   store::PgError *error);
};

} // namespace dedup::store
