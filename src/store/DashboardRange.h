#pragma once

#include "store/ReadRegion.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// The time window of the Dashboard: `buckets` bars of `strideSeconds` each, the last one
// ending at the end of the bucket that holds `end` (an invalid `end`: the server's now, so
// the last bar is the one still filling). Bucket starts are multiples of the stride from
// Monday 2000-01-03 00:00 UTC (DashboardQueries::origin()), whatever the time zone, so days
// are UTC days and weeks start on Mondays.
struct DashboardRange {
    qint64 strideSeconds = 3600; // a multiple of 300 (the rollup's finest grain)
    int buckets = 24;
    QDateTime end;    // invalid: now
    QString workflow; // empty: every workflow (duplicates are never per workflow)
    // Not part of the window but what the login may read (AccessScope::readRegions(), as in
    // RunFilter::readable): a restricted login's counts then read only its scopes' rows of
    // the per-scope rollup, through its primary key. Row-level security decides in any case.
    std::optional<ReadRegions> readable;

    static DashboardRange lastHour() { return {300, 12, {}, {}, {}}; }
    static DashboardRange last24Hours() { return {3600, 24, {}, {}, {}}; }
    static DashboardRange last7Days() { return {6 * 3600, 28, {}, {}, {}}; }
    static DashboardRange last30Days() { return {86400, 30, {}, {}, {}}; }
    // [from, to) in at most `maxBuckets` bars of a whole number of 5-minute steps (5, 15,
    // 30 minutes, 1, 3, 6, 12 hours, 1 day, 7 days).
    static DashboardRange between(const QDateTime &from, const QDateTime &to, int maxBuckets = 60);

    qint64 spanSeconds() const { return strideSeconds * buckets; }
    friend bool operator==(const DashboardRange &, const DashboardRange &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::DashboardRange)
