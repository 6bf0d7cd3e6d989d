#pragma once

#include "store/PgResult.h"

#include <QString>

#include <atomic>
#include <functional>

namespace dedup::store {

class PgConnection;

// Runs one statement without blocking on the socket, so a cancel flag set by another thread
// is noticed within ~100 ms even while the server is still planning, counting or sorting
// and sends nothing. For `COPY ... TO STDOUT` it hands every row to a sink as it arrives
// (libpq delivers one CopyData message per row): nothing is accumulated, memory stays
// bounded by the largest row.
//
// Cancelling (the flag, or a sink that returns false) sends PQcancel and then drains what the
// server still sends, so the connection is usable afterwards (inside an aborted transaction
// if there was one: the caller rolls back).
class CopyOutReader {
public:
    // The row's bytes, including the terminating newline; false stops the COPY (e.g. the
    // output cannot be written).
    using RowSink = std::function<bool(const char *data, int size)>;

    CopyOutReader(PgConnection &connection, const std::atomic_bool *cancel);

    // A statement that returns a result (count(*), ...).
    PgResult query(const QString &sql);
    // A `COPY (...) TO STDOUT` statement; ok() when every row was delivered.
    PgResult copyOut(const QString &sql, const RowSink &sink);

    // Whether the flag was seen set (the statement was cancelled, or finished anyway).
    bool cancelled() const { return m_cancelled; }
    // Whether a sink returned false.
    bool sinkFailed() const { return m_sinkFailed; }

private:
    bool send(const QString &sql, PgResult *failure);
    // Sends `sql` and waits for its first result; nullptr (and `failure` set) when there is
    // none. The caller owns the result.
    pg_result *firstResult(const QString &sql, PgResult *failure);
    bool waitForInput();
    void checkCancel();
    void requestCancel();
    PgResult finish(PgResult first);
    PgResult lost(const QString &what) const;

    PgConnection &m_conn;
    const std::atomic_bool *m_cancel = nullptr;
    bool m_cancelled = false;
    bool m_cancelSent = false;
    bool m_sinkFailed = false;
};

} // namespace dedup::store
