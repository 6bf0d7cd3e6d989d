#include "lanes/WriteConnection.h"

#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QMutexLocker>

namespace dedup::lanes {

WriteConnection::WriteConnection(QString conninfo, QString applicationName, int statementTimeoutMs)
    : m_conninfo(std::move(conninfo))
    , m_applicationName(std::move(applicationName))
    , m_statementTimeoutMs(statementTimeoutMs) {}

WriteConnection::~WriteConnection() = default;

store::PgConnection *WriteConnection::get(QString *why) {
    if (m_conn && m_conn->isOpen())
        return m_conn.get();
    drop();
    auto conn = std::make_unique<store::PgConnection>();
    if (!conn->open(m_conninfo, m_applicationName)) {
        *why = conn->openError().toString();
        return nullptr;
    }
    // A statement waiting for a run a worker holds must not wait forever: past the timeout
    // it fails (57014) and, being one transaction, changed nothing.
    const store::PgResult timeout =
        store::RunQueries::applySessionSettings(*conn, m_statementTimeoutMs);
    if (!timeout.ok()) {
        *why = timeout.error().toString();
        return nullptr;
    }
    m_backendPid.store(conn->backendPid());
    QMutexLocker lock(&m_mutex);
    m_conn = std::move(conn);
    return m_conn.get();
}

void WriteConnection::drop() {
    QMutexLocker lock(&m_mutex);
    m_conn.reset();
    m_backendPid.store(0);
}

bool WriteConnection::isOpen() const {
    return m_conn && m_conn->isOpen();
}

void WriteConnection::setStatementTimeout(int milliseconds) {
    m_statementTimeoutMs = qMax(0, milliseconds);
    if (m_conn && m_conn->isOpen())
        store::RunQueries::applySessionSettings(*m_conn, m_statementTimeoutMs);
}

void WriteConnection::cancel() {
    QMutexLocker lock(&m_mutex);
    if (m_conn)
        m_conn->cancel();
}

} // namespace dedup::lanes
