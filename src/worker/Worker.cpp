#include "worker/Worker.h"

#include "core/RequestFingerprint.h"
#include "store/PgConnection.h"

#include <QCryptographicHash>
#include <QJsonObject>
#include <QThread>

#include <algorithm>

namespace dedup::worker {

using store::StoreErrorKind;

Worker::Worker(Options options)
    : m_options(std::move(options))
    , m_conn(std::make_unique<store::PgConnection>())
    , m_protocol(*m_conn)
    , m_heartbeater(m_options.conninfo, m_options.lease)
    , m_random(m_options.seed) {
    if (!m_options.sleep)
        m_options.sleep = [](std::chrono::milliseconds ms) { QThread::msleep(ulong(ms.count())); };
}

Worker::~Worker() = default;

bool Worker::connect(QString *error) {
    if (m_conn->open(m_options.conninfo, QStringLiteral("dedup-worker")))
        return true;
    if (error)
        *error = m_conn->openError().toString();
    return false;
}

QString Worker::downstreamKey(const QString &runKey, const QString &step) {
    // Length-prefixed so that ("a:b", "c") and ("a", "b:c") cannot collide.
    const QByteArray key = runKey.toUtf8();
    const QByteArray name = step.toUtf8();
    const QByteArray material = QByteArray::number(key.size()) + ':' + key + ',' +
                                QByteArray::number(name.size()) + ':' + name + ',';
    return QStringLiteral("dk:") +
           QString::fromLatin1(
               QCryptographicHash::hash(material, QCryptographicHash::Sha256).toHex());
}

bool Worker::reopen() {
    return m_conn->open(m_options.conninfo, QStringLiteral("dedup-worker"));
}

namespace {
// After begin_step answered `paused`, the delivery claims again once to learn the pause's
// retry-after hint (a claim while paused changes nothing). If an operator resumed in between,
// that claim acquires and the delivery goes on; an operator pausing and resuming faster than
// this worker asks ends it after this many claims, as paused without a hint.
constexpr int kClaimsAfterStop = 3;

// `first` doubled `tries` times, at most 2 s: the pause before a repeated call.
std::chrono::milliseconds backoff(std::chrono::milliseconds first, int tries) {
    const std::chrono::milliseconds doubled = first * (1LL << std::min(tries, 6));
    return std::min(doubled, std::chrono::milliseconds(2000));
}
} // namespace

template <typename Call>
auto Worker::withReconnect(Call &&call, bool *reconnected) {
    auto result = call();
    int reopenTries = 0;
    int stoppedTries = 0;
    for (;;) {
        if (result.ok())
            return result;
        const StoreErrorKind kind = result.errorKind();
        if (kind == StoreErrorKind::ConnectionLost && reopenTries < m_options.reconnectAttempts) {
            m_options.sleep(backoff(std::chrono::milliseconds(50), reopenTries));
            ++reopenTries;
            if (!reopen())
                continue;
            if (reconnected)
                *reconnected = true;
        } else if (store::isStoppedByServer(kind) && stoppedTries < m_options.serverLimitAttempts) {
            // statement_timeout, lock_timeout or a cancel: the call's transaction was rolled
            // back whole. Handled like a lost answer: the same call again, under the same
            // lease, after a pause that lets whatever held the lock finish.
            m_options.sleep(backoff(std::chrono::milliseconds(100), stoppedTries));
            ++stoppedTries;
        } else {
            return result;
        }
        result = call();
    }
}

RunOutcome Worker::stopped(RunOutcome outcome, StoreErrorKind kind, const QString &message) {
    outcome.kind =
        kind == StoreErrorKind::Fenced ? RunOutcome::Kind::Fenced : RunOutcome::Kind::Error;
    outcome.message = message;
    return outcome;
}

RunOutcome Worker::paused(RunOutcome outcome, const store::ClaimResult &claimed) {
    outcome.kind = RunOutcome::Kind::Paused;
    // claim parsed the hint or failed (RunProtocol::claim): it is there.
    const store::ClaimResult::PauseHint hint =
        claimed.pause.value_or(store::ClaimResult::PauseHint{});
    outcome.retryAfter = std::chrono::seconds(hint.retryAfterSeconds);
    outcome.message = tr("workflow %1 is paused (%2): deliver again in %3 s")
                          .arg(hint.workflow, hint.reason)
                          .arg(hint.retryAfterSeconds);
    return outcome;
}

RunOutcome Worker::process(const WorkflowDefinition &workflow, const Intent &intent) {
    RunOutcome outcome;
    const auto key =
        core::IdempotencyKey::derive(intent.scope, intent.keyFields, intent.keyVersion);
    if (!key.ok()) {
        outcome.message = key.errorMessage();
        return outcome;
    }
    const auto fingerprint = core::RequestFingerprint::fromValue(intent.payload);
    if (!fingerprint.ok()) {
        outcome.message = fingerprint.errorMessage();
        return outcome;
    }
    store::ClaimRequest request;
    request.scope = core::IdempotencyKey::canonicalScope(intent.scope);
    request.key = key.value().toString();
    request.keyVersion = intent.keyVersion;
    request.workflow = workflow.name;
    request.workflowVersion = workflow.version;
    request.fingerprint = fingerprint.value();
    request.correlationId = intent.correlationId;
    request.worker = m_options.workerId;
    request.lease = m_options.lease;
    request.steps = workflow.stepNames();
    request.maxAttempts = m_options.policy.maxAttempts();
    // A continuation taken by another worker needs the request to run the missing steps.
    request.context = intent.payload;

    bool ownLostClaimWaited = false;
    int claimsAfterStop = 0;
    for (;;) {
        bool reconnected = false;
        const auto claim = withReconnect([&] { return m_protocol.claim(request); }, &reconnected);
        if (!claim.ok()) {
            if (claim.errorKind() == StoreErrorKind::SerializationFailure)
                continue;
            return stopped(outcome, claim.errorKind(), claim.error().toString());
        }
        const store::ClaimResult &claimed = claim.value();
        outcome.runId = claimed.runId;
        outcome.status = claimed.status;
        switch (claimed.outcome) {
        case store::ClaimOutcome::Replay:
            outcome.kind = claimed.status == core::RunStatus::Failed ? RunOutcome::Kind::Failed
                                                                     : RunOutcome::Kind::Replayed;
            outcome.result = claimed.result;
            return outcome;
        case store::ClaimOutcome::InProgress:
            if (reconnected && claimed.leaseOwner == m_options.workerId && !ownLostClaimWaited) {
                // Our own claim committed and its answer was lost with the connection: the
                // lease it took expires within one lease from now; then take the run over.
                ownLostClaimWaited = true;
                m_options.sleep(m_options.lease + std::chrono::milliseconds(100));
                continue;
            }
            outcome.kind = RunOutcome::Kind::InProgress;
            outcome.message =
                tr("held by %1 until %2")
                    .arg(claimed.leaseOwner, claimed.leaseExpiresAt.toString(Qt::ISODateWithMs));
            return outcome;
        case store::ClaimOutcome::Mismatch:
            outcome.kind = RunOutcome::Kind::Mismatch;
            outcome.message = tr("the key was first used with a different payload");
            return outcome;
        case store::ClaimOutcome::InReview:
            outcome.kind = RunOutcome::Kind::InReview;
            outcome.status = core::RunStatus::ManualReview;
            return outcome;
        case store::ClaimOutcome::Paused:
            // Nothing acquired, nothing changed: the job goes back to its sender.
            return paused(outcome, claimed);
        case store::ClaimOutcome::Acquired:
            break;
        }
        ++outcome.attempts;
        outcome = runSteps(workflow, claimed.lease(), request.key, intent.payload, claimed.attempt,
                           outcome);
        if (outcome.kind == RunOutcome::Kind::Paused && claimsAfterStop < kClaimsAfterStop) {
            // Stopped before a step; the claim answers with the pause's hint.
            ++claimsAfterStop;
            continue;
        }
        if (outcome.kind != RunOutcome::Kind::Failed || outcome.status != core::RunStatus::Failed ||
            !outcome.retryable || !m_options.retryInProcess)
            return outcome;
        const auto decision =
            m_options.policy.decide(outcome.errorClass, claimed.attempt, m_random);
        if (decision.action != core::RetryDecision::Action::RetryAfter)
            return outcome;
        m_options.sleep(decision.delay);
    }
}

RunOutcome Worker::runSteps(const WorkflowDefinition &workflow, const store::RunLease &lease,
                            const QString &runKey, const QJsonObject &payload, int attempt,
                            RunOutcome outcome) {
    outcome.status = core::RunStatus::Processing;
    QJsonObject refs;
    // After a server crash a completion acknowledged with synchronous_commit = off may be gone
    // (docs/PROTOCOL.md, complete_step, "Durability"): its step is in_progress again under this
    // lease, and the next begin_step or succeed answers DD002. This worker knows those side
    // effects happened (it holds their refs): it records them again, once, and asks again.
    bool recordedAgain = false;
    const auto recordAgain = [&] {
        if (recordedAgain || refs.isEmpty())
            return false;
        recordedAgain = true;
        for (auto it = refs.constBegin(); it != refs.constEnd(); ++it) {
            const QString name = it.key();
            const QString ref = it.value().toString();
            if (!withReconnect([&] { return m_protocol.completeStep(lease, name, ref); }).ok())
                return false;
        }
        return true;
    };
    for (const StepDefinition &step : workflow.steps) {
        const QString downstream =
            step.providerDeduplicates ? downstreamKey(runKey, step.name) : QString();
        auto answer =
            withReconnect([&] { return m_protocol.beginStep(lease, step.name, downstream); });
        if (!answer.ok() && answer.errorKind() == StoreErrorKind::LeaseExpired) {
            // Expired but not taken over: renew, then ask again.
            const auto renewed =
                withReconnect([&] { return m_protocol.heartbeat(lease, m_options.lease); });
            if (!renewed.ok())
                return stopped(outcome, renewed.errorKind(), renewed.error().toString());
            answer =
                withReconnect([&] { return m_protocol.beginStep(lease, step.name, downstream); });
        }
        if (!answer.ok() && answer.errorKind() == StoreErrorKind::IllegalTransition &&
            recordAgain())
            answer =
                withReconnect([&] { return m_protocol.beginStep(lease, step.name, downstream); });
        if (!answer.ok())
            return stopped(outcome, answer.errorKind(), answer.error().toString());
        if (answer.value() == store::StepAnswer::Skip)
            continue;
        if (answer.value() == store::StepAnswer::Paused) {
            // The store released the run before this step: nothing of it happened, and the
            // lease is gone, so nothing more is written.
            outcome.kind = RunOutcome::Kind::Paused;
            outcome.status = core::RunStatus::Failed;
            outcome.retryAfter = std::chrono::seconds(0);
            outcome.message =
                tr("workflow %1 was paused before step %2: the run waits for the resume")
                    .arg(workflow.name, step.name);
            return outcome;
        }
        if (answer.value() == store::StepAnswer::Uncertain) {
            outcome.kind = RunOutcome::Kind::InReview;
            outcome.status = core::RunStatus::ManualReview;
            outcome.message = tr("the outcome of step %1 is unknown and its provider does not "
                                 "deduplicate")
                                  .arg(step.name);
            return outcome;
        }

        m_heartbeater.start(lease);
        const StepOutcome result =
            step.execute({lease.runId, step.name, downstream, payload, attempt});
        m_heartbeater.stop();
        ++outcome.stepsExecuted;
        if (m_heartbeater.fenced()) {
            // The lease went to someone else during the side effect: record nothing.
            outcome.kind = RunOutcome::Kind::Fenced;
            return outcome;
        }
        if (result.ok) {
            refs.insert(step.name, result.sideEffectRef);
            const auto done = withReconnect(
                [&] { return m_protocol.completeStep(lease, step.name, result.sideEffectRef); });
            if (!done.ok())
                return stopped(outcome, done.errorKind(), done.error().toString());
            continue;
        }
        // A timeout may have happened at the provider: record the step as uncertain, so only
        // a deduplicating provider sees it again.
        const bool uncertain = result.errorClass == core::ErrorClass::Timeout;
        const QString errorClass = core::toString(result.errorClass);
        const auto stepFailed = withReconnect([&] {
            return m_protocol.failStep(lease, step.name, {errorClass, result.message, uncertain});
        });
        if (!stepFailed.ok())
            return stopped(outcome, stepFailed.errorKind(), stepFailed.error().toString());
        const bool retryable = m_options.policy.isRetryable(result.errorClass);
        const auto failed = withReconnect([&] {
            return m_protocol.fail(lease, {errorClass, result.message, retryable});
        });
        if (!failed.ok())
            return stopped(outcome, failed.errorKind(), failed.error().toString());
        outcome.kind = failed.value() == core::RunStatus::ManualReview ? RunOutcome::Kind::InReview
                                                                       : RunOutcome::Kind::Failed;
        outcome.status = failed.value();
        outcome.errorClass = result.errorClass;
        outcome.retryable = retryable;
        outcome.message = result.message;
        return outcome;
    }
    const QJsonObject stored{{QStringLiteral("workflow"), workflow.name},
                             {QStringLiteral("refs"), refs}};
    auto succeeded = withReconnect([&] { return m_protocol.succeed(lease, stored); });
    if (!succeeded.ok() && succeeded.errorKind() == StoreErrorKind::IllegalTransition &&
        recordAgain())
        succeeded = withReconnect([&] { return m_protocol.succeed(lease, stored); });
    if (!succeeded.ok())
        return stopped(outcome, succeeded.errorKind(), succeeded.error().toString());
    outcome.kind = RunOutcome::Kind::Succeeded;
    outcome.status = core::RunStatus::Succeeded;
    outcome.result = stored;
    return outcome;
}

std::optional<RunOutcome> Worker::processNextCommand(const QList<WorkflowDefinition> &workflows) {
    QStringList names;
    for (const auto &workflow : workflows)
        names << workflow.name;
    const auto taken = withReconnect(
        [&] { return m_protocol.takeCommand(m_options.workerId, m_options.lease, names); });
    RunOutcome outcome;
    if (!taken.ok())
        return stopped(outcome, taken.errorKind(), taken.error().toString());
    if (!taken.value())
        return std::nullopt;
    const store::TakenCommand &command = *taken.value();
    outcome.runId = command.runId;
    outcome.attempts = 1;
    for (const auto &workflow : workflows) {
        if (workflow.name == command.workflow)
            return runSteps(workflow, command.lease(), command.idemKey, command.context.toObject(),
                            command.attempt, outcome);
    }
    // take_command only hands out the workflows we named.
    outcome.message = tr("no definition for workflow %1").arg(command.workflow);
    return outcome;
}

} // namespace dedup::worker
