#pragma once

#include "store/PgConnection.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace bench {

// Brings bench_browse's generated store (database `bench`) to what bench_dashboard measures:
//   * migrated to the newest schema (0008_dashboard.sql backfills its rollup from the runs
//     already there: timed, it is what an existing store pays once);
//   * a rollup that matches the runs (a store generated after 0008 was loaded with user
//     triggers disabled: then dedup.dashboard_rebuild(), timed);
//   * duplicate deliveries: `duplicates` duplicate_suppressed / mismatch events spread over
//     the runs (the generator writes no events), inserted through the events triggers, so
//     their deltas are folded by a timed dedup.dashboard_refresh();
//   * 30 days of one-a-minute samples of the stuck count and the review queue (43,200 rows),
//     as a console that was open for a month would leave them.
// Each step is skipped when already done (bench.dashboard_setup records them), so a kept
// store is prepared once.
class DashboardBenchSetup {
public:
    using Progress = std::function<void(const QString &line)>;

    static bool prepare(dedup::store::PgConnection &conn, qint64 duplicates, QJsonObject *report,
                        QString *error, const Progress &progress);
};

} // namespace bench
