#pragma once

#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bench {

// p50 / p95 / max of repeated measurements, in microseconds (nearest rank: the p95 of 30
// samples is the 29th fastest, so it is one real measurement, not an interpolation).
struct Percentiles {
    qint64 count = 0;
    double p50 = 0;
    double p95 = 0;
    double max = 0;
    double mean = 0;

    static Percentiles of(std::vector<double> samples) {
        Percentiles stats;
        if (samples.empty())
            return stats;
        std::sort(samples.begin(), samples.end());
        stats.count = qint64(samples.size());
        double sum = 0;
        for (const double sample : samples)
            sum += sample;
        stats.mean = sum / double(samples.size());
        const auto rank = [&](double q) {
            const auto index = size_t(std::max(0.0, std::ceil(q * double(samples.size())) - 1.0));
            return samples[std::min(index, samples.size() - 1)];
        };
        stats.p50 = rank(0.50);
        stats.p95 = rank(0.95);
        stats.max = samples.back();
        return stats;
    }

    QJsonObject toJson() const {
        return {{QStringLiteral("n"), count},
                {QStringLiteral("p50_ms"), p50 / 1000.0},
                {QStringLiteral("p95_ms"), p95 / 1000.0},
                {QStringLiteral("max_ms"), max / 1000.0},
                {QStringLiteral("mean_ms"), mean / 1000.0}};
    }
    static Percentiles fromJson(const QJsonObject &json) {
        Percentiles stats;
        stats.count = json.value(QStringLiteral("n")).toInteger();
        stats.p50 = json.value(QStringLiteral("p50_ms")).toDouble() * 1000.0;
        stats.p95 = json.value(QStringLiteral("p95_ms")).toDouble() * 1000.0;
        stats.max = json.value(QStringLiteral("max_ms")).toDouble() * 1000.0;
        stats.mean = json.value(QStringLiteral("mean_ms")).toDouble() * 1000.0;
        return stats;
    }
};

} // namespace bench
