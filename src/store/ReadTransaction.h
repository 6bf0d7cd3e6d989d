#pragma once

#include "store/PgError.h"

namespace dedup::store {

class PgConnection;

// One read-only REPEATABLE READ transaction, for reads that must see a single snapshot of
// the store across several statements (a run and its steps, a list and its count). RAII:
// rolls back on destruction unless commit() succeeded, so an early return on error never
// leaves the connection inside a transaction.
//
//     ReadTransaction tx(conn);
//     if (!tx.begin(&error)) return ...;
//     ... conn.exec(...) ...
//     if (!tx.commit(&error)) return ...;
class ReadTransaction {
public:
    explicit ReadTransaction(PgConnection &connection);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction &) = delete;
    ReadTransaction &operator=(const ReadTransaction &) = delete;

    bool begin(PgError *error);
    bool commit(PgError *error);

private:
    PgConnection &m_conn;
    bool m_open = false;
};

} // namespace dedup::store
