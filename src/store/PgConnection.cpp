#include "store/PgConnection.h"

#include "store/ConnectionProfile.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QSysInfo>
#include <QtGlobal>

#include <libpq-fe.h>

namespace dedup::store {

void PgConnection::ConnDeleter::operator()(pg_conn *conn) const {
    PQfinish(conn);
}
void PgConnection::CancelDeleter::operator()(pg_cancel *cancel) const {
    PQfreeCancel(cancel);
}

PgConnection::PgConnection() = default;
PgConnection::~PgConnection() = default;

// One redaction salt per process (0016_protected_columns.sql): every connection of a console
// shows the same hash for the same value, so a key in the list matches the key in the detail;
// another process (another console, a restart) shows other hashes. The salt is not secret:
// the key it is combined with never leaves the server.
static QString redactionSalt() {
    static const QString salt = [] {
        QRandomGenerator64 &random = *QRandomGenerator64::system();
        return QString::number(random.generate(), 16) + QString::number(random.generate(), 16);
    }();
    return salt;
}

static QString osUserName() {
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("LOGNAME");
    return user;
}

bool PgConnection::open(const QString &conninfo, const QString &applicationName) {
    close();
    m_conninfo = conninfo;
    m_openError = {};
    // Every connection of every program gets the same rule: verify-full for a host reached
    // over the network when nothing chose an sslmode (libpq's prefer can be downgraded).
    const QByteArray info = ConnectionProfile::withDefaultSslmode(conninfo).toUtf8();
    const QByteArray app =
        (applicationName.isEmpty() ? QStringLiteral("dedup") : applicationName).toUtf8();
    // expand_dbname=1 lets "dbname" carry a full conninfo string or URI; the fallback
    // application name only applies when the user did not set one.
    const char *keys[] = {"dbname", "fallback_application_name", nullptr};
    const char *values[] = {info.constData(), app.constData(), nullptr};
    m_conn.reset(PQconnectdbParams(keys, values, 1));
    if (!m_conn || PQstatus(m_conn.get()) != CONNECTION_OK) {
        m_openError.message = m_conn ? QString::fromUtf8(PQerrorMessage(m_conn.get())).trimmed()
                                     : QStringLiteral("out of memory");
        // A string libpq cannot parse is reported with the token it stumbled on, which may be
        // a piece of the password: report it as parse() does, redacted.
        QString parseError;
        if (m_conn && !ConnectionProfile::parse(conninfo, &parseError))
            m_openError.message = parseError;
        m_openError.connectionLost = true;
        m_openError.passwordNeeded = m_conn && PQconnectionNeedsPassword(m_conn.get()) == 1;
        m_conn.reset();
        return false;
    }
    m_cancel.reset(PQgetCancel(m_conn.get()));
    // The audit log records who acted: the database role comes from the server, the OS user
    // and host from here (set_config keeps these values out of the statement text).
    PgParams params;
    params.add(osUserName()).add(QSysInfo::machineHostName()).add(redactionSalt());
    const PgResult setup = exec(QStringLiteral("SELECT set_config('TimeZone', 'UTC', false),"
                                               " set_config('DateStyle', 'ISO, YMD', false),"
                                               " set_config('dedup.os_user', $1, false),"
                                               " set_config('dedup.client_host', $2, false),"
                                               " set_config('dedup.redaction_salt', $3, false)"),
                                params);
    if (!setup.ok()) {
        m_openError = setup.error();
        m_conn.reset();
        return false;
    }
    return true;
}

void PgConnection::close() {
    m_cancel.reset();
    m_conn.reset();
    // Prepared statements live in the server session.
    m_prepared.clear();
    m_preparing = true;
}

bool PgConnection::isOpen() const {
    return m_conn && PQstatus(m_conn.get()) == CONNECTION_OK;
}

PgResult PgConnection::exec(const QString &sql, const PgParams &params) {
    if (!m_conn) {
        PgError error;
        error.message = QStringLiteral("not connected");
        error.connectionLost = true;
        return PgResult::fromError(error);
    }
    const QByteArray text = sql.toUtf8();
    const std::vector<const char *> values = params.pointers();
    return take(PQexecParams(m_conn.get(), text.constData(), params.size(), nullptr, values.data(),
                             nullptr, nullptr, 0));
}

PgResult PgConnection::take(PGresult *raw) {
    const bool lost = PQstatus(m_conn.get()) != CONNECTION_OK;
    if (!raw) { // out of memory, or the connection broke before an answer
        PgError error;
        error.message = QString::fromUtf8(PQerrorMessage(m_conn.get())).trimmed();
        error.connectionLost = lost;
        return PgResult::fromError(error);
    }
    return PgResult::take(raw, lost);
}

QByteArray PgConnection::prepare(const QString &sql, PgResult *failure) {
    // The name is the statement's text, hashed: behind a pooler in transaction mode, server
    // sessions are shared by many clients, and a name must mean the same statement for all
    // of them ("dedup_9" from a counter meant 3 parameters to one client and 12 to another).
    const QByteArray name =
        "dedup_" +
        QCryptographicHash::hash(sql.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    ++m_preparedCount;
    // No parameter types: the server infers them, as it does for exec()'s PQexecParams.
    PgResult result =
        take(PQprepare(m_conn.get(), name.constData(), sql.toUtf8().constData(), 0, nullptr));
    // 42P05: this server session has it already (prepared by another client of the pooler,
    // or by us before a pooler moved us): the same name is the same text, so use it.
    if (!result.ok() && result.error().sqlState != u"42P05") {
        *failure = std::move(result);
        return {};
    }
    m_prepared.insert(sql, name);
    return name;
}

PgResult PgConnection::execPrepared(const QString &sql, const PgParams &params) {
    // A server that keeps forgetting statements (a pooler recycling server sessions, or
    // resetting them after every transaction) costs a PQprepare per call: past this many,
    // the connection goes back to exec() for good.
    constexpr int MaxPrepares = 1000;
    if (!m_conn || !m_preparing)
        return exec(sql, params);
    const std::vector<const char *> values = params.pointers();
    // Behind a pooler in transaction mode each call may reach another server session, one
    // that has not seen the statement yet: prepare there and try again, a few times.
    for (int attempt = 1; attempt <= 3; ++attempt) {
        QByteArray name = m_prepared.value(sql);
        if (name.isEmpty()) {
            PgResult failure;
            name = prepare(sql, &failure);
            if (name.isEmpty())
                return failure; // as exec() would have failed: bad SQL, aborted transaction…
        }
        PgResult result = take(PQexecPrepared(m_conn.get(), name.constData(), params.size(),
                                              values.data(), nullptr, nullptr, 0));
        // 26000: the session does not know the name. 0A000 "cached plan must not change
        // result type": the statement's result changed under it. Both fail before anything
        // ran, so preparing again and running once more is safe.
        const QString &state = result.error().sqlState;
        const bool stale = state == u"26000" ||
                           (state == u"0A000" && result.error().message.contains(u"cached plan"));
        if (!stale)
            return result;
        m_prepared.remove(sql);
        if (m_preparedCount >= MaxPrepares) {
            m_preparing = false;
            break;
        }
    }
    // Nothing ran: send it as a plain parameterised statement (one round trip, any session).
    return exec(sql, params);
}

PgResult PgConnection::execScript(const QString &sql) {
    // Simple-query protocol: several statements in one string run as one implicit
    // transaction unless the script itself says otherwise.
    if (!m_conn) {
        PgError error;
        error.message = QStringLiteral("not connected");
        error.connectionLost = true;
        return PgResult::fromError(error);
    }
    return take(PQexec(m_conn.get(), sql.toUtf8().constData()));
}

bool PgConnection::cancel(QString *error) {
    if (!m_cancel) {
        if (error)
            *error = QStringLiteral("not connected");
        return false;
    }
    char buffer[256] = {};
    const bool ok = PQcancel(m_cancel.get(), buffer, sizeof buffer) == 1;
    if (!ok && error)
        *error = QString::fromUtf8(buffer);
    return ok;
}

std::vector<PgNotification> PgConnection::takeNotifications() {
    std::vector<PgNotification> result;
    if (!m_conn)
        return result;
    while (PGnotify *notify = PQnotifies(m_conn.get())) {
        result.push_back(
            {QString::fromUtf8(notify->relname), QString::fromUtf8(notify->extra), notify->be_pid});
        PQfreemem(notify);
    }
    return result;
}

int PgConnection::socket() const {
    return m_conn ? PQsocket(m_conn.get()) : -1;
}

bool PgConnection::consumeInput() {
    if (!m_conn || PQconsumeInput(m_conn.get()) != 1 || PQstatus(m_conn.get()) != CONNECTION_OK)
        return false;
    // A server going away often says why before it closes the socket ("terminating connection
    // due to unexpected postmaster exit", an error outside any query, which libpq hands to the
    // notice processor). Parse what came, then read once more, so that the close is seen now
    // and not by the next statement (whose answer would then be lost).
    if (PQisBusy(m_conn.get()) == 0 && PQconsumeInput(m_conn.get()) != 1)
        return false;
    return PQstatus(m_conn.get()) == CONNECTION_OK;
}

int PgConnection::serverVersion() const {
    return m_conn ? PQserverVersion(m_conn.get()) : 0;
}

int PgConnection::backendPid() const {
    return m_conn ? PQbackendPID(m_conn.get()) : 0;
}

} // namespace dedup::store
