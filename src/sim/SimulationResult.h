#pragma once

#include "sim/Ledger.h"
#include "sim/Strategy.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace dedup::sim {

// What one strategy did with the traffic, counted from the ledger and the store.
struct StrategyResult {
    StrategyKind strategy = StrategyKind::Full;
    QString label;       // the ledger label
    QString scopePrefix; // of its runs in dedup.runs (when it uses the store)
    qint64 intents = 0;
    // Planned ones plus the queue's redeliveries after crashes and after `paused` answers
    // (outcomes["paused"] of them).
    qint64 deliveries = 0;
    qint64 redeliveries = 0; // after crashes
    qint64 sideEffects = 0;
    // Side effects beyond the first per (provider, operation, intent) that the caller caused:
    // the ledger's duplicates minus the provider's own copies (the duplication fault).
    qint64 duplicates = 0;
    qint64 providerDuplicates = 0;
    bool usesStore = false;
    QMap<QString, qint64> runs;     // dedup.runs status -> count (every status, when usesStore)
    QMap<QString, qint64> outcomes; // delivery outcome -> count
    QList<EffectCount> operations;  // per provider operation
    qint64 elapsedMs = 0;

    qint64 runsWith(const QString &status) const { return runs.value(status); }
    QJsonObject toJson() const;
};

struct SimulationResult {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::SimulationResult)

public:
    QList<StrategyResult> strategies;

    const StrategyResult *find(StrategyKind kind) const;
    // strategy | intents | deliveries | side effects | duplicate side effects | succeeded |
    // failed | manual_review | in progress, one line per strategy ("-" where a strategy
    // keeps no runs); a provider duplicates column when there are any.
    QString compareTable() const;
    // One line per strategy.
    QString summary() const;
};

} // namespace dedup::sim
