#pragma once

#include <QString>

namespace dedup::store {

// One run of the frozen set: the token and status the operator saw when selecting it. The
// run is acted on only if both still hold when its turn comes.
struct BulkItem {
    qint64 runId = 0;
    qint64 expectedToken = 0;
    QString expectedStatus; // as stored, e.g. "failed"
};

} // namespace dedup::store
