#pragma once

#include <QtGlobal>

namespace dedup::store {

// The runs of one `dedupctl crash-test` (its scope prefix), by how they ended.
struct CrashTestOutcome {
    qint64 runs = 0;
    qint64 succeeded = 0;
    qint64 manualReview = 0;
    qint64 manualReviewUncertain = 0; // with a step in progress or uncertain
    qint64 failedFinal = 0;           // failed, not retryable
    qint64 unfinished = 0;            // processing, or failed and retryable: nobody will finish
};

} // namespace dedup::store
