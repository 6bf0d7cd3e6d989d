#pragma once

#include "store/PgError.h"
#include "store/RunQueries.h"

#include <QStringList>

#include <optional>

namespace dedup::store {

class PgConnection;

// EXPLAIN (ANALYZE, BUFFERS) of one of the store's statements, for tools that show whether
// the indexes serve it (`dedupctl stale --explain`). ANALYZE runs the statement: use it for
// reads only.
class QueryPlan {
public:
    static std::optional<QStringList> explainAnalyze(PgConnection &connection,
                                                     const RunQuery &query, PgError *error);
};

} // namespace dedup::store
