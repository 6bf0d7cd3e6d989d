#pragma once

#include <QString>

namespace dedup::store {

// What one batch did to one item (op_bulk_step), or an item of the final report.
struct BulkItemOutcome {
    qint64 runId = 0;
    QString state; // applied | changed | failed (| pending in a report)
    QString detail;
    qint64 auditId = 0; // 0 when no audit row was written (changed before the call, failed)
};

} // namespace dedup::store
