#pragma once

#include "store/AuditChainStatus.h"
#include "store/PgError.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// The audit chain's verdict for `dedupctl verify-audit`: dedup.verify_audit() and the head
// row. Reads in whatever transaction the caller holds, so that the verdict, the row count and
// the checkpoints' answers (AuditCheckpointQueries) describe one chain.
class AuditChainQueries {
public:
    explicit AuditChainQueries(PgConnection &connection)
        : m_conn(connection) {}

    std::optional<AuditChainStatus> read(PgError *error);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
