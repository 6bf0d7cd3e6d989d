#include "models/RunPageLoader.h"

#include "store/PgConnection.h"
#include "store/StoreError.h"

#include <QMutexLocker>

namespace dedup::models {

using store::PgError;
using store::PgResult;
using store::RunQueries;

namespace {
constexpr int FirstBackoffMs = 500;
constexpr int MaxBackoffMs = 30000;
} // namespace

RunPageLoader::RunPageLoader(QString conninfo, QString applicationName, QObject *parent)
    : QObject(parent)
    , m_conninfo(std::move(conninfo))
    , m_applicationName(applicationName.isEmpty() ? QStringLiteral("dedup-console-runs")
                                                  : std::move(applicationName)) {
    m_clock.start();
}

RunPageLoader::~RunPageLoader() = default;

void RunPageLoader::cancel() {
    QMutexLocker lock(&m_mutex);
    if (m_runningRequest == 0 || !m_conn)
        return;
    ++m_cancelSerial;
    m_conn->cancel();
}

void RunPageLoader::cancelStale(int firstLiveRequest) {
    int current = m_staleBefore.load();
    while (current < firstLiveRequest &&
           !m_staleBefore.compare_exchange_weak(current, firstLiveRequest)) {
    }
    // PQcancel is sent while holding the mutex, so this thread cannot finish the stale
    // statement and start the next one in between: the cancel cannot hit a live request.
    QMutexLocker lock(&m_mutex);
    if (m_runningRequest == 0 || m_runningRequest >= firstLiveRequest || !m_conn)
        return;
    ++m_cancelSerial;
    m_conn->cancel();
}

void RunPageLoader::open() {
    QString why;
    if (ensureOpen(&why))
        emit opened();
}

void RunPageLoader::setStatementTimeout(int milliseconds) {
    m_statementTimeoutMs = qMax(0, milliseconds);
    if (m_conn && m_conn->isOpen())
        RunQueries::applySessionSettings(*m_conn, m_statementTimeoutMs);
}

bool RunPageLoader::ensureOpen(QString *why) {
    if (m_conn && m_conn->isOpen())
        return true;
    const qint64 now = m_clock.elapsed();
    if (m_retryAtMs > now) {
        *why = tr("Not connected to the database; the next attempt is in %1 s.")
                   .arg((m_retryAtMs - now + 999) / 1000);
        return false;
    }
    auto conn = std::make_unique<store::PgConnection>();
    QString error;
    bool ok = conn->open(m_conninfo, m_applicationName);
    if (!ok) {
        error = conn->openError().toString();
    } else {
        const PgResult timeout = RunQueries::applySessionSettings(*conn, m_statementTimeoutMs);
        ok = timeout.ok();
        if (!ok)
            error = timeout.error().toString();
    }
    if (!ok) {
        m_backoffMs = m_backoffMs == 0 ? FirstBackoffMs : qMin(m_backoffMs * 2, MaxBackoffMs);
        m_retryAtMs = now + m_backoffMs;
        *why = tr("Cannot connect to the database: %1").arg(error);
        if (!m_lost) {
            m_lost = true;
            emit connectionLost(*why);
        }
        return false;
    }
    {
        QMutexLocker lock(&m_mutex);
        m_conn = std::move(conn);
    }
    m_backendPid.store(m_conn->backendPid());
    m_backoffMs = 0;
    m_retryAtMs = 0;
    if (m_lost) {
        m_lost = false;
        emit connectionRestored();
    }
    return true;
}

void RunPageLoader::closeConnection() {
    QMutexLocker lock(&m_mutex);
    m_conn.reset();
    m_backendPid.store(0);
}

bool RunPageLoader::execute(int requestId, const store::RunQuery &query, PgResult *result) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (isStale(requestId))
            return false;
        QString why;
        if (!ensureOpen(&why)) {
            PgError error;
            error.message = why;
            error.connectionLost = true;
            reportFailure(requestId, error, false);
            return false;
        }
        quint64 cancelsBefore = 0;
        quint64 cancelsBeforePrevious = 0;
        {
            QMutexLocker lock(&m_mutex);
            if (isStale(requestId)) // cancelStale() came in since the check above
                return false;
            m_runningRequest = requestId;
            cancelsBefore = m_cancelSerial;
            cancelsBeforePrevious = std::exchange(m_cancelSerialAtStart, cancelsBefore);
        }
        *result = m_conn->exec(query.sql, query.params);
        bool cancelledThis = false;
        {
            QMutexLocker lock(&m_mutex);
            m_runningRequest = 0;
            // Cancels are only sent while a statement runs, so one sent now was meant for it.
            cancelledThis = m_cancelSerial != cancelsBefore;
        }
        // The previous statement was cancelled: the server may have acted on that cancel
        // only after it had finished, hitting this one instead (PQcancel's documented race;
        // sending it under m_mutex makes it unlikely, not impossible).
        const bool lateCancel = !cancelledThis && cancelsBefore != cancelsBeforePrevious;
        if (result->ok())
            return true;
        if (isStale(requestId)) // cancelled because nobody wants the answer any more
            return false;
        const PgError &error = result->error();
        if (error.connectionLost) {
            if (!m_lost) {
                m_lost = true;
                emit connectionLost(error.toString());
            }
            closeConnection();
            if (attempt == 0)
                continue; // every query here is read-only: repeat it once on a new connection
        } else if (store::classify(error) == store::StoreErrorKind::QueryCanceled && lateCancel &&
                   attempt == 0) {
            continue; // not ours: run it again
        }
        reportFailure(requestId, error, cancelledThis);
        return false;
    }
    return false;
}

void RunPageLoader::reportFailure(int requestId, const PgError &error, bool cancelled) {
    if (error.connectionLost) {
        emit failed(requestId, error.message, Failure::ConnectionLost);
    } else if (store::classify(error) == store::StoreErrorKind::QueryCanceled) {
        if (cancelled) {
            emit failed(requestId, tr("The query was cancelled."), Failure::Cancelled);
        } else {
            emit failed(requestId,
                        tr("The query took longer than %1 s and was stopped (statement "
                           "timeout). Narrow the filter, or raise the timeout.")
                            .arg(m_statementTimeoutMs / 1000.0, 0, 'g', 3),
                        Failure::TimedOut);
        }
    } else {
        emit failed(requestId, error.toString(), Failure::QueryFailed);
    }
}

void RunPageLoader::loadPage(int requestId, const store::RunFilter &filter,
                             const store::RunKey &after, int limit) {
    // One row more than asked tells whether another page exists.
    PgResult result;
    if (!execute(requestId, RunQueries::page(filter, after, limit + 1), &result))
        return;
    QList<store::RunRow> rows = RunQueries::readRows(result);
    const bool more = rows.size() > limit;
    if (more)
        rows.resize(limit);
    emit pageLoaded(requestId, rows, more);
}

void RunPageLoader::loadFirstPage(int requestId, const store::RunFilter &filter, int limit) {
    loadPage(requestId, filter, {}, limit);
}

void RunPageLoader::loadNextPage(int requestId, const store::RunFilter &filter,
                                 const store::RunKey &after, int limit) {
    loadPage(requestId, filter, after, limit);
}

void RunPageLoader::loadWindow(int requestId, const store::RunFilter &filter,
                               const store::RunKey &bottom, int limit) {
    PgResult result;
    if (!execute(requestId, RunQueries::window(filter, bottom, limit + 1), &result))
        return;
    QList<store::RunRow> rows = RunQueries::readRows(result);
    const bool complete = rows.size() <= limit;
    if (!complete)
        rows.resize(limit);
    emit windowLoaded(requestId, rows, complete);
}

void RunPageLoader::refreshRows(int requestId, const store::RunFilter &filter,
                                const QList<qint64> &ids) {
    PgResult result;
    if (!execute(requestId, RunQueries::rowsById(filter, ids), &result))
        return;
    emit rowsRefreshed(requestId, ids, RunQueries::readRows(result));
}

void RunPageLoader::count(int requestId, const store::RunFilter &filter, qint64 cap) {
    PgResult capped;
    if (!execute(requestId, RunQueries::cappedCount(filter, cap), &capped))
        return;
    const qint64 exact = capped.toInt64(0, 0);
    qint64 estimated = -1;
    if (exact > cap) {
        PgResult plan;
        if (!execute(requestId, RunQueries::estimate(filter), &plan))
            return;
        estimated = RunQueries::readEstimate(plan);
    }
    emit counted(requestId, RunQueries::makeCount(exact, cap, estimated));
}

} // namespace dedup::models
