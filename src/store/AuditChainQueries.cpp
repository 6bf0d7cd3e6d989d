#include "store/AuditChainQueries.h"

#include "store/PgConnection.h"

namespace dedup::store {

namespace {

std::optional<QString> textOrNull(const PgResult &result, const char *column) {
    if (result.isNull(0, column))
        return std::nullopt;
    return result.text(0, column);
}

} // namespace

std::optional<AuditChainStatus> AuditChainQueries::read(PgError *error) {
    const PgResult verdict = m_conn.exec(
        QStringLiteral("SELECT id, problem, expected, actual FROM dedup.verify_audit()"));
    if (!verdict.ok()) {
        *error = verdict.error();
        return std::nullopt;
    }
    // LEFT JOIN from one row: a missing head is a row of NULLs, not no row.
    const PgResult head = m_conn.exec(QStringLiteral(
        "SELECT (SELECT count(*) FROM dedup.audit_log) AS rows, h.last_id, h.last_hash"
        " FROM (SELECT 1) AS one LEFT JOIN dedup.audit_head h ON h.singleton"));
    if (!head.ok()) {
        *error = head.error();
        return std::nullopt;
    }
    AuditChainStatus status;
    status.rows = head.toInt64(0, "rows");
    if (!head.isNull(0, "last_id")) {
        status.headId = head.toInt64(0, "last_id");
        status.headHash = head.text(0, "last_hash");
    }
    status.intact = verdict.rows() == 0;
    if (!status.intact) {
        if (!verdict.isNull(0, "id"))
            status.brokenId = verdict.toInt64(0, "id");
        status.problem = verdict.text(0, "problem");
        status.expected = textOrNull(verdict, "expected");
        status.actual = textOrNull(verdict, "actual");
    }
    return status;
}

} // namespace dedup::store
