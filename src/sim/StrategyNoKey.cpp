#include "sim/StrategyNoKey.h"

#include "sim/ScenarioWorkflows.h"

#include <QElapsedTimer>
#include <QJsonObject>

#include <thread>

namespace dedup::sim {

StrategyNoKey::StrategyNoKey(StrategyConfig config)
    : m_config(std::move(config))
    , m_providers(m_config.providers, m_config.faults, m_config.label)
    , m_random(m_config.seed) {
    m_providers.setObserver(m_config.onProviderCall);
}

bool StrategyNoKey::open(QString *error) {
    return m_providers.open(m_config.ledgerConninfo(), error);
}

DeliveryReport StrategyNoKey::deliver(const TrafficIntent &intent,
                                      const TrafficDelivery &delivery) {
    QElapsedTimer timer;
    timer.start();
    const int callsBefore = m_providers.calls();
    m_crash.reset(delivery.crashAfterCall);
    DeliveryReport report;
    for (int attempt = 1;; ++attempt) {
        const CollapsedOutcome outcome = ScenarioWorkflows::callAll(intent.workflow, m_providers,
                                                                    intent.intent.payload, m_crash);
        if (outcome.crashed) {
            report.outcome = QStringLiteral("crashed");
            break;
        }
        if (outcome.ok) {
            report.outcome = QStringLiteral("succeeded");
            report.result = QJsonObject{{QStringLiteral("workflow"), intent.workflow},
                                        {QStringLiteral("refs"), outcome.refs}};
            break;
        }
        const core::RetryDecision decision =
            m_config.policy.decide(outcome.errorClass, attempt, m_random);
        if (!m_config.retryInProcess ||
            decision.action != core::RetryDecision::Action::RetryAfter) {
            // Without a store there is no review queue: the failure is all there is.
            report.outcome = QStringLiteral("failed");
            report.message = outcome.message;
            break;
        }
        std::this_thread::sleep_for(decision.delay);
    }
    report.providerCalls = m_providers.calls() - callsBefore;
    report.elapsedMs = timer.elapsed();
    return report;
}

} // namespace dedup::sim
