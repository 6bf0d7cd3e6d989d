#include "CopyIn.h"

#include <libpq-fe.h>

namespace bench {

CopyIn::CopyIn(dedup::store::PgConnection &connection, const QString &sql)
    : m_connection(connection) {
    pg_conn *conn = m_connection.handle();
    if (!conn) {
        m_error = QStringLiteral("not connected");
        return;
    }
    PGresult *result = PQexec(conn, sql.toUtf8().constData());
    if (PQresultStatus(result) == PGRES_COPY_IN)
        m_active = true;
    else
        m_error = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
    PQclear(result);
    if (!m_active)
        drainResults(); // a failed statement may leave nothing, but never leave a result behind
}

CopyIn::~CopyIn() {
    if (!m_active)
        return;
    // The server discards the rows and fails the statement (and so the transaction).
    PQputCopyEnd(m_connection.handle(), "copy abandoned by the client");
    m_active = false;
    drainResults();
}

bool CopyIn::put(const QByteArray &rows) {
    if (!ok())
        return false;
    if (PQputCopyData(m_connection.handle(), rows.constData(), int(rows.size())) != 1) {
        m_error = QString::fromUtf8(PQerrorMessage(m_connection.handle())).trimmed();
        return false;
    }
    return true;
}

qint64 CopyIn::finish() {
    if (!m_active)
        return -1;
    m_active = false;
    if (PQputCopyEnd(m_connection.handle(), nullptr) != 1) {
        m_error = QString::fromUtf8(PQerrorMessage(m_connection.handle())).trimmed();
        drainResults();
        return -1;
    }
    return drainResults();
}

qint64 CopyIn::drainResults() {
    qint64 stored = -1;
    while (PGresult *result = PQgetResult(m_connection.handle())) {
        if (PQresultStatus(result) == PGRES_COMMAND_OK) {
            stored = QByteArray(PQcmdTuples(result)).toLongLong();
        } else if (m_error.isEmpty()) {
            m_error = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
            stored = -1;
        }
        PQclear(result);
    }
    return m_error.isEmpty() ? stored : -1;
}

} // namespace bench
