// Pausing a workflow (0023_workflow_pause.sql, docs/PROTOCOL.md "Pausing a workflow"): while a
// pause covers a workflow and scope, claim answers `paused` instead of acquiring (and every
// other answer stays), begin_step under "stop before the next step" releases the run without
// using up an attempt, take_command leaves continuations waiting; the operator's calls are
// audited, replayable by action key, and permitted only within the caller's grants.
#include "TestDatabase.h"
#include "store/PgConnection.h"
#include "store/WorkflowOverviewQueries.h"
#include "store/WorkflowPauses.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace dedup::store;
using namespace Qt::StringLiterals;

namespace {

struct Claim {
    QString outcome;
    qint64 runId = 0;
    qint64 token = 0;
    QString secret;
    QString status;
    int attempt = 0;
    QJsonObject result;
    QString error; // SQLSTATE of a failed call
};

} // namespace

class TestWorkflowPause : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void acquisitionsWaitOtherAnswersStay();
    void scopePrefixPausesOnlyItsScopes();
    void stopBeforeNextStepReleasesTheRun();
    void inFlightStepsFinishWithoutStopSteps();
    void continuationsWait();
    void auditedAndReplayable();
    void grantsBoundWhoMayPauseAndSee();
    void argumentsAreChecked_data();
    void argumentsAreChecked();
    void overviewShowsPausesAndCounts();

private:
    Claim claim(const QString &scope, const QString &key, const QString &workflow = u"billing"_s,
                const QString &steps = u"{a,b}"_s, int maxAttempts = 5);
    QString beginStep(const Claim &c, const QString &step);
    QString call(PgConnection &conn, const QString &sql, const PgParams &params = {});
    QString scalar(const QString &sql, const PgParams &params = {});
    WorkflowPauseResult pause(const QString &workflow, const QString &prefix, bool stopSteps,
                              const QString &key);
    WorkflowPauseResult resume(const QString &workflow, const QString &prefix, const QString &key);

    std::unique_ptr<TestDatabase> db;
    std::unique_ptr<PgConnection> super;
    std::unique_ptr<PgConnection> worker;
    std::unique_ptr<PgConnection> op;
};

void TestWorkflowPause::initTestCase() {
    db = std::make_unique<TestDatabase>();
    QVERIFY2(db->isValid(), qPrintable(db->error()));
    const QString granted = db->grantTestLogins();
    QVERIFY2(granted.isEmpty(), qPrintable(granted));
    super = db->connect();
    worker = db->connect(QStringLiteral("t_worker"));
    op = db->connect(QStringLiteral("t_operator"));
    QVERIFY(super && worker && op);
}

Claim TestWorkflowPause::claim(const QString &scope, const QString &key, const QString &workflow,
                               const QString &steps, int maxAttempts) {
    PgParams p;
    p.add(scope).add(key).add(workflow).add(steps).add(maxAttempts);
    const PgResult r = worker->exec(
        QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret, status, attempt, result"
                       " FROM dedup.claim($1, $2, $3, 'fp', p_worker => 'w1',"
                       " p_steps => $4::text[], p_max_attempts => $5::integer)"),
        p);
    Claim c;
    if (!r.ok()) {
        c.error = r.error().sqlState;
        return c;
    }
    c.outcome = r.text(0, "outcome");
    c.runId = r.isNull(0, "run_id") ? 0 : r.toInt64(0, "run_id");
    c.token = r.isNull(0, "lease_token") ? 0 : r.toInt64(0, "lease_token");
    c.secret = r.text(0, "lease_secret");
    c.status = r.text(0, "status");
    c.attempt = r.isNull(0, "attempt") ? 0 : int(r.toInt64(0, "attempt"));
    c.result = QJsonDocument::fromJson(r.text(0, "result").toUtf8()).object();
    return c;
}

QString TestWorkflowPause::beginStep(const Claim &c, const QString &step) {
    PgParams p;
    p.add(c.runId).add(c.token).add(c.secret).add(step);
    const PgResult r = worker->exec(
        QStringLiteral("SELECT dedup.begin_step($1::bigint, $2::bigint, $3::uuid, $4)"), p);
    return r.ok() ? r.text(0, 0) : r.error().sqlState;
}

QString TestWorkflowPause::call(PgConnection &conn, const QString &sql, const PgParams &params) {
    const PgResult r = conn.exec(sql, params);
    return r.ok() ? (r.rows() > 0 ? r.text(0, 0) : QString()) : r.error().sqlState;
}

QString TestWorkflowPause::scalar(const QString &sql, const PgParams &params) {
    return call(*super, sql, params);
}

WorkflowPauseResult TestWorkflowPause::pause(const QString &workflow, const QString &prefix,
                                             bool stopSteps, const QString &key) {
    PgError error;
    const auto r = WorkflowPauses(*op).pause(workflow, prefix, stopSteps, 30,
                                             QStringLiteral("provider outage"), key, &error);
    if (!r)
        return {error.sqlState, {}, 0};
    return *r;
}

WorkflowPauseResult TestWorkflowPause::resume(const QString &workflow, const QString &prefix,
                                              const QString &key) {
    PgError error;
    const auto r = WorkflowPauses(*op).resume(workflow, prefix, QStringLiteral("provider is back"),
                                              key, &error);
    if (!r)
        return {error.sqlState, {}, 0};
    return *r;
}

void TestWorkflowPause::acquisitionsWaitOtherAnswersStay() {
    // Before the pause: one finished run, one in flight.
    const Claim done = claim(u"s1"_s, u"done"_s, u"billing"_s, u"{}"_s);
    QCOMPARE(done.outcome, u"acquired"_s);
    PgParams p;
    p.add(done.runId).add(done.token).add(done.secret);
    QCOMPARE(call(*worker, u"SELECT dedup.succeed($1::bigint, $2::bigint, $3::uuid)"_s, p),
             QString());
    const Claim flying = claim(u"s1"_s, u"flying"_s);
    QCOMPARE(flying.outcome, u"acquired"_s);

    QCOMPARE(pause(u"billing"_s, {}, false, u"acq-pause"_s).outcome, u"paused"_s);
    const QString runsBefore = scalar(u"SELECT count(*) FROM dedup.runs"_s);

    const Claim fresh = claim(u"s1"_s, u"new-key"_s);
    QCOMPARE(fresh.outcome, u"paused"_s);
    QCOMPARE(fresh.runId, 0);
    QCOMPARE(fresh.result.value(u"retry_after_seconds"_s).toInt(), 30);
    QCOMPARE(fresh.result.value(u"reason"_s).toString(), u"provider outage"_s);
    QCOMPARE(fresh.result.value(u"scope_prefix"_s).toString(), QString());
    QCOMPARE(fresh.result.value(u"paused_by"_s).toString(), u"t_operator"_s);
    QCOMPARE(scalar(u"SELECT count(*) FROM dedup.runs"_s), runsBefore); // nothing created

    QCOMPARE(claim(u"s1"_s, u"done"_s, u"billing"_s, u"{}"_s).outcome, u"replay"_s);
    QCOMPARE(claim(u"s1"_s, u"flying"_s).outcome, u"in_progress"_s);
    QCOMPARE(claim(u"s1"_s, u"other-workflow"_s, u"shipping"_s).outcome, u"acquired"_s);

    QCOMPARE(resume(u"billing"_s, {}, u"acq-resume"_s).outcome, u"resumed"_s);
    QCOMPARE(claim(u"s1"_s, u"new-key"_s).outcome, u"acquired"_s);
}

void TestWorkflowPause::scopePrefixPausesOnlyItsScopes() {
    QCOMPARE(pause(u"billing"_s, u"eu-"_s, false, u"scope-pause"_s).outcome, u"paused"_s);
    QCOMPARE(claim(u"eu-clinic-1"_s, u"k"_s).outcome, u"paused"_s);
    QCOMPARE(claim(u"us-clinic-1"_s, u"k"_s).outcome, u"acquired"_s);
    QCOMPARE(resume(u"billing"_s, u"eu-"_s, u"scope-resume"_s).outcome, u"resumed"_s);
    QCOMPARE(claim(u"eu-clinic-1"_s, u"k"_s).outcome, u"acquired"_s);
}

void TestWorkflowPause::stopBeforeNextStepReleasesTheRun() {
    // max_attempts 1: a pause must not use up the run's only attempt.
    const Claim c = claim(u"s2"_s, u"stop"_s, u"billing"_s, u"{a,b}"_s, 1);
    QCOMPARE(c.outcome, u"acquired"_s);
    QCOMPARE(beginStep(c, u"a"_s), u"run"_s);
    PgParams p;
    p.add(c.runId).add(c.token).add(c.secret);
    QCOMPARE(call(*worker,
                  u"SELECT dedup.complete_step($1::bigint, $2::bigint, $3::uuid, 'a', 'ref-a')"_s,
                  p),
             QString());

    QCOMPARE(pause(u"billing"_s, {}, true, u"stop-pause"_s).outcome, u"paused"_s);
    QCOMPARE(beginStep(c, u"b"_s), u"paused"_s);
    PgParams id;
    id.add(c.runId);
    QCOMPARE(scalar(u"SELECT status FROM dedup.runs WHERE id = $1"_s, id), u"failed"_s);
    QCOMPARE(scalar(u"SELECT last_error->>'class' FROM dedup.runs WHERE id = $1"_s, id),
             u"paused"_s);
    QCOMPARE(scalar(u"SELECT last_error->>'paused' FROM dedup.runs WHERE id = $1"_s, id),
             u"true"_s);
    QCOMPARE(scalar(u"SELECT status FROM dedup.steps WHERE run_id = $1 AND name = 'b'"_s, id),
             u"pending"_s);
    QCOMPARE(beginStep(c, u"b"_s), u"DD001"_s); // the lease is gone

    const Claim waiting = claim(u"s2"_s, u"stop"_s);
    QCOMPARE(waiting.outcome, u"paused"_s);
    QCOMPARE(waiting.runId, c.runId);
    QCOMPARE(waiting.status, u"failed"_s);

    QCOMPARE(resume(u"billing"_s, {}, u"stop-resume"_s).outcome, u"resumed"_s);
    const Claim again = claim(u"s2"_s, u"stop"_s);
    QCOMPARE(again.outcome, u"acquired"_s); // not routed to review at max_attempts 1
    QCOMPARE(again.attempt, 1);
    QCOMPARE(again.token, c.token + 1);
    QCOMPARE(beginStep(again, u"a"_s), u"skip"_s);
    QCOMPARE(beginStep(again, u"b"_s), u"run"_s);
}

void TestWorkflowPause::inFlightStepsFinishWithoutStopSteps() {
    const Claim c = claim(u"s3"_s, u"flight"_s);
    QCOMPARE(beginStep(c, u"a"_s), u"run"_s);
    QCOMPARE(pause(u"billing"_s, {}, false, u"flight-pause"_s).outcome, u"paused"_s);
    QCOMPARE(beginStep(c, u"a"_s), u"run"_s); // the repeat of a step in flight
    PgParams p;
    p.add(c.runId).add(c.token).add(c.secret);
    QCOMPARE(call(*worker,
                  u"SELECT dedup.complete_step($1::bigint, $2::bigint, $3::uuid, 'a', 'r')"_s, p),
             QString());
    QCOMPARE(beginStep(c, u"b"_s), u"run"_s); // runs in flight finish
    // Switched to "stop before the next step", a step already begun still answers run.
    QCOMPARE(pause(u"billing"_s, {}, true, u"flight-pause-2"_s).outcome, u"updated"_s);
    QCOMPARE(beginStep(c, u"b"_s), u"run"_s);
    QCOMPARE(resume(u"billing"_s, {}, u"flight-resume"_s).outcome, u"resumed"_s);
}

void TestWorkflowPause::continuationsWait() {
    const Claim c = claim(u"s4"_s, u"cont"_s);
    PgParams p;
    p.add(c.runId).add(c.token).add(c.secret);
    QCOMPARE(
        call(*worker,
             u"SELECT dedup.fail($1::bigint, $2::bigint, $3::uuid, 'validation', 'x', false)"_s, p),
        u"failed"_s);
    PgParams q;
    q.add(c.runId).add(c.token);
    QCOMPARE(call(*op,
                  u"SELECT outcome FROM dedup.op_request_continuation($1::bigint, $2::bigint,"
                  " 'finish it', 'cont-1')"_s,
                  q),
             u"applied"_s);

    QCOMPARE(pause(u"billing"_s, {}, false, u"cont-pause"_s).outcome, u"paused"_s);
    QCOMPARE(call(*worker, u"SELECT count(*) FROM dedup.take_command('w1')"_s), u"0"_s);
    QCOMPARE(resume(u"billing"_s, {}, u"cont-resume"_s).outcome, u"resumed"_s);
    QCOMPARE(call(*worker, u"SELECT run_id FROM dedup.take_command('w1')"_s),
             QString::number(c.runId));
}

void TestWorkflowPause::auditedAndReplayable() {
    const QString before = scalar(u"SELECT count(*) FROM dedup.audit_log"_s);
    const WorkflowPauseResult first = pause(u"audit-wf"_s, {}, true, u"audit-1"_s);
    QCOMPARE(first.outcome, u"paused"_s);
    QVERIFY(first.auditId > 0);
    QCOMPARE(first.pause.stopSteps, true);
    QCOMPARE(first.pause.retryAfterSeconds, 30);
    PgParams id;
    id.add(first.auditId);
    QCOMPARE(scalar(u"SELECT action || ' ' || outcome || ' ' || detail || ' ' || db_role || ' '"
                    " || (params->>'workflow') || ' ' || (after->>'stop_steps')"
                    " FROM dedup.audit_log WHERE id = $1"_s,
                    id),
             u"op_pause_workflow applied paused t_operator audit-wf true"_s);

    // The same action key again: the recorded answer, nothing written.
    const WorkflowPauseResult replay = pause(u"audit-wf"_s, {}, true, u"audit-1"_s);
    QCOMPARE(replay.outcome, u"paused"_s);
    QCOMPARE(replay.auditId, first.auditId);
    QCOMPARE(scalar(u"SELECT count(*) FROM dedup.audit_log"_s),
             QString::number(before.toInt() + 1));
    // The key of a pause used for a resume: refused.
    QCOMPARE(resume(u"audit-wf"_s, {}, u"audit-1"_s).outcome, u"DD005"_s);

    QCOMPARE(resume(u"audit-wf"_s, {}, u"audit-2"_s).outcome, u"resumed"_s);
    const WorkflowPauseResult nothing = resume(u"audit-wf"_s, {}, u"audit-3"_s);
    QCOMPARE(nothing.outcome, u"not_paused"_s);
    QCOMPARE(nothing.auditId, 0);
    QCOMPARE(scalar(u"SELECT count(*) FROM dedup.audit_log"_s),
             QString::number(before.toInt() + 2));
    QCOMPARE(scalar(u"SELECT count(*) FROM dedup.verify_audit()"_s), u"0"_s);
}

void TestWorkflowPause::grantsBoundWhoMayPauseAndSee() {
    // A viewer may not pause: dedup_viewer has no EXECUTE on the op_* functions.
    auto viewer = db->connect(QStringLiteral("t_viewer"));
    QVERIFY(viewer);
    PgError error;
    QVERIFY(!WorkflowPauses(*viewer).pause(u"billing"_s, {}, false, 30, u"r"_s, u"v-1"_s, &error));
    QCOMPARE(error.sqlState, u"42501"_s);

    // An operator of billing's eu- scopes may pause those, not the whole workflow.
    // Roles are the cluster's: the name is this process's, never input.
    const QString login = QStringLiteral("t_pause_eu_%1").arg(QCoreApplication::applicationPid());
    db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    QCOMPARE(db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_operator").arg(login)),
             QString());
    QCOMPARE(db->grant(login, u"operator"_s, {u"billing"_s}, {u"eu-"_s}), QString());
    auto eu = db->connect(login);
    QVERIFY(eu);
    QVERIFY(!WorkflowPauses(*eu).pause(u"billing"_s, {}, false, 30, u"r"_s, u"eu-1"_s, &error));
    QCOMPARE(error.sqlState, u"DD010"_s);
    QVERIFY(
        !WorkflowPauses(*eu).pause(u"shipping"_s, u"eu-"_s, false, 30, u"r"_s, u"eu-2"_s, &error));
    QCOMPARE(error.sqlState, u"DD010"_s);
    const auto mine = WorkflowPauses(*eu).pause(u"billing"_s, u"eu-north"_s, false, 30, u"r"_s,
                                                u"eu-3"_s, &error);
    QVERIFY2(mine, qPrintable(error.message));
    QCOMPARE(mine->outcome, u"paused"_s);

    // Row-level security: it reads the pauses that concern its runs, not the others'.
    QCOMPARE(pause(u"shipping"_s, {}, false, u"rls-1"_s).outcome, u"paused"_s);
    QCOMPARE(pause(u"billing"_s, {}, false, u"rls-2"_s).outcome, u"paused"_s);
    QCOMPARE(pause(u"billing"_s, u"us-"_s, false, u"rls-3"_s).outcome, u"paused"_s);
    const auto seen = WorkflowPauses(*eu).list(&error);
    QVERIFY2(seen, qPrintable(error.message));
    QStringList names;
    for (const WorkflowPause &p : *seen)
        names << p.workflow + u'/' + p.scopePrefix;
    QCOMPARE(names, (QStringList{u"billing/"_s, u"billing/eu-north"_s}));

    for (const auto &[wf, prefix, key] : {std::tuple{u"shipping"_s, QString(), u"rls-r1"_s},
                                          std::tuple{u"billing"_s, QString(), u"rls-r2"_s},
                                          std::tuple{u"billing"_s, u"us-"_s, u"rls-r3"_s},
                                          std::tuple{u"billing"_s, u"eu-north"_s, u"rls-r4"_s}})
        QCOMPARE(resume(wf, prefix, key).outcome, u"resumed"_s);
    eu.reset();
    QCOMPARE(db->exec(QStringLiteral("DROP OWNED BY %1; DROP ROLE %1").arg(login)), QString());
}

void TestWorkflowPause::argumentsAreChecked_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("state");
    QTest::newRow("blank reason") << u"SELECT dedup.op_pause_workflow('wf', ' ', 'arg-1')"_s
                                  << u"DD004"_s;
    QTest::newRow("no workflow") << u"SELECT dedup.op_pause_workflow(NULL, 'r', 'arg-2')"_s
                                 << u"DD004"_s;
    QTest::newRow("no action key")
        << u"SELECT dedup.op_pause_workflow('wf', 'r', NULL)"_s << u"DD004"_s;
    QTest::newRow("blank prefix")
        << u"SELECT dedup.op_pause_workflow('wf', 'r', 'arg-3', p_scope_prefix => '')"_s
        << u"DD004"_s;
    QTest::newRow("retry after 0")
        << u"SELECT dedup.op_pause_workflow('wf', 'r', 'arg-4', p_retry_after => '0 s')"_s
        << u"DD004"_s;
    QTest::newRow("retry after 2 days")
        << u"SELECT dedup.op_pause_workflow('wf', 'r', 'arg-5', p_retry_after => '2 days')"_s
        << u"DD004"_s;
    QTest::newRow("long reason")
        << u"SELECT dedup.op_pause_workflow('wf', repeat('x', 2001), 'arg-6')"_s << u"DD009"_s;
    QTest::newRow("resume, blank reason")
        << u"SELECT dedup.op_resume_workflow('wf', '', 'arg-7')"_s << u"DD004"_s;
}

void TestWorkflowPause::argumentsAreChecked() {
    QFETCH(QString, sql);
    QFETCH(QString, state);
    const QString audits = scalar(u"SELECT count(*) FROM dedup.audit_log"_s);
    QCOMPARE(call(*op, sql), state);
    QCOMPARE(scalar(u"SELECT count(*) FROM dedup.workflow_pauses"_s), u"0"_s);
    QCOMPARE(scalar(u"SELECT count(*) FROM dedup.audit_log"_s), audits);
}

void TestWorkflowPause::overviewShowsPausesAndCounts() {
    const Claim a = claim(u"s9"_s, u"ov-1"_s, u"overview"_s);
    QCOMPARE(a.outcome, u"acquired"_s);
    const Claim b = claim(u"s9"_s, u"ov-2"_s, u"overview"_s);
    PgParams p;
    p.add(b.runId).add(b.token).add(b.secret);
    QCOMPARE(call(*worker,
                  u"SELECT dedup.fail($1::bigint, $2::bigint, $3::uuid, 'timeout', 'x', false)"_s,
                  p),
             u"failed"_s);
    PgParams id;
    id.add(a.runId);
    scalar(u"UPDATE dedup.runs SET lease_expires_at = now() - interval '1 minute'"
           " WHERE id = $1"_s,
           id); // stuck
    QCOMPARE(pause(u"overview"_s, u"s9"_s, true, u"ov-pause"_s).outcome, u"paused"_s);

    PgError error;
    const auto overview = WorkflowOverviewQueries::read(*op, &error);
    QVERIFY2(overview, qPrintable(error.message));
    const WorkflowOverviewRow *row = nullptr;
    for (const WorkflowOverviewRow &r : overview->workflows) {
        if (r.workflow == u"overview"_s)
            row = &r;
    }
    QVERIFY(row);
    QCOMPARE(row->count(dedup::core::RunStatus::Processing), 1);
    QCOMPARE(row->count(dedup::core::RunStatus::Failed), 1);
    QCOMPARE(row->stuck, 1);
    QCOMPARE(row->recent(), 2);
    QCOMPARE(row->pauses.size(), 1);
    QCOMPARE(row->pauses.first().scopePrefix, u"s9"_s);
    QVERIFY(row->pauses.first().stopSteps);
    QVERIFY(overview->since <= overview->serverNow.addSecs(-3300));
    QCOMPARE(resume(u"overview"_s, u"s9"_s, u"ov-resume"_s).outcome, u"resumed"_s);
}

QTEST_GUILESS_MAIN(TestWorkflowPause)
#include "tst_workflowpause.moc"
