#pragma once

#include "store/PgError.h"
#include "store/PgParams.h"
#include "store/PgResult.h"

#include <QHash>
#include <QString>

#include <memory>
#include <vector>

struct pg_conn;
struct pg_cancel;
struct pg_result;

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
    // When nothing sets sslmode and a host is reached over the network, sslmode=verify-full
    // is added (ConnectionProfile::withDefaultSslmode).
    // The session is set up for the store: UTC time zone, ISO dates, and the operator's OS
    // user and host as settings the audit log reads.
    bool open(const QString &conninfo, const QString &applicationName = {});
    void close();
    bool isOpen() const;
    // The error of the last failed open().
    const PgError &openError() const { return m_openError; }

    PgResult exec(const QString &sql, const PgParams &params = {});
    // As exec(), through a statement this connection prepares once (PQprepare, kept until the
    // connection closes), so the server parses and plans `sql` once instead of at every call:
    // for the worker protocol's calls, made thousands of times a second. The statement's name
    // is a hash of its text, so server sessions a pooler shares between clients never hold
    // two statements under one name. When the server does not know the statement (a pooler
    // in transaction mode put the call on another session; DISCARD ALL; a migration changed
    // the function's result type), it is prepared there and run again, up to three tries,
    // then sent as exec() would; after 1000 prepares the connection uses exec() for good.
    PgResult execPrepared(const QString &sql, const PgParams &params = {});
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
    // A libpq result as a PgResult; a null one (no answer) as the connection's error.
    PgResult take(pg_result *raw);
    // Prepares `sql` under a new name; empty name and the error when the server refused.
    QByteArray prepare(const QString &sql, PgResult *failure);

    PgError m_openError;
    QString m_conninfo;
    QHash<QString, QByteArray> m_prepared; // sql -> statement name, for this session
    int m_preparedCount = 0;
    bool m_preparing = true; // false once the server kept losing prepared statements
};

} // namespace dedup::store
