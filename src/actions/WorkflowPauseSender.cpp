#include "actions/WorkflowPauseSender.h"

#include "store/PgConnection.h"
#include "store/WorkflowPauses.h"

namespace dedup::actions {

using store::StoreErrorKind;

// Written by the job in the lane's thread, read here after the lane's answer (the queued
// signal orders it after the write).
struct WorkflowPauseSender::Attempt {
    bool sent = false;
    std::optional<store::WorkflowPauseResult> result;
    store::PgError error;
};

WorkflowPauseSender::WorkflowPauseSender(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_lane(conninfo, QStringLiteral("dedup-console-pause"), lanes::Lane::Jobs::Writes) {
    qRegisterMetaType<WorkflowPauseAnswer>();
    setRetryPolicy(6, 250, 4000);
    m_resendTimer.setSingleShot(true);
    connect(&m_resendTimer, &QTimer::timeout, this, [this] {
        m_lane.retryNow();
        sendOnce();
    });
    connect(&m_lane, &lanes::Lane::finished, this,
            [this](int laneRequest) { onLaneAnswer(laneRequest, {}, false); });
    connect(&m_lane, &lanes::Lane::failed, this,
            [this](int laneRequest, const QString &message, lanes::Failure failure) {
                onLaneAnswer(laneRequest, message, failure == lanes::Failure::ConnectionLost);
            });
}

// Closing: a resend still due is dropped; the lane cancels the statement in progress (it
// rolls back whole) and waits for it.
WorkflowPauseSender::~WorkflowPauseSender() = default;

void WorkflowPauseSender::setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs) {
    m_retry.setMaxAttempts(qMax(1, maxAttempts));
    m_retry.setBaseDelay(std::chrono::milliseconds(qMax(0, firstDelayMs)));
    m_retry.setMaxDelay(std::chrono::milliseconds(qMax(qMax(0, firstDelayMs), maxDelayMs)));
}

int WorkflowPauseSender::send(const WorkflowPauseRequest &request) {
    if (isBusy())
        return 0;
    m_request = request;
    m_id = ++m_lastId;
    m_tries = 0;
    m_sends = 0;
    sendOnce();
    return m_id;
}

void WorkflowPauseSender::sendOnce() {
    // One autocommit statement per send, with the request's one action key: a send whose
    // answer was lost is answered the second time with what the first one recorded.
    ++m_tries;
    m_attempt = std::make_shared<Attempt>();
    m_laneRequest = m_lane.submit([attempt = m_attempt, r = m_request](store::PgConnection &conn,
                                                                       store::PgError *error) {
        attempt->sent = true;
        store::WorkflowPauses pauses(conn);
        attempt->result =
            r.kind == WorkflowPauseRequest::Kind::Pause
                ? pauses.pause(r.workflow, r.scopePrefix, r.stopSteps, r.retryAfterSeconds,
                               r.reason, r.actionKey, &attempt->error)
                : pauses.resume(r.workflow, r.scopePrefix, r.reason, r.actionKey, &attempt->error);
        if (!attempt->result)
            *error = attempt->error;
        return QVariant();
    });
}

void WorkflowPauseSender::onLaneAnswer(int laneRequest, const QString &laneMessage, bool lost) {
    if (laneRequest != m_laneRequest || m_id == 0)
        return;
    m_laneRequest = 0;
    const std::shared_ptr<Attempt> attempt = std::exchange(m_attempt, nullptr);
    if (attempt->sent)
        ++m_sends;
    WorkflowPauseAnswer answer;
    answer.sends = m_sends;
    if (attempt->result) {
        answer.result = attempt->result;
        conclude(answer);
        return;
    }
    answer.error = attempt->error;
    if (!attempt->sent) { // no connection: nothing was sent
        answer.error.message = laneMessage;
        answer.error.connectionLost = true;
    }
    answer.errorKind = lost ? StoreErrorKind::ConnectionLost : store::classify(answer.error);
    const bool resend = answer.errorKind == StoreErrorKind::ConnectionLost ||
                        answer.errorKind == StoreErrorKind::SerializationFailure;
    if (resend && m_tries < m_retry.maxAttempts()) {
        m_resendTimer.start(int(m_retry.backoffCeiling(m_tries).count()));
        return;
    }
    conclude(answer);
}

void WorkflowPauseSender::conclude(const WorkflowPauseAnswer &answer) {
    const int id = std::exchange(m_id, 0);
    emit finished(id, answer);
}

} // namespace dedup::actions
