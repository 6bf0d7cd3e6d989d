#pragma once

#include "store/KeyDelivery.h"
#include "store/KeyDeliveryCount.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace dedup::store {

// A key's history, read in one snapshot (KeyHistoryQueries::read): the run its key made, the
// deliveries counted by outcome, and the newest deliveries, newest first.
struct KeyHistory {
    qint64 runId = 0;
    bool found = false; // false: no such run, or the login may not read it
    QString status;     // the run's status as stored
    QString workflow;
    QString scope;
    QDateTime serverNow;
    QList<KeyDeliveryCount> counts; // in DeliveryOutcome order; outcomes never given absent
    QList<KeyDelivery> deliveries;  // newest first, at most the limit asked for

    // All deliveries of the key, and those with one outcome.
    qint64 total() const {
        qint64 n = 0;
        for (const KeyDeliveryCount &c : counts)
            n += c.deliveries;
        return n;
    }
    qint64 count(core::DeliveryOutcome outcome) const {
        for (const KeyDeliveryCount &c : counts) {
            if (c.outcome == outcome)
                return c.deliveries;
        }
        return 0;
    }
};

} // namespace dedup::store
