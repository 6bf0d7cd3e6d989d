#include "models/QueryRunner.h"

#include "models/QueryWorker.h"

#include <climits>

namespace dedup::models {

QueryRunner::QueryRunner(const QString &conninfo, const QString &applicationName, QObject *parent)
    : QObject(parent)
    , m_worker(new QueryWorker(conninfo, applicationName.isEmpty()
                                             ? QStringLiteral("dedup-console-query")
                                             : applicationName)) {
    qRegisterMetaType<QueryRunner::Failure>();
    m_thread.setObjectName(QStringLiteral("QueryRunner"));
    m_worker->moveToThread(&m_thread);
    connect(m_worker, &QueryWorker::finished, this, &QueryRunner::onFinished);
    connect(m_worker, &QueryWorker::failed, this, &QueryRunner::onFailed);
    connect(m_worker, &QueryWorker::connectionLost, this, [this](const QString &message) {
        m_connectionLost = true;
        emit connectionLost(message);
    });
    connect(m_worker, &QueryWorker::connectionRestored, this, [this] {
        m_connectionLost = false;
        emit connectionRestored();
    });
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &QueryWorker::open, Qt::QueuedConnection);
}

QueryRunner::~QueryRunner() {
    // A running statement must not hold up the shutdown: cancel it, then close the
    // connection and stop the reconnect timer in their own thread.
    m_worker->discardBefore(INT_MAX);
    QMetaObject::invokeMethod(m_worker, &QueryWorker::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_worker;
}

int QueryRunner::submit(Job job) {
    const int id = ++m_lastRequestId;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, job = std::move(job)] { worker->run(id, job); },
        Qt::QueuedConnection);
    return id;
}

void QueryRunner::cancel() {
    m_worker->cancelRunning();
}

bool QueryRunner::discardPending() {
    const bool pending = hasPending();
    m_firstLive = m_lastRequestId + 1;
    m_worker->discardBefore(m_firstLive);
    return pending;
}

void QueryRunner::setStatementTimeout(int milliseconds) {
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, milliseconds] { worker->setStatementTimeout(milliseconds); },
        Qt::QueuedConnection);
}

int QueryRunner::backendPid() const {
    return m_worker->backendPid();
}

void QueryRunner::onFinished(int requestId, const QVariant &value) {
    m_lastAnswered = qMax(m_lastAnswered, requestId);
    if (requestId >= m_firstLive)
        emit finished(requestId, value);
}

void QueryRunner::onFailed(int requestId, const QString &message, Failure failure) {
    m_lastAnswered = qMax(m_lastAnswered, requestId);
    if (requestId >= m_firstLive)
        emit failed(requestId, message, failure);
}

} // namespace dedup::models
