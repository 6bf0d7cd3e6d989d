#pragma once

#include "core/RetryPolicy.h"
#include "lanes/Lane.h"
#include "store/StoreError.h"
#include "store/WorkflowPauseResult.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

namespace dedup::actions {

// One pause or resume as the operator confirmed it: the same request (and action key) is
// sent however often it is sent again.
struct WorkflowPauseRequest {
    enum class Kind { Pause, Resume };
    Kind kind = Kind::Pause;
    QString workflow;
    QString scopePrefix; // '' = every scope
    bool stopSteps = false;
    int retryAfterSeconds = 60;
    QString reason;
    QString actionKey; // made once, when the operator confirms
};

// The store's answer to one request, or why there is none.
struct WorkflowPauseAnswer {
    std::optional<store::WorkflowPauseResult> result; // set when the store answered
    store::StoreErrorKind errorKind = store::StoreErrorKind::None;
    store::PgError error;
    int sends = 0; // how many times the request reached a connection

    bool ok() const { return result.has_value(); }
    // ConnectionLost after every resend: the store may or may not have applied it.
    bool outcomeUnknown() const { return errorKind == store::StoreErrorKind::ConnectionLost; }
};

// Sends op_pause_workflow / op_resume_workflow (store::WorkflowPauses) on a write lane of its
// own (lanes::Lane, Jobs::Writes: each send made exactly once), so the window never waits for
// the database. As actions::ActionExecutor does for run actions: after a lost connection it
// sends the same request again, with the same action key (0.25 s doubling to 4 s, 6 tries),
// and the store answers with the outcome it recorded the first time, so a pause is applied at
// most once however often it is sent; if the connection stays lost the answer says the
// outcome is unknown, and sending the same request again later is safe.
//
// One request at a time: send() while busy returns 0 and sends nothing. finished() comes
// once for every id send() returned, in the creating thread.
class WorkflowPauseSender : public QObject {
    Q_OBJECT

public:
    explicit WorkflowPauseSender(const QString &conninfo, QObject *parent = nullptr);
    ~WorkflowPauseSender() override;

    int send(const WorkflowPauseRequest &request);
    bool isBusy() const { return m_id != 0; }
    void setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs);

signals:
    void finished(int requestId, const dedup::actions::WorkflowPauseAnswer &answer);

private:
    struct Attempt; // one send, filled in the lane's thread

    void sendOnce();
    void onLaneAnswer(int laneRequest, const QString &laneMessage, bool lost);
    void conclude(const WorkflowPauseAnswer &answer);

    lanes::Lane m_lane;
    core::RetryPolicy m_retry;
    QTimer m_resendTimer;
    WorkflowPauseRequest m_request;
    std::shared_ptr<Attempt> m_attempt;
    int m_laneRequest = 0;
    int m_id = 0; // the request in flight, 0 when idle
    int m_lastId = 0;
    int m_tries = 0;
    int m_sends = 0;
};

} // namespace dedup::actions
