#pragma once

// Shared by the operator-action model tests (previews, executor, bulk runner, review queue,
// audit log): the store tests' run preparation (optest::prepareRun puts a run into the state
// an action applies to through the SQL worker functions) plus what these tests add: many runs
// at once, waiting for asynchronous answers, and a few direct superuser reads.

#include "../store/OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "actions/ActionExecutor.h"
#include "actions/ActionResult.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QSignalSpy>
#include <QTest>

namespace actiontest {

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

// `count` failed runs (draft done, send uncertain without a downstream key, notify pending;
// retryable, token 1) with keys <prefix><i> in scope 'bulk', workflow 'wf-a' for every third
// and 'wf-b' otherwise, made in one server-side loop (seconds instead of minutes).
inline QString seedFailedRuns(const TestDatabase &db, int count, const QString &prefix,
                              const QString &state = QStringLiteral("failed")) {
    const int maxAttempts = state == QLatin1String("manual_review") ? 1 : 5;
    return db.exec(
        QStringLiteral("DO $$ DECLARE c record; BEGIN FOR i IN 1..%1 LOOP"
                       " SELECT * INTO c FROM dedup.claim(p_scope => 'bulk', p_key => '%2' || i,"
                       " p_workflow => CASE WHEN i % 3 = 0 THEN 'wf-a' ELSE 'wf-b' END,"
                       " p_fingerprint => 'fp', p_worker => 'seed',"
                       " p_steps => '{draft,send,notify}', p_max_attempts => %3);"
                       " PERFORM dedup.begin_step(c.run_id, c.lease_token, c.lease_secret,"
                       "  'draft', 'dk-' || i);"
                       " PERFORM dedup.complete_step(c.run_id, c.lease_token, c.lease_secret,"
                       "  'draft', 'ref-' || i);"
                       " PERFORM dedup.begin_step(c.run_id, c.lease_token, c.lease_secret, 'send');"
                       " PERFORM dedup.fail(c.run_id, c.lease_token, c.lease_secret,"
                       "  'timeout', 'seeded', true);"
                       " END LOOP; END $$")
            .arg(count)
            .arg(prefix)
            .arg(maxAttempts));
}

// Collects an executor's answers by request id.
struct Results {
    explicit Results(dedup::actions::ActionExecutor &executor) {
        QObject::connect(&executor, &dedup::actions::ActionExecutor::finished, &executor,
                         [this](int id, const dedup::actions::ActionResult &result) {
                             byId.insert(id, result);
                             ++answers;
                         });
    }
    QMap<int, dedup::actions::ActionResult> byId;
    int answers = 0; // also counts a second answer to one id (which must never happen)
};

inline QString kindName(dedup::actions::ActionResult::Kind kind) {
    using Kind = dedup::actions::ActionResult::Kind;
    switch (kind) {
    case Kind::Applied:
        return QStringLiteral("applied");
    case Kind::AppliedBefore:
        return QStringLiteral("applied-before");
    case Kind::Changed:
        return QStringLiteral("changed");
    case Kind::Error:
        return QStringLiteral("error");
    }
    return {};
}

inline qint64 count(PgConnection &su, const QString &sql, const PgParams &params = {}) {
    return optest::scalar(su, sql, params);
}

// Audit rows written with `key`.
inline qint64 auditRowsFor(PgConnection &su, const QString &key) {
    PgParams p;
    p.add(key);
    return count(su, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action_key = $1"),
                 p);
}

inline bool terminate(PgConnection &su, int pid) {
    PgParams p;
    p.add(qint64(pid));
    const PgResult r = su.exec(QStringLiteral("SELECT pg_terminate_backend($1)"), p);
    return r.ok() && r.toBool(0, 0);
}

// True once `pid` waits for a lock held by `blockerPid`. Asking who blocks it (rather than
// whether it waits for any lock) keeps a brief wait on something else, such as the runner's
// own bookkeeping row, from passing for the wait the test arranged.
inline bool waitsForLock(PgConnection &su, int pid, int blockerPid, int timeoutMs = 10000) {
    PgParams p;
    p.add(qint64(pid));
    p.add(qint64(blockerPid));
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        const PgResult r =
            su.exec(QStringLiteral("SELECT $2::int = ANY (pg_blocking_pids($1::int))"), p);
        if (r.ok() && r.rows() == 1 && r.toBool(0, 0))
            return true;
        QTest::qWait(10);
    }
    return false;
}

} // namespace actiontest
