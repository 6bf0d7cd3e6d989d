#pragma once

// Shared set-up for the run-protocol tests (tst_runprotocol, tst_runtransitions, tst_fencing,
// tst_claimconcurrency, tst_takecommand, tst_notifications): one private database per test
// class, a superuser connection to inspect rows and bend time, a worker connection
// (login role t_worker, member of dedup_worker, with the store's worker grant for every
// workflow and scope) that makes every protocol call, so the tests also prove that the
// worker role's privileges and a worker grant suffice. (t_operator holds the operator grant.)
//
// Helpers return values instead of asserting, so the tests keep their QVERIFY/QCOMPARE lines
// (and their line numbers) where the expectation is stated.

#include "TestDatabase.h"
#include "store/PgConnection.h"
#include "store/RunProtocol.h"

#include <QAtomicInt>
#include <QElapsedTimer>
#include <QString>
#include <QStringList>
#include <QThread>

#include <chrono>
#include <memory>

// QCOMPARE for the protocol's enums (ClaimOutcome, StepAnswer, core::RunStatus, ...): compares
// and prints their protocol names. (Plain QCOMPARE cannot print them: argument-dependent
// lookup picks their toString() overloads, which return QString, not char *.)
#define QCOMPARE_NAMED(actual, expected) QCOMPARE(toString(actual), toString(expected))

class RunProtocolFixture {
public:
    // Opens the database and both connections; false with `error` otherwise. Calling it again
    // starts over with a fresh database.
    bool open(QString *error) {
        protocol.reset();
        operatorConn.reset();
        worker.reset();
        super.reset();
        db = std::make_unique<TestDatabase>();
        if (!db->isValid()) {
            *error = db->error();
            return false;
        }
        if (const QString granted = db->grantTestLogins(); !granted.isEmpty()) {
            *error = granted;
            return false;
        }
        super = db->connect();
        worker = db->connect(QStringLiteral("t_worker"));
        if (!super || !worker) {
            *error = QStringLiteral("cannot connect");
            return false;
        }
        protocol = std::make_unique<dedup::store::RunProtocol>(*worker);
        return true;
    }

    // A key no other test of this process uses (tests share the database).
    static QString uniqueKey(const QString &prefix = QStringLiteral("key")) {
        static QAtomicInt counter;
        return QStringLiteral("%1-%2").arg(prefix).arg(counter.fetchAndAddRelaxed(1) + 1);
    }

    static dedup::store::ClaimRequest request(const QString &key, const QStringList &steps = {},
                                              const QString &worker = QStringLiteral("w1")) {
        dedup::store::ClaimRequest r;
        r.scope = QStringLiteral("test");
        r.key = key;
        r.workflow = QStringLiteral("wf");
        r.fingerprint = QStringLiteral("sha256:aa");
        r.worker = worker;
        r.steps = steps;
        return r;
    }

    // First column of the first row as text, run as superuser; "<error: ...>" on failure
    // (which no expected value matches, so the comparison fails and shows why).
    QString scalar(const QString &sql, const dedup::store::PgParams &params = {}) const {
        const auto result = super->exec(sql, params);
        if (!result.ok())
            return QStringLiteral("<error: %1>").arg(result.error().toString());
        if (result.rows() == 0)
            return QStringLiteral("<no row>");
        return result.text(0, 0);
    }

    // The run's current lease secret (only the owner may read it): what a test needs to
    // write under a lease it did not take through `protocol`.
    QString leaseSecret(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(QStringLiteral("SELECT lease_secret::text FROM dedup.runs WHERE id = $1"), p);
    }

    QString runField(qint64 runId, const QString &column) const {
        dedup::store::PgParams p;
        p.add(runId).add(column);
        return scalar(QStringLiteral("SELECT to_jsonb(r) ->> $2 FROM dedup.runs r WHERE id = $1"),
                      p);
    }

    // The whole runs row as JSON text.
    QString runRow(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(QStringLiteral("SELECT to_jsonb(r)::text FROM dedup.runs r WHERE id = $1"),
                      p);
    }

    // A boolean expression over one run `r`, e.g. "r.expires_at > now()": "t" or "f".
    // `expression` is test code, never data; a data value goes in `arg`, as $2.
    QString runCheck(qint64 runId, const QString &expression, const QString &arg = {}) const {
        dedup::store::PgParams p;
        p.add(runId);
        if (!arg.isNull())
            p.add(arg);
        return scalar(
            QStringLiteral("SELECT (%1) FROM dedup.runs r WHERE r.id = $1").arg(expression), p);
    }

    int runCount(const QString &key) const {
        dedup::store::PgParams p;
        p.add(key);
        return scalar(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE idem_key = $1"), p)
            .toInt();
    }

    // "name=status,..." in ordinal order.
    QString stepStatuses(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(QStringLiteral("SELECT coalesce(string_agg(name || '=' || status, ','"
                                     " ORDER BY ordinal), '') FROM dedup.steps WHERE run_id = $1"),
                      p);
    }

    QString stepField(qint64 runId, const QString &step, const QString &column) const {
        dedup::store::PgParams p;
        p.add(runId).add(step).add(column);
        return scalar(QStringLiteral("SELECT to_jsonb(s) ->> $3 FROM dedup.steps s"
                                     " WHERE run_id = $1 AND name = $2"),
                      p);
    }

    // Event kinds of a run in order, e.g. {"claimed", "step_started"}.
    QStringList eventKinds(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(QStringLiteral("SELECT coalesce(string_agg(kind, ',' ORDER BY id), '')"
                                     " FROM dedup.events WHERE run_id = $1"),
                      p)
            .split(QLatin1Char(','), Qt::SkipEmptyParts);
    }

    // A run's counted duplicates (0025: claims answered replay / in_progress / in_review
    // update its dedup.duplicate_deliveries row instead of writing an event) as
    // "replays,in_progress,in_review", e.g. "1,0,0"; "0,0,0" while it has no row.
    QString duplicateCounts(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(
            QStringLiteral("SELECT coalesce((SELECT concat_ws(',', replays, in_progress, in_review)"
                           " FROM dedup.duplicate_deliveries WHERE run_id = $1), '0,0,0')"),
            p);
    }

    // How many of a run's last counted duplicates its row keeps (0025).
    static constexpr int kRecentDuplicates = 3;

    // `field` ("at", "outcome", "worker", "login", "attempt", "lease_owner") of one of the
    // run's last counted duplicates, 0 the newest; "<no row>" when there is no such entry.
    // 0025 keeps each as an array without key names: [at (epoch seconds), outcome, worker,
    // login, attempt(, lease owner for in_progress)].
    QString recentDuplicate(qint64 runId, int index, const QString &field) const {
        static const QStringList fields{QStringLiteral("at"),      QStringLiteral("outcome"),
                                        QStringLiteral("worker"),  QStringLiteral("login"),
                                        QStringLiteral("attempt"), QStringLiteral("lease_owner")};
        const qsizetype position = fields.indexOf(field);
        if (position < 0)
            return QStringLiteral("<error: no field %1 in a recent duplicate>").arg(field);
        dedup::store::PgParams p;
        p.add(runId).add(qint64(index)).add(qint64(position));
        return scalar(QStringLiteral("SELECT recent -> $2::integer ->> $3::integer"
                                     " FROM dedup.duplicate_deliveries"
                                     " WHERE run_id = $1 AND recent -> $2::integer IS NOT NULL"),
                      p);
    }

    // How many of the run's counted duplicates are kept in full (at most kRecentDuplicates).
    int recentDuplicateCount(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(QStringLiteral("SELECT coalesce((SELECT jsonb_array_length(recent)"
                                     " FROM dedup.duplicate_deliveries WHERE run_id = $1), 0)"),
                      p)
            .toInt();
    }

    // How many routine changes of a run went to the change feed without an event (0021:
    // a plain step start, a step's completion, a success).
    int changeCount(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        return scalar(QStringLiteral("SELECT count(*) FROM dedup.run_changes WHERE run_id = $1"), p)
            .toInt();
    }

    // detail ->> field of the last event of `kind` of a run.
    QString eventDetail(qint64 runId, const QString &kind, const QString &field) const {
        dedup::store::PgParams p;
        p.add(runId).add(kind).add(field);
        return scalar(QStringLiteral("SELECT detail ->> $3 FROM dedup.events"
                                     " WHERE run_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1"),
                      p);
    }

    // Everything the protocol can change, as one text: a call that must change nothing
    // leaves it identical (rows compared whole, not only counted).
    QString snapshot() const {
        return scalar(QStringLiteral(
            "SELECT jsonb_build_object("
            " 'runs', (SELECT coalesce(jsonb_agg(to_jsonb(r) ORDER BY r.id), '[]')"
            "          FROM dedup.runs r),"
            " 'steps', (SELECT coalesce(jsonb_agg(to_jsonb(s) ORDER BY s.run_id, s.ordinal), '[]')"
            "           FROM dedup.steps s),"
            " 'events', (SELECT count(*) FROM dedup.events),"
            " 'last_event', (SELECT max(id) FROM dedup.events),"
            " 'commands', (SELECT coalesce(jsonb_agg(to_jsonb(c) ORDER BY c.id), '[]')"
            "              FROM dedup.commands c),"
            " 'duplicate_deliveries', (SELECT coalesce(jsonb_agg(to_jsonb(d) ORDER BY d.run_id),"
            "                          '[]') FROM dedup.duplicate_deliveries d))::text"));
    }

    // Moves the lease into the past, as if its holder had died: what a takeover needs,
    // without sleeping.
    bool expireLease(qint64 runId) const {
        dedup::store::PgParams p;
        p.add(runId);
        const auto result = super->exec(
            QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - "
                           "interval '1 second' WHERE id = $1 AND status = 'processing'"),
            p);
        return result.ok() && result.affectedRows() == 1;
    }

    // Waits until the backend `pid` waits for a lock (another transaction holds what it
    // needs): proves a race really happened instead of hoping the scheduler made it happen.
    bool waitUntilBlocked(int pid, int timeoutMs = 10'000) const {
        dedup::store::PgParams p;
        p.add(qint64(pid));
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            if (scalar(QStringLiteral("SELECT wait_event_type = 'Lock' FROM pg_stat_activity"
                                      " WHERE pid = $1"),
                       p) == QLatin1String("t"))
                return true;
            QThread::msleep(5);
        }
        return false;
    }

    // Operator actions, called as t_operator (member of dedup_operator) like the console
    // does. Return the op_result outcome ("applied", "changed", "replayed") or "<error: ...>".
    QString cancel(qint64 runId, qint64 expectedToken) {
        return operatorAction(QStringLiteral("op_cancel"), runId, expectedToken, {});
    }
    QString clearStaleLease(qint64 runId, qint64 expectedToken) {
        return operatorAction(QStringLiteral("op_clear_stale_lease"), runId, expectedToken, {});
    }
    QString routeToReview(qint64 runId, qint64 expectedToken) {
        return operatorAction(QStringLiteral("op_route_to_review"), runId, expectedToken, {});
    }
    QString requestContinuation(qint64 runId, qint64 expectedToken, bool rerunUncertain = false) {
        return operatorAction(QStringLiteral("op_request_continuation"), runId, expectedToken,
                              rerunUncertain ? QStringLiteral("true") : QStringLiteral("false"),
                              QStringLiteral("p_rerun_uncertain"));
    }
    // resolution: "succeeded" | "cancelled" | "continue"
    QString resolveReview(qint64 runId, qint64 expectedToken, const QString &resolution) {
        return operatorAction(QStringLiteral("op_resolve_review"), runId, expectedToken, resolution,
                              QStringLiteral("p_resolution"));
    }

    std::unique_ptr<TestDatabase> db;
    std::unique_ptr<dedup::store::PgConnection> super;
    std::unique_ptr<dedup::store::PgConnection> worker;
    std::unique_ptr<dedup::store::RunProtocol> protocol;
    std::unique_ptr<dedup::store::PgConnection> operatorConn;

private:
    // `function` and `extraName` are names from this file, never user input.
    QString operatorAction(const QString &function, qint64 runId, qint64 expectedToken,
                           const QString &extraValue, const QString &extraName = {}) {
        if (!operatorConn)
            operatorConn = db->connect(QStringLiteral("t_operator"));
        if (!operatorConn)
            return QStringLiteral("<error: cannot connect as t_operator>");
        dedup::store::PgParams p;
        p.add(runId)
            .add(expectedToken)
            .add(QStringLiteral("test: ") + function)
            .add(uniqueKey(QStringLiteral("action")));
        QString sql = QStringLiteral("SELECT outcome FROM dedup.%1(p_run_id => $1,"
                                     " p_expected_token => $2, p_reason => $3,"
                                     " p_action_key => $4")
                          .arg(function);
        if (!extraName.isEmpty()) {
            sql += QStringLiteral(", %1 => $5").arg(extraName);
            p.add(extraValue);
        }
        sql += QLatin1Char(')');
        const auto result = operatorConn->exec(sql, p);
        if (!result.ok())
            return QStringLiteral("<error: %1>").arg(result.error().toString());
        return result.text(0, 0);
    }
};
