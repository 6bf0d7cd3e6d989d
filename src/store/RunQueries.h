#pragma once

#include "store/PgParams.h"
#include "store/PgResult.h"
#include "store/RunFilter.h"
#include "store/RunRow.h"

#include <QList>
#include <QString>

namespace dedup::store {

class PgConnection;

// One statement and its parameters. Values only ever travel in `params`.
struct RunQuery {
    QString sql;
    PgParams params;
};

// How many runs match a filter: exact up to a cap, else the planner's estimate.
struct RunCount {
    qint64 value = 0;         // the exact count; when !exact the estimate, or cap + 1 without one
    bool exact = true;        // false: more than `cap` runs matched
    qint64 cap = 0;           // where the exact count stopped
    bool hasEstimate = false; // !exact and the planner estimated more than `cap`
};

// The SQL behind the runs list (docs/CONSOLE.md "Runs", docs/PERFORMANCE.md "Targets").
// Parameterised statements only; every one is shaped so that an index of 0001_tables.sql answers
// it without reading the table:
//
//   * newest-first keyset pages: ORDER BY created_at DESC, id DESC LIMIT n, continued with
//     (created_at, id) < cursor, which btree takes as an index condition (also after an
//     equality on status / workflow / scope in the composite indexes);
//   * several statuses: one UNION ALL branch per status, each an index scan of
//     (status | workflow+status, created_at, id) with its own LIMIT, merged by a Merge Append
//     that stops after n rows. `status = ANY($1)` cannot use those indexes in order: the
//     planner either sorts every matching run or walks runs_created_idx filtering by status,
//     which reads through all newer runs when the statuses are rare (measured: 190,000 rows
//     read for one page on 200,000 runs where the chosen statuses were old);
//   * key prefix: idem_key ^@ 'prefix' (starts_with: the columns are COLLATE "C", so a btree
//     answers it as a range, and unlike LIKE it is leakproof, which row-level security
//     requires of an index condition), still newest first. No index orders "the runs whose
//     key starts with P" by time for every P, and walking runs_created_idx while filtering
//     the key reads every newer run first (2 s on 10 million runs for a prefix two months
//     old). So the list walks six-hour buckets from the newest: per bucket, the prefix's
//     range in runs_bucket_key_idx (bucket, idem_key, created_at, id), index-only, sorted in
//     memory; an empty bucket is one probe. The work is bounded by one bucket's matches plus
//     one probe per bucket passed, not by the store's size; the other criteria apply to the
//     run rows joined by id;
//   * counts: exact count(*) of the first cap + 1 runs of the list (bounded work, the same
//     index-ordered plans as the pages; an unordered LIMIT subquery gets a sequential scan),
//     and past the cap the planner's row estimate (EXPLAIN, never executed).
class RunQueries {
public:
    // Runs of the filter newest first, strictly after `after` (the first page when invalid),
    // at most `limit`.
    static RunQuery page(const RunFilter &filter, const RunKey &after, int limit);
    // Runs of the filter newest first from the newest down to `bottom` inclusive, at most
    // `limit`: re-reads a loaded window after a resync.
    static RunQuery window(const RunFilter &filter, const RunKey &bottom, int limit);
    // Those of `ids` that exist and match the filter, newest first (live refresh).
    static RunQuery rowsById(const RunFilter &filter, const QList<qint64> &ids);
    // count(*) of at most cap + 1 runs of the filter.
    static RunQuery cappedCount(const RunFilter &filter, qint64 cap);
    // (created_at, id) of at most `limit` runs of the filter, newest first: the keyset
    // alone, which no column protection hides, for callers that read rows their own way.
    static RunQuery keys(const RunFilter &filter, qint64 limit);
    // EXPLAIN (FORMAT JSON) of the filter's count: the planner's row estimate.
    static RunQuery estimate(const RunFilter &filter);

    static QList<RunRow> readRows(const PgResult &result);
    // The top plan node's "Plan Rows" of an estimate() result; -1 when unreadable.
    static qint64 readEstimate(const PgResult &result);

    // The count from a cappedCount() answer and, when that passed the cap, estimate()'s.
    static RunCount makeCount(qint64 counted, qint64 cap, qint64 estimated);

    // Sets the session's statement_timeout (0 = none): long list queries then fail with
    // SQLSTATE 57014 instead of holding a connection (and the operator) indefinitely. And
    // turns JIT compilation off: the console's statements are short index scans, but under
    // row-level security the planner costs a LIMIT over a policy-filtered scan as the whole
    // scan, so JIT would compile for 80-250 ms (measured on 10 million runs) to read a page.
    static PgResult applySessionSettings(PgConnection &connection, int statementTimeoutMs);

    // `prefix` as a LIKE pattern matching exactly the keys that start with it.
    static QString likePrefixPattern(const QString &prefix);
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::RunCount)
