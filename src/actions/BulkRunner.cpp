#include "actions/BulkRunner.h"

#include "store/BulkOperations.h"
#include "store/OperatorActions.h"

#include <QCoreApplication>
#include <QSysInfo>

namespace dedup::actions {

BulkRunner::BulkRunner(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_worker(conninfo, *this) {
    qRegisterMetaType<BulkPhase>();
    qRegisterMetaType<BulkReport>();
    qRegisterMetaType<BulkPlan>();
    qRegisterMetaType<store::BulkState>();
    qRegisterMetaType<QList<store::BulkState>>();
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("USERNAME");
    m_settings.runnerName = tr("%1@%2 (pid %3)")
                                .arg(user, QSysInfo::machineHostName())
                                .arg(QCoreApplication::applicationPid());
}

// A batch in progress is cancelled (it rolls back as a whole; the operation stays as it was
// and can be attached again): see m_worker.
BulkRunner::~BulkRunner() = default;

void BulkRunner::setReconnectBackoff(int firstMs, int maxMs) {
    m_settings.firstBackoffMs = qMax(1, firstMs);
    m_settings.maxBackoffMs = qMax(m_settings.firstBackoffMs, maxMs);
}

int BulkRunner::backendPid() const {
    return m_worker.backendPid();
}

void BulkRunner::failLater(const QString &message) {
    QMetaObject::invokeMethod(
        this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
}

QString BulkRunner::start(const BulkPlan &plan) {
    if (isBusy()) {
        failLater(tr("This runner is busy with operation %1.").arg(m_bulkId));
        return {};
    }
    const QString invalid = plan.validationError();
    if (!invalid.isEmpty()) {
        failLater(invalid);
        return {};
    }
    m_bulkId = store::BulkOperations::newBulkId();
    m_report = {};
    m_state = {};
    m_phase = BulkPhase::Preparing; // at once: a second start() right away is refused
    const QString startKey = store::OperatorActions::newActionKey();
    // Queued, as every request: the answers never come from inside the call.
    QMetaObject::invokeMethod(
        &m_worker,
        [worker = &m_worker, settings = m_settings, id = m_bulkId, plan, startKey] {
            worker->configure(settings);
            worker->begin(id, plan, startKey);
        },
        Qt::QueuedConnection);
    return m_bulkId;
}

void BulkRunner::attach(const QString &bulkId, bool step, const QString &reason) {
    if (isBusy()) {
        failLater(tr("This runner is busy with operation %1.").arg(m_bulkId));
        return;
    }
    if (step && reason.trimmed().isEmpty()) {
        failLater(tr("A reason is required."));
        return;
    }
    m_bulkId = bulkId;
    m_report = {};
    m_state = {};
    // One intent, one key: resent after a lost connection, the attach is written once.
    const QString key = step ? store::OperatorActions::newActionKey() : QString();
    QMetaObject::invokeMethod(
        &m_worker,
        [worker = &m_worker, settings = m_settings, bulkId, step, reason, key] {
            worker->configure(settings);
            worker->attach(bulkId, step, reason, key);
        },
        Qt::QueuedConnection);
}

void BulkRunner::sendControl(store::BulkCommand command, const QString &reason) {
    if (reason.trimmed().isEmpty()) {
        failLater(tr("A reason is required."));
        return;
    }
    if (m_bulkId.isEmpty()) {
        failLater(tr("No bulk operation to control."));
        return;
    }
    QMetaObject::invokeMethod(
        &m_worker,
        [worker = &m_worker, command, reason, key = store::OperatorActions::newActionKey()] {
            worker->control(command, reason, key);
        },
        Qt::QueuedConnection);
}

void BulkRunner::pause(const QString &reason) {
    sendControl(store::BulkCommand::Pause, reason);
}

void BulkRunner::resume(const QString &reason) {
    sendControl(store::BulkCommand::Resume, reason);
}

void BulkRunner::abort(const QString &reason) {
    sendControl(store::BulkCommand::Abort, reason);
}

void BulkRunner::requestActiveOperations() {
    QMetaObject::invokeMethod(&m_worker, &BulkWorker::listActive, Qt::QueuedConnection);
}

} // namespace dedup::actions
