#include "sim/FaultPlan.h"

#include "sim/ProviderConfig.h"

#include <QMutexLocker>
#include <QRandomGenerator>

#include <iterator>
#include <optional>
#include <utility>

namespace dedup::sim {

namespace {

QString streamOf(const QString &provider, const QString &operation, const QString &intent) {
    // U+001F (unit separator) cannot appear in the identifiers; it keeps ("a", "bc") and
    // ("ab", "c") apart.
    const QChar sep(0x1f);
    return provider + sep + operation + sep + intent;
}

// FNV-1a over the UTF-8 bytes: unlike qHash it is the same in every process, which the
// reproducibility promise needs.
quint64 stableHash(const QString &text) {
    quint64 hash = 14695981039346656037ULL;
    for (const char byte : text.toUtf8()) {
        hash ^= quint8(byte);
        hash *= 1099511628211ULL;
    }
    return hash;
}

Fault pick(const FaultRates &rates, double u) {
    const std::pair<double, Fault> cumulative[] = {
        {rates.outage, Fault::Outage},
        {rates.validation, Fault::Validation},
        {rates.timeoutBeforeCommit, Fault::TimeoutBeforeCommit},
        {rates.timeoutAfterCommit, Fault::TimeoutAfterCommit},
        {rates.duplication, Fault::Duplication},
    };
    double bound = 0;
    for (const auto &[rate, fault] : cumulative) {
        bound += rate;
        if (u < bound)
            return fault;
    }
    return Fault::None;
}

} // namespace

FaultPlan::FaultPlan(quint64 seed)
    : m_seed(seed) {}

void FaultPlan::script(const QString &provider, const QString &operation, const QString &intent,
                       const QList<Fault> &faults) {
    QMutexLocker lock(&m_mutex);
    m_scripts[streamOf(provider, operation, intent)].append(faults);
}

FaultDecision FaultPlan::decide(const ProviderConfig &config, const QString &operation,
                                const QString &intent) {
    const QString stream = streamOf(config.name, operation, intent);
    quint32 index = 0;
    std::optional<Fault> scripted;
    {
        QMutexLocker lock(&m_mutex);
        index = m_calls[stream]++;
        for (const QString &key : {stream, streamOf(config.name, operation, QString())}) {
            auto it = m_scripts.find(key);
            if (it != m_scripts.end() && !it->isEmpty()) {
                scripted = it->takeFirst();
                break;
            }
        }
    }

    const quint64 streamHash = stableHash(stream);
    const quint32 words[] = {quint32(m_seed), quint32(m_seed >> 32), quint32(streamHash),
                             quint32(streamHash >> 32), index};
    QRandomGenerator random(words, std::size(words));

    FaultDecision decision;
    // Both values are always drawn, so a script does not shift the latency of a call.
    const double u = random.generateDouble();
    const qint64 spread = config.maxLatency.count() - config.minLatency.count();
    const qint64 extra = spread > 0 ? qint64(random.bounded(quint64(spread) + 1)) : 0;
    decision.latency = config.minLatency + std::chrono::milliseconds(extra);
    if (scripted) {
        decision.fault = *scripted;
        decision.scripted = true;
    } else {
        decision.fault = pick(config.faults, u);
    }
    return decision;
}

void FaultPlan::reset() {
    QMutexLocker lock(&m_mutex);
    m_calls.clear();
    m_scripts.clear();
}

} // namespace dedup::sim
