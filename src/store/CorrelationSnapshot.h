#pragma once

#include "store/CorrelatedRun.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// The runs of one correlation id, oldest first (created_at, id), at most the query's limit:
// when `more` is set, later runs exist beyond the last one.
struct CorrelationSnapshot {
    QString correlationId;
    QList<CorrelatedRun> runs;
    bool more = false;
    QDateTime serverNow; // now() of the read: where open runs' bars end

    friend bool operator==(const CorrelationSnapshot &, const CorrelationSnapshot &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::CorrelationSnapshot)
