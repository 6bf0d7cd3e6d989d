#include "lanes/LaneWorker.h"

#include "lanes/Lane.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"
#include "store/StoreError.h"

#include <QMutexLocker>
#include <QTimer>

#include <libpq-fe.h>

namespace dedup::lanes {

using store::PgError;
using store::PgResult;

LaneWorker::LaneWorker(Lane &lane, QString conninfo, QString applicationName,
                       int statementTimeoutMs, bool writes)
    : m_lane(lane)
    , m_conninfo(std::move(conninfo))
    , m_applicationName(std::move(applicationName))
    , m_writes(writes)
    , m_statementTimeoutMs(statementTimeoutMs)
    , m_reconnectTimer(new QTimer(this)) {
    m_clock.start();
    m_reconnectTimer->setSingleShot(true);
    connect(m_reconnectTimer, &QTimer::timeout, this, &LaneWorker::reconnectNow);
}

LaneWorker::~LaneWorker() = default;

template <typename Answer>
void LaneWorker::post(Answer answer) {
    QMetaObject::invokeMethod(&m_lane, std::move(answer), Qt::QueuedConnection);
}

void LaneWorker::answerFailed(int requestId, const QString &message, Failure failure) {
    post([lane = &m_lane, requestId, message, failure] {
        lane->onFailed(requestId, message, failure);
    });
}

void LaneWorker::cancelRunning() {
    QMutexLocker lock(&m_mutex);
    if (m_runningRequest == 0 || !m_conn)
        return;
    ++m_cancelSerial;
    m_conn->cancel();
}

void LaneWorker::discardBefore(int firstLiveRequest) {
    int current = m_staleBefore.load();
    while (current < firstLiveRequest &&
           !m_staleBefore.compare_exchange_weak(current, firstLiveRequest)) {
    }
    // Sent while holding the mutex: this thread cannot finish the stale job and start the
    // next one in between, so the cancel cannot hit a live request.
    QMutexLocker lock(&m_mutex);
    if (m_runningRequest == 0 || m_runningRequest >= firstLiveRequest || !m_conn)
        return;
    ++m_cancelSerial;
    m_conn->cancel();
}

void LaneWorker::open() {
    QString why;
    ensureOpen(&why);
}

void LaneWorker::setStatementTimeout(int milliseconds) {
    m_statementTimeoutMs = qMax(0, milliseconds);
    if (m_conn && m_conn->isOpen())
        store::RunQueries::applySessionSettings(*m_conn, m_statementTimeoutMs);
}

void LaneWorker::shutdown() {
    m_shutDown = true;
    m_reconnectTimer->stop();
    closeConnection();
}

bool LaneWorker::ensureOpen(QString *why) {
    if (m_conn && m_conn->isOpen())
        return true;
    if (m_shutDown) {
        *why = tr("The connection was closed.");
        return false;
    }
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
        const PgResult timeout =
            store::RunQueries::applySessionSettings(*conn, m_statementTimeoutMs);
        ok = timeout.ok();
        if (!ok)
            error = timeout.error().toString();
    }
    if (!ok) {
        // The ceiling, not a jittered wait: one console per server is no thundering herd,
        // and the "next attempt in n s" the operator reads must be the real one.
        ++m_failedConnects;
        const int delayMs = int(m_backoff.backoffCeiling(m_failedConnects).count());
        m_retryAtMs = now + delayMs;
        *why = tr("Cannot connect to the database: %1").arg(error);
        markLost(*why);
        // Keep trying without waiting for a request: the views re-read once it is back.
        m_reconnectTimer->start(delayMs);
        post([lane = &m_lane, attempt = m_failedConnects, delayMs] {
            emit lane->reconnectScheduled(attempt, delayMs);
        });
        return false;
    }
    {
        QMutexLocker lock(&m_mutex);
        m_conn = std::move(conn);
    }
    m_backendPid.store(m_conn->backendPid());
    m_failedConnects = 0;
    m_retryAtMs = 0;
    m_reconnectTimer->stop();
    if (m_lost) {
        m_lost = false;
        post([lane = &m_lane] { lane->onConnectionRestored(); });
    }
    return true;
}

void LaneWorker::markLost(const QString &message) {
    if (m_lost)
        return;
    m_lost = true;
    post([lane = &m_lane, message] { lane->onConnectionLost(message); });
}

void LaneWorker::closeConnection() {
    QMutexLocker lock(&m_mutex);
    m_conn.reset();
    m_backendPid.store(0);
}

void LaneWorker::reconnectNow() {
    // This is the attempt the backoff scheduled. A coarse QTimer may fire a little before
    // m_clock reaches m_retryAtMs; refused, nothing would schedule the next one.
    m_retryAtMs = 0;
    QString why;
    ensureOpen(&why);
}

void LaneWorker::rollbackIfInTransaction() {
    if (!m_conn || !m_conn->isOpen())
        return;
    const PGTransactionStatusType status = PQtransactionStatus(m_conn->handle());
    if (status == PQTRANS_INTRANS || status == PQTRANS_INERROR)
        m_conn->exec(QStringLiteral("ROLLBACK"));
}

void LaneWorker::run(int requestId, const Job &job) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (isStale(requestId))
            return;
        QString why;
        if (!ensureOpen(&why)) {
            answerFailed(requestId, why, Failure::ConnectionLost);
            return;
        }
        quint64 cancelsBefore = 0;
        quint64 cancelsBeforePrevious = 0;
        {
            QMutexLocker lock(&m_mutex);
            if (isStale(requestId)) // discardBefore() came in since the check above
                return;
            m_runningRequest = requestId;
            cancelsBefore = m_cancelSerial;
            cancelsBeforePrevious = std::exchange(m_cancelSerialAtStart, cancelsBefore);
        }
        PgError error;
        const QVariant value = job(*m_conn, &error);
        bool cancelledThis = false;
        {
            QMutexLocker lock(&m_mutex);
            m_runningRequest = 0;
            // Cancels are only sent while a job runs, so one sent now was meant for it.
            cancelledThis = m_cancelSerial != cancelsBefore;
        }
        // The previous job was cancelled: the server may have acted on that cancel only
        // after it finished, hitting this one instead (PQcancel's documented race).
        const bool lateCancel = !cancelledThis && cancelsBefore != cancelsBeforePrevious;
        if (error.isEmpty()) {
            if (!isStale(requestId))
                post([lane = &m_lane, requestId, value] { lane->onFinished(requestId, value); });
            return;
        }
        if (error.connectionLost || (m_conn && !m_conn->isOpen())) {
            markLost(error.toString());
            closeConnection();
            if (m_writes) {
                // It may or may not have been applied: answer, never guess by running it
                // again. Then reconnect for the next job.
                error.connectionLost = true;
                if (!isStale(requestId))
                    reportFailure(requestId, error, true);
                reconnectNow();
                return;
            }
            if (attempt == 0)
                continue; // jobs are read-only: repeat it once on a new connection
            // A second loss in a row: keep reconnecting in the background.
            if (!m_reconnectTimer->isActive())
                m_reconnectTimer->start(int(m_backoff.backoffCeiling(1).count()));
        } else {
            rollbackIfInTransaction();
        }
        if (isStale(requestId)) // cancelled because nobody wants the answer any more
            return;
        if (!m_writes && !error.connectionLost &&
            store::classify(error) == store::StoreErrorKind::QueryCanceled && lateCancel &&
            attempt == 0)
            continue; // not ours: run it again
        // A write hit by the previous job's late cancel is answered like a timeout (both roll
        // back; the two cannot be told apart by SQLSTATE).
        reportFailure(requestId, error, cancelledThis);
        return;
    }
}

void LaneWorker::reportFailure(int requestId, const PgError &error, bool cancelled) {
    if (error.connectionLost) {
        answerFailed(requestId, error.toString(), Failure::ConnectionLost);
    } else if (store::classify(error) == store::StoreErrorKind::QueryCanceled) {
        if (cancelled) {
            answerFailed(requestId, tr("The query was cancelled."), Failure::Cancelled);
        } else {
            answerFailed(requestId,
                         tr("The query took longer than %1 s and was stopped (statement "
                            "timeout).")
                             .arg(m_statementTimeoutMs / 1000.0, 0, 'g', 3),
                         Failure::TimedOut);
        }
    } else {
        answerFailed(requestId, error.toString(), Failure::QueryFailed);
    }
}

} // namespace dedup::lanes
