#include "actions/BulkWorker.h"

#include "actions/BulkRunner.h"
#include "store/BulkOperations.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <memory>

namespace dedup::actions {

using store::BulkOperations;
using store::BulkState;
using store::OperatorResult;
using store::PgConnection;
using store::StoreErrorKind;

namespace {
bool is(const BulkState &state, const char *status) {
    return state.status == QLatin1String(status);
}
} // namespace

BulkWorker::BulkWorker(const QString &conninfo, BulkRunner &runner)
    : m_lane(conninfo, QStringLiteral("dedup-console-bulk"), lanes::Lane::Jobs::Writes)
    , m_runner(runner) {
    configure(m_settings);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &BulkWorker::tick);
    connect(&m_lane, &lanes::Lane::finished, this,
            [this](int laneRequest) { onLaneAnswer(laneRequest, {}, false); });
    connect(&m_lane, &lanes::Lane::failed, this,
            [this](int laneRequest, const QString &message, lanes::Failure failure) {
                onLaneAnswer(laneRequest, message, failure == lanes::Failure::ConnectionLost);
            });
    connect(&m_lane, &lanes::Lane::connectionLost, &m_runner, &BulkRunner::connectionLost);
    connect(&m_lane, &lanes::Lane::connectionRestored, &m_runner, &BulkRunner::connectionRestored);
}

// The lane (destroyed last) cancels a batch in progress: it rolls back as a whole.
BulkWorker::~BulkWorker() = default;

void BulkWorker::configure(const Settings &settings) {
    m_settings = settings;
    m_settings.batchSize = qBound(1, settings.batchSize, BulkOperations::MaxBatch);
    m_settings.pageSize = qBound(1, settings.pageSize, BulkOperations::MaxItemsPerCall);
    m_settings.firstBackoffMs = qMax(1, settings.firstBackoffMs);
    m_settings.maxBackoffMs = qMax(m_settings.firstBackoffMs, settings.maxBackoffMs);
    m_backoff.setBaseDelay(std::chrono::milliseconds(m_settings.firstBackoffMs));
    m_backoff.setMaxDelay(std::chrono::milliseconds(m_settings.maxBackoffMs));
}

template <typename T>
int BulkWorker::call(Statement<T> statement, Then<T> then, bool stage) {
    // Filled in the lane's thread; read here after the lane's answer, which comes later.
    auto result = std::make_shared<std::optional<OperatorResult<T>>>();
    const int id = m_lane.submit(
        [statement = std::move(statement), result](PgConnection &conn, store::PgError *error) {
            *result = statement(conn);
            if (!(*result)->ok())
                *error = (*result)->error();
            return QVariant();
        });
    m_answers.insert(id, [result, then = std::move(then)](const QString &message, bool lost) {
        if (*result && !lost) {
            then(**result);
            return;
        }
        store::PgError error = *result ? (*result)->error() : store::PgError();
        if (error.message.isEmpty())
            error.message = message.isEmpty() ? BulkWorker::tr("Connection lost.") : message;
        error.connectionLost = true;
        then(OperatorResult<T>::failure(StoreErrorKind::ConnectionLost, error));
    });
    if (stage)
        m_stageRequest = id;
    return id;
}

void BulkWorker::onLaneAnswer(int laneRequest, const QString &message, bool lost) {
    const Answer answer = m_answers.take(laneRequest);
    if (!answer)
        return;
    if (laneRequest == m_stageRequest)
        m_stageRequest = 0;
    answer(message, lost);
    // A control that came in while a statement was out runs as soon as it is answered.
    if (m_stageRequest == 0 && std::exchange(m_tickAfterAnswer, false))
        schedule(0);
}

void BulkWorker::schedule(int milliseconds) {
    m_timer.start(qMax(0, milliseconds));
}

void BulkWorker::setPhase(BulkPhase phase) {
    if (phase == m_phase)
        return;
    m_phase = phase;
    m_runner.m_phase = phase;
    emit m_runner.phaseChanged(phase);
}

void BulkWorker::emitProgress() {
    m_runner.m_state = m_state;
    emit m_runner.progress(m_state);
}

void BulkWorker::fail(const QString &message) {
    m_stage = Stage::Idle;
    setPhase(BulkPhase::Failed);
    emit m_runner.failed(message);
}

bool BulkWorker::retryLater(StoreErrorKind kind, const store::PgError &error) {
    const bool transient = kind == StoreErrorKind::ConnectionLost || error.connectionLost ||
                           kind == StoreErrorKind::SerializationFailure ||
                           store::isStoppedByServer(kind);
    if (!transient)
        return false;
    // Whatever the statement was, it committed completely or not at all; the server makes
    // repeating it harmless (ids and action keys), so the same unit is simply done again.
    // A lost connection the lane has reported; tick() has it reconnect at once.
    ++m_failures;
    schedule(int(m_backoff.backoffCeiling(m_failures).count()));
    return true;
}

template <typename T>
bool BulkWorker::settle(const OperatorResult<T> &answer, const QString &failure, Streak streak) {
    if (!answer.ok()) {
        if (!retryLater(answer.errorKind(), answer.error()))
            fail(failure.arg(answer.error().message));
        return false;
    }
    if (streak == Streak::Ends)
        succeeded();
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
        emit m_runner.failed(tr("No bulk operation to control."));
        return;
    }
    m_controls.append({command, reason, actionKey});
    schedule(0);
}

void BulkWorker::listActive() {
    call<QList<BulkState>>([](PgConnection &conn) { return BulkOperations(conn).active(); },
                           [this](const OperatorResult<QList<BulkState>> &active) {
                               if (active.ok())
                                   emit m_runner.activeOperations(active.value());
                               else
                                   emit m_runner.activeOperationsFailed(active.error().toString());
                           },
                           false);
}

void BulkWorker::tick() {
    if (m_stageRequest != 0) {
        m_tickAfterAnswer = true; // one statement at a time: after this one
        return;
    }
    if (m_controls.isEmpty() && m_stage == Stage::Idle)
        return;
    if (m_lane.isConnectionLost())
        m_lane.retryNow(); // our backoff has passed: connect now, not on the lane's schedule
    if (!m_controls.isEmpty()) {
        runControl();
        return;
    }
    switch (m_stage) {
    case Stage::Idle:
        return;
    case Stage::Create:
        create();
        return;
    case Stage::Freeze:
        freeze();
        return;
    case Stage::Start:
        startOperation();
        return;
    case Stage::Step:
        stepBatch();
        return;
    case Stage::Watch:
        watch();
        return;
    case Stage::Report:
        report();
        return;
    }
}

void BulkWorker::runControl() {
    const Control control = m_controls.first();
    call<BulkState>(
        [bulkId = m_bulkId, control](PgConnection &conn) {
            return BulkOperations(conn).control(bulkId, control.command, control.reason,
                                                control.actionKey);
        },
        [this, control](const OperatorResult<BulkState> &answer) {
            if (!answer.ok()) {
                if (retryLater(answer.errorKind(), answer.error()))
                    return; // the same command (same key) again after the backoff
                m_controls.removeFirst();
                if (control.command == store::BulkCommand::Attach) {
                    // Refused (finished, aborted or never started meanwhile): nothing is
                    // applied from here.
                    m_stepping = false;
                    m_controls.clear();
                    fail(tr("The operation could not be continued here: %1")
                             .arg(answer.error().message));
                    return;
                }
                emit m_runner.failed(
                    tr("The operation could not be changed: %1").arg(answer.error().message));
                schedule(0);
                return;
            }
            succeeded();
            m_controls.removeFirst();
            accepted(answer.value());
            emitProgress();
            if (m_stage != Stage::Create && m_stage != Stage::Freeze && m_stage != Stage::Start)
                follow(m_state);
            else if (is(m_state, "aborted"))
                m_stage = Stage::Report; // aborted while preparing
            schedule(0);
        });
}

void BulkWorker::create() {
    const QString invalid = m_plan->validationError();
    if (!invalid.isEmpty()) {
        fail(invalid);
        return;
    }
    call<BulkState>([request = m_plan->request(m_bulkId)](
                        PgConnection &conn) { return BulkOperations(conn).create(request); },
                    [this](const OperatorResult<BulkState> &created) {
                        if (!settle(created, tr("The bulk operation could not be created: %1")))
                            return;
                        accepted(created.value());
                        if (!is(m_state, "preparing")) {
                            // created and started before (a resend after a crash of this runner)
                            follow(m_state);
                            schedule(0);
                            return;
                        }
                        if (m_plan->target.kind == BulkTarget::Kind::Selection)
                            m_items = m_plan->selectedItems();
                        m_stage = Stage::Freeze;
                        schedule(0);
                    });
}

void BulkWorker::freeze() {
    if (m_plan->target.kind == BulkTarget::Kind::Selection) {
        const QList<store::BulkItem> chunk = m_items.mid(m_added, m_settings.pageSize);
        addItems(chunk, m_added + chunk.size() >= m_items.size(), {});
        return;
    }
    // One keyset page of the filter (the runs list's own statement), with the token and
    // status read now: bounded memory whatever the number of runs.
    const store::RunQuery page =
        store::RunQueries::page(*m_plan->freezeFilter(), m_cursor, m_settings.pageSize);
    call<QList<store::RunRow>>(
        [page](PgConnection &conn) {
            const store::PgResult rows = conn.exec(page.sql, page.params);
            if (!rows.ok())
                return OperatorResult<QList<store::RunRow>>::failure(rows.error());
            return OperatorResult<QList<store::RunRow>>::success(store::RunQueries::readRows(rows));
        },
        [this](const OperatorResult<QList<store::RunRow>> &runs) {
            // The streak goes on: the page is done once it is added (addItems).
            if (!settle(runs, tr("The runs could not be read: %1"), Streak::Continues))
                return;
            QList<store::BulkItem> chunk;
            for (const store::RunRow &run : runs.value())
                chunk.append({run.id, run.leaseToken, run.statusName});
            addItems(chunk, runs.value().size() < m_settings.pageSize,
                     runs.value().isEmpty() ? store::RunKey() : runs.value().last().key());
        });
}

void BulkWorker::addItems(const QList<store::BulkItem> &chunk, bool last,
                          const store::RunKey &lastKey) {
    const auto advance = [this, size = chunk.size(), last, lastKey] {
        succeeded();
        m_added += size;
        if (lastKey.isValid())
            m_cursor = lastKey;
        m_stage = last ? Stage::Start : Stage::Freeze;
        schedule(0);
    };
    if (chunk.isEmpty()) {
        advance();
        return;
    }
    // Runs already in the set are ignored: re-adding a page after a lost answer is safe.
    call<qint64>([bulkId = m_bulkId, chunk](
                     PgConnection &conn) { return BulkOperations(conn).addItems(bulkId, chunk); },
                 [this, advance](const OperatorResult<qint64> &added) {
                     if (!settle(added, tr("The runs could not be added: %1")))
                         return;
                     m_state.total = added.value();
                     emit m_runner.frozenProgress(added.value());
                     advance();
                 });
}

void BulkWorker::startOperation() {
    // Nothing matched: there is nothing to start; the operation is closed as aborted so it
    // does not linger as 'preparing'.
    const bool empty = m_state.total == 0;
    call<BulkState>(
        [bulkId = m_bulkId, empty, reason = m_plan->reason, key = m_startKey](PgConnection &conn) {
            return BulkOperations(conn).control(
                bulkId, empty ? store::BulkCommand::Abort : store::BulkCommand::Start, reason, key);
        },
        [this, empty](const OperatorResult<BulkState> &started) {
            if (!settle(started, tr("The operation could not be started: %1")))
                return;
            accepted(started.value());
            emitProgress();
            if (empty)
                emit m_runner.failed(
                    tr("No run is in a state this action applies to: nothing was done."));
            follow(m_state);
            schedule(0);
        });
}

void BulkWorker::stepBatch() {
    using Outcomes = QList<store::BulkItemOutcome>;
    call<Outcomes>(
        [bulkId = m_bulkId, limit = m_settings.batchSize, runner = m_settings.runnerName](
            PgConnection &conn) { return BulkOperations(conn).step(bulkId, limit, runner); },
        [this](const OperatorResult<Outcomes> &batch) {
            if (!settle(batch, tr("A batch failed: %1")))
                return;
            if (batch.value().isEmpty()) {
                // Not running any more (finished, paused or aborted, by anyone): see what it
                // is.
                sync([this] {
                    follow(m_state);
                    schedule(m_stage == Stage::Step ? m_settings.pollIntervalMs : 0);
                });
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
            // The local counts miss what other consoles apply: the server's replace them now
            // and then (bulk_summary counts every item of the operation, so not after every
            // batch).
            if (!m_sinceSync.isValid() || m_sinceSync.elapsed() >= m_settings.summaryIntervalMs) {
                sync([this] { schedule(0); });
                return;
            }
            emitProgress();
            schedule(0);
        });
}

void BulkWorker::watch() {
    sync([this] {
        if (is(m_state, "preparing") && m_stepping && !m_plan) {
            fail(tr("This operation was interrupted while its runs were being selected; abort "
                    "it and start it again."));
            return;
        }
        follow(m_state);
        schedule(m_stage == Stage::Watch ? m_settings.pollIntervalMs : 0);
    });
}

void BulkWorker::report() {
    sync([this] {
        call<BulkReport>(
            [bulkId = m_bulkId, state = m_state,
             limit = m_settings.reportLimit](PgConnection &conn) {
                BulkReport result;
                result.state = state;
                BulkOperations ops(conn);
                const store::ProtocolStatus items = result.readItems(ops, bulkId, limit);
                if (!items.ok())
                    return OperatorResult<BulkReport>::failure(items.errorKind(), items.error());
                return OperatorResult<BulkReport>::success(result);
            },
            [this](const OperatorResult<BulkReport> &result) {
                if (!settle(result, tr("The report could not be read: %1")))
                    return;
                m_stage = Stage::Idle;
                setPhase(is(m_state, "aborted") ? BulkPhase::Aborted : BulkPhase::Finished);
                m_runner.m_report = result.value();
                m_runner.m_state = result.value().state;
                emit m_runner.finished(result.value());
            });
    });
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

void BulkWorker::sync(std::function<void()> then) {
    call<BulkState>(
        [bulkId = m_bulkId](PgConnection &conn) { return BulkOperations(conn).state(bulkId); },
        [this, then = std::move(then)](const OperatorResult<BulkState> &state) {
            if (!settle(state, tr("The operation could not be read: %1")))
                return;
            accepted(state.value());
            emitProgress();
            then();
        });
}

void BulkWorker::accepted(const BulkState &state) {
    m_state = state;
    m_sinceSync.start();
}

} // namespace dedup::actions
