#pragma once

#include "store/ContinuationStep.h"
#include "store/OperatorOutcome.h"
#include "store/OperatorResult.h"
#include "store/PgParams.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// What every operator action names (docs/PROTOCOL.md section 6).
struct OperatorRequest {
    qint64 runId = 0;
    // The lease_token the operator saw when deciding: the server refuses (Changed) when the
    // run has moved on since.
    qint64 expectedToken = 0;
    // Why: required, stored in the audit log.
    QString reason;
    // One key per operator intent (OperatorActions::newActionKey() when the operator
    // confirms). Keep it across retries: a resend after a lost connection, a double click or
    // a second console with the same key applies once and answers Replayed.
    QString actionKey;
};

enum class ReviewResolution {
    Succeeded, // finish the run as succeeded (optionally with the result duplicates get)
    Cancelled, // finish it as cancelled
    Continue,  // queue a targeted continuation; the run stays in review until a worker takes it
};

enum class StepResolution {
    Done,    // an uncertain step did happen (optionally with the provider's reference)
    Skipped, // a pending / failed / uncertain step must not run
};

// The operator side of the protocol: one method per dedup.op_* function, plus the
// continuation preview. Each call is one autocommit statement: the server applies the action
// and writes its audit row in one transaction, so a call either happened completely or not
// at all, and the action key makes a resend safe.
//
// Nothing here reconnects or retries by itself: on ConnectionLost the caller reopens the
// connection and calls again with the same request (same action key).
class OperatorActions {
    Q_DECLARE_TR_FUNCTIONS(OperatorActions)

public:
    explicit OperatorActions(PgConnection &connection);

    // A fresh action key (a UUID). Make one per operator intent, not per attempt.
    static QString newActionKey();

    // op_clear_stale_lease: processing run whose lease expired -> failed (or manual_review at
    // max_attempts); token +1 fences the old owner; in_progress steps become uncertain.
    OperatorResult<OperatorOutcome> clearStaleLease(const OperatorRequest &request);

    // op_request_continuation: failed / manual_review run -> one pending continue command
    // from the first step not done. `rerunUncertain`: the operator vouches that uncertain
    // steps without a downstream key did not happen, so they run again.
    OperatorResult<OperatorOutcome> requestContinuation(const OperatorRequest &request,
                                                        bool rerunUncertain = false);

    // op_route_to_review: processing / failed -> manual_review; review_reason = reason.
    // An empty `assignee` leaves the run unassigned.
    OperatorResult<OperatorOutcome> routeToReview(const OperatorRequest &request,
                                                  const QString &assignee = {});

    // op_resolve_review: manual_review -> succeeded / cancelled, or continue. `result`
    // (Succeeded only) replaces the stored result that duplicates replay.
    OperatorResult<OperatorOutcome> resolveReview(const OperatorRequest &request,
                                                  ReviewResolution resolution,
                                                  const std::optional<QJsonObject> &result = {},
                                                  bool rerunUncertain = false);

    // op_cancel: processing / failed / manual_review -> cancelled (terminal).
    OperatorResult<OperatorOutcome> cancel(const OperatorRequest &request);

    // op_assign_review: sets review_assignee; empty unassigns.
    OperatorResult<OperatorOutcome> assignReview(const OperatorRequest &request,
                                                 const QString &assignee);

    // op_review_note: replaces review_note (the audit log keeps the history).
    OperatorResult<OperatorOutcome> reviewNote(const OperatorRequest &request, const QString &note);

    // op_resolve_step: settle one step of a failed / manual_review run.
    OperatorResult<OperatorOutcome> resolveStep(const OperatorRequest &request, const QString &step,
                                                StepResolution resolution,
                                                const QString &sideEffectRef = {});

    // continuation_preview: per step, whether a continuation will run it, skip it, or stop
    // on it as uncertain. Read-only (viewers may call it). RunNotFound when there is no run.
    OperatorResult<QList<ContinuationStep>> continuationPreview(qint64 runId,
                                                                bool rerunUncertain = false);

    static QString toString(ReviewResolution resolution);
    static QString toString(StepResolution resolution);

private:
    // Runs `sql`, which returns one dedup.op_result row; `params` start with
    // commonParams(request) ($1..$4).
    OperatorResult<OperatorOutcome> call(const OperatorRequest &request, const QString &sql,
                                         const PgParams &params);
    static PgParams commonParams(const OperatorRequest &request);

    PgConnection &m_conn;
};

} // namespace dedup::store
