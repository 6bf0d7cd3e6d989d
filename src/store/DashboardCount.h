#pragma once

#include <QDateTime>
#include <QString>

namespace dedup::store {

// One cell of the Dashboard's counts (dedup.dashboard_counts plus the deltas not folded
// yet), summed over a bucket of the range's stride.
//   metric "runs":       runs created in the bucket now in status `series`; `errorClass` is
//                        their last error's class when failed or in review ('' none).
//   metric "duplicates": duplicate deliveries seen in the bucket, by outcome `series`
//                        (replay, in_progress, in_review, mismatch).
struct DashboardCount {
    QDateTime bucket; // start of the bucket (UTC)
    QString metric;
    QString series;
    QString errorClass;
    qint64 n = 0;

    friend bool operator==(const DashboardCount &, const DashboardCount &) = default;
};

} // namespace dedup::store
