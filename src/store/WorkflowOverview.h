#pragma once

#include "core/RunStatus.h"
#include "store/WorkflowPause.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

namespace dedup::store {

// One workflow as the Workflows view and `dedupctl workflows` show it, for the runs the
// login may read (row-level security).
struct WorkflowOverviewRow {
    QString workflow;
    QList<WorkflowPause> pauses;    // none: running
    QMap<QString, qint64> runs;     // runs the store holds, by status
    QMap<QString, qint64> lastHour; // runs created since `since`, by their status now
    qint64 stuck = 0;               // processing runs whose lease has expired

    qint64 count(core::RunStatus status) const { return runs.value(core::toString(status)); }
    qint64 recent() const {
        qint64 n = 0;
        for (qint64 v : lastHour)
            n += v;
        return n;
    }
    bool paused() const { return !pauses.isEmpty(); }
};

struct WorkflowOverview {
    QDateTime serverNow;
    QDateTime since; // the 5-minute boundary at or before one hour ago (the rate's window)
    QList<WorkflowOverviewRow> workflows; // by name: every workflow with runs, settings or a pause
};

} // namespace dedup::store
