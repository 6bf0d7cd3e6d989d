#pragma once

#include "store/DashboardSnapshot.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace dedup::models {

// A Dashboard snapshot laid out for charts: one value per bucket for every series (zeros
// where the store had no row), the failure classes summed over the range, the samples on
// the same buckets. Pure: derived from the snapshot only.
struct DashboardFigures {
    struct FailureClass {
        QString name; // the error class; empty: none recorded
        qint64 failed = 0;
        qint64 review = 0;
        qint64 total() const { return failed + review; }
        friend bool operator==(const FailureClass &, const FailureClass &) = default;
    };

    QList<QDateTime> buckets; // starts, oldest first
    qint64 strideSeconds = 0;
    // Run statuses in core order (processing, succeeded, failed, manual_review, cancelled),
    // then any status a newer schema has; each with one count per bucket.
    QStringList statuses;
    QMap<QString, QList<qint64>> runsByStatus;
    // Duplicate outcomes (replay, in_progress, in_review, mismatch, then others).
    QStringList outcomes;
    QMap<QString, QList<qint64>> duplicatesByOutcome;
    QList<FailureClass> failureClasses;          // most runs first, then by name
    QList<std::optional<qint64>> stuckByBucket;  // highest sample per bucket; none: no sample
    QList<std::optional<qint64>> reviewByBucket; //
    qint64 runs = 0;                             // runs created in the range
    qint64 duplicates = 0;                       // duplicate deliveries in the range

    static DashboardFigures from(const store::DashboardSnapshot &snapshot);
    // The bucket a timestamp falls in, -1 outside the range.
    int bucketOf(const QDateTime &at) const;
};

} // namespace dedup::models
