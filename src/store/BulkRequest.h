#pragma once

#include "store/BulkAction.h"

#include <QJsonObject>
#include <QString>

namespace dedup::store {

// What to create (op_bulk_create). `id` identifies the operation for its whole life: keep it
// across retries so a resend after a lost connection creates nothing new.
struct BulkRequest {
    QString id; // a UUID: BulkOperations::newBulkId()
    BulkAction action = BulkAction::Cancel;
    // rerun_uncertain (bool), assignee (text), resolution (succeeded | cancelled | continue)
    QJsonObject params;
    QString reason;
    QJsonObject selection; // how the set was chosen, for the audit
};

} // namespace dedup::store
