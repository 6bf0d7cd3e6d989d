#pragma once

#include "store/OperatorResult.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// The first broken link of the audit hash chain (one dedup.verify_audit() row).
struct AuditBreak {
    enum class Problem {
        Hash,     // "hash": row `id` was changed (expected = recomputed hash, actual = stored)
        PrevHash, // "prev_hash": a row before `id` was removed, inserted or re-hashed
                  // (expected = the previous row's hash, actual = the stored prev_hash)
        Tail,     // "tail": rows were removed from the end (id / expected = the chain head,
                  // actual = the last hash present)
        Time,     // "time": row `id` is earlier than the row before it, which the chain
                  // trigger never writes (0013): a row slipped in past it, e.g. back-dated
                  // (expected = the previous row's time, actual = this row's, UTC ISO 8601)
        Other,    // a problem name this binary does not know (shown as text)
    };
    qint64 id = 0;
    Problem problem = Problem::Other;
    QString problemText; // as the server named it
    QString expected;
    QString actual;
};

struct AuditVerification {
    std::optional<AuditBreak> firstBreak; // nullopt: the chain is intact
    // The chain head (dedup.audit_head) read in the same statement. Anchor it outside the
    // database: someone who rewrites every later hash and the head is not detectable from
    // inside. 0 / empty when the head row is missing (itself a break).
    qint64 headId = 0;
    QString headHash;

    bool ok() const { return !firstBreak.has_value(); }
};

// Checks the audit log's hash chain with dedup.verify_audit() (any of operator or viewer).
class AuditVerifier {
    Q_DECLARE_TR_FUNCTIONS(AuditVerifier)

public:
    explicit AuditVerifier(PgConnection &connection);

    OperatorResult<AuditVerification> verify();

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
