#include "lanes/PendingQuery.h"

namespace dedup::lanes {

PendingQuery::PendingQuery(QueryRunner &runner, Read read, Apply apply, QObject *parent)
    : QObject(parent)
    , m_runner(runner)
    , m_read(std::move(read))
    , m_apply(std::move(apply)) {
    connect(&m_runner, &QueryRunner::finished, this, &PendingQuery::onFinished);
    connect(&m_runner, &QueryRunner::failed, this, &PendingQuery::onFailed);
    connect(&m_runner, &QueryRunner::connectionLost, this, &PendingQuery::connectionLost);
    connect(&m_runner, &QueryRunner::connectionRestored, this, [this] {
        emit connectionRestored();
        refresh();
    });
}

void PendingQuery::refresh() {
    if (m_pending != 0) {
        m_readWanted = true;
        return;
    }
    request();
}

void PendingQuery::request() {
    m_readWanted = false;
    setPending(m_read());
}

void PendingQuery::discard() {
    m_runner.discardPending();
    setPending(0);
    m_readWanted = false;
}

bool PendingQuery::cancel(const QString &message) {
    if (m_pending == 0)
        return false;
    discard();
    m_errorText = message;
    emit errorOccurred(m_errorText);
    return true;
}

void PendingQuery::onFinished(int requestId, const QVariant &value) {
    if (requestId != m_pending)
        return;
    setPending(0);
    m_errorText.clear();
    m_apply(value);
    if (m_readWanted)
        request();
}

void PendingQuery::onFailed(int requestId, const QString &message, Failure failure) {
    if (requestId != m_pending)
        return;
    setPending(0);
    m_errorText = message;
    emit errorOccurred(message);
    if (m_readWanted && failure != Failure::ConnectionLost)
        request();
}

void PendingQuery::setPending(int requestId) {
    const bool was = m_pending != 0;
    m_pending = requestId;
    if (was != (requestId != 0))
        emit loadingChanged(requestId != 0);
}

} // namespace dedup::lanes
