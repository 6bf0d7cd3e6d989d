#include "store/DashboardRange.h"

#include "store/DashboardQueries.h"

#include <array>

namespace dedup::store {

DashboardRange DashboardRange::between(const QDateTime &from, const QDateTime &to, int maxBuckets) {
    static constexpr std::array<qint64, 9> strides{300,      900,       1800,  3600,     3 * 3600,
                                                   6 * 3600, 12 * 3600, 86400, 7 * 86400};
    maxBuckets = qMax(1, maxBuckets);
    const qint64 span = qMax<qint64>(1, from.secsTo(to));
    DashboardRange range;
    range.strideSeconds = strides.back();
    for (const qint64 stride : strides) {
        if ((span + stride - 1) / stride <= maxBuckets) {
            range.strideSeconds = stride;
            break;
        }
    }
    // The buckets that hold [from, to): their starts are aligned, so one more may be needed
    // when `from` is not on a boundary.
    const QDateTime origin = DashboardQueries::origin();
    const qint64 first = qMax<qint64>(0, origin.secsTo(from)) / range.strideSeconds;
    const qint64 last =
        (qMax<qint64>(0, origin.secsTo(to)) + range.strideSeconds - 1) / range.strideSeconds;
    range.buckets = int(qMax<qint64>(1, last - first));
    range.end = to;
    return range;
}

} // namespace dedup::store
