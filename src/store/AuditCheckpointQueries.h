#pragma once

#include "store/AuditCheckpoint.h"
#include "store/AuditCheckpointCheck.h"
#include "store/OperatorResult.h"

namespace dedup::store {

class PgConnection;

// The database side of audit checkpoints (0013_audit_checkpoints.sql), for whoever may
// verify the chain (an operator or viewer grant, or the owner). Each call is one statement;
// to read several in one snapshot, the caller opens a REPEATABLE READ transaction around them.
class AuditCheckpointQueries {
public:
    explicit AuditCheckpointQueries(PgConnection &connection);

    // The head as dedup.audit_checkpoint() reads it: lastId, lastHash, rowCount and
    // serverTime set; keyId and signature empty (AuditCheckpoint::signedWith).
    OperatorResult<AuditCheckpoint> head();
    // Whether today's chain still holds `checkpoint`'s row with its hash and verifies up to
    // it. The signature is not looked at here (AuditCheckpoint::verifiedWith). A checkpoint
    // of an empty chain (lastId 0) holds without asking the server.
    OperatorResult<AuditCheckpointCheck> check(const AuditCheckpoint &checkpoint);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
