#pragma once

#include "core/DeliveryOutcome.h"

#include <QDateTime>
#include <QString>

namespace dedup::store {

// One delivery of a run's key (dedup.key_history): when, what it got, from which worker.
struct KeyDelivery {
    QDateTime at;
    core::DeliveryOutcome outcome = core::DeliveryOutcome::Acquired;
    QString worker;     // the worker id the claim named; empty when it named none
    QString login;      // the database login: known for counted duplicates only
    int attempt = 0;    // the run's attempt when the delivery came
    QString via;        // acquired only: "new", "retry" or "takeover"
    QString leaseOwner; // in_progress (counted) only: who held the lease

    friend bool operator==(const KeyDelivery &, const KeyDelivery &) = default;
};

} // namespace dedup::store
