#include "actions/ActionWorker.h"

#include "actions/ActionCatalogue.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"

#include <QElapsedTimer>
#include <QThread>

namespace dedup::actions {

using store::OperatorActions;
using store::StoreErrorKind;

ActionWorker::ActionWorker(QString conninfo, QString applicationName, QObject *parent)
    : QObject(parent)
    , m_conn(std::move(conninfo), std::move(applicationName), 30000) {}

ActionWorker::~ActionWorker() = default;

void ActionWorker::setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs) {
    m_maxAttempts = qMax(1, maxAttempts);
    m_firstDelayMs = qMax(0, firstDelayMs);
    m_maxDelayMs = qMax(m_firstDelayMs, maxDelayMs);
}

void ActionWorker::shutdown() {
    m_conn.drop();
}

void ActionWorker::stop() {
    m_stopping.store(true);
    m_conn.cancel();
}

bool ActionWorker::pause(int milliseconds) const {
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < milliseconds) {
        if (m_stopping.load())
            return false;
        QThread::msleep(quint64(qMin<qint64>(20, milliseconds - timer.elapsed())));
    }
    return !m_stopping.load();
}

void ActionWorker::setLost(bool lost, const QString &message) {
    if (lost == m_lost)
        return;
    m_lost = lost;
    if (lost)
        emit connectionLost(message);
    else
        emit connectionRestored();
}

store::OperatorResult<store::OperatorOutcome> ActionWorker::send(store::PgConnection &connection,
                                                                 const ActionIntent &intent) {
    // Which store call, with which of the intent's arguments, is the action's catalogue row.
    if (const ActionRow *row = ActionCatalogue::find(intent.action)) {
        OperatorActions actions(connection);
        return row->send(actions, intent);
    }
    // A value from outside the enum (a corrupt queued intent): refuse, never guess.
    store::PgError error;
    error.sqlState = QStringLiteral("DD004");
    error.message = tr("Unknown action.");
    return store::OperatorResult<store::OperatorOutcome>::failure(error);
}

void ActionWorker::execute(int requestId, const ActionIntent &intent) {
    // Every attempt sends the same intent with the same action key: if an earlier attempt
    // was applied and only its answer was lost, the server answers 'replayed' and applies
    // nothing again. Each attempt is one autocommit statement, so an attempt that failed
    // changed nothing or everything, never half.
    int delay = m_firstDelayMs;
    store::PgError lastError;
    StoreErrorKind lastKind = StoreErrorKind::ConnectionLost;
    int attempts = 0;
    for (int attempt = 1; attempt <= m_maxAttempts; ++attempt) {
        if (m_stopping.load())
            break;
        if (attempt > 1) {
            if (!pause(delay))
                break;
            delay = qMin(delay * 2, m_maxDelayMs);
        }
        QString why;
        store::PgConnection *conn = m_conn.get(&why);
        if (!conn) {
            lastError = {};
            lastError.message = why;
            lastError.connectionLost = true;
            lastKind = StoreErrorKind::ConnectionLost;
            setLost(true, why);
            continue;
        }
        setLost(false);
        ++attempts;
        const auto answer = send(*conn, intent);
        if (answer.ok()) {
            emit finished(requestId, ActionResult::fromOutcome(intent, answer.value(), attempts));
            return;
        }
        lastError = answer.error();
        lastKind = answer.errorKind();
        if (lastKind == StoreErrorKind::ConnectionLost || !conn->isOpen()) {
            lastKind = StoreErrorKind::ConnectionLost;
            m_conn.drop();
            setLost(true, lastError.toString());
            continue;
        }
        if (lastKind == StoreErrorKind::SerializationFailure)
            continue; // rolled back as a whole: send it again
        if (lastKind == StoreErrorKind::QueryCanceled && m_stopping.load())
            lastKind = StoreErrorKind::ConnectionLost; // stopped by us: outcome reported unknown
        emit finished(requestId, ActionResult::fromError(intent, lastKind, lastError, attempts));
        return;
    }
    emit finished(requestId, ActionResult::fromError(intent, lastKind, lastError, attempts));
}

} // namespace dedup::actions
