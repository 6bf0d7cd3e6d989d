#pragma once

#include "store/StoredJson.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// One dedup.events row: an entry of a run's append-only timeline (kinds in
// docs/PROTOCOL.md section 8: claimed, step_started, step_done, lease_expired, ...).
struct EventRow {
    qint64 id = 0; // identity: the order events were written in
    qint64 runId = 0;
    QDateTime at;        // now() of the writing transaction
    qint64 atMicros = 0; // `at` exactly (microseconds since 1970 UTC): the timeline's order
    QString kind;
    QString actor;              // worker id, or the operator's login role; null when none
    std::optional<int> attempt; // the run's attempt when it happened
    QString step;               // the step concerned; null for run-level events
    StoredJson detail;
    // Drawn from the step and run rows, not read from dedup.events (DerivedEvents).
    bool derived = false;

    friend bool operator==(const EventRow &, const EventRow &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::EventRow)
