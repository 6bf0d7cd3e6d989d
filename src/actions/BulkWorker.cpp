#include "actions/BulkWorker.h"

#include "store/BulkOperations.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QTimer>

namespace dedup::actions {

using store::BulkOperations;
using store::BulkState;
using store::StoreErrorKind;

namespace {
bool is(const BulkState &state, const char *status) {
    return state.status == QLatin1String(status);
}
} // namespace

BulkWorker::BulkWorker(QString conninfo, QObject *parent)
    : QObject(parent)
    , m_conn(std::move(conninfo), QStringLiteral("dedup-console-bulk"), 30000)
    , m_timer(new QTimer(this)) {
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &BulkWorker::tick);
}

BulkWorker::~BulkWorker() = default;

void BulkWorker::configure(const Settings &settings) {
    m_settings = settings;
    m_settings.batchSize = qBound(1, settings.batchSize, BulkOperations::MaxBatch);
    m_settings.pageSize = qBound(1, settings.pageSize, BulkOperations::MaxItemsPerCall);
    m_settings.firstBackoffMs = qMax(1, settings.firstBackoffMs);
    m_settings.maxBackoffMs = qMax(m_settings.firstBackoffMs, settings.maxBackoffMs);
}

void BulkWorker::stop() {
    m_stopping.store(true);
    m_conn.cancel();
}

void BulkWorker::shutdown() {
    m_timer->stop();
    m_conn.drop();
}

void BulkWorker::schedule(int milliseconds) {
    if (!m_stopping.load())
        m_timer->start(qMax(0, milliseconds));
}

void BulkWorker::setPhase(BulkPhase phase) {
    if (phase == m_phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void BulkWorker::setLost(bool lost, const QString &message) {
    if (lost == m_lost)
        return;
    m_lost = lost;
    if (lost)
        emit connectionLost(message);
    else
        emit connectionRestored();
}

void BulkWorker::fail(const QString &message) {
    m_stage = Stage::Idle;
    setPhase(BulkPhase::Failed);
    emit failed(message);
}

bool BulkWorker::retryLater(StoreErrorKind kind, const store::PgError &error) {
    const bool lost =
        kind == StoreErrorKind::ConnectionLost || error.connectionLost || !m_conn.isOpen();
    const bool transient = lost || kind == StoreErrorKind::SerializationFailure ||
                           kind == StoreErrorKind::QueryCanceled;
    if (!transient)
        return false;
    if (lost) {
        m_conn.drop();
        setLost(true, error.toString());
    }
    // Whatever the statement was, it committed completely or not at all; the server makes
    // repeating it harmless (ids and action keys), so the same unit is simply done again.
    m_backoffMs = m_backoffMs == 0 ? m_settings.firstBackoffMs
                                   : qMin(m_backoffMs * 2, m_settings.maxBackoffMs);
    schedule(m_backoffMs);
    return true;
}

void BulkWorker::begin(const QString &bulkId, const BulkPlan &plan, const QString &startKey) {
    m_bulkId = bulkId;
    m_plan = plan;
    m_startKey = startKey;
    m_stepping = true;
    m_items.clear();
    m_added = 0;
    m_cursor = {};
    m_state = {};
    m_state.id = bulkId;
    m_controls.clear();
    m_stage = Stage::Create;
    setPhase(BulkPhase::Preparing);
    schedule(0);
}

void BulkWorker::attach(const QString &bulkId, bool step, const QString &reason,
                        const QString &actionKey) {
    m_bulkId = bulkId;
    m_plan.reset();
    m_stepping = step;
    m_state = {};
    m_state.id = bulkId;
    m_controls.clear();
    // Continuing here is an operator action like pause: audited with its reason before the
    // first batch (controls run before the stage's work).
    if (step)
        m_controls.append({store::BulkCommand::Attach, reason, actionKey});
    m_stage = Stage::Watch; // the first look decides
    schedule(0);
}

void BulkWorker::control(store::BulkCommand command, const QString &reason,
                         const QString &actionKey) {
    if (m_bulkId.isEmpty()) {
        emit failed(tr("No bulk operation to control."));
        return;
    }
    m_controls.append({command, reason, actionKey});
    schedule(0);
}

void BulkWorker::listActive() {
    QString why;
    store::PgConnection *conn = m_conn.get(&why);
    if (!conn) {
        emit activeOperationsFailed(why);
        return;
    }
    BulkOperations ops(*conn);
    const auto active = ops.active();
    if (!active.ok()) {
        if (active.errorKind() == StoreErrorKind::ConnectionLost || !conn->isOpen())
            m_conn.drop();
        emit activeOperationsFailed(active.error().toString());
        return;
    }
    emit activeOperations(active.value());
}

void BulkWorker::tick() {
    if (m_stopping.load())
        return;
    if (m_controls.isEmpty() && m_stage == Stage::Idle)
        return;
    QString why;
    store::PgConnection *conn = m_conn.get(&why);
    if (!conn) {
        store::PgError error;
        error.message = why;
        error.connectionLost = true;
        retryLater(StoreErrorKind::ConnectionLost, error);
        return;
    }
    setLost(false);
    BulkOperations ops(*conn);
    if (!m_controls.isEmpty()) {
        runControl(ops);
        return;
    }
    switch (m_stage) {
    case Stage::Idle:
        return;
    case Stage::Create:
        create(ops);
        return;
    case Stage::Freeze:
        freeze(*conn, ops);
        return;
    case Stage::Start:
        startOperation(ops);
        return;
    case Stage::Step:
        stepBatch(ops);
        return;
    case Stage::Watch:
        watch(ops);
        return;
    case Stage::Report:
        report(ops);
        return;
    }
}

void BulkWorker::runControl(BulkOperations &ops) {
    const Control control = m_controls.first();
    const auto answer = ops.control(m_bulkId, control.command, control.reason, control.actionKey);
    if (!answer.ok()) {
        if (retryLater(answer.errorKind(), answer.error()))
            return; // the same command (same key) again after the backoff
        m_controls.removeFirst();
        if (control.command == store::BulkCommand::Attach) {
            // Refused (finished, aborted or never started meanwhile): nothing is applied
            // from here.
            m_stepping = false;
            m_controls.clear();
            fail(tr("The operation could not be continued here: %1").arg(answer.error().message));
            return;
        }
        emit failed(tr("The operation could not be changed: %1").arg(answer.error().message));
        schedule(0);
        return;
    }
    m_backoffMs = 0;
    m_controls.removeFirst();
    accepted(answer.value());
    emit progress(m_state);
    if (m_stage != Stage::Create && m_stage != Stage::Freeze && m_stage != Stage::Start)
        follow(m_state);
    else if (is(m_state, "aborted"))
        m_stage = Stage::Report; // aborted while preparing
    schedule(0);
}

void BulkWorker::create(BulkOperations &ops) {
    const QString invalid = m_plan->validationError();
    if (!invalid.isEmpty()) {
        fail(invalid);
        return;
    }
    const auto created = ops.create(m_plan->request(m_bulkId));
    if (!created.ok()) {
        if (!retryLater(created.errorKind(), created.error()))
            fail(tr("The bulk operation could not be created: %1").arg(created.error().message));
        return;
    }
    m_backoffMs = 0;
    accepted(created.value());
    if (!is(m_state, "preparing")) {
        follow(m_state); // created and started before (a resend after a crash of this runner)
        schedule(0);
        return;
    }
    if (m_plan->target.kind == BulkTarget::Kind::Selection)
        m_items = m_plan->selectedItems();
    m_stage = Stage::Freeze;
    schedule(0);
}

void BulkWorker::freeze(store::PgConnection &conn, BulkOperations &ops) {
    QList<store::BulkItem> chunk;
    bool last = false;
    store::RunKey lastKey;
    if (m_plan->target.kind == BulkTarget::Kind::Selection) {
        chunk = m_items.mid(m_added, m_settings.pageSize);
        last = m_added + chunk.size() >= m_items.size();
    } else {
        // One keyset page of the filter (the runs list's own statement), with the token and
        // status read now: bounded memory whatever the number of runs.
        const auto filter = m_plan->freezeFilter();
        const store::RunQuery page =
            store::RunQueries::page(*filter, m_cursor, m_settings.pageSize);
        const store::PgResult rows = conn.exec(page.sql, page.params);
        if (!rows.ok()) {
            if (!retryLater(store::classify(rows.error()), rows.error()))
                fail(tr("The runs could not be read: %1").arg(rows.error().message));
            return;
        }
        const QList<store::RunRow> runs = store::RunQueries::readRows(rows);
        for (const store::RunRow &run : runs)
            chunk.append({run.id, run.leaseToken, run.statusName});
        last = runs.size() < m_settings.pageSize;
        if (!runs.isEmpty())
            lastKey = runs.last().key();
    }
    if (!chunk.isEmpty()) {
        // Runs already in the set are ignored: re-adding a page after a lost answer is safe.
        const auto added = ops.addItems(m_bulkId, chunk);
        if (!added.ok()) {
            if (!retryLater(added.errorKind(), added.error()))
                fail(tr("The runs could not be added: %1").arg(added.error().message));
            return;
        }
        m_state.total = added.value();
        emit frozenProgress(added.value());
    }
    m_backoffMs = 0;
    m_added += chunk.size();
    if (lastKey.isValid())
        m_cursor = lastKey;
    m_stage = last ? Stage::Start : Stage::Freeze;
    schedule(0);
}

void BulkWorker::startOperation(BulkOperations &ops) {
    // Nothing matched: there is nothing to start; the operation is closed as aborted so it
    // does not linger as 'preparing'.
    const bool empty = m_state.total == 0;
    const auto started =
        ops.control(m_bulkId, empty ? store::BulkCommand::Abort : store::BulkCommand::Start,
                    m_plan->reason, m_startKey);
    if (!started.ok()) {
        if (!retryLater(started.errorKind(), started.error()))
            fail(tr("The operation could not be started: %1").arg(started.error().message));
        return;
    }
    m_backoffMs = 0;
    accepted(started.value());
    emit progress(m_state);
    if (empty)
        emit failed(tr("No run is in a state this action applies to: nothing was done."));
    follow(m_state);
    schedule(0);
}

void BulkWorker::stepBatch(BulkOperations &ops) {
    const auto batch = ops.step(m_bulkId, m_settings.batchSize, m_settings.runnerName);
    if (!batch.ok()) {
        if (!retryLater(batch.errorKind(), batch.error()))
            fail(tr("A batch failed: %1").arg(batch.error().message));
        return;
    }
    m_backoffMs = 0;
    if (batch.value().isEmpty()) {
        // Not running any more (finished, paused or aborted, by anyone): see what it is.
        if (!sync(ops))
            return;
        follow(m_state);
        schedule(m_stage == Stage::Step ? m_settings.pollIntervalMs : 0);
        return;
    }
    for (const store::BulkItemOutcome &item : batch.value()) {
        if (item.state == QLatin1String("applied"))
            ++m_state.applied;
        else if (item.state == QLatin1String("changed"))
            ++m_state.changed;
        else
            ++m_state.failed;
    }
    m_state.pending = qMax<qint64>(0, m_state.pending - batch.value().size());
    m_state.runner = m_settings.runnerName;
    // The local counts miss what other consoles apply: the server's replace them now and
    // then (bulk_summary counts every item of the operation, so not after every batch).
    if (!m_sinceSync.isValid() || m_sinceSync.elapsed() >= m_settings.summaryIntervalMs) {
        if (!sync(ops))
            return;
    } else {
        emit progress(m_state);
    }
    schedule(0);
}

void BulkWorker::watch(BulkOperations &ops) {
    if (!sync(ops))
        return;
    if (is(m_state, "preparing") && m_stepping && !m_plan) {
        fail(tr("This operation was interrupted while its runs were being selected; abort it "
                "and start it again."));
        return;
    }
    follow(m_state);
    schedule(m_stage == Stage::Watch ? m_settings.pollIntervalMs : 0);
}

void BulkWorker::report(BulkOperations &ops) {
    if (!sync(ops))
        return;
    BulkReport result;
    result.state = m_state;
    const auto items = result.readItems(ops, m_bulkId, m_settings.reportLimit);
    if (!items.ok()) {
        if (!retryLater(items.errorKind(), items.error()))
            fail(tr("The report could not be read: %1").arg(items.error().message));
        return;
    }
    m_backoffMs = 0;
    m_stage = Stage::Idle;
    setPhase(is(m_state, "aborted") ? BulkPhase::Aborted : BulkPhase::Finished);
    emit finished(result);
}

void BulkWorker::follow(const BulkState &state) {
    if (is(state, "finished") || is(state, "aborted")) {
        m_stage = Stage::Report;
    } else if (is(state, "running") && m_stepping) {
        m_stage = Stage::Step;
        setPhase(BulkPhase::Running);
    } else {
        m_stage = Stage::Watch;
        setPhase(is(state, "paused") ? BulkPhase::Paused : BulkPhase::Watching);
    }
}

bool BulkWorker::sync(BulkOperations &ops) {
    const auto state = ops.state(m_bulkId);
    if (!state.ok()) {
        if (!retryLater(state.errorKind(), state.error()))
            fail(tr("The operation could not be read: %1").arg(state.error().message));
        return false;
    }
    m_backoffMs = 0;
    accepted(state.value());
    emit progress(m_state);
    return true;
}

void BulkWorker::accepted(const BulkState &state) {
    m_state = state;
    m_sinceSync.start();
}

} // namespace dedup::actions
