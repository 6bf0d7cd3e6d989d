#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// An operation and its progress (dedup.bulk_summary).
struct BulkState {
    QString id;
    QString action; // "op_cancel", ...
    QString status; // preparing | running | paused | aborted | finished
    QString requestedBy;
    QString runner; // who applied the last batch
    QDateTime runnerSeenAt;
    QDateTime createdAt;
    QDateTime finishedAt;
    qint64 total = 0;
    qint64 applied = 0;
    qint64 changed = 0; // skipped: the run changed since it was selected
    qint64 failed = 0;
    qint64 pending = 0;

    bool isActive() const {
        return status == QLatin1String("preparing") || status == QLatin1String("running") ||
               status == QLatin1String("paused");
    }
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::BulkState)
