#pragma once

#include <QDateTime>
#include <QList>

namespace dedup::store {

// The manual review queue now: its size, the oldest and the median time in review
// (review_at, on the server's clock) and how many runs have waited how long.
struct DashboardReviewQueue {
    // Upper bounds of the age bins, in seconds: < 1 h, 1-4 h, 4-24 h, 1-3 d, 3-7 d, and a
    // last bin of 7 days and more (ageBins has one entry more than this).
    static QList<qint64> binEdges() { return {3600, 4 * 3600, 86400, 3 * 86400, 7 * 86400}; }

    qint64 total = 0;
    QDateTime oldest; // invalid when the queue is empty
    QDateTime median;
    QList<qint64> ageBins; // binEdges().size() + 1 counts

    friend bool operator==(const DashboardReviewQueue &, const DashboardReviewQueue &) = default;
};

} // namespace dedup::store
