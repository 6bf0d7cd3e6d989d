#include "models/DashboardFigures.h"

#include "core/RunStatus.h"

#include <algorithm>

namespace dedup::models {

namespace {

// `known` first, in their order, then whatever else appeared, by name.
QStringList ordered(const QStringList &known, const QMap<QString, QList<qint64>> &seen) {
    QStringList out;
    for (const QString &name : known) {
        if (seen.contains(name))
            out << name;
    }
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        if (!known.contains(it.key()))
            out << it.key();
    }
    return out;
}

} // namespace

int DashboardFigures::bucketOf(const QDateTime &at) const {
    if (buckets.isEmpty() || strideSeconds <= 0 || at < buckets.first())
        return -1;
    const qint64 index = buckets.first().secsTo(at) / strideSeconds;
    return index < buckets.size() ? int(index) : -1;
}

DashboardFigures DashboardFigures::from(const store::DashboardSnapshot &snapshot) {
    DashboardFigures figures;
    figures.strideSeconds = snapshot.range.strideSeconds;
    for (int i = 0; i < snapshot.range.buckets; ++i)
        figures.buckets << snapshot.from.addSecs(qint64(i) * figures.strideSeconds);
    const qsizetype n = figures.buckets.size();

    QMap<QString, FailureClass> classes;
    for (const store::DashboardCount &count : snapshot.counts) {
        const int bucket = figures.bucketOf(count.bucket);
        if (bucket < 0)
            continue;
        const bool runs = count.metric == QLatin1String("runs");
        auto &series = runs ? figures.runsByStatus : figures.duplicatesByOutcome;
        auto it = series.find(count.series);
        if (it == series.end())
            it = series.insert(count.series, QList<qint64>(n, 0));
        (*it)[bucket] += count.n;
        (runs ? figures.runs : figures.duplicates) += count.n;
        if (runs && (count.series == QLatin1String("failed") ||
                     count.series == QLatin1String("manual_review"))) {
            FailureClass &failure = classes[count.errorClass];
            failure.name = count.errorClass;
            (count.series == QLatin1String("failed") ? failure.failed : failure.review) += count.n;
        }
    }
    QStringList statuses;
    for (const core::RunStatus status : core::allRunStatuses())
        statuses << core::toString(status);
    figures.statuses = ordered(statuses, figures.runsByStatus);
    figures.outcomes = ordered({QStringLiteral("replay"), QStringLiteral("in_progress"),
                                QStringLiteral("in_review"), QStringLiteral("mismatch")},
                               figures.duplicatesByOutcome);
    figures.failureClasses = classes.values();
    std::stable_sort(figures.failureClasses.begin(), figures.failureClasses.end(),
                     [](const FailureClass &a, const FailureClass &b) {
                         return a.total() != b.total() ? a.total() > b.total() : a.name < b.name;
                     });

    figures.stuckByBucket = QList<std::optional<qint64>>(n);
    figures.reviewByBucket = QList<std::optional<qint64>>(n);
    for (const store::DashboardSample &sample : snapshot.samples) {
        const int bucket = figures.bucketOf(sample.bucket);
        if (bucket < 0)
            continue;
        figures.stuckByBucket[bucket] = sample.stuck;
        figures.reviewByBucket[bucket] = sample.review;
    }
    return figures;
}

} // namespace dedup::models
