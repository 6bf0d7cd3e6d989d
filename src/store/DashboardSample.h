#pragma once

#include <QDateTime>

namespace dedup::store {

// The stuck count and the review queue over time (dedup.dashboard_samples, one sample a
// minute while something refreshes): the highest sample of each bucket. A bucket without
// samples has no row: nobody looked then, and nothing else remembers past leases.
struct DashboardSample {
    QDateTime bucket;  // start of the bucket (UTC)
    qint64 stuck = 0;  // processing runs whose lease had expired
    qint64 review = 0; // runs in manual_review
    int samples = 0;   // how many samples the bucket holds

    friend bool operator==(const DashboardSample &, const DashboardSample &) = default;
};

} // namespace dedup::store
