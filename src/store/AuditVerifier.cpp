#include "store/AuditVerifier.h"

#include "store/PgConnection.h"
#include "store/PgResult.h"

namespace dedup::store {

AuditVerifier::AuditVerifier(PgConnection &connection)
    : m_conn(connection) {}

OperatorResult<AuditVerification> AuditVerifier::verify() {
    // One statement, so the head and the verification see the same snapshot. FULL JOIN ON
    // true: one row whether the chain is intact (no verify_audit row), broken, or the head
    // row is missing.
    const PgResult result = m_conn.exec(
        QStringLiteral("SELECT v.id, v.problem, v.expected, v.actual, h.last_id, h.last_hash"
                       " FROM (SELECT * FROM dedup.verify_audit()) v"
                       " FULL JOIN dedup.audit_head h ON true"));
    if (!result.ok())
        return OperatorResult<AuditVerification>::failure(result.error());

    AuditVerification verification;
    if (result.rows() == 0) {
        // No head and no verdict: cannot happen with the shipped function; report it as a
        // break rather than as an intact chain.
        AuditBreak missing;
        missing.problemText = tr("the audit chain head is missing");
        verification.firstBreak = missing;
        return OperatorResult<AuditVerification>::success(verification);
    }
    verification.headId = result.toInt64(0, "last_id");
    verification.headHash = result.text(0, "last_hash");
    if (!result.isNull(0, "problem")) {
        AuditBreak link;
        link.id = result.toInt64(0, "id");
        link.problemText = result.text(0, "problem");
        link.problem = link.problemText == QLatin1String("hash") ? AuditBreak::Problem::Hash
                       : link.problemText == QLatin1String("prev_hash")
                           ? AuditBreak::Problem::PrevHash
                       : link.problemText == QLatin1String("tail") ? AuditBreak::Problem::Tail
                       : link.problemText == QLatin1String("time") ? AuditBreak::Problem::Time
                                                                   : AuditBreak::Problem::Other;
        link.expected = result.text(0, "expected");
        link.actual = result.text(0, "actual");
        verification.firstBreak = link;
    } else if (result.isNull(0, "last_id")) {
        AuditBreak missing;
        missing.problemText = tr("the audit chain head is missing");
        verification.firstBreak = missing;
    }
    return OperatorResult<AuditVerification>::success(verification);
}

} // namespace dedup::store
