#pragma once

#include "store/CorrelationSnapshot.h"
#include "store/PgError.h"
#include "store/PgResult.h"
#include "store/RunQueries.h"

#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// The SQL behind the correlation view (SPEC 7 "Correlation view"): every run sharing a
// correlation id, oldest first, with a per-run summary of its steps. One statement: an index
// range of runs_correlation_idx (correlation_id, created_at, id) in order, and for each run
// one aggregate over its steps_pkey range (a LATERAL join), so the cost grows with the runs
// of the correlation, never with the store.
class CorrelationQueries {
public:
    static constexpr int DefaultLimit = 500;

    // At most limit + 1 runs (the extra one says "more"). `ofRun` > 0: the runs sharing the
    // correlation id of that run instead (correlationId is then only shown): a login that
    // reads correlation ids hashed cannot search by the hash (0016_protected_columns.sql).
    static RunQuery runs(const QString &correlationId, int limit, qint64 ofRun = 0);
    // At most `limit` runs; *more when the extra row came back.
    static QList<CorrelatedRun> readRuns(const PgResult &result, int limit, bool *more);

    // One statement (one snapshot). std::nullopt with *error on failure; an unknown id is an
    // empty snapshot.
    static std::optional<CorrelationSnapshot> read(PgConnection &connection,
                                                   const QString &correlationId, int limit,
                                                   PgError *error, qint64 ofRun = 0);
};

} // namespace dedup::store
