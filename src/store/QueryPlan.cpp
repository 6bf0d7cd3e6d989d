#include "store/QueryPlan.h"

#include "store/PgConnection.h"

namespace dedup::store {

std::optional<QStringList> QueryPlan::explainAnalyze(PgConnection &connection,
                                                     const RunQuery &query, PgError *error) {
    const PgResult plan =
        connection.exec(QStringLiteral("EXPLAIN (ANALYZE, BUFFERS) ") + query.sql, query.params);
    if (!plan.ok()) {
        *error = plan.error();
        return std::nullopt;
    }
    QStringList lines;
    for (int row = 0; row < plan.rows(); ++row)
        lines << plan.text(row, 0);
    return lines;
}

} // namespace dedup::store
