#include "store/CopyOutReader.h"

#include "store/PgConnection.h"

#include <cerrno>
#include <libpq-fe.h>
#include <poll.h>

namespace dedup::store {

namespace {

// How long one wait for the server lasts before the cancel flag is looked at again.
constexpr int kPollMs = 100;

} // namespace

CopyOutReader::CopyOutReader(PgConnection &connection, const std::atomic_bool *cancel)
    : m_conn(connection)
    , m_cancel(cancel) {}

PgResult CopyOutReader::lost(const QString &what) const {
    PgError error;
    error.message = what;
    if (pg_conn *conn = m_conn.handle()) {
        const QString libpq = QString::fromUtf8(PQerrorMessage(conn)).trimmed();
        if (!libpq.isEmpty())
            error.message = libpq;
        error.connectionLost = PQstatus(conn) != CONNECTION_OK;
    } else {
        error.connectionLost = true;
    }
    return PgResult::fromError(error);
}

void CopyOutReader::requestCancel() {
    if (m_cancelSent)
        return;
    m_cancelSent = true;
    // If the cancel request arrives after the statement ended, the idle backend ignores it.
    m_conn.cancel();
}

void CopyOutReader::checkCancel() {
    if (!m_cancelled && m_cancel && m_cancel->load(std::memory_order_relaxed)) {
        m_cancelled = true;
        requestCancel();
    }
}

bool CopyOutReader::waitForInput() {
    checkCancel();
    pollfd fd{PQsocket(m_conn.handle()), POLLIN, 0};
    const int ready = ::poll(&fd, 1, kPollMs);
    if (ready < 0 && errno != EINTR)
        return false;
    return PQconsumeInput(m_conn.handle()) == 1;
}

bool CopyOutReader::send(const QString &sql, PgResult *failure) {
    if (!m_conn.isOpen()) {
        *failure = lost(QStringLiteral("not connected"));
        return false;
    }
    checkCancel();
    if (m_cancelled) {
        // Nothing sent yet: the statement never starts. The caller reports the cancel.
        PgError error;
        error.sqlState = QStringLiteral("57014");
        error.message = QStringLiteral("canceling statement due to user request");
        *failure = PgResult::fromError(error);
        return false;
    }
    if (PQsendQuery(m_conn.handle(), sql.toUtf8().constData()) != 1) {
        *failure = lost(QStringLiteral("could not send the query"));
        return false;
    }
    return true;
}

PgResult CopyOutReader::finish(PgResult first) {
    // Every statement ends with a NULL result; read up to it so the connection is idle again.
    bool broken = false;
    for (;;) {
        while (PQisBusy(m_conn.handle()) == 1) {
            if (!waitForInput()) {
                broken = true;
                break;
            }
        }
        if (broken)
            break;
        PGresult *next = PQgetResult(m_conn.handle());
        if (!next)
            break;
        PgResult taken = PgResult::take(next, PQstatus(m_conn.handle()) != CONNECTION_OK);
        if (first.ok() && !taken.ok())
            first = taken; // an error after the COPY data (e.g. the cancel) wins
    }
    if (broken && first.ok())
        return lost(QStringLiteral("connection lost"));
    return first;
}

PGresult *CopyOutReader::firstResult(const QString &sql, PgResult *failure) {
    if (!send(sql, failure))
        return nullptr;
    while (PQisBusy(m_conn.handle()) == 1) {
        if (!waitForInput()) {
            *failure = lost(QStringLiteral("connection lost"));
            return nullptr;
        }
    }
    PGresult *raw = PQgetResult(m_conn.handle());
    if (!raw)
        *failure = lost(QStringLiteral("no result"));
    return raw;
}

PgResult CopyOutReader::query(const QString &sql) {
    PgResult failure;
    PGresult *raw = firstResult(sql, &failure);
    if (!raw)
        return failure;
    return finish(PgResult::take(raw, PQstatus(m_conn.handle()) != CONNECTION_OK));
}

PgResult CopyOutReader::copyOut(const QString &sql, const RowSink &sink) {
    PgResult failure;
    PGresult *raw = firstResult(sql, &failure);
    if (!raw)
        return failure;
    if (PQresultStatus(raw) != PGRES_COPY_OUT)
        return finish(PgResult::take(raw, PQstatus(m_conn.handle()) != CONNECTION_OK));
    PQclear(raw);

    for (;;) {
        char *row = nullptr;
        const int size = PQgetCopyData(m_conn.handle(), &row, 1);
        if (size > 0) {
            // After a cancel the rest of the rows are read and dropped: the server stops soon.
            if (!m_cancelSent && !sink(row, size)) {
                m_sinkFailed = true;
                requestCancel();
            }
            PQfreemem(row);
            checkCancel();
            continue;
        }
        if (size == 0) {
            if (!waitForInput())
                return lost(QStringLiteral("connection lost during COPY"));
            continue;
        }
        break; // -1: the COPY is over (its status follows); -2: an error (also follows)
    }
    return finish(PgResult());
}

} // namespace dedup::store
