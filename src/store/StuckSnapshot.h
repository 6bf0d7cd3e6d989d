#pragma once

#include "store/RunQueries.h"
#include "store/StuckRun.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>

#include <chrono>

namespace dedup::store {

// The Stuck list and its count, read in one snapshot. `runs` are the least recently alive
// stuck runs (lease_expires_at order, see StuckQueries.h), at most the list limit (`more`:
// there are others after them); `count` is exact up to its cap (count.exact false: more
// than count.cap runs are stuck, and count.value is cap + 1; no planner estimate is used).
struct StuckSnapshot {
    QList<StuckRun> runs;
    bool more = false;
    RunCount count;
    QDateTime serverNow;
    qint64 serverNowMicros = 0;             // serverNow exactly (epoch microseconds)
    std::chrono::milliseconds threshold{0}; // <= 0: only expired leases
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::StuckSnapshot)
