#pragma once

#include "actions/BulkPlan.h"
#include "actions/BulkReport.h"
#include "lanes/WriteConnection.h"
#include "store/BulkAction.h"
#include "store/BulkItem.h"
#include "store/BulkState.h"
#include "store/PgError.h"
#include "store/RunRow.h"
#include "store/StoreError.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <optional>

class QTimer;

namespace dedup::store {
class BulkOperations;
class PgConnection;
} // namespace dedup::store

namespace dedup::actions {

// BulkRunner's database side, living in the runner's thread. It works in small steps (one
// statement each: create, add a page of items, start, apply a batch, read the summary),
// returning to its event loop in between, so pause / resume / abort requests queued by the
// UI are handled between two batches. Only BulkRunner talks to it.
class BulkWorker : public QObject {
    Q_OBJECT

public:
    struct Settings {
        QString runnerName;
        int batchSize = 50;           // items per op_bulk_step (its limit: 1..100, 0018)
        int pageSize = 1000;          // runs per freeze page / op_bulk_add_items call
        int summaryIntervalMs = 1000; // how often the server's counts replace the local ones
        int pollIntervalMs = 1000;    // while watching or paused
        int reportLimit = 1000;       // failed / changed items listed in the report
        int firstBackoffMs = 500;     // reconnecting: doubling up to maxBackoffMs
        int maxBackoffMs = 30000;
    };

    explicit BulkWorker(QString conninfo, QObject *parent = nullptr);
    ~BulkWorker() override;

    // In this object's thread.
    void configure(const dedup::actions::BulkWorker::Settings &settings);
    void begin(const QString &bulkId, const dedup::actions::BulkPlan &plan,
               const QString &startKey);
    // step: first op_bulk_control 'attach' with `reason` and `actionKey`, then the batches.
    void attach(const QString &bulkId, bool step, const QString &reason, const QString &actionKey);
    void control(dedup::store::BulkCommand command, const QString &reason,
                 const QString &actionKey);
    void listActive();
    void shutdown();

    // Thread-safe.
    void stop();
    int backendPid() const { return m_conn.backendPid(); }

signals:
    void phaseChanged(dedup::actions::BulkPhase phase);
    void frozenProgress(qint64 added);
    void progress(const dedup::store::BulkState &state);
    void finished(const dedup::actions::BulkReport &report);
    void failed(const QString &message);
    void activeOperations(const QList<dedup::store::BulkState> &operations);
    void activeOperationsFailed(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    enum class Stage { Idle, Create, Freeze, Start, Step, Watch, Report };
    struct Control {
        store::BulkCommand command;
        QString reason;
        QString actionKey;
    };

    void schedule(int milliseconds);
    void tick();
    // One unit of work of each stage; each returns after one or two statements.
    void runControl(store::BulkOperations &ops);
    void create(store::BulkOperations &ops);
    void freeze(store::PgConnection &conn, store::BulkOperations &ops);
    void startOperation(store::BulkOperations &ops);
    void stepBatch(store::BulkOperations &ops);
    void watch(store::BulkOperations &ops);
    void report(store::BulkOperations &ops);

    // Moves on according to the operation's status (finished/aborted: report; paused or
    // someone else's: watch; running: step if this runner steps).
    void follow(const store::BulkState &state);
    bool sync(store::BulkOperations &ops);
    void accepted(const store::BulkState &state);
    // A failed statement: transient ones (lost connection, serialization failure, statement
    // timeout) are retried after a backoff, nothing else is.
    bool retryLater(store::StoreErrorKind kind, const store::PgError &error);
    void fail(const QString &message);
    void setPhase(BulkPhase phase);
    void setLost(bool lost, const QString &message = {});

    lanes::WriteConnection m_conn;
    Settings m_settings;
    QTimer *m_timer = nullptr;
    std::atomic<bool> m_stopping{false};
    bool m_lost = false;
    int m_backoffMs = 0;

    Stage m_stage = Stage::Idle;
    BulkPhase m_phase = BulkPhase::Idle;
    QString m_bulkId;
    std::optional<BulkPlan> m_plan;
    QString m_startKey;
    bool m_stepping = false;        // this runner applies batches (else it only watches)
    QList<store::BulkItem> m_items; // selection: what is left to add
    qsizetype m_added = 0;          // selection: items added so far
    store::RunKey m_cursor;         // filter: the last run added
    store::BulkState m_state;       // last known (server summary + this runner's batches since)
    QElapsedTimer m_sinceSync;
    QList<Control> m_controls;
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::BulkWorker::Settings)
