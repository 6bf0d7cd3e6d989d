#pragma once

#include "store/BulkItemOutcome.h"
#include "store/BulkState.h"
#include "store/ProtocolResult.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>

namespace dedup::store {
class BulkOperations;
}

namespace dedup::actions {

// Where a BulkRunner is.
enum class BulkPhase {
    Idle,      // nothing started or attached
    Preparing, // creating the operation and freezing its runs
    Running,   // this runner applies batches
    Paused,    // paused (by anyone): waiting for resume or abort
    Watching,  // another console applies it; this one follows its progress
    Finished,  // every item is applied, changed or failed: report()
    Aborted,   // stopped for good; pending items were never applied: report()
    Failed,    // stopped on an error that retrying cannot fix (permissions, a bad request)
};

// The end of a bulk operation: the server's counts (dedup.bulk_summary) and the items that
// were not applied, with why.
struct BulkReport {
    Q_DECLARE_TR_FUNCTIONS(BulkReport)

public:
    store::BulkState state;
    QList<store::BulkItemOutcome> failedItems;  // at most the runner's report limit
    QList<store::BulkItemOutcome> changedItems; // skipped: the run changed since selection
    bool moreFailed = false;                    // more failed items than listed
    bool moreChanged = false;

    // "3,000 runs: 2,950 applied, 50 skipped because they changed, 0 failed."
    QString summary() const;

    // Reads the failed and the changed items of `bulkId`, at most `limit` of each, into this
    // report (state is the caller's). The failed call's error otherwise.
    store::ProtocolStatus readItems(store::BulkOperations &operations, const QString &bulkId,
                                    int limit);
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::BulkPhase)
Q_DECLARE_METATYPE(dedup::actions::BulkReport)
