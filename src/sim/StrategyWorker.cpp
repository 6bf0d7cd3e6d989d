#include "sim/StrategyWorker.h"

#include "sim/ScenarioWorkflows.h"
#include "store/PgConnection.h"

#include <QElapsedTimer>

namespace dedup::sim {

StrategyWorker::StrategyWorker(StrategyKind kind, StrategyConfig config)
    : m_kind(kind)
    , m_config(std::move(config))
    , m_providers(m_config.providers, m_config.faults, m_config.label) {
    m_providers.setObserver(m_config.onProviderCall);
    for (const QString &name : ScenarioWorkflows::names())
        m_workflows.append(ScenarioWorkflows::tracked(name, m_providers, m_crash));
}

StrategyWorker::~StrategyWorker() = default;

worker::Worker::Options StrategyWorker::options() const {
    worker::Worker::Options options;
    options.conninfo = m_config.conninfo;
    options.workerId = m_config.workerId;
    options.lease = m_config.lease;
    options.policy = m_config.policy;
    options.seed = m_config.seed;
    options.retryInProcess = m_config.retryInProcess;
    return options;
}

bool StrategyWorker::open(QString *error) {
    if (!m_providers.open(m_config.ledgerConninfo(), error))
        return false;
    m_worker = std::make_unique<worker::Worker>(options());
    return m_worker->connect(error);
}

const worker::WorkflowDefinition *StrategyWorker::definition(const QString &workflow) const {
    for (const auto &candidate : m_workflows) {
        if (candidate.name == workflow)
            return &candidate;
    }
    return nullptr;
}

DeliveryReport StrategyWorker::report(const worker::RunOutcome &outcome) {
    DeliveryReport report;
    report.outcome = worker::toString(outcome.kind);
    report.runId = outcome.runId;
    report.result = outcome.result;
    report.message = outcome.message;
    report.retryAfter = outcome.retryAfter;
    return report;
}

DeliveryReport StrategyWorker::deliver(const TrafficIntent &traffic,
                                       const TrafficDelivery &delivery) {
    QElapsedTimer timer;
    timer.start();
    const int callsBefore = m_providers.calls();
    const worker::WorkflowDefinition *workflow = definition(traffic.workflow);
    DeliveryReport result;
    if (!workflow) {
        result.outcome = QStringLiteral("error");
        result.message = tr("unknown workflow %1").arg(traffic.workflow);
        return result;
    }
    worker::Intent intent = traffic.intent;
    intent.scope = m_config.scopePrefix + intent.scope;
    if (m_kind == StrategyKind::KeyPerAttempt) {
        // The mistake under test: per-attempt data in the key material.
        intent.keyFields.append(
            {QStringLiteral("deliveryId"), QStringLiteral("d-%1").arg(delivery.sequence)});
    }

    if (delivery.crashAfterCall > 0) {
        // A process that will die: it must not reconnect after its connection is gone.
        worker::Worker::Options doomedOptions = options();
        doomedOptions.workerId =
            QStringLiteral("%1/d-%2").arg(m_config.workerId).arg(delivery.sequence);
        doomedOptions.reconnectAttempts = 0;
        worker::Worker doomed(doomedOptions);
        QString error;
        if (!doomed.connect(&error)) {
            result.outcome = QStringLiteral("error");
            result.message = error;
            return result;
        }
        m_crash.reset(delivery.crashAfterCall, [&doomed] { doomed.connection().close(); });
        result = report(doomed.process(*workflow, intent));
        if (m_crash.crashed)
            result.outcome = QStringLiteral("crashed");
        m_crash.reset(0);
    } else {
        m_crash.reset(0);
        result = report(m_worker->process(*workflow, intent));
    }
    result.providerCalls = m_providers.calls() - callsBefore;
    result.elapsedMs = timer.elapsed();
    return result;
}

std::optional<DeliveryReport> StrategyWorker::processNextCommand() {
    QElapsedTimer timer;
    timer.start();
    const int callsBefore = m_providers.calls();
    m_crash.reset(0);
    const auto outcome = m_worker->processNextCommand(m_workflows);
    if (!outcome)
        return std::nullopt;
    DeliveryReport result = report(*outcome);
    result.providerCalls = m_providers.calls() - callsBefore;
    result.elapsedMs = timer.elapsed();
    return result;
}

} // namespace dedup::sim
