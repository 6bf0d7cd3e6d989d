#pragma once

#include "store/BulkAction.h"
#include "store/BulkItem.h"
#include "store/BulkItemOutcome.h"
#include "store/BulkRequest.h"
#include "store/BulkState.h"
#include "store/OperatorResult.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace dedup::store {

class PgConnection;
class PgResult;

// One operator action over many runs (migrations 0006 and 0018, docs/PROTOCOL.md "Bulk
// operations"):
// create -> addItems (the frozen set, in chunks) -> control(Start) -> step() until it returns
// nothing -> state() for the report. Every call is one short statement; the server applies
// each batch in one transaction, so a lost connection loses at most the answer of a batch
// that then shows up as done in state(). Re-running the same operation (same id) after a
// crash applies nothing twice.
class BulkOperations {
    Q_DECLARE_TR_FUNCTIONS(BulkOperations)

public:
    static constexpr int MaxItemsPerCall = 10000; // op_bulk_add_items' limit
    static constexpr int DefaultBatch = 50;
    // op_bulk_step's limit (0018_bulk_bounds.sql): a batch also stops once BatchBudgetMs of
    // server time have passed, so it holds the audit head (which every single action needs)
    // for at most that plus one item; MaxBatch is what fits into the budget at the fastest
    // measured item (docs/PERFORMANCE.md "Bulk operations and single actions").
    static constexpr int MaxBatch = 100;
    static constexpr int BatchBudgetMs = 20;

    explicit BulkOperations(PgConnection &connection);

    static QString newBulkId();

    OperatorResult<BulkState> create(const BulkRequest &request);
    // Adds the items in calls of at most MaxItemsPerCall; returns the operation's total.
    // Items already added are ignored, so resending after a lost connection is safe.
    OperatorResult<qint64> addItems(const QString &bulkId, const QList<BulkItem> &items);
    OperatorResult<BulkState> control(const QString &bulkId, BulkCommand command,
                                      const QString &reason, const QString &actionKey);
    // Applies the next batch (at most `limit` items, 1..MaxBatch, fewer once the batch's
    // time budget is spent or before a run another transaction holds); empty when the
    // operation is not running (paused, aborted, finished). `runner` names this console in
    // bulk_operations.runner.
    OperatorResult<QList<BulkItemOutcome>> step(const QString &bulkId, int limit,
                                                const QString &runner);
    OperatorResult<BulkState> state(const QString &bulkId);
    // Operations not finished or aborted, oldest first: what other consoles are doing.
    OperatorResult<QList<BulkState>> active();
    // Items of an operation in `state` (all when empty), by run id, at most `limit`.
    OperatorResult<QList<BulkItemOutcome>> items(const QString &bulkId, const QString &state,
                                                 int limit);

private:
    static QList<BulkState> readStates(const PgResult &result);

    PgConnection &m_conn;
};

} // namespace dedup::store
