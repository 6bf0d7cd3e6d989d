#pragma once

#include "store/CorrelatedRun.h"
#include "store/ListPage.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// One page of the runs of one correlation id: at most the query's limit, the newest ones or
// those just older than a run (`page`), oldest first (created_at, id), with the number of
// runs the correlation has for the login and how many of them are newer than the page, so a
// capped list can say "newest 500 of 5,000" and offer the rest.
struct CorrelationSnapshot {
    QString correlationId;
    QList<CorrelatedRun> runs;
    bool more = false;   // runs older than the first one exist
    qint64 total = 0;    // every run of the correlation the login may read
    qint64 newer = 0;    // runs newer than the last one (0 on the newest page)
    ListPage page;       // the page `runs` is (newest, or older than a run): re-read as such
    QDateTime serverNow; // now() of the read: where open runs' bars end

    friend bool operator==(const CorrelationSnapshot &, const CorrelationSnapshot &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::CorrelationSnapshot)
