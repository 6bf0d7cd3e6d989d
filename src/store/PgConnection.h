#pragma once

#include "store/PgError.h"
#include "store/PgParams.h"
#include "store/PgResult.h"

#include <QString>

#include <memory>
#include <vector>

struct pg_conn;
struct pg_cancel;

namespace dedup::store {

struct PgNotification {
    QString channel;
    QString payload;
    int backendPid = 0;
};

// One libpq connection, owned (PQfinish on destruction). Not thread-safe: one thread uses it
// at a time, except cancel(), which any thread may call while a query runs.
class PgConnection {
public:
    PgConnection();
    ~PgConnection();
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    // `conninfo` is anything libpq accepts: "key=value" pairs, a postgresql:// URI,
    // "service=name", or empty (PG* environment, .pgpass and pg_service.conf still apply).
    // The session is set up for the store: UTC time zone, ISO dates, and the operator's OS
    // user and host as settings the audit log reads.
    bool open(const QString &conninfo, const QString &applicationName = {});
    void close();
    bool isOpen() const;
    // The error of the last failed open().
    const PgError &openError() const { return m_openError; }

    PgResult exec(const QString &sql, const PgParams &params = {});
    // Runs statements in one transaction; rolls back and returns the first failure.
    PgResult execScript(const QString &sql);

    // Asks the server to cancel the statement in progress. Safe from any thread.
    bool cancel(QString *error = nullptr);

    // Notifications received so far (call after exec() or when the socket is readable).
    std::vector<PgNotification> takeNotifications();
    int socket() const;
    // Reads pending input without blocking; false when the connection broke.
    bool consumeInput();

    QString conninfo() const { return m_conninfo; }
    int serverVersion() const;
    int backendPid() const;
    pg_conn *handle() const { return m_conn.get(); }

private:
    struct ConnDeleter {
        void operator()(pg_conn *conn) const;
    };
    struct CancelDeleter {
        void operator()(pg_cancel *cancel) const;
    };
    std::unique_ptr<pg_conn, ConnDeleter> m_conn;
    std::unique_ptr<pg_cancel, CancelDeleter> m_cancel;
    PgError m_openError;
    QString m_conninfo;
};

} // namespace dedup::store
