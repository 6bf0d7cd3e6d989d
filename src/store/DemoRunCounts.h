#pragma once

#include <QtGlobal>

namespace dedup::store {

// The demo's one-line status (`dedupctl demo`): runs by what an operator would look at.
struct DemoRunCounts {
    qint64 total = 0;
    qint64 succeeded = 0;
    qint64 failed = 0;
    qint64 manualReview = 0;
    qint64 stuck = 0;      // processing, lease expired
    qint64 processing = 0; // processing, lease live
};

} // namespace dedup::store
