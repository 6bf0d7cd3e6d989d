#pragma once

#include <QString>

#include <optional>

namespace dedup::store {

// What dedup.verify_audit() and the chain's head say about the audit log, read in the
// caller's snapshot. intact: verify_audit() found nothing; else the first problem it named.
struct AuditChainStatus {
    qint64 rows = 0; // rows in audit_log
    bool intact = true;
    std::optional<qint64> brokenId;  // NULL when the problem has no row (an empty chain's tail)
    QString problem;                 // "hash" | "prev_hash" | "tail" | "time" | newer ones
    std::optional<QString> expected; // as the server wrote them; nullopt for SQL NULL
    std::optional<QString> actual;
    std::optional<qint64> headId; // nullopt: audit_head has no row
    QString headHash;
};

} // namespace dedup::store
