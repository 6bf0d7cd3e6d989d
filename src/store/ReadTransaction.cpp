#include "store/ReadTransaction.h"

#include "store/PgConnection.h"

namespace dedup::store {

ReadTransaction::ReadTransaction(PgConnection &connection)
    : m_conn(connection) {}

ReadTransaction::~ReadTransaction() {
    // Nothing to undo (read only): the rollback only ends the transaction. A broken
    // connection has no transaction left to end.
    if (m_open && m_conn.isOpen())
        m_conn.exec(QStringLiteral("ROLLBACK"));
}

bool ReadTransaction::begin(PgError *error) {
    const PgResult result =
        m_conn.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    if (!result.ok()) {
        *error = result.error();
        return false;
    }
    m_open = true;
    return true;
}

bool ReadTransaction::commit(PgError *error) {
    const PgResult result = m_conn.exec(QStringLiteral("COMMIT"));
    if (!result.ok()) {
        *error = result.error();
        return false; // the destructor rolls back what is left
    }
    m_open = false;
    return true;
}

} // namespace dedup::store
