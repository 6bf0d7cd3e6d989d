#pragma once

#include "TestDatabase.h"

#include <QList>
#include <QString>

namespace dedup::models {
class RunListModel;
}

// Runs written straight into dedup.runs (as superuser, with generate_series) for the model
// tests, and the direct queries the model's answers are compared with.
namespace RunTestData {

// Inserts runs number `first` .. `first + count - 1`:
//   scope      'scope-' || g % 4
//   idem_key   by g % 5: 'order-g', 'under_g', 'underXg', 'pct%g', 'bs\g' (LIKE traps)
//   workflow   'wf-' || g % 3
//   correlation 'corr-' || g % 4 for every 7th run, else NULL
//   status     by (g * 7) % 10: 0-4 succeeded, 5-6 failed, 7 processing (lease token 1,
//              owner 'gen-worker', expiring in an hour, acquired by the login t_worker with
//              a random lease_secret: leaseSecret() reads it), 8 manual_review,
//              9 cancelled
//   created_at 2025-01-01 + (g / 3) * 1.000123 s: three runs share each timestamp (the id
//              breaks the tie) and the microseconds vary
// Returns the error text, empty on success.
QString insertRuns(const TestDatabase &db, int count, int first = 1);

// Ids of the runs matching `where` (SQL, written by the test), newest first.
QList<qint64> idsWhere(const TestDatabase &db, const QString &where, QString *error = nullptr);

// The run's lease_secret (read as superuser), for writing as the worker that holds its
// lease; empty when the run has none.
QString leaseSecret(const TestDatabase &db, qint64 runId);

// fetchMore() until the model has everything it will load. False on timeout or error.
bool fetchAll(dedup::models::RunListModel &model, int timeoutMs = 30000);
// Waits until no request of the model is outstanding.
bool waitIdle(dedup::models::RunListModel &model, int timeoutMs = 30000);

QList<qint64> modelIds(const dedup::models::RunListModel &model);

// Waits until the backend `pid` is waiting for a lock (pg_stat_activity).
bool waitForLockWait(const TestDatabase &db, int pid, int timeoutMs = 10000);

} // namespace RunTestData
