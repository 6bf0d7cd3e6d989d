#pragma once

#include "core/DeliveryOutcome.h"

#include <QDateTime>

namespace dedup::store {

// How many deliveries of a run's key got one outcome, first and last
// (dedup.key_history_counts).
struct KeyDeliveryCount {
    core::DeliveryOutcome outcome = core::DeliveryOutcome::Acquired;
    qint64 deliveries = 0;
    QDateTime firstAt;
    QDateTime lastAt;

    friend bool operator==(const KeyDeliveryCount &, const KeyDeliveryCount &) = default;
};

} // namespace dedup::store
