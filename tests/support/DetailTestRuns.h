#pragma once

// Shared by the run detail, correlation and Stuck model tests: runs made with the real
// protocol (RunProtocol as t_worker, OperatorActions as t_operator), and the few direct
// superuser writes a test needs to bend time (a lease that ran out, a run older than the
// stuck threshold) or to hold a lock.
//
// Helpers return values instead of asserting, so the QVERIFY lines stay in the tests.

#include "TestDatabase.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/RunProtocol.h"

#include <QElapsedTimer>
#include <QThread>

#include <chrono>
#include <memory>

namespace DetailTestRuns {

using dedup::store::ClaimRequest;
using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::RunLease;

inline ClaimRequest request(const QString &key, const QStringList &steps = {},
                            const QString &correlation = {},
                            std::chrono::milliseconds lease = std::chrono::seconds(30)) {
    ClaimRequest r;
    r.scope = QStringLiteral("test");
    r.key = key;
    r.workflow = QStringLiteral("wf-detail");
    r.fingerprint = QStringLiteral("fp-") + key;
    r.correlationId = correlation;
    r.worker = QStringLiteral("w1");
    r.steps = steps;
    r.lease = lease;
    return r;
}

// A worker claim; an invalid lease (runId 0) when it did not acquire.
inline RunLease claim(PgConnection &worker, const ClaimRequest &r) {
    dedup::store::RunProtocol protocol(worker);
    const auto result = protocol.claim(r);
    if (!result.ok() || !result.value().acquired()) {
        qWarning("claim of %s failed: %s", qPrintable(r.key),
                 qPrintable(result.error().toString()));
        return {};
    }
    return result.value().lease();
}

// Moves a run's lease into the past, as if its worker had died a while ago.
inline bool expireLease(PgConnection &super, qint64 runId, int secondsAgo = 60) {
    PgParams p;
    p.add(runId).add(qint64(secondsAgo));
    const auto r = super.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - "
                                             "$2::bigint * interval '1 second' WHERE id = $1"),
                              p);
    return r.ok() && r.affectedRows() == 1;
}

// The backend `pid` is waiting for a lock.
inline bool waitForLockWait(PgConnection &super, int pid, int timeoutMs = 10000) {
    PgParams p;
    p.add(qint64(pid));
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        const auto r = super.exec(
            QStringLiteral("SELECT wait_event_type = 'Lock' FROM pg_stat_activity WHERE pid = $1"),
            p);
        if (r.ok() && r.rows() == 1 && r.toBool(0, 0))
            return true;
        QThread::msleep(10);
    }
    return false;
}

// pg_stat_activity.state of a backend ("idle", "active", ...), or "gone".
inline QString backendState(PgConnection &super, int pid) {
    PgParams p;
    p.add(qint64(pid));
    const auto r =
        super.exec(QStringLiteral("SELECT state FROM pg_stat_activity WHERE pid = $1"), p);
    return r.ok() && r.rows() == 1 ? r.text(0, 0) : QStringLiteral("gone");
}

inline bool terminate(PgConnection &super, int pid) {
    PgParams p;
    p.add(qint64(pid));
    const auto r = super.exec(QStringLiteral("SELECT pg_terminate_backend($1)"), p);
    return r.ok() && r.toBool(0, 0);
}

} // namespace DetailTestRuns
