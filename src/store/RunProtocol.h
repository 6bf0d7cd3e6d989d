#pragma once

#include "core/RunStatus.h"
#include "store/ClaimRequest.h"
#include "store/ClaimResult.h"
#include "store/ProtocolResult.h"
#include "store/RunFailure.h"
#include "store/RunLease.h"
#include "store/StepAnswer.h"
#include "store/StepFailure.h"
#include "store/TakenCommand.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace dedup::store {

class PgConnection;

// The worker side of the run protocol: one method per SQL function of
// 0002_worker_protocol.sql (docs/PROTOCOL.md, section 4), with typed arguments and answers.
//
// Each call is one statement on the given connection, prepared there once
// (PgConnection::execPrepared: workers make these calls thousands of times a second, and
// parsing and planning each one cost the server about a sixth of a run's time). In
// autocommit mode it is its own transaction; after an explicit BEGIN on the connection,
// calls share the caller's transaction (and its one NOTIFY). The connection is borrowed, not owned,
// and like it this object is used from one thread at a time.
//
// Nothing is retried here: a Fenced answer means stop, a transient one (serialization
// failure, lost connection) is for the caller's retry policy to repeat.
class RunProtocol {
    Q_DECLARE_TR_FUNCTIONS(dedup::store::RunProtocol)

public:
    static constexpr std::chrono::milliseconds kDefaultLease{30'000};

    explicit RunProtocol(PgConnection &connection);

    // dedup.claim: before any side effect. Acquired (run it), Replay (return the stored
    // result), InProgress, Mismatch or InReview (do nothing), Paused (do nothing; deliver
    // again after ClaimResult::pause->retryAfterSeconds).
    ProtocolResult<ClaimResult> claim(const ClaimRequest &request);

    // dedup.heartbeat: extends the lease to now() + `lease`; returns the new expiry. Also
    // renews an expired lease nobody took over.
    ProtocolResult<QDateTime> heartbeat(const RunLease &lease,
                                        std::chrono::milliseconds duration = kDefaultLease);

    // dedup.begin_step: ask before each side effect; do it only on StepAnswer::Run, sending
    // `downstreamKey` to the provider as its idempotency key. A null key is sent as NULL.
    // Uncertain and Paused took the lease away: stop working on the run.
    ProtocolResult<StepAnswer> beginStep(const RunLease &lease, const QString &step,
                                         const QString &downstreamKey = {});
    // dedup.complete_step: the side effect happened; `sideEffectRef` is the provider's id.
    ProtocolStatus completeStep(const RunLease &lease, const QString &step,
                                const QString &sideEffectRef = {});
    // dedup.fail_step: the side effect did not happen (or, `uncertain`, may have).
    ProtocolStatus failStep(const RunLease &lease, const QString &step, const StepFailure &failure);
    // dedup.skip_step: the workflow decided the step does not apply.
    ProtocolStatus skipStep(const RunLease &lease, const QString &step, const QString &reason = {});

    // dedup.succeed: stores `result` (replayed to every later duplicate) and ends the run.
    // Undefined sends SQL NULL; Null stores JSON null.
    ProtocolStatus succeed(const RunLease &lease,
                           const QJsonValue &result = QJsonValue(QJsonValue::Undefined));
    // dedup.fail: returns the run's new status, Failed or ManualReview (max_attempts).
    ProtocolResult<core::RunStatus> fail(const RunLease &lease, const RunFailure &failure);

    // dedup.take_command: takes the oldest pending continuation (of `workflows`, or of any
    // workflow when empty) and acquires its run; std::nullopt when nothing is pending.
    ProtocolResult<std::optional<TakenCommand>>
    takeCommand(const QString &worker, std::chrono::milliseconds lease = kDefaultLease,
                const QStringList &workflows = {});

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
