#pragma once

#include "actions/BulkPlan.h"
#include "actions/BulkReport.h"
#include "core/RetryPolicy.h"
#include "lanes/Lane.h"
#include "store/BulkAction.h"
#include "store/BulkItem.h"
#include "store/BulkState.h"
#include "store/OperatorResult.h"
#include "store/PgError.h"
#include "store/RunRow.h"
#include "store/StoreError.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

namespace dedup::store {
class PgConnection;
} // namespace dedup::store

namespace dedup::actions {

class BulkRunner;

// BulkRunner's state machine, in the runner's thread; its statements run on a write lane
// (lanes::Lane, Jobs::Writes), one at a time. It works in small steps (one statement each:
// create, add a page of items, start, apply a batch, read the summary), so pause / resume /
// abort requests are handled between two batches. It answers through the runner's signals;
// only BulkRunner talks to it.
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
        int firstBackoffMs = 500;     // retrying: doubling up to maxBackoffMs
        int maxBackoffMs = 30000;
    };

    BulkWorker(const QString &conninfo, BulkRunner &runner);
    ~BulkWorker() override;

    void configure(const dedup::actions::BulkWorker::Settings &settings);
    void begin(const QString &bulkId, const dedup::actions::BulkPlan &plan,
               const QString &startKey);
    // step: first op_bulk_control 'attach' with `reason` and `actionKey`, then the batches.
    void attach(const QString &bulkId, bool step, const QString &reason, const QString &actionKey);
    void control(dedup::store::BulkCommand command, const QString &reason,
                 const QString &actionKey);
    void listActive();
    int backendPid() const { return m_lane.backendPid(); }

private:
    enum class Stage { Idle, Create, Freeze, Start, Step, Watch, Report };
    struct Control {
        store::BulkCommand command;
        QString reason;
        QString actionKey;
    };
    // The lane's answer to a job: the lane's message and whether the connection was lost.
    using Answer = std::function<void(const QString &laneMessage, bool lost)>;
    template <typename T>
    using Statement = std::function<store::OperatorResult<T>(store::PgConnection &)>;
    template <typename T>
    using Then = std::function<void(const store::OperatorResult<T> &)>;

    // Runs `statement` on the lane, then `then` here with its result (a lost connection is
    // StoreErrorKind::ConnectionLost, whether the statement was sent or not). A stage's
    // statement (`stage`) is the one the state machine waits for.
    template <typename T>
    int call(Statement<T> statement, Then<T> then, bool stage = true);
    void onLaneAnswer(int laneRequest, const QString &message, bool lost);

    void schedule(int milliseconds);
    void tick();
    // One unit of work of each stage; each sends one statement, and goes on in its answer.
    void runControl();
    void create();
    void freeze();
    void addItems(const QList<store::BulkItem> &chunk, bool last, const store::RunKey &lastKey);
    void startOperation();
    void stepBatch();
    void watch();
    void report();

    // Moves on according to the operation's status (finished/aborted: report; paused or
    // someone else's: watch; running: step if this runner steps).
    void follow(const store::BulkState &state);
    // Reads the operation's state, then `then` (not on failure).
    void sync(std::function<void()> then);
    void accepted(const store::BulkState &state);
    // A failed statement: transient ones (lost connection, serialization failure, statement
    // timeout) are retried after a backoff, nothing else is.
    bool retryLater(store::StoreErrorKind kind, const store::PgError &error);
    // Whether the failures in a row end with a statement that succeeded (Ends), or only with
    // the next one of the same unit of work (Continues: a freeze page read before its add).
    enum class Streak { Ends, Continues };
    // A stage's answer: true when it is ok (and, with Streak::Ends, the transient failures
    // in a row are over); else false once it is retried later (retryLater) or the operation
    // has failed with `failure`, whose %1 is the server's message.
    template <typename T>
    bool settle(const store::OperatorResult<T> &answer, const QString &failure,
                Streak streak = Streak::Ends);
    void succeeded() { m_failures = 0; }
    void fail(const QString &message);
    void setPhase(BulkPhase phase);
    void emitProgress();

    lanes::Lane m_lane;
    BulkRunner &m_runner;
    Settings m_settings;
    core::RetryPolicy m_backoff; // delays only: a bulk operation is never given up
    QTimer m_timer;
    QHash<int, Answer> m_answers; // lane request -> what to do with its answer
    int m_stageRequest = 0;       // the stage's statement in flight, 0 if none
    bool m_tickAfterAnswer = false;
    int m_failures = 0; // transient failures in a row

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
