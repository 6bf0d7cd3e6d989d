#pragma once

#include "store/PgConnection.h"

#include <QByteArray>
#include <QString>

namespace bench {

// One `COPY ... FROM STDIN` on a PgConnection, owned: an unfinished COPY is ended with an
// error message by the destructor (PQputCopyEnd with a reason), so the server aborts the
// statement and the connection can be used again. The data is sent in COPY's text format,
// whole rows per put(), blocking (the connection is in blocking mode).
class CopyIn {
public:
    // Starts `sql`, a COPY ... FROM STDIN statement; check ok().
    CopyIn(dedup::store::PgConnection &connection, const QString &sql);
    ~CopyIn();
    CopyIn(const CopyIn &) = delete;
    CopyIn &operator=(const CopyIn &) = delete;

    bool ok() const { return m_active && m_error.isEmpty(); }
    QString error() const { return m_error; }

    // Sends rows; false (and error()) when the server refused them.
    bool put(const QByteArray &rows);
    // Ends the COPY: the number of rows the server stored, or -1 (and error()).
    qint64 finish();

private:
    // Reads the results that end the COPY; the stored row count, -1 on failure.
    qint64 drainResults();

    dedup::store::PgConnection &m_connection;
    bool m_active = false;
    QString m_error;
};

} // namespace bench
