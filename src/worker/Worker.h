#pragma once

#include "core/RetryPolicy.h"
#include "store/RunLease.h"
#include "store/RunProtocol.h"
#include "worker/Heartbeater.h"
#include "worker/Intent.h"
#include "worker/RunOutcome.h"
#include "worker/WorkflowDefinition.h"

#include <QCoreApplication>
#include <QRandomGenerator>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace dedup::store {
class PgConnection;
}

namespace dedup::worker {

// The client side of the run protocol: delivers intents to workflows exactly once per
// intent, whatever retries, redeliveries, crashes and operators do around it.
//
// For each delivery it derives the key and fingerprint, claims the run, and for each step
// asks the store (begin_step) before the side effect and records it after (complete_step),
// heartbeating on a second connection while the side effect runs. Failures go through the
// retry policy: retryable ones are retried in-process with backoff up to the maximum, then
// the store routes the run to manual review. A lost database connection is reopened and the
// interrupted call repeated (every protocol write is idempotent under the same lease); a
// fenced call (someone else owns the run now) stops all writing for that run.
//
// Reopening backs off from 50 ms, doubling up to 2 s a wait, for `reconnectAttempts` tries
// (the default rides out about 30 s: a server crash, its recovery and restart). A claim whose
// answer was lost may have committed: the repeated claim then finds the run in progress under
// this worker's own id, without the lease secret that only the lost answer carried. The
// worker waits out that lease once and takes the run over (a takeover: steps it might have
// started are judged by the uncertain-step rules), instead of leaving it stuck. A step
// completion the crash took back (complete_step commits asynchronously) is recorded again
// from the refs the worker holds, once, when the next begin_step or succeed answers DD002.
//
// A paused workflow (docs/PROTOCOL.md, "Pausing a workflow") ends the delivery as
// RunOutcome::Kind::Paused without any provider call: when claim answers `paused`, with the
// store's retry-after hint; when begin_step answers `paused` (the operator chose "stop before
// the next step"), the store has released the run, and the worker claims once more, which
// changes nothing while paused, to report the same hint. The caller delivers the job again
// after it; the claim after the resume re-acquires the run without counting an attempt.
//
// A call the server stopped at one of its limits (statement_timeout, lock_timeout, a cancel
// request) is handled as a lost answer: it was rolled back whole, so the same call is made
// again under the same lease, with backoff. When the limits keep stopping it, the delivery
// ends with an error and the run's lease runs out, as after a crash of this worker. A session
// ended by idle_in_transaction_session_timeout is a lost connection.
class Worker {
    Q_DECLARE_TR_FUNCTIONS(dedup::worker::Worker)

public:
    struct Options {
        QString conninfo;
        QString workerId; // lease owner and event actor; unique per worker
        std::chrono::milliseconds lease{30'000};
        core::RetryPolicy policy;
        quint32 seed = 1;           // backoff jitter
        bool retryInProcess = true; // false: leave retryable failures for a redelivery
        int reconnectAttempts = 20;
        // Repeats of a call the server stopped at statement_timeout or lock_timeout (or
        // cancelled): 100 ms doubling up to 2 s a wait, about 7 s for the default.
        int serverLimitAttempts = 6;
        // How to wait (backoff, reconnect); tests replace it to run without sleeping.
        std::function<void(std::chrono::milliseconds)> sleep;
    };

    explicit Worker(Options options);
    ~Worker();

    bool connect(QString *error);

    // Handles one delivery of `intent` to `workflow`. Kind::Paused: deliver it again after
    // `retryAfter`.
    RunOutcome process(const WorkflowDefinition &workflow, const Intent &intent);
    // Takes one pending operator continuation for one of `workflows` and runs only its
    // missing steps; std::nullopt when none is pending. Kind::Paused (stopped before a step):
    // the continuation is pending again and the store holds it until the resume.
    std::optional<RunOutcome> processNextCommand(const QList<WorkflowDefinition> &workflows);

    // The provider idempotency key of one step of one run: stable across attempts, owners
    // and continuations, distinct per step.
    static QString downstreamKey(const QString &runKey, const QString &step);

    store::PgConnection &connection() { return *m_conn; }

private:
    RunOutcome runSteps(const WorkflowDefinition &workflow, const store::RunLease &lease,
                        const QString &runKey, const QJsonObject &payload, int attempt,
                        RunOutcome outcome);
    // Runs `call`, reopening the connection and repeating it while the answer is a lost
    // connection; `reconnected` (when given) tells whether that happened.
    template <typename Call>
    auto withReconnect(Call &&call, bool *reconnected = nullptr);
    bool reopen();
    RunOutcome stopped(RunOutcome outcome, store::StoreErrorKind kind, const QString &message);
    static RunOutcome paused(RunOutcome outcome, const store::ClaimResult &claimed);

    Options m_options;
    std::unique_ptr<store::PgConnection> m_conn;
    store::RunProtocol m_protocol;
    Heartbeater m_heartbeater;
    QRandomGenerator m_random;
};

} // namespace dedup::worker
