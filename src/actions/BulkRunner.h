#pragma once

#include "actions/BulkPlan.h"
#include "actions/BulkReport.h"
#include "actions/BulkWorker.h"
#include "store/BulkOperations.h"
#include "store/BulkState.h"

#include <QList>
#include <QObject>
#include <QString>

namespace dedup::actions {

// Carries out one bulk operation (docs/PROTOCOL.md "Bulk operations") in the background, on
// a write lane (lanes::Lane, Jobs::Writes: its own connection in its own thread):
//
//   start(plan): creates the operation (a new bulk id, kept for every resend), freezes its
//     runs (a selection's runs with the token and status the operator saw; for a filter,
//     RunQueries keyset pages of pageSize() runs, each added with the token and status read
//     then: bounded memory whatever the number of runs), starts it and applies it in batches
//     of at most batchSize() runs (one short server transaction each, which the server ends
//     early once its 20 ms budget is spent, so others' single actions never wait long), with
//     progress() after every batch, until finished() with the report;
//   attach(id, step, reason): continues an existing operation (after a crash, or to share
//     the work with the console running it: batches take turns, nothing is applied twice),
//     first saying so with the operator's reason (op_bulk_control 'attach', audited as
//     op_bulk_attach), or with step = false only follows its progress ("running on
//     <runner>"; no reason, nothing written);
//   pause / resume / abort: op_bulk_control, honoured between two batches (and by the
//     server for every console stepping it); anyone may do it, from any console;
//   requestActiveOperations(): every operation not finished or aborted, with who applies it.
//
// A lost connection is reported (connectionLost) and reopened with backoff (0.5 s doubling
// to 30 s); the runner then goes on with the same bulk id. Nothing is applied twice: each
// batch commits its items and their state together, every item's op_* call has its own
// action key (<bulk id>:<run id>), and adding items, creating and controlling are idempotent.
class BulkRunner : public QObject {
    Q_OBJECT

public:
    explicit BulkRunner(const QString &conninfo, QObject *parent = nullptr);
    ~BulkRunner() override;

    // Settings apply to the next start() / attach().
    // Who applies the batches, as other consoles show it (bulk_operations.runner);
    // default "<os user>@<host> (pid <n>)".
    void setRunnerName(const QString &name) { m_settings.runnerName = name; }
    QString runnerName() const { return m_settings.runnerName; }
    // Items per batch, 1..BulkOperations::MaxBatch (op_bulk_step's limit since 0018).
    void setBatchSize(int runs) {
        m_settings.batchSize = qBound(1, runs, store::BulkOperations::MaxBatch);
    }
    int batchSize() const { return m_settings.batchSize; }
    void setPageSize(int runs) { m_settings.pageSize = qBound(1, runs, 10000); }
    int pageSize() const { return m_settings.pageSize; }
    void setPollInterval(int milliseconds) { m_settings.pollIntervalMs = qMax(10, milliseconds); }
    void setReconnectBackoff(int firstMs, int maxMs);

    // Starts a new operation; returns its id. A plan that is not valid (no reason, nothing
    // applicable) is refused before any round trip: failed() follows and the id is empty.
    // Refused as well while this runner is busy with another operation (phase Preparing,
    // Running or Paused): use another BulkRunner.
    QString start(const BulkPlan &plan);
    // Continues (step) or follows (!step) an existing operation; refused like start() while
    // busy. Continuing needs the operator's reason (it is audited; refused without one, as
    // pause() is). An operation that was interrupted while its runs were being added cannot
    // be continued (its set is incomplete): the runner fails and the operation can be
    // aborted; so does one that is finished or aborted by the time the attach arrives.
    void attach(const QString &bulkId, bool step, const QString &reason = {});
    // Each call is one intent (its own action key, kept for resends). Reason required.
    void pause(const QString &reason);
    void resume(const QString &reason);
    void abort(const QString &reason);
    void requestActiveOperations();

    QString bulkId() const { return m_bulkId; }
    BulkPhase phase() const { return m_phase; }
    // The last progress() state.
    const store::BulkState &state() const { return m_state; }
    // The last report (after finished()).
    const BulkReport &report() const { return m_report; }
    bool isBusy() const {
        return m_phase == BulkPhase::Preparing || m_phase == BulkPhase::Running ||
               m_phase == BulkPhase::Paused;
    }
    // The server process of the runner's connection (0 while disconnected).
    int backendPid() const;

signals:
    void phaseChanged(dedup::actions::BulkPhase phase);
    // While freezing: runs in the operation so far.
    void frozenProgress(qint64 added);
    // Counts: total, applied, changed (skipped), failed, pending; status; runner.
    void progress(const dedup::store::BulkState &state);
    void finished(const dedup::actions::BulkReport &report);
    void failed(const QString &message);
    void activeOperations(const QList<dedup::store::BulkState> &operations);
    void activeOperationsFailed(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    friend class BulkWorker; // answers through this runner's signals, and keeps its state

    void sendControl(store::BulkCommand command, const QString &reason);
    void failLater(const QString &message);

    BulkWorker::Settings m_settings;
    QString m_bulkId;
    BulkPhase m_phase = BulkPhase::Idle;
    store::BulkState m_state;
    BulkReport m_report;
    BulkWorker m_worker; // last: destroyed first, its lane cancelling a batch in progress
};

} // namespace dedup::actions
