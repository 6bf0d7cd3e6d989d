#include "actions/ActionExecutor.h"

#include "actions/ActionWorker.h"

namespace dedup::actions {

ActionExecutor::ActionExecutor(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_worker(new ActionWorker(conninfo, QStringLiteral("dedup-console-actions"))) {
    qRegisterMetaType<ActionIntent>();
    qRegisterMetaType<ActionResult>();
    m_thread.setObjectName(QStringLiteral("ActionExecutor"));
    m_worker->moveToThread(&m_thread);
    connect(m_worker, &ActionWorker::finished, this, &ActionExecutor::onFinished);
    connect(m_worker, &ActionWorker::connectionLost, this, &ActionExecutor::connectionLost);
    connect(m_worker, &ActionWorker::connectionRestored, this, &ActionExecutor::connectionRestored);
    m_thread.start();
}

ActionExecutor::~ActionExecutor() {
    // An action waiting for a lock must not hold up closing the console: cancel it (its
    // transaction rolls back) and skip the resends still queued.
    m_worker->stop();
    QMetaObject::invokeMethod(m_worker, &ActionWorker::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_worker;
}

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
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, intent] { worker->execute(id, intent); },
        Qt::QueuedConnection);
    if (!wasBusy)
        emit busyChanged(true);
    return id;
}

void ActionExecutor::setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs) {
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, maxAttempts, firstDelayMs, maxDelayMs] {
            worker->setRetryPolicy(maxAttempts, firstDelayMs, maxDelayMs);
        },
        Qt::QueuedConnection);
}

void ActionExecutor::setStatementTimeout(int milliseconds) {
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, milliseconds] { worker->setStatementTimeout(milliseconds); },
        Qt::QueuedConnection);
}

int ActionExecutor::backendPid() const {
    return m_worker->backendPid();
}

void ActionExecutor::onFinished(int requestId, const ActionResult &result) {
    m_inFlight.remove(result.intent.actionKey);
    emit finished(requestId, result);
    if (!isBusy())
        emit busyChanged(false);
}

} // namespace dedup::actions
