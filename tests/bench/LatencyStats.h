#pragma once

#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <vector>

// Mean and percentiles of a set of latencies, in microseconds. Percentiles are nearest-rank,
// so p99 of 2,000 calls is the 1,980th fastest: one slow fsync does not hide in an average.
struct LatencyStats {
    qint64 count = 0;
    double mean = 0;
    double p50 = 0;
    double p99 = 0;
    double max = 0;

    static LatencyStats of(std::vector<double> samples) {
        LatencyStats stats;
        if (samples.empty())
            return stats;
        std::sort(samples.begin(), samples.end());
        stats.count = qint64(samples.size());
        double sum = 0;
        for (double sample : samples)
            sum += sample;
        stats.mean = sum / double(samples.size());
        const auto rank = [&](double q) {
            const auto index = size_t(std::max(0.0, std::ceil(q * double(samples.size())) - 1.0));
            return samples[std::min(index, samples.size() - 1)];
        };
        stats.p50 = rank(0.50);
        stats.p99 = rank(0.99);
        stats.max = samples.back();
        return stats;
    }

    QJsonObject toJson() const {
        return {{QStringLiteral("calls"), count},
                {QStringLiteral("mean_us"), mean},
                {QStringLiteral("p50_us"), p50},
                {QStringLiteral("p99_us"), p99},
                {QStringLiteral("max_us"), max}};
    }
};
