#pragma once

#include "actions/ActionIntent.h"
#include "actions/ActionResult.h"
#include "core/RetryPolicy.h"
#include "lanes/Lane.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

namespace dedup::actions {

// Runs confirmed operator actions (ActionIntent) on a write lane (lanes::Lane, Jobs::Writes:
// its own connection in its own thread, each send made exactly once), so the UI never waits
// for the database, and makes sure each intent is applied at most once:
//
//   * the intent's action key is made when the operator confirms and sent with every attempt:
//     a resend after a lost connection (the executor reconnects and resends by itself, with
//     backoff: 0.25 s doubling to 4 s, 6 attempts by default) and a second execute() of the
//     same intent (a double click, a retry button, a second console) are answered by the
//     server as 'replayed' and reported as ActionResult::Kind::AppliedBefore;
//   * execute() of an intent whose key is still in flight does not send it again: it
//     returns the request id of the one in flight;
//   * an intent without a reason (blank, whitespace) or otherwise incomplete is refused
//     before any round trip (ActionIntent::validationError()).
//
// Actions run one at a time, in the order submitted. finished(id, result) comes for every
// request id execute() returned (once per id), in the thread that created the executor.
//
// A role without dedup_operator gets Kind::Error with StoreErrorKind::PermissionDenied: the
// database refuses, whatever the UI offered.
class ActionExecutor : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)

public:
    explicit ActionExecutor(const QString &conninfo, QObject *parent = nullptr);
    ~ActionExecutor() override;

    // Returns the request id that finished() will carry.
    int execute(const ActionIntent &intent);

    bool isBusy() const { return !m_inFlight.isEmpty(); }
    bool isInFlight(const QString &actionKey) const { return m_inFlight.contains(actionKey); }

    // Resends after a lost connection: at most `maxAttempts` sends, waiting `firstDelayMs`
    // doubling up to `maxDelayMs` in between.
    void setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs);
    void setStatementTimeout(int milliseconds);

    // The server process of the executor's connection (0 while disconnected).
    int backendPid() const;

signals:
    void finished(int requestId, const dedup::actions::ActionResult &result);
    void busyChanged(bool busy);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    struct Request {
        int id = 0;
        ActionIntent intent;
    };
    struct Attempt; // one send, filled in the lane's thread

    void startNext();
    void send();
    void onLaneAnswer(int laneRequest, const QString &laneMessage, bool lost);
    void conclude(const ActionResult &result);

    lanes::Lane m_lane;
    core::RetryPolicy m_retry; // the resends' count and delays (no jitter)
    QTimer m_resendTimer;
    QList<Request> m_queue;             // the action being sent first, then the waiting ones
    int m_laneRequest = 0;              // the lane's id of the send in progress, 0 if none
    std::shared_ptr<Attempt> m_attempt; // the send in progress
    int m_tries = 0;                    // of the head: sends, and tries that found no connection
    int m_sends = 0;                    // of the head: sends that reached a connection
    int m_lastRequestId = 0;
    QHash<QString, int> m_inFlight; // action key -> request id
};

} // namespace dedup::actions
