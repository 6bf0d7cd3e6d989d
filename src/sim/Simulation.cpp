#include "sim/Simulation.h"

#include "sim/Ledger.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "sim/SimulationQueue.h"
#include "store/PgConnection.h"

#include <QElapsedTimer>

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

namespace dedup::sim {

namespace {

constexpr int kMaxWorkers = 64;
// After a crash the queue redelivers once the lease has surely expired.
constexpr std::chrono::milliseconds kVisibilityMargin{150};
// A paused delivery comes back after the store's retry-after hint; never sooner than this,
// should a strategy report no hint.
constexpr std::chrono::milliseconds kPausedAtLeast{1000};

const QStringList kRunStatuses{QStringLiteral("processing"), QStringLiteral("succeeded"),
                               QStringLiteral("failed"), QStringLiteral("manual_review"),
                               QStringLiteral("cancelled")};

// A LIKE pattern matching everything that starts with `prefix` (used with ESCAPE '\').
QString prefixPattern(const QString &prefix) {
    QString escaped = prefix;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return escaped + QLatin1Char('%');
}

} // namespace

Simulation::Simulation(SimulationOptions options)
    : m_options(std::move(options)) {
    m_options.traffic.crashRate = m_options.faults.crash;
    m_plan = TrafficPlan::generate(m_options.traffic);
}

QString Simulation::labelFor(const QString &tag, StrategyKind kind) {
    return tag.isEmpty() ? toString(kind) : tag + QLatin1Char('/') + toString(kind);
}

QString Simulation::scopePrefixFor(const QString &label) {
    return QStringLiteral("sim/") + label + QLatin1Char('/');
}

QString Simulation::validate() const {
    if (m_options.strategies.isEmpty())
        return tr("no strategy to simulate");
    if (m_options.traffic.intents < 1)
        return tr("the number of intents must be at least 1");
    if (m_options.traffic.maxDeliveries < 1)
        return tr("every intent is delivered at least once");
    if (m_options.workers < 1 || m_options.workers > kMaxWorkers)
        return tr("the number of workers must be from 1 to %1").arg(kMaxWorkers);
    if (m_options.traffic.rate < 0)
        return tr("the rate must not be negative");
    if (!m_options.faults.provider.isValid() || m_options.faults.crash < 0 ||
        m_options.faults.crash > 1)
        return tr("invalid fault rates");
    for (const ProviderConfig &config : providerConfigs()) {
        if (const QString invalid = config.validate(); !invalid.isEmpty())
            return invalid;
    }
    if (m_options.lease.count() <= 0)
        return tr("the lease must be positive");
    return {};
}

QList<ProviderConfig> Simulation::providerConfigs() const {
    QList<ProviderConfig> configs = ScenarioWorkflows::providerConfigs(m_options.faults.provider);
    for (ProviderConfig &config : configs) {
        config.maxLatency = m_options.maxLatency;
        config.timeout = m_options.providerTimeout;
        const auto special = m_options.providerFaults.constFind(config.name);
        if (special != m_options.providerFaults.constEnd())
            config.faults = *special;
    }
    return configs;
}

Simulation::Outcome Simulation::run() {
    if (const QString invalid = validate(); !invalid.isEmpty())
        return Outcome::failure(Error::InvalidOptions, invalid);
    store::PgConnection admin;
    if (!admin.open(m_options.conninfo, QStringLiteral("dedup-simulate")))
        return Outcome::failure(Error::Connection, admin.openError().toString());
    QString error;
    if (!SimSchema::isInstalled(admin, &error))
        return Outcome::failure(Error::Database, error);

    SimulationResult result;
    for (int i = 0; i < m_options.strategies.size(); ++i) {
        auto strategy = runStrategy(m_options.strategies.at(i), i, admin);
        if (!strategy.ok())
            return Outcome::failure(strategy.error(), strategy.errorMessage());
        result.strategies.append(strategy.value());
    }
    return Outcome::success(result);
}

core::Result<StrategyResult, Simulation::Error>
Simulation::runStrategy(StrategyKind kind, int index, store::PgConnection &admin) {
    using StrategyOutcome = core::Result<StrategyResult, Error>;
    StrategyResult result;
    result.strategy = kind;
    result.label = labelFor(m_options.tag, kind);
    result.scopePrefix = scopePrefixFor(result.label);
    result.usesStore = kind != StrategyKind::NoKey;
    result.intents = m_plan.intents.size();

    core::RetryPolicy policy;
    policy.setMaxAttempts(m_options.maxAttempts);
    policy.setBaseDelay(std::chrono::milliseconds(5));
    policy.setMaxDelay(std::chrono::milliseconds(40));
    // One fault plan per strategy, all with the same seed: the same faults for the same calls.
    const auto faults = std::make_shared<FaultPlan>(m_options.traffic.seed);
    const QList<ProviderConfig> configs = providerConfigs();

    std::vector<std::unique_ptr<Strategy>> handlers;
    for (int w = 0; w < m_options.workers; ++w) {
        StrategyConfig config;
        config.conninfo = m_options.conninfo;
        config.label = result.label;
        config.scopePrefix = result.scopePrefix;
        config.workerId = QStringLiteral("sim-%1-w%2").arg(result.label).arg(w + 1);
        config.lease = m_options.lease;
        config.policy = policy;
        config.seed = quint32(m_options.traffic.seed) + quint32(w);
        config.providers = configs;
        config.faults = faults;
        auto handler = Strategy::create(kind, config);
        QString error;
        if (!handler->open(&error))
            return StrategyOutcome::failure(Error::Connection, error);
        handlers.push_back(std::move(handler));
    }

    SimulationQueue queue;
    const auto start = SimulationQueue::Clock::now();
    for (const TrafficDelivery &delivery : m_plan.deliveries)
        queue.plan(delivery, start + std::chrono::milliseconds(delivery.atMs));

    std::mutex resultMutex;
    int done = 0;
    int nextSequence = int(m_plan.deliveries.size());
    QElapsedTimer timer;
    timer.start();
    std::vector<std::thread> threads;
    for (auto &handler : handlers) {
        threads.emplace_back([&, strategy = handler.get()] {
            while (const auto delivery = queue.take()) {
                const TrafficIntent &intent = m_plan.intents.at(delivery->intent);
                const DeliveryReport report = strategy->deliver(intent, *delivery);
                std::lock_guard lock(resultMutex);
                ++result.outcomes[report.outcome];
                if (report.outcome == QLatin1String("paused")) {
                    // An operator paused the workflow: nothing was done, and the consumer
                    // hands the message back to come again after the store's hint.
                    TrafficDelivery again = *delivery;
                    again.sequence = ++nextSequence;
                    again.redelivery = true;
                    again.crashAfterCall = 0;
                    queue.redeliver(again, SimulationQueue::Clock::now() +
                                               std::max(report.retryAfter, kPausedAtLeast));
                } else if (report.outcome == QLatin1String("crashed")) {
                    // The consumer died without acknowledging: the message comes back.
                    TrafficDelivery again = *delivery;
                    again.sequence = ++nextSequence;
                    again.redelivery = true;
                    again.crashAfterCall = 0;
                    queue.redeliver(again, SimulationQueue::Clock::now() + m_options.lease +
                                               kVisibilityMargin);
                    ++result.redeliveries;
                }
                ++done;
                if (m_options.progress)
                    m_options.progress(
                        {kind, index, int(m_options.strategies.size()), done, queue.total()});
                queue.finished();
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    result.elapsedMs = timer.elapsed();
    result.deliveries = done;

    Ledger ledger(admin);
    LedgerFilter filter;
    filter.label = result.label;
    const auto totals = ledger.totals(filter);
    const auto counts = ledger.counts(filter);
    if (!totals.ok())
        return StrategyOutcome::failure(Error::Database, totals.errorMessage());
    if (!counts.ok())
        return StrategyOutcome::failure(Error::Database, counts.errorMessage());
    result.sideEffects = totals.value().sideEffects;
    result.providerDuplicates = totals.value().providerDuplicates;
    result.duplicates = totals.value().duplicates - totals.value().providerDuplicates;
    result.operations = counts.value();

    if (result.usesStore) {
        for (const QString &status : kRunStatuses)
            result.runs.insert(status, 0);
        store::PgParams params;
        params.add(prefixPattern(result.scopePrefix));
        const store::PgResult runs =
            admin.exec(QStringLiteral("SELECT status, count(*) FROM dedup.runs"
                                      " WHERE scope LIKE $1 ESCAPE '\\' GROUP BY status"),
                       params);
        if (!runs.ok())
            return StrategyOutcome::failure(Error::Database, runs.error().toString());
        for (int row = 0; row < runs.rows(); ++row)
            result.runs.insert(runs.text(row, 0), runs.toInt64(row, 1));
    }
    return StrategyOutcome::success(result);
}

} // namespace dedup::sim
