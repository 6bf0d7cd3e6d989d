#include "sim/StrategyFirstStepOnly.h"

#include "core/IdempotencyKey.h"
#include "core/RequestFingerprint.h"
#include "sim/ScenarioWorkflows.h"
#include "store/PgConnection.h"

#include <QElapsedTimer>
#include <QJsonObject>

#include <thread>

namespace dedup::sim {

namespace {

const QString kApplication = QStringLiteral("dedup-sim-first-step-only");

} // namespace

StrategyFirstStepOnly::StrategyFirstStepOnly(StrategyConfig config)
    : m_config(std::move(config))
    , m_conn(std::make_unique<store::PgConnection>())
    , m_protocol(*m_conn)
    , m_heartbeater(m_config.conninfo, m_config.lease)
    , m_providers(m_config.providers, m_config.faults, m_config.label)
    , m_random(m_config.seed) {
    m_providers.setObserver(m_config.onProviderCall);
}

StrategyFirstStepOnly::~StrategyFirstStepOnly() = default;

bool StrategyFirstStepOnly::open(QString *error) {
    if (!m_conn->open(m_config.conninfo, kApplication)) {
        *error = m_conn->openError().toString();
        return false;
    }
    return m_providers.open(m_config.ledgerConninfo(), error);
}

DeliveryReport StrategyFirstStepOnly::deliver(const TrafficIntent &intent,
                                              const TrafficDelivery &delivery) {
    QElapsedTimer timer;
    timer.start();
    const int callsBefore = m_providers.calls();
    // A process that died comes back as a new one, with a new store session.
    if (!m_conn->isOpen() && !m_conn->open(m_config.conninfo, kApplication)) {
        DeliveryReport report;
        report.outcome = QStringLiteral("error");
        report.message = m_conn->openError().toString();
        return report;
    }
    m_crash.reset(delivery.crashAfterCall, [this] { m_conn->close(); });
    DeliveryReport report = handle(intent);
    m_crash.reset(0);
    report.providerCalls = m_providers.calls() - callsBefore;
    report.elapsedMs = timer.elapsed();
    return report;
}

DeliveryReport StrategyFirstStepOnly::handle(const TrafficIntent &traffic) {
    DeliveryReport report;
    const worker::Intent &intent = traffic.intent;
    const auto key =
        core::IdempotencyKey::derive(intent.scope, intent.keyFields, intent.keyVersion);
    const auto fingerprint = core::RequestFingerprint::fromValue(intent.payload);
    if (!key.ok() || !fingerprint.ok()) {
        report.outcome = QStringLiteral("error");
        report.message = key.ok() ? fingerprint.errorMessage() : key.errorMessage();
        return report;
    }
    store::ClaimRequest request;
    request.scope = m_config.scopePrefix + core::IdempotencyKey::canonicalScope(intent.scope);
    request.key = key.value().toString();
    request.keyVersion = intent.keyVersion;
    request.workflow = traffic.workflow;
    request.workflowVersion = ScenarioWorkflows::version();
    request.fingerprint = fingerprint.value();
    request.correlationId = intent.correlationId;
    request.worker = m_config.workerId;
    request.lease = m_config.lease;
    request.maxAttempts = m_config.policy.maxAttempts();
    // No p_steps: the side effects are not tracked one by one.

    auto stop = [&report](const QString &outcome, const QString &message = {}) {
        report.outcome = outcome;
        report.message = message;
        return report;
    };
    for (;;) {
        const auto claim = m_protocol.claim(request);
        if (!claim.ok()) {
            if (claim.errorKind() == store::StoreErrorKind::SerializationFailure)
                continue;
            return stop(QStringLiteral("error"), claim.error().toString());
        }
        const store::ClaimResult &claimed = claim.value();
        report.runId = claimed.runId;
        switch (claimed.outcome) {
        case store::ClaimOutcome::Replay:
            report.result = claimed.result;
            return stop(claimed.status == core::RunStatus::Failed ? QStringLiteral("failed")
                                                                  : QStringLiteral("replayed"));
        case store::ClaimOutcome::InProgress:
            return stop(QStringLiteral("in_progress"));
        case store::ClaimOutcome::Mismatch:
            return stop(QStringLiteral("mismatch"));
        case store::ClaimOutcome::InReview:
            return stop(QStringLiteral("in_review"));
        case store::ClaimOutcome::Paused:
            // The workflow is paused: nothing was acquired; the queue delivers it again.
            report.retryAfter =
                std::chrono::seconds(claimed.pause ? claimed.pause->retryAfterSeconds : 0);
            return stop(QStringLiteral("paused"));
        case store::ClaimOutcome::Acquired:
            break;
        }

        const store::RunLease lease = claimed.lease();
        m_heartbeater.start(lease);
        const CollapsedOutcome outcome =
            ScenarioWorkflows::callAll(traffic.workflow, m_providers, intent.payload, m_crash);
        m_heartbeater.stop();
        if (outcome.crashed)
            return stop(QStringLiteral("crashed"));
        if (m_heartbeater.fenced())
            return stop(QStringLiteral("fenced"));
        if (outcome.ok) {
            const QJsonObject result{{QStringLiteral("workflow"), traffic.workflow},
                                     {QStringLiteral("refs"), outcome.refs}};
            const auto succeeded = m_protocol.succeed(lease, result);
            if (!succeeded.ok())
                return stop(succeeded.isFenced() ? QStringLiteral("fenced")
                                                 : QStringLiteral("error"),
                            succeeded.error().toString());
            report.result = result;
            return stop(QStringLiteral("succeeded"));
        }
        const bool retryable = m_config.policy.isRetryable(outcome.errorClass);
        const auto failed = m_protocol.fail(
            lease, {core::toString(outcome.errorClass), outcome.message, retryable});
        if (!failed.ok())
            return stop(failed.isFenced() ? QStringLiteral("fenced") : QStringLiteral("error"),
                        failed.error().toString());
        if (failed.value() == core::RunStatus::ManualReview)
            return stop(QStringLiteral("in_review"), outcome.message);
        const core::RetryDecision decision =
            m_config.policy.decide(outcome.errorClass, claimed.attempt, m_random);
        if (!retryable || !m_config.retryInProcess ||
            decision.action != core::RetryDecision::Action::RetryAfter)
            return stop(QStringLiteral("failed"), outcome.message);
        std::this_thread::sleep_for(decision.delay);
    }
}

} // namespace dedup::sim
