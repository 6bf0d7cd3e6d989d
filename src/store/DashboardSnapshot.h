#pragma once

#include "store/DashboardCount.h"
#include "store/DashboardRange.h"
#include "store/DashboardReviewQueue.h"
#include "store/DashboardSample.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// Everything the Dashboard shows, read in one REPEATABLE READ snapshot
// (DashboardQueries::read).
struct DashboardSnapshot {
    DashboardRange range;
    QDateTime serverNow;
    QDateTime from;                 // start of the first bucket (UTC)
    QDateTime to;                   // end of the last bucket (exclusive)
    int grain = 0;                  // the rollup grain the counts were read at, seconds
    QList<DashboardCount> counts;   // ordered by bucket, metric, series, error class
    qint64 stuckNow = 0;            // processing runs whose lease has expired, now
    QList<DashboardSample> samples; // ordered by bucket
    // Whether the login reads the whole store. The samples (stuck and review over time) are
    // store-wide and only for such readers: a login limited to workflows or scope prefixes
    // gets none, while its other figures cover exactly the runs it may read.
    bool storeWide = true;
    DashboardReviewQueue review;
    qint64 folded = -1;   // deltas folded by the refresh before the read; -1: none ran
    QString refreshError; // why the refresh before the read failed (the read went on)
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::DashboardSnapshot)
