#include "actions/ActionExecutor.h"

#include "actions/ActionCatalogue.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"

#include <optional>

namespace dedup::actions {

using store::StoreErrorKind;

namespace {

store::OperatorResult<store::OperatorOutcome> sendIntent(store::PgConnection &connection,
                                                         const ActionIntent &intent) {
    // Which store call, with which of the intent's arguments, is the action's catalogue row.
    if (const ActionRow *row = ActionCatalogue::find(intent.action)) {
        store::OperatorActions actions(connection);
        return row->send(actions, intent);
    }
    // A value from outside the enum (a corrupt queued intent): refuse, never guess.
    store::PgError error;
    error.sqlState = QStringLiteral("DD004");
    error.message = ActionExecutor::tr("Unknown action.");
    return store::OperatorResult<store::OperatorOutcome>::failure(error);
}

} // namespace

// Written by the job in the lane's thread, read here after the lane's answer (which the
// queued signal orders after the write).
struct ActionExecutor::Attempt {
    bool sent = false;
    std::optional<store::OperatorResult<store::OperatorOutcome>> answer;
};

ActionExecutor::ActionExecutor(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_lane(conninfo, QStringLiteral("dedup-console-actions"), lanes::Lane::Jobs::Writes) {
    qRegisterMetaType<ActionIntent>();
    qRegisterMetaType<ActionResult>();
    setRetryPolicy(6, 250, 4000);
    m_resendTimer.setSingleShot(true);
    connect(&m_resendTimer, &QTimer::timeout, this, [this] {
        m_lane.retryNow(); // a resend tries to connect at once, whatever the lane's backoff
        send();
    });
    connect(&m_lane, &lanes::Lane::finished, this,
            [this](int laneRequest) { onLaneAnswer(laneRequest, {}, false); });
    connect(&m_lane, &lanes::Lane::failed, this,
            [this](int laneRequest, const QString &message, lanes::Failure failure) {
                onLaneAnswer(laneRequest, message, failure == lanes::Failure::ConnectionLost);
            });
    connect(&m_lane, &lanes::Lane::connectionLost, this, &ActionExecutor::connectionLost);
    connect(&m_lane, &lanes::Lane::connectionRestored, this, &ActionExecutor::connectionRestored);
}

// Closing: the resends still due are dropped with m_resendTimer, and the lane cancels the
// statement in progress (its transaction rolls back: nothing half done) and waits for it. The
// intent in flight is never answered, so its outcome stays unknown to a caller that is gone.
ActionExecutor::~ActionExecutor() = default;

int ActionExecutor::execute(const ActionIntent &intent) {
    if (const auto it = m_inFlight.constFind(intent.actionKey); it != m_inFlight.cend())
        return it.value(); // a double submit of the intent in flight: one send, one answer
    const int id = ++m_lastRequestId;
    const QString invalid = intent.validationError();
    if (!invalid.isEmpty()) {
        // Answered asynchronously like every other request, but without a round trip.
        QMetaObject::invokeMethod(
            this,
            [this, id, result = ActionResult::invalid(intent, invalid)] {
                emit finished(id, result);
            },
            Qt::QueuedConnection);
        return id;
    }
    const bool wasBusy = isBusy();
    m_inFlight.insert(intent.actionKey, id);
    m_queue.append({id, intent});
    if (m_queue.size() == 1)
        startNext();
    if (!wasBusy)
        emit busyChanged(true);
    return id;
}

void ActionExecutor::setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs) {
    m_retry.setMaxAttempts(qMax(1, maxAttempts));
    m_retry.setBaseDelay(std::chrono::milliseconds(qMax(0, firstDelayMs)));
    m_retry.setMaxDelay(std::chrono::milliseconds(qMax(qMax(0, firstDelayMs), maxDelayMs)));
}

void ActionExecutor::setStatementTimeout(int milliseconds) {
    m_lane.setStatementTimeout(milliseconds);
}

int ActionExecutor::backendPid() const {
    return m_lane.backendPid();
}

void ActionExecutor::startNext() {
    m_tries = 0;
    m_sends = 0;
    if (!m_queue.isEmpty())
        send();
}

void ActionExecutor::send() {
    // Every attempt sends the same intent with the same action key: if an earlier attempt
    // was applied and only its answer was lost, the server answers 'replayed' and applies
    // nothing again. Each attempt is one autocommit statement, so an attempt that failed
    // changed nothing or everything, never half.
    ++m_tries;
    m_attempt = std::make_shared<Attempt>();
    m_laneRequest = m_lane.submit([attempt = m_attempt, intent = m_queue.first().intent](
                                      store::PgConnection &conn, store::PgError *error) {
        attempt->sent = true;
        attempt->answer = sendIntent(conn, intent);
        if (!attempt->answer->ok())
            *error = attempt->answer->error();
        return QVariant();
    });
}

void ActionExecutor::onLaneAnswer(int laneRequest, const QString &laneMessage, bool lost) {
    if (laneRequest != m_laneRequest || m_queue.isEmpty())
        return;
    m_laneRequest = 0;
    const ActionIntent &intent = m_queue.first().intent;
    const std::shared_ptr<Attempt> attempt = std::exchange(m_attempt, nullptr);
    if (attempt->sent)
        ++m_sends;
    if (attempt->answer && attempt->answer->ok()) {
        conclude(ActionResult::fromOutcome(intent, attempt->answer->value(), m_sends));
        return;
    }
    store::PgError error;
    StoreErrorKind kind = StoreErrorKind::ConnectionLost;
    if (attempt->answer) {
        error = attempt->answer->error();
        kind = attempt->answer->errorKind();
    } else { // no connection: nothing was sent
        error.message = laneMessage;
        error.connectionLost = true;
    }
    if (lost)
        kind = StoreErrorKind::ConnectionLost; // the outcome is unknown: resend, same key
    const bool resend = kind == StoreErrorKind::ConnectionLost ||
                        kind == StoreErrorKind::SerializationFailure; // rolled back as a whole
    if (resend && m_tries < m_retry.maxAttempts()) {
        m_resendTimer.start(int(m_retry.backoffCeiling(m_tries).count()));
        return;
    }
    conclude(ActionResult::fromError(intent, kind, error, m_sends));
}

void ActionExecutor::conclude(const ActionResult &result) {
    const int id = m_queue.takeFirst().id;
    m_inFlight.remove(result.intent.actionKey);
    startNext(); // before answering: a slot may execute() again
    emit finished(id, result);
    if (!isBusy())
        emit busyChanged(false);
}

} // namespace dedup::actions
