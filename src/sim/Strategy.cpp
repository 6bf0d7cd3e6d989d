#include "sim/Strategy.h"

#include "sim/StrategyFirstStepOnly.h"
#include "sim/StrategyNoKey.h"
#include "sim/StrategyWorker.h"

namespace dedup::sim {

QList<StrategyKind> allStrategies() {
    return {StrategyKind::NoKey, StrategyKind::KeyPerAttempt, StrategyKind::FirstStepOnly,
            StrategyKind::Full};
}

QString toString(StrategyKind kind) {
    switch (kind) {
    case StrategyKind::NoKey:
        return QStringLiteral("no-key");
    case StrategyKind::KeyPerAttempt:
        return QStringLiteral("key-per-attempt");
    case StrategyKind::FirstStepOnly:
        return QStringLiteral("first-step-only");
    case StrategyKind::Full:
        return QStringLiteral("full");
    }
    return {};
}

std::optional<StrategyKind> strategyFromString(QStringView name) {
    for (StrategyKind kind : allStrategies()) {
        if (name == toString(kind))
            return kind;
    }
    return std::nullopt;
}

QString describe(StrategyKind kind) {
    switch (kind) {
    case StrategyKind::NoKey:
        return Strategy::tr("no dedup record: every delivery and every retry repeats every side "
                            "effect");
    case StrategyKind::KeyPerAttempt:
        return Strategy::tr("the key includes a per-delivery id: every redelivery is a new run "
                            "and repeats every side effect");
    case StrategyKind::FirstStepOnly:
        return Strategy::tr("a unique dedup record at claim, steps not tracked: a retry after a "
                            "later step failed repeats the earlier steps");
    case StrategyKind::Full:
        return Strategy::tr("the full protocol: claim, per-step status, downstream keys, "
                            "uncertain steps to review");
    }
    return {};
}

std::unique_ptr<Strategy> Strategy::create(StrategyKind kind, StrategyConfig config) {
    switch (kind) {
    case StrategyKind::NoKey:
        return std::make_unique<StrategyNoKey>(std::move(config));
    case StrategyKind::FirstStepOnly:
        return std::make_unique<StrategyFirstStepOnly>(std::move(config));
    case StrategyKind::KeyPerAttempt:
    case StrategyKind::Full:
        return std::make_unique<StrategyWorker>(kind, std::move(config));
    }
    return nullptr;
}

} // namespace dedup::sim
