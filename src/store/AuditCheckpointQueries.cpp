#include "store/AuditCheckpointQueries.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/PgResult.h"

namespace dedup::store {

AuditCheckpointQueries::AuditCheckpointQueries(PgConnection &connection)
    : m_conn(connection) {}

OperatorResult<AuditCheckpoint> AuditCheckpointQueries::head() {
    // The time as audit_canonical renders `at`: microseconds, UTC, whatever the session's
    // TimeZone.
    const PgResult result = m_conn.exec(QStringLiteral(
        "SELECT last_id, last_hash, row_count,"
        " to_char(server_time AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
        " AS server_time FROM dedup.audit_checkpoint()"));
    if (!result.ok())
        return OperatorResult<AuditCheckpoint>::failure(result.error());
    if (result.rows() != 1) {
        PgError missing;
        missing.sqlState = QStringLiteral("DD008");
        missing.message = QStringLiteral("dedup.audit_head is missing");
        return OperatorResult<AuditCheckpoint>::failure(StoreErrorKind::AppendOnly, missing);
    }
    AuditCheckpoint checkpoint;
    checkpoint.lastId = result.toInt64(0, "last_id");
    checkpoint.lastHash = result.text(0, "last_hash");
    checkpoint.rowCount = result.toInt64(0, "row_count");
    checkpoint.serverTime = result.text(0, "server_time");
    return OperatorResult<AuditCheckpoint>::success(checkpoint);
}

OperatorResult<AuditCheckpointCheck>
AuditCheckpointQueries::check(const AuditCheckpoint &checkpoint) {
    AuditCheckpointCheck check;
    if (checkpoint.lastId == 0) {
        // Nothing was in the chain: nothing can have been taken from it.
        check.verdict = checkpoint.lastHash == QString(64, QLatin1Char('0'))
                            ? AuditCheckpointCheck::Verdict::Holds
                            : AuditCheckpointCheck::Verdict::HashDiffers;
        if (!check.holds())
            check.problemText = QStringLiteral("hash");
        return OperatorResult<AuditCheckpointCheck>::success(check);
    }
    PgParams params;
    params.add(checkpoint.lastId).add(checkpoint.lastHash);
    const PgResult result =
        m_conn.exec(QStringLiteral("SELECT holds, problem, hash, head_id, broken_id, broken_problem"
                                   " FROM dedup.audit_checkpoint_holds($1, $2)"),
                    params);
    if (!result.ok())
        return OperatorResult<AuditCheckpointCheck>::failure(result.error());
    if (result.rows() != 1) {
        PgError none;
        none.sqlState = QStringLiteral("XX000");
        none.message =
            QStringLiteral("dedup.audit_checkpoint_holds returned %1 rows").arg(result.rows());
        return OperatorResult<AuditCheckpointCheck>::failure(StoreErrorKind::Other, none);
    }
    check.problemText = result.text(0, "problem");
    check.storedHash = result.text(0, "hash");
    check.headId = result.toInt64(0, "head_id");
    check.brokenId = result.toInt64(0, "broken_id");
    check.brokenProblem = result.text(0, "broken_problem");
    using Verdict = AuditCheckpointCheck::Verdict;
    if (result.toBool(0, "holds"))
        check.verdict = Verdict::Holds;
    else if (check.problemText == QLatin1String("head"))
        check.verdict = Verdict::HeadBefore;
    else if (check.problemText == QLatin1String("missing"))
        check.verdict = Verdict::RowMissing;
    else if (check.problemText == QLatin1String("hash"))
        check.verdict = Verdict::HashDiffers;
    else if (check.problemText == QLatin1String("chain"))
        check.verdict = Verdict::ChainBroken;
    else
        check.verdict = Verdict::Other;
    return OperatorResult<AuditCheckpointCheck>::success(check);
}

} // namespace dedup::store
