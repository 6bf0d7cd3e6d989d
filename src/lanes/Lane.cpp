#include "lanes/Lane.h"

#include "lanes/LaneWorker.h"

#include <climits>

namespace dedup::lanes {

core::RetryPolicy Lane::defaultBackoff() {
    core::RetryPolicy policy;
    policy.setBaseDelay(std::chrono::milliseconds(500));
    policy.setMaxDelay(std::chrono::milliseconds(30000));
    return policy;
}

Lane::Lane(const QString &conninfo, const QString &applicationName, QObject *parent)
    : Lane(conninfo, applicationName, Jobs::ReadOnly, parent) {}

Lane::Lane(const QString &conninfo, const QString &applicationName, Jobs jobs, QObject *parent)
    : QObject(parent)
    , m_worker(new LaneWorker(*this, conninfo, applicationName, DefaultStatementTimeoutMs,
                              jobs == Jobs::Writes)) {
    qRegisterMetaType<Failure>();
    m_worker->setBackoff(defaultBackoff()); // not in its thread yet: a plain call is safe
    m_thread.setObjectName(applicationName);
    m_worker->moveToThread(&m_thread);
    m_thread.start();
    // A write lane that is never used never connects (a dialog opened and closed).
    if (jobs == Jobs::ReadOnly)
        QMetaObject::invokeMethod(m_worker, &LaneWorker::open, Qt::QueuedConnection);
}

Lane::~Lane() {
    // A running statement must not hold up the shutdown: cancel it, then close the
    // connection and stop the reconnect timer in their own thread.
    m_worker->discardBefore(INT_MAX);
    QMetaObject::invokeMethod(m_worker, &LaneWorker::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_worker;
}

int Lane::submit(Job job) {
    const int id = ++m_lastRequestId;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, job = std::move(job)] { worker->run(id, job); },
        Qt::QueuedConnection);
    return id;
}

void Lane::cancel() {
    m_worker->cancelRunning();
}

bool Lane::discardPending() {
    const bool pending = hasPending();
    m_firstLive = m_lastRequestId + 1;
    m_worker->discardBefore(m_firstLive);
    return pending;
}

void Lane::setStatementTimeout(int milliseconds) {
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, milliseconds] { worker->setStatementTimeout(milliseconds); },
        Qt::QueuedConnection);
}

void Lane::setBackoff(const core::RetryPolicy &policy) {
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, policy] { worker->setBackoff(policy); },
        Qt::QueuedConnection);
}

void Lane::retryNow() {
    QMetaObject::invokeMethod(m_worker, &LaneWorker::retryNow, Qt::QueuedConnection);
}

int Lane::backendPid() const {
    return m_worker->backendPid();
}

void Lane::onFinished(int requestId, const QVariant &value) {
    m_lastAnswered = qMax(m_lastAnswered, requestId);
    if (requestId >= m_firstLive)
        emit finished(requestId, value);
}

void Lane::onFailed(int requestId, const QString &message, Failure failure) {
    m_lastAnswered = qMax(m_lastAnswered, requestId);
    if (requestId >= m_firstLive)
        emit failed(requestId, message, failure);
}

void Lane::onConnectionLost(const QString &message) {
    m_connectionLost = true;
    emit connectionLost(message);
}

void Lane::onConnectionRestored() {
    m_connectionLost = false;
    emit connectionRestored();
}

} // namespace dedup::lanes
