#pragma once

#include <QtGlobal>

namespace dedup::store {

// Runs deleted by dedup.purge_expired() (or counted as expired), in total and by the status
// they had: only finished runs expire (the schema keeps expires_at NULL otherwise).
struct PurgeCounts {
    qint64 deleted = 0;
    qint64 succeeded = 0;
    qint64 failed = 0;
    qint64 cancelled = 0;

    PurgeCounts &operator+=(const PurgeCounts &other) {
        deleted += other.deleted;
        succeeded += other.succeeded;
        failed += other.failed;
        cancelled += other.cancelled;
        return *this;
    }
};

} // namespace dedup::store
