#pragma once

#include "core/RetryPolicy.h"
#include "sim/FaultPlan.h"
#include "sim/ProviderConfig.h"
#include "sim/Traffic.h"

#include <QCoreApplication>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringView>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace dedup::sim {

// The ways of handling duplicates that the simulator compares on the same traffic
// (docs/SIMULATOR.md "Strategies"; the comparison table of the idempotency-keys article).
enum class StrategyKind {
    NoKey,         // "no-key": no dedup record at all; every delivery calls every provider
    KeyPerAttempt, // "key-per-attempt": a full worker, but the key includes the delivery's id
    FirstStepOnly, // "first-step-only": a unique dedup record at claim; steps not tracked
    Full,          // "full": the full protocol (dedup::worker::Worker)
};

QList<StrategyKind> allStrategies();
QString toString(StrategyKind kind);
std::optional<StrategyKind> strategyFromString(QStringView name);
// One line: what the strategy does and how it is known to fail (translated).
QString describe(StrategyKind kind);

// What one delivery did, as its handler saw it. `outcome` is one of: succeeded, replayed,
// in_progress, failed, in_review, mismatch, fenced, error, paused (the worker's RunOutcome
// kinds), crashed (the simulated process died mid-delivery), and for operator actions
// applied / changed, paused / resumed.
struct DeliveryReport {
    QString outcome;
    qint64 runId = 0;                         // 0 when the strategy keeps no runs
    QJsonValue result{QJsonValue::Undefined}; // the result returned to the sender
    int providerCalls = 0;                    // side effects this delivery attempted
    QString message;
    // paused: when the queue should deliver it again (the store's retry-after hint; 0 when it
    // gave none).
    std::chrono::milliseconds retryAfter{0};
    qint64 elapsedMs = 0;
};

// Everything a strategy's handler needs; one per worker thread (workerId differs).
struct StrategyConfig {
    QString conninfo;
    // Where the simulated providers keep their ledger; empty: `conninfo`. A server of its own
    // when the store's may fail over: a provider is outside the store, and its record of side
    // effects must not lose what the store loses.
    QString providerConninfo;
    QString label;       // the ledger label of the provider calls
    QString scopePrefix; // put in front of every intent's scope
    QString workerId;
    std::chrono::milliseconds lease{1000};
    core::RetryPolicy policy;
    bool retryInProcess = true;
    quint32 seed = 1;
    QList<ProviderConfig> providers;
    std::shared_ptr<FaultPlan> faults;
    // Told of every provider call as it starts (from the handler's thread); may be empty.
    std::function<void(const QString &provider, const QString &operation)> onProviderCall;

    QString ledgerConninfo() const {
        return providerConninfo.isEmpty() ? conninfo : providerConninfo;
    }
};

// One worker thread's handler of deliveries under one strategy. Owns its connections (store
// and providers); not thread-safe: one per thread.
class Strategy {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::Strategy)

public:
    virtual ~Strategy() = default;

    virtual StrategyKind kind() const = 0;
    virtual bool open(QString *error) = 0;
    // Handles one delivery of `intent`: `delivery.sequence` is the per-delivery id,
    // `delivery.crashAfterCall` where the process dies (0: nowhere).
    virtual DeliveryReport deliver(const TrafficIntent &intent,
                                   const TrafficDelivery &delivery) = 0;
    // Runs one pending operator continuation, for strategies that keep runs; nullopt when
    // none is pending (or the strategy has no runs to continue).
    virtual std::optional<DeliveryReport> processNextCommand() { return std::nullopt; }

    static std::unique_ptr<Strategy> create(StrategyKind kind, StrategyConfig config);
};

} // namespace dedup::sim
