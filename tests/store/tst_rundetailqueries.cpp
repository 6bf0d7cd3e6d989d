// The run detail's, correlation view's and Stuck view's SQL (store/RunDetailQueries,
// CorrelationQueries, StuckQueries) against the real protocol: runs built with RunProtocol
// (as the worker role) and changed with OperatorActions (as the operator role), read back as
// the viewer role, compared field by field. The stuck boundaries are checked inside one
// transaction, so now() is the same for the rows, the query and the SQL functions whose
// boundary it must share. The plans are checked on a generated store of 200,000 runs: no
// statement may scan a table or sort.
#include "TestDatabase.h"
#include "store/CorrelationQueries.h"
#include "store/DerivedEvents.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/RunDetailQueries.h"
#include "store/RunProtocol.h"
#include "store/StuckQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace dedup;
using namespace dedup::store;
using namespace std::chrono_literals;

namespace {

ClaimRequest claimRequest(const QString &key, const QStringList &steps,
                          const QString &correlation = QStringLiteral("visit-1")) {
    ClaimRequest r;
    r.scope = QStringLiteral("billing");
    r.key = key;
    r.workflow = QStringLiteral("invoice-payment-intent");
    r.fingerprint = QStringLiteral("sha256:") + key;
    r.correlationId = correlation;
    r.worker = QStringLiteral("w1");
    r.steps = steps;
    r.keyVersion = QStringLiteral("v1.3");
    r.workflowVersion = QStringLiteral("2");
    r.context = QJsonObject{{QStringLiteral("patient"), QStringLiteral("P1")}};
    return r;
}

OperatorRequest opRequest(qint64 runId, qint64 token, const QString &reason, const QString &key) {
    return {runId, token, reason, key};
}

QStringList kinds(const QList<EventRow> &events) {
    QStringList list;
    for (const EventRow &e : events)
        list << e.kind + (e.step.isEmpty() ? QString() : QLatin1Char(':') + e.step);
    return list;
}

// Walks an EXPLAIN (ANALYZE, FORMAT JSON) plan: a sequential scan of any table, or a sort
// that sorted more than a hundred rows, is a problem (every statement here must read index
// ranges in index order; a sort of a handful of rows the planner rightly expected is noise,
// a sort of every matching row is not).
void checkPlanNode(const QJsonObject &node, QStringList *problems) {
    const QString type = node.value(QLatin1String("Node Type")).toString();
    if (type == QLatin1String("Seq Scan"))
        problems->append(QStringLiteral("Seq Scan on ") +
                         node.value(QLatin1String("Relation Name")).toString());
    const double sorted = node.value(QLatin1String("Actual Rows")).toDouble();
    // Rows a redacted read returned (dedup.runs_redacted, 0016) for ids the query already
    // picked and limited through an index: the sort is bounded by the limit.
    bool ofFunction = false;
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray()) {
        const QJsonObject c = child.toObject();
        if (c.value(QLatin1String("Parent Relationship")) == QLatin1String("Outer"))
            ofFunction = c.value(QLatin1String("Node Type")) == QLatin1String("Function Scan");
    }
    if (type.contains(QLatin1String("Sort")) && sorted > 100 && !ofFunction)
        problems->append(QStringLiteral("%1 of %2 rows").arg(type).arg(sorted));
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        checkPlanNode(child.toObject(), problems);
}

// The id of the `n`th event (from 0) of run `runId`.
qint64 eventId(PgConnection &conn, qint64 runId, int n) {
    PgParams p;
    p.add(runId).add(qint64(n));
    const PgResult r = conn.exec(QStringLiteral("SELECT id FROM dedup.events WHERE run_id = $1"
                                                " ORDER BY id OFFSET $2 LIMIT 1"),
                                 p);
    return r.ok() && r.rows() == 1 ? r.toInt64(0, 0) : 0;
}

// The page older than the newest run of corr-4242.
ListPage newestOf(PgConnection &conn) {
    const PgResult r = conn.exec(QStringLiteral(
        "SELECT id, (extract(epoch FROM created_at) * 1000000)::bigint FROM dedup.runs"
        " WHERE correlation_id = 'corr-4242' ORDER BY created_at DESC, id DESC LIMIT 1"));
    return r.ok() && r.rows() == 1 ? ListPage::older(r.toInt64(0, 0), r.toInt64(0, 1))
                                   : ListPage::newest();
}

} // namespace

class TestRunDetailQueries : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void snapshotOfAnOperatedRun();
    void succeededRunResultJson();
    void listsKeepTheNewestAndSayMore();
    void eventPagesReachEveryEvent();
    void missingAndPurgedRuns();
    void correlationOldestFirstWithStepSummary();
    void stuckBoundariesMatchTheSqlFunctions();
    void stuckSnapshotListAndCount();
    void queryPlansUseIndexes_data();
    void queryPlansUseIndexes();
    void cleanupTestCase();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<TestDatabase> m_big; // 200,000 runs, made by the first plan test
    std::unique_ptr<PgConnection> m_super, m_worker, m_operator, m_viewer;
};

void TestRunDetailQueries::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    m_operator = m_db->connect(QStringLiteral("t_operator"));
    m_viewer = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(m_super && m_worker && m_operator && m_viewer);
}

void TestRunDetailQueries::cleanupTestCase() {
    m_big.reset();
    m_super.reset();
    m_worker.reset();
    m_operator.reset();
    m_viewer.reset();
    m_db.reset();
}

void TestRunDetailQueries::snapshotOfAnOperatedRun() {
    RunProtocol worker(*m_worker);
    OperatorActions ops(*m_operator);
    const auto claimed = worker.claim(
        claimRequest(QStringLiteral("inv-1"),
                     {QStringLiteral("draft"), QStringLiteral("pay"), QStringLiteral("notify")}));
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    const RunLease lease = claimed.value().lease();
    QCOMPARE(worker.beginStep(lease, QStringLiteral("draft"), QStringLiteral("draft-key-1")).ok(),
             true);
    QVERIFY(worker.completeStep(lease, QStringLiteral("draft"), QStringLiteral("INV-77")).ok());
    QVERIFY(worker.beginStep(lease, QStringLiteral("pay")).ok());
    // The worker dies inside the payment call: its lease runs out (moved into the past here
    // instead of waiting), and an operator clears it. "pay" becomes uncertain.
    PgParams id;
    id.add(lease.runId);
    QVERIFY(m_super
                ->exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - "
                                      "interval '1 second' WHERE id = $1"),
                       id)
                .ok());
    const auto cleared = ops.clearStaleLease(
        opRequest(lease.runId, 1, QStringLiteral("worker pod OOM-killed"), QStringLiteral("k1")));
    QVERIFY2(cleared.ok(), qPrintable(cleared.error().toString()));
    QVERIFY(cleared.value().outcome == OperatorOutcomeKind::Applied);
    // A second console still showing token 1: refused, and audited as such.
    const auto refused = ops.clearStaleLease(
        opRequest(lease.runId, 1, QStringLiteral("also clearing"), QStringLiteral("k2")));
    QVERIFY(refused.ok());
    QVERIFY(refused.value().outcome == OperatorOutcomeKind::Changed);
    const auto routed = ops.routeToReview(
        opRequest(lease.runId, 2, QStringLiteral("ask the PSP about pay"), QStringLiteral("k3")),
        QStringLiteral("alice"));
    QVERIFY(routed.ok());
    QVERIFY(routed.value().outcome == OperatorOutcomeKind::Applied);
    const auto continued = ops.requestContinuation(
        opRequest(lease.runId, *routed.value().leaseToken, QStringLiteral("PSP has no payment"),
                  QStringLiteral("k4")));
    QVERIFY(continued.ok());
    QVERIFY(continued.value().outcome == OperatorOutcomeKind::Applied);

    // Read as the viewer role: its grants are what a read-only console has.
    PgError error;
    // The owner reads raw values (a viewer reads them redacted: tst_protectedcolumns.cpp).
    const auto snapshot = RunDetailQueries::readSnapshot(*m_super, lease.runId, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QVERIFY(snapshot->found);
    const RunDetail &run = snapshot->run;
    QCOMPARE(run.id, lease.runId);
    QCOMPARE(run.scope, QStringLiteral("billing"));
    QCOMPARE(run.idemKey, QStringLiteral("inv-1"));
    QCOMPARE(run.keyVersion, QStringLiteral("v1.3"));
    QCOMPARE(run.workflow, QStringLiteral("invoice-payment-intent"));
    QCOMPARE(run.workflowVersion, QStringLiteral("2"));
    QCOMPARE(run.correlationId, QStringLiteral("visit-1"));
    QCOMPARE(run.fingerprint, QStringLiteral("sha256:inv-1"));
    QCOMPARE(run.statusName, QStringLiteral("manual_review"));
    QVERIFY(run.status == core::RunStatus::ManualReview);
    QCOMPARE(run.attempt, 1);
    QCOMPARE(run.maxAttempts, 5);
    QVERIFY(run.leaseOwner.isNull());
    QCOMPARE(run.leaseToken, 4); // clear, route and continuation each moved it (0017)
    QVERIFY(!run.hasLease());
    QVERIFY(!run.leaseExpired);
    QCOMPARE(run.leaseRemainingMs(), 0);
    QVERIFY(run.heartbeatAt.isValid());
    QVERIFY(run.createdAt.isValid() && run.updatedAt >= run.createdAt);
    QVERIFY(!run.finishedAt.isValid()); // manual_review is not finished
    QVERIFY(!run.expiresAt.isValid());
    QVERIFY(run.result.isNull());
    QCOMPARE(run.context.text, QStringLiteral("{\"patient\": \"P1\"}"));
    QCOMPARE(run.context.pretty, QStringLiteral("{\n    \"patient\": \"P1\"\n}"));
    QCOMPARE(run.lastErrorClass, QStringLiteral("lease_expired"));
    QVERIFY2(run.lastErrorMessage.startsWith(QStringLiteral("lease 1 of w1 expired at ")),
             qPrintable(run.lastErrorMessage));
    QVERIFY(run.lastErrorMessage.endsWith(QStringLiteral("; cleared by t_operator")));
    QVERIFY(run.lastErrorRetryable);
    QCOMPARE(run.lastError.value().toObject().value(QLatin1String("attempt")).toInt(), 1);
    QCOMPARE(run.reviewReason, QStringLiteral("ask the PSP about pay"));
    QCOMPARE(run.reviewAssignee, QStringLiteral("alice"));
    QVERIFY(run.reviewNote.isNull());
    QVERIFY(run.reviewAt.isValid());
    QVERIFY(qAbs(run.serverNow.msecsTo(QDateTime::currentDateTimeUtc())) < 60000);

    QCOMPARE(snapshot->steps.size(), 3);
    QVERIFY(!snapshot->moreSteps);
    const StepRow &draft = snapshot->steps.at(0);
    QCOMPARE(draft.ordinal, 1);
    QCOMPARE(draft.name, QStringLiteral("draft"));
    QCOMPARE(draft.statusName, QStringLiteral("done"));
    QCOMPARE(draft.attempts, 1);
    QCOMPARE(draft.leaseToken, std::optional<qint64>(1));
    QCOMPARE(draft.downstreamKey, QStringLiteral("draft-key-1"));
    QCOMPARE(draft.sideEffectRef, QStringLiteral("INV-77"));
    QVERIFY(draft.error.isNull());
    QVERIFY(draft.startedAt.isValid() && draft.finishedAt >= draft.startedAt);
    const StepRow &pay = snapshot->steps.at(1);
    QCOMPARE(pay.name, QStringLiteral("pay"));
    QCOMPARE(pay.statusName, QStringLiteral("uncertain"));
    QVERIFY(pay.isUncertain());
    QVERIFY(pay.downstreamKey.isNull());
    QVERIFY(pay.sideEffectRef.isNull());
    QCOMPARE(pay.errorClass, QStringLiteral("outcome_unknown"));
    QCOMPARE(pay.errorMessage, run.lastErrorMessage);
    QVERIFY(!pay.finishedAt.isValid());
    const StepRow &notify = snapshot->steps.at(2);
    QCOMPARE(notify.statusName, QStringLiteral("pending"));
    QCOMPARE(notify.attempts, 0);
    QVERIFY(!notify.leaseToken);
    QVERIFY(!notify.startedAt.isValid());

    QCOMPARE(kinds(snapshot->events),
             (QStringList{QStringLiteral("claimed"), QStringLiteral("step_started:draft"),
                          QStringLiteral("step_done:draft"), QStringLiteral("step_started:pay"),
                          QStringLiteral("step_uncertain:pay"), QStringLiteral("lease_cleared"),
                          QStringLiteral("routed_to_review"),
                          QStringLiteral("continuation_requested:pay")}));
    QVERIFY(!snapshot->moreEvents);
    // The starts and the completion are drawn from the step rows (0021); the rest is read.
    QCOMPARE(snapshot->eventCount, 5);
    QList<bool> derived;
    for (const EventRow &e : snapshot->events)
        derived << e.derived;
    QCOMPARE(derived, (QList<bool>{false, true, true, true, false, false, false, false}));
    for (int i = 1; i < snapshot->events.size(); ++i) {
        QVERIFY(!DerivedEvents::timelineLess(snapshot->events.at(i), snapshot->events.at(i - 1)));
        if (!snapshot->events.at(i).derived && !snapshot->events.at(i - 1).derived)
            QVERIFY(snapshot->events.at(i - 1).id < snapshot->events.at(i).id);
    }
    QCOMPARE(snapshot->events.at(0).actor, QStringLiteral("w1"));
    QCOMPARE(snapshot->events.at(0).attempt, std::optional<int>(1));
    // The lease the steps began under is gone: the claim that handed it out names the worker.
    QCOMPARE(snapshot->events.at(1).actor, QStringLiteral("w1"));
    QCOMPARE(snapshot->events.at(2).attempt, std::optional<int>(1));
    QCOMPARE(snapshot->events.at(2)
                 .detail.value()
                 .toObject()
                 .value(QLatin1String("side_effect_ref"))
                 .toString(),
             QStringLiteral("INV-77"));
    QCOMPARE(snapshot->events.at(5).actor, QStringLiteral("t_operator"));

    QCOMPARE(snapshot->audit.size(), 4);
    QVERIFY(!snapshot->moreAudit);
    const AuditEntryRow &clear = snapshot->audit.at(0);
    QCOMPARE(clear.action, QStringLiteral("op_clear_stale_lease"));
    QCOMPARE(clear.outcome, QStringLiteral("applied"));
    QCOMPARE(clear.dbRole, QStringLiteral("t_operator"));
    QCOMPARE(clear.reason, QStringLiteral("worker pod OOM-killed"));
    QCOMPARE(clear.actionKey, QStringLiteral("k1"));
    QCOMPARE(clear.runId, lease.runId);
    QCOMPARE(clear.expectedToken, std::optional<qint64>(1));
    QCOMPARE(clear.detail, QStringLiteral("lease cleared; run is failed; uncertain steps: pay"));
    const QJsonObject before = clear.before.value().toObject();
    const QJsonObject after = clear.after.value().toObject();
    QCOMPARE(before.value(QLatin1String("status")).toString(), QStringLiteral("processing"));
    QCOMPARE(before.value(QLatin1String("lease_token")).toInt(), 1);
    QCOMPARE(after.value(QLatin1String("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(after.value(QLatin1String("lease_token")).toInt(), 2);
    QVERIFY(clear.before.pretty.startsWith(QStringLiteral("{\n    ")));
    QCOMPARE(clear.hash.size(), 64);
    const AuditEntryRow &second = snapshot->audit.at(1);
    QCOMPARE(second.outcome, QStringLiteral("changed"));
    QCOMPARE(second.actionKey, QStringLiteral("k2"));
    QVERIFY(second.after.isNull());
    // The refusal names the change that beat it (0017).
    QVERIFY2(second.detail.startsWith(
                 QStringLiteral(
                     "lease token is 2, not the expected 1: the run changed since it was read: it "
                     "is failed now, changed by t_operator (op_clear_stale_lease, audit %1) at ")
                     .arg(clear.id)),
             qPrintable(second.detail));
    QCOMPARE(snapshot->audit.at(2).action, QStringLiteral("op_route_to_review"));
    QCOMPARE(snapshot->audit.at(2).params.text, QStringLiteral("{\"assignee\": \"alice\"}"));
    QCOMPARE(snapshot->audit.at(3).action, QStringLiteral("op_request_continuation"));
    QVERIFY(snapshot->audit.at(0).id < snapshot->audit.at(3).id);

    QCOMPARE(snapshot->commands.size(), 1);
    const CommandRow &command = snapshot->commands.first();
    QCOMPARE(command.actionKey, QStringLiteral("k4"));
    QCOMPARE(command.kind, QStringLiteral("continue"));
    QCOMPARE(command.status, QStringLiteral("pending"));
    QVERIFY(command.isPending());
    QCOMPARE(command.requestedBy, QStringLiteral("t_operator"));
    QCOMPARE(command.reason, QStringLiteral("PSP has no payment"));
    QCOMPARE(command.fromStep, QStringLiteral("pay"));
    QVERIFY(!command.rerunUncertain);
    QVERIFY(command.takenBy.isNull());
    QVERIFY(!command.takenToken);
}

void TestRunDetailQueries::succeededRunResultJson() {
    RunProtocol worker(*m_worker);
    const auto claimed = worker.claim(claimRequest(QStringLiteral("inv-2"), {}));
    QVERIFY(claimed.ok());
    // The heartbeat is on the clock of the server: the lease is live right after the claim.
    PgError error;
    // The owner reads the result raw (a viewer redacted: tst_protectedcolumns.cpp).
    auto snapshot = RunDetailQueries::readSnapshot(*m_super, claimed.value().runId, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QVERIFY(snapshot->run.hasLease());
    QVERIFY(!snapshot->run.leaseExpired);
    QCOMPARE(snapshot->run.leaseOwner, QStringLiteral("w1"));
    QVERIFY2(snapshot->run.leaseRemainingMs() > 20000 && snapshot->run.leaseRemainingMs() <= 30000,
             qPrintable(QString::number(snapshot->run.leaseRemainingMs())));
    QVERIFY(worker
                .succeed(claimed.value().lease(),
                         QJsonObject{{QStringLiteral("invoice"), QStringLiteral("INV-78")},
                                     {QStringLiteral("status"), 201},
                                     {QStringLiteral("body"), QJsonObject{}}})
                .ok());
    snapshot = RunDetailQueries::readSnapshot(*m_super, claimed.value().runId, &error);
    QVERIFY(snapshot);
    // jsonb's own text and jsonb_pretty's, exactly as the server stores it (keys by length).
    QCOMPARE(snapshot->run.result.text,
             QStringLiteral("{\"body\": {}, \"status\": 201, \"invoice\": \"INV-78\"}"));
    QCOMPARE(snapshot->run.result.pretty,
             QStringLiteral("{\n    \"body\": {\n    },\n    \"status\": 201,\n"
                            "    \"invoice\": \"INV-78\"\n}"));
    QCOMPARE(snapshot->run.result.value().toObject().value(QLatin1String("status")).toInt(), 201);
    QCOMPARE(snapshot->run.statusName, QStringLiteral("succeeded"));
    QVERIFY(snapshot->run.finishedAt.isValid());
    QVERIFY(snapshot->run.expiresAt > snapshot->run.finishedAt);
    QVERIFY(snapshot->run.lastError.isNull());
    QVERIFY(snapshot->run.lastErrorClass.isEmpty());
    QVERIFY(!snapshot->run.hasLease());
    QVERIFY(snapshot->audit.isEmpty());
    QVERIFY(snapshot->commands.isEmpty());
}

void TestRunDetailQueries::listsKeepTheNewestAndSayMore() {
    RunProtocol worker(*m_worker);
    QStringList names;
    for (int i = 1; i <= 24; ++i)
        names << QStringLiteral("s%1").arg(i, 2, 10, QLatin1Char('0'));
    const auto claimed = worker.claim(claimRequest(QStringLiteral("long-1"), names));
    QVERIFY(claimed.ok());
    // A skip is recorded as an event (a step's plain start and finish are not, 0021).
    for (const QString &name : names)
        QVERIFY(worker.skipStep(claimed.value().lease(), name).ok());
    // 1 claimed + 24 step_skipped = 25 events.
    RunDetailQueries::Limits limits;
    limits.events = 10;
    limits.steps = 5;
    PgError error;
    auto snapshot =
        RunDetailQueries::readSnapshot(*m_viewer, claimed.value().runId, limits, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->events.size(), 10);
    QVERIFY(snapshot->moreEvents);
    // The newest ten (events 16 to 25), oldest first: s15's skip .. s24's.
    QCOMPARE(snapshot->events.first().kind, QStringLiteral("step_skipped"));
    QCOMPARE(snapshot->events.first().step, QStringLiteral("s15"));
    QCOMPARE(snapshot->events.last().step, QStringLiteral("s24"));
    QCOMPARE(snapshot->events.last().kind, QStringLiteral("step_skipped"));
    QCOMPARE(snapshot->steps.size(), 5);
    QVERIFY(snapshot->moreSteps);
    QCOMPARE(snapshot->steps.last().name, QStringLiteral("s05")); // steps: the first five
    limits.events = 25;
    limits.steps = 24;
    snapshot = RunDetailQueries::readSnapshot(*m_viewer, claimed.value().runId, limits, &error);
    QVERIFY(snapshot);
    QCOMPARE(snapshot->events.size(), 25);
    QVERIFY(!snapshot->moreEvents); // exactly at the limit is not "more"
    QCOMPARE(snapshot->events.first().kind, QStringLiteral("claimed"));
    QCOMPARE(snapshot->eventCount, 25);
    QCOMPARE(snapshot->newerEvents, 0);
    QCOMPARE(snapshot->steps.size(), 24);
    QVERIFY(!snapshot->moreSteps);
}

void TestRunDetailQueries::eventPagesReachEveryEvent() {
    RunProtocol worker(*m_worker);
    QStringList names;
    for (int i = 1; i <= 24; ++i)
        names << QStringLiteral("p%1").arg(i, 2, 10, QLatin1Char('0'));
    const auto claimed = worker.claim(claimRequest(QStringLiteral("paged-1"), names));
    QVERIFY(claimed.ok());
    for (const QString &name : names)
        QVERIFY(worker.skipStep(claimed.value().lease(), name).ok());
    const qint64 runId = claimed.value().runId;
    // Another run's events are not counted.
    QVERIFY(worker.claim(claimRequest(QStringLiteral("paged-2"), {QStringLiteral("x")})).ok());
    PgParams id;
    id.add(runId);
    const PgResult all = m_super->exec(
        QStringLiteral("SELECT id FROM dedup.events WHERE run_id = $1 ORDER BY id"), id);
    QVERIFY(all.ok());
    QCOMPARE(all.rows(), 25); // 1 claimed + 24 step_skipped
    QList<qint64> ids;
    for (int i = 0; i < all.rows(); ++i)
        ids << all.toInt64(i, 0);
    const auto idsOf = [](const QList<EventRow> &events) {
        QList<qint64> list;
        for (const EventRow &e : events)
            list << e.id;
        return list;
    };
    RunDetailQueries::Limits limits;
    limits.events = 10;
    // The count and the pages as the roles that read the console: the viewer and the
    // operator (SELECT on dedup.events without `detail`, under row-level security).
    for (PgConnection *login : {m_viewer.get(), m_operator.get()}) {
        PgError error;
        auto page =
            RunDetailQueries::readSnapshot(*login, runId, limits, ListPage::newest(), &error);
        QVERIFY2(page, qPrintable(error.toString()));
        QCOMPARE(idsOf(page->events), ids.mid(15, 10));
        QCOMPARE(page->eventCount, 25);
        QCOMPARE(page->newerEvents, 0);
        QVERIFY(page->moreEvents);
        QVERIFY(page->eventPage.isNewest());
        // Older: the ten before the oldest shown, the details still redacted.
        page = RunDetailQueries::readSnapshot(*login, runId, limits,
                                              ListPage::older(page->events.first().id), &error);
        QVERIFY2(page, qPrintable(error.toString()));
        QCOMPARE(idsOf(page->events), ids.mid(5, 10));
        QCOMPARE(page->newerEvents, 10);
        QVERIFY(page->moreEvents);
        QCOMPARE(page->eventPage, ListPage::older(ids.at(15)));
        QCOMPARE(page->events.first().kind, QStringLiteral("step_skipped"));
        QCOMPARE(page->events.first().step, QStringLiteral("p05"));
        // The oldest: a fixed page older than the eleventh event.
        page = RunDetailQueries::readSnapshot(*login, runId, limits, ListPage::oldest(), &error);
        QVERIFY2(page, qPrintable(error.toString()));
        QCOMPARE(idsOf(page->events), ids.mid(0, 10));
        QCOMPARE(page->events.first().kind, QStringLiteral("claimed"));
        QCOMPARE(page->eventPage, ListPage::older(ids.at(10)));
        QCOMPARE(page->newerEvents, 15);
        QCOMPARE(page->eventCount, 25);
        QVERIFY(!page->moreEvents);
        // Newer: the ten after the newest shown; then the newest, as fewer than ten follow.
        page = RunDetailQueries::readSnapshot(*login, runId, limits,
                                              ListPage::newer(page->events.last().id), &error);
        QVERIFY2(page, qPrintable(error.toString()));
        QCOMPARE(idsOf(page->events), ids.mid(10, 10));
        QCOMPARE(page->newerEvents, 5);
        page = RunDetailQueries::readSnapshot(*login, runId, limits,
                                              ListPage::newer(page->events.last().id), &error);
        QVERIFY2(page, qPrintable(error.toString()));
        QCOMPARE(idsOf(page->events), ids.mid(15, 10));
        QVERIFY(page->eventPage.isNewest());
        QCOMPARE(page->newerEvents, 0);
    }
    // The count works for those logins on their own too.
    for (PgConnection *login : {m_viewer.get(), m_operator.get()}) {
        const RunQuery count = RunDetailQueries::eventCounts(runId, ids.at(20));
        const PgResult counted = login->exec(count.sql, count.params);
        QVERIFY2(counted.ok(), qPrintable(counted.error().toString()));
        QCOMPARE(counted.toInt64(0, "total"), 25);
        QCOMPARE(counted.toInt64(0, "newer"), 5);
    }
}

void TestRunDetailQueries::missingAndPurgedRuns() {
    PgError error;
    auto snapshot = RunDetailQueries::readSnapshot(*m_viewer, 987654321, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QVERIFY(!snapshot->found);
    QVERIFY(snapshot->steps.isEmpty() && snapshot->events.isEmpty() && snapshot->audit.isEmpty());

    // A cancelled run, then purged: the run is gone, its audit entry stays.
    RunProtocol worker(*m_worker);
    OperatorActions ops(*m_operator);
    const auto claimed =
        worker.claim(claimRequest(QStringLiteral("purge-1"), {QStringLiteral("a")}));
    QVERIFY(claimed.ok());
    const qint64 runId = claimed.value().runId;
    const auto cancelled =
        ops.cancel(opRequest(runId, 1, QStringLiteral("customer withdrew"), QStringLiteral("k9")));
    QVERIFY(cancelled.ok() && cancelled.value().isApplied());
    PgParams id;
    id.add(runId);
    QVERIFY(m_super->exec(QStringLiteral("DELETE FROM dedup.runs WHERE id = $1"), id).ok());
    snapshot = RunDetailQueries::readSnapshot(*m_viewer, runId, &error);
    QVERIFY(snapshot);
    QVERIFY(!snapshot->found);
    QVERIFY(snapshot->steps.isEmpty() && snapshot->events.isEmpty());
    QCOMPARE(snapshot->audit.size(), 1);
    QCOMPARE(snapshot->audit.first().action, QStringLiteral("op_cancel"));
    QCOMPARE(snapshot->audit.first().reason, QStringLiteral("customer withdrew"));
    // The read transaction is closed again: the connection is usable for anything.
    QVERIFY(m_viewer->exec(QStringLiteral("SET statement_timeout = 1000")).ok());
}

void TestRunDetailQueries::correlationOldestFirstWithStepSummary() {
    RunProtocol worker(*m_worker);
    const QString corr = QStringLiteral("visit-77");
    const auto booking =
        worker.claim(claimRequest(QStringLiteral("c-book"), {QStringLiteral("book")}, corr));
    QVERIFY(booking.ok());
    QVERIFY(worker.beginStep(booking.value().lease(), QStringLiteral("book")).ok());
    QVERIFY(worker.completeStep(booking.value().lease(), QStringLiteral("book")).ok());
    QVERIFY(worker.succeed(booking.value().lease()).ok());
    const auto confirm = worker.claim(claimRequest(
        QStringLiteral("c-confirm"), {QStringLiteral("sms"), QStringLiteral("mark")}, corr));
    QVERIFY(confirm.ok());
    QVERIFY(worker.beginStep(confirm.value().lease(), QStringLiteral("sms")).ok());
    QVERIFY(worker
                .failStep(confirm.value().lease(), QStringLiteral("sms"),
                          {QStringLiteral("timeout"), QStringLiteral("no answer"), true})
                .ok());
    const auto invoice = worker.claim(claimRequest(
        QStringLiteral("c-invoice"),
        {QStringLiteral("draft"), QStringLiteral("pay"), QStringLiteral("send")}, corr));
    QVERIFY(invoice.ok());
    QVERIFY(
        worker.claim(claimRequest(QStringLiteral("c-other"), {}, QStringLiteral("visit-78"))).ok());

    PgError error;
    // The owner reads the keys raw (a viewer redacted: tst_protectedcolumns.cpp).
    auto snapshot = CorrelationQueries::read(*m_super, corr, 500, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->correlationId, corr);
    QVERIFY(!snapshot->more);
    QVERIFY(snapshot->serverNow.isValid());
    QCOMPARE(snapshot->runs.size(), 3);
    const CorrelatedRun &b = snapshot->runs.at(0);
    QCOMPARE(b.id, booking.value().runId);
    QCOMPARE(b.statusName, QStringLiteral("succeeded"));
    QCOMPARE(b.stepsTotal, 1);
    QCOMPARE(b.stepsDone, 1);
    QVERIFY(!b.isOpen());
    QVERIFY(b.finishedAt >= b.createdAt);
    const CorrelatedRun &c = snapshot->runs.at(1);
    QCOMPARE(c.id, confirm.value().runId);
    QCOMPARE(c.statusName, QStringLiteral("processing"));
    QVERIFY(c.isOpen());
    QCOMPARE(c.stepsTotal, 2);
    QCOMPARE(c.stepsUncertain, 1);
    QCOMPARE(c.stepsPending, 1);
    QCOMPARE(c.stepsDone, 0);
    QCOMPARE(c.leaseOwner, QStringLiteral("w1"));
    QVERIFY(!c.leaseExpired);
    const CorrelatedRun &i = snapshot->runs.at(2);
    QCOMPARE(i.id, invoice.value().runId);
    QCOMPARE(i.stepsTotal, 3);
    QCOMPARE(i.stepsPending, 3);
    QCOMPARE(i.workflow, QStringLiteral("invoice-payment-intent"));
    QCOMPARE(i.idemKey, QStringLiteral("c-invoice"));
    QVERIFY(b.createdAtMicros <= c.createdAtMicros && c.createdAtMicros <= i.createdAtMicros);

    QCOMPARE(snapshot->total, 3);
    QCOMPARE(snapshot->newer, 0);
    const qint64 invoiceMicros = i.createdAtMicros; // `i` goes with the snapshot

    // Two at a time: the newest two first (oldest first among them), then the rest.
    snapshot = CorrelationQueries::read(*m_viewer, corr, 2, &error);
    QVERIFY(snapshot);
    QCOMPARE(snapshot->runs.size(), 2);
    QVERIFY(snapshot->more);
    QCOMPARE(snapshot->total, 3);
    QCOMPARE(snapshot->newer, 0);
    QVERIFY(snapshot->page.isNewest());
    QCOMPARE(snapshot->runs.first().id, confirm.value().runId);
    QCOMPARE(snapshot->runs.last().id, invoice.value().runId);
    const CorrelatedRun oldestShown = snapshot->runs.first();
    snapshot =
        CorrelationQueries::read(*m_viewer, corr, 2, &error, 0,
                                 ListPage::older(oldestShown.id, oldestShown.createdAtMicros));
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->runs.size(), 1);
    QCOMPARE(snapshot->runs.first().id, booking.value().runId);
    QVERIFY(!snapshot->more);
    QCOMPARE(snapshot->newer, 2);
    QCOMPARE(snapshot->total, 3);
    // The oldest two, as a page older than the third run; newer from there: the newest.
    snapshot = CorrelationQueries::read(*m_viewer, corr, 2, &error, 0, ListPage::oldest());
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->runs.size(), 2);
    QCOMPARE(snapshot->runs.first().id, booking.value().runId);
    QCOMPARE(snapshot->runs.last().id, confirm.value().runId);
    QCOMPARE(snapshot->page.step, ListPage::Step::Older);
    QCOMPARE(snapshot->page.id, invoice.value().runId);
    QCOMPARE(snapshot->page.atMicros, invoiceMicros);
    QCOMPARE(snapshot->newer, 1);
    QVERIFY(!snapshot->more);
    const CorrelatedRun newestShown = snapshot->runs.last();
    snapshot =
        CorrelationQueries::read(*m_viewer, corr, 2, &error, 0,
                                 ListPage::newer(newestShown.id, newestShown.createdAtMicros));
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QVERIFY(snapshot->page.isNewest());
    QCOMPARE(snapshot->runs.last().id, invoice.value().runId);
    // Of a run: the same pages.
    snapshot = CorrelationQueries::read(*m_viewer, QString(), 2, &error, invoice.value().runId,
                                        ListPage::oldest());
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->runs.size(), 2);
    QCOMPARE(snapshot->runs.first().id, booking.value().runId);
    QCOMPARE(snapshot->total, 3);
    snapshot = CorrelationQueries::read(*m_viewer, QStringLiteral("no-such-visit"), 10, &error);
    QVERIFY(snapshot);
    QVERIFY(snapshot->runs.isEmpty());
    QVERIFY(!snapshot->more);
    QCOMPARE(snapshot->total, 0);
    QVERIFY(snapshot->serverNow.isValid());
}

void TestRunDetailQueries::stuckBoundariesMatchTheSqlFunctions() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto conn = db.connect();
    QVERIFY(conn);
    // One transaction: now() is the same for the rows written, the stuck query and the
    // op_clear_stale_lease calls, so "exactly now" is exact (to the microsecond).
    QVERIFY(conn->exec(QStringLiteral("BEGIN")).ok());
    const auto insert = [&conn](const QString &key, const QString &status, const QString &leaseExpr,
                                const QString &createdExpr) {
        const PgResult r = conn->exec(
            QStringLiteral("INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, "
                           "status, lease_owner, lease_token, lease_expires_at, created_at, "
                           "updated_at) "
                           "VALUES ('s', $1, 'wf', 'fp', $2, CASE WHEN $2 = 'processing' THEN "
                           "'w' END, 1, %1, %2, %2) RETURNING id")
                .arg(leaseExpr, createdExpr),
            PgParams().add(key).add(status));
        return r.ok() ? r.toInt64(0, 0) : -1;
    };
    const QString hourAgo = QStringLiteral("now() - interval '1 hour'");
    const QString inAnHour = QStringLiteral("now() + interval '1 hour'");
    const qint64 expiredNow = insert(QStringLiteral("expired-now"), QStringLiteral("processing"),
                                     QStringLiteral("now()"), QStringLiteral("now()"));
    const qint64 liveByAMicro =
        insert(QStringLiteral("live-1us"), QStringLiteral("processing"),
               QStringLiteral("now() + interval '1 microsecond'"), QStringLiteral("now()"));
    const qint64 oldExactly = insert(QStringLiteral("old-exactly"), QStringLiteral("processing"),
                                     inAnHour, QStringLiteral("now() - interval '15 minutes'"));
    const qint64 youngByAMicro =
        insert(QStringLiteral("young-1us"), QStringLiteral("processing"), inAnHour,
               QStringLiteral("now() - interval '15 minutes' + interval '1 microsecond'"));
    const qint64 failedOld = insert(QStringLiteral("failed-old"), QStringLiteral("failed"),
                                    QStringLiteral("NULL"), hourAgo);
    QVERIFY(expiredNow > 0 && liveByAMicro > 0 && oldExactly > 0 && youngByAMicro > 0 &&
            failedOld > 0);

    const auto ids = [&conn](std::chrono::milliseconds threshold, QList<StuckRun> *rows) {
        const RunQuery q = StuckQueries::list(threshold, 100);
        const PgResult r = conn->exec(q.sql, q.params);
        bool more = true;
        *rows = StuckQueries::readRuns(r, 100, &more);
        QList<qint64> list;
        for (const StuckRun &run : *rows)
            list << run.id;
        return r.ok() && !more ? list : QList<qint64>{-1};
    };
    QList<StuckRun> rows;
    // Least recently alive first: the expired lease, then the run stuck by age (its lease
    // runs for another hour).
    QCOMPARE(ids(15min, &rows), (QList<qint64>{expiredNow, oldExactly}));
    QVERIFY(rows.at(0).leaseExpired && !rows.at(0).tooOld);
    QVERIFY(rows.at(1).tooOld && !rows.at(1).leaseExpired);
    QCOMPARE(rows.at(0).leaseOwner, QStringLiteral("w"));
    QCOMPARE(rows.at(0).leaseToken, 1);
    QCOMPARE(ids(0ms, &rows), QList<qint64>{expiredNow}); // age criterion off
    QCOMPARE(ids(16min, &rows), QList<qint64>{expiredNow});
    const RunQuery count = StuckQueries::cappedCount(15min, 100);
    QCOMPARE(conn->exec(count.sql, count.params).toInt64(0, 0), 2);

    // The SQL functions draw the same line: the lease that expired exactly now may be
    // cleared, the one live for another microsecond may not.
    const auto clear = [&conn](qint64 runId, const QString &key) {
        const PgResult r = conn->exec(
            QStringLiteral("SELECT outcome FROM dedup.op_clear_stale_lease($1, 1, 'stuck', $2)"),
            PgParams().add(runId).add(key));
        return r.ok() ? r.text(0, 0) : r.error().toString();
    };
    QCOMPARE(clear(expiredNow, QStringLiteral("c1")), QStringLiteral("applied"));
    QCOMPARE(clear(liveByAMicro, QStringLiteral("c2")), QStringLiteral("changed"));
    QVERIFY(conn->exec(QStringLiteral("ROLLBACK")).ok());
}

void TestRunDetailQueries::stuckSnapshotListAndCount() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // 30 stuck (expired leases), 5 live, 10 finished.
    QVERIFY(
        db.exec(QStringLiteral(
                    "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                    " lease_owner, lease_token, lease_expires_at, created_at, updated_at) "
                    "SELECT 's', 'k' || g, 'wf', 'fp',"
                    " CASE WHEN g <= 35 THEN 'processing' ELSE 'succeeded' END,"
                    " CASE WHEN g <= 35 THEN 'w' || g END, 1,"
                    " CASE WHEN g <= 30 THEN now() - interval '1 minute' - g * interval '1 s'"
                    "      WHEN g <= 35 THEN now() + interval '1 minute' + g * interval '1 s'"
                    " END,"
                    " now() - interval '1 day', now() - interval '1 minute' - g * interval '1 s'"
                    " FROM generate_series(1, 45) g"))
            .isEmpty());
    // The owner reads the keys raw (a viewer redacted: tst_protectedcolumns.cpp).
    auto conn = db.connect();
    QVERIFY(conn);
    PgError error;
    auto snapshot = StuckQueries::read(*conn, 15min, 5, 10, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->runs.size(), 5);
    QVERIFY(snapshot->more);
    // The longest expired first.
    QCOMPARE(snapshot->runs.first().idemKey, QStringLiteral("k30"));
    QCOMPARE(snapshot->runs.last().idemKey, QStringLiteral("k26"));
    QVERIFY(!snapshot->count.exact);
    QCOMPARE(snapshot->count.value, 11); // cap + 1
    QCOMPARE(snapshot->count.cap, 10);
    QVERIFY(snapshot->serverNow.isValid());
    QCOMPARE(snapshot->threshold, std::chrono::milliseconds(15min));
    snapshot = StuckQueries::read(*conn, 15min, 500, 100, &error);
    QVERIFY(snapshot);
    QCOMPARE(snapshot->runs.size(), 30);
    QVERIFY(!snapshot->more);
    QVERIFY(snapshot->count.exact);
    QCOMPARE(snapshot->count.value, 30);
    snapshot = StuckQueries::read(*conn, 15min, 20, 100, &error); // the count past the list
    QVERIFY(snapshot);
    QCOMPARE(snapshot->runs.size(), 20);
    QVERIFY(snapshot->count.exact);
    QCOMPARE(snapshot->count.value, 30);
    // Processing for 30 seconds or more: the five live ones too (their attempts began over a
    // minute ago; created a day ago, which does not count), after the expired ones, the
    // lease that runs out first first.
    snapshot = StuckQueries::read(*conn, 30s, 500, 100, &error);
    QVERIFY(snapshot);
    QCOMPARE(snapshot->count.value, 35);
    QCOMPARE(snapshot->runs.size(), 35);
    QCOMPARE(snapshot->runs.at(29).idemKey, QStringLiteral("k1"));
    QCOMPARE(snapshot->runs.at(30).idemKey, QStringLiteral("k31"));
    QVERIFY(!snapshot->runs.at(30).leaseExpired && snapshot->runs.at(30).tooOld);
    QCOMPARE(snapshot->runs.at(34).idemKey, QStringLiteral("k35"));
}

void TestRunDetailQueries::queryPlansUseIndexes_data() {
    QTest::addColumn<QString>("kind");
    for (const char *kind :
         {"run", "steps", "events", "events, older page", "event count", "audit", "commands",
          "correlation", "correlation, older page", "stuck list", "stuck list, 2 days",
          "stuck list, 30 days", "stuck list, age off", "stuck count"})
        QTest::newRow(kind) << QString::fromLatin1(kind);
}

void TestRunDetailQueries::queryPlansUseIndexes() {
    QFETCH(QString, kind);
    std::unique_ptr<TestDatabase> &big = m_big;
    if (!big) {
        big = std::make_unique<TestDatabase>();
        QVERIFY2(big->isValid(), qPrintable(big->error()));
        // 200,000 runs: 80% succeeded, 10% failed, 1% processing (half of them with an
        // expired lease), 7% manual_review, 2% cancelled, over three days; a correlation id
        // on a third of them (three runs each); two steps and three events per run, an
        // audit row for every tenth, a command for every twentieth. Triggers are off for
        // the bulk load (session_replication_role): the audit chain is not what is tested.
        const QString error = big->exec(QStringLiteral(R"(
INSERT INTO dedup.runs (scope, idem_key, workflow, correlation_id, fingerprint, status, attempt,
                        lease_owner, lease_token, lease_expires_at, created_at, updated_at,
                        finished_at)
SELECT 'scope-' || (abs(hashint4(g + 1)) % 50), 'key-' || lpad(g::text, 7, '0'),
       'wf-' || (abs(hashint4(g + 2)) % 10),
       CASE WHEN g % 3 = 0 THEN 'corr-' || (g / 9) END, 'fp', st, 1,
       CASE WHEN st = 'processing' THEN 'worker' END, 1,
       CASE WHEN st = 'processing' THEN
            CASE WHEN g % 2 = 0 THEN now() - interval '1 minute'
                 ELSE now() + interval '1 hour' END END,
       ts, ts, CASE WHEN st IN ('succeeded', 'failed', 'cancelled') THEN ts END
FROM generate_series(1, 200000) AS g,
     LATERAL (SELECT CASE WHEN h < 80 THEN 'succeeded' WHEN h < 90 THEN 'failed'
                          WHEN h < 91 THEN 'processing' WHEN h < 98 THEN 'manual_review'
                          ELSE 'cancelled' END AS st,
                     now() - interval '3 days' + g * interval '1.234567 second' AS ts
              FROM (SELECT abs(hashint4(g)) % 100 AS h) AS hh) AS x;
SET session_replication_role = replica;
INSERT INTO dedup.steps (run_id, ordinal, name, status, attempts)
SELECT id, o, 'step' || o, 'done', 1 FROM dedup.runs, generate_series(1, 2) AS o;
INSERT INTO dedup.events (run_id, kind, actor, attempt, at)
SELECT id, 'claimed', 'w', 1, created_at FROM dedup.runs, generate_series(1, 3) AS o;
INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, action_key, reason, outcome,
                             prev_hash, hash)
SELECT g, now(), 'x', 'op_cancel', g * 10, 'ak' || g, 'r', 'applied', '', ''
FROM generate_series(1, 20000) AS g;
INSERT INTO dedup.commands (run_id, action_key, requested_by, status)
SELECT id, 'c' || id, 'x', 'done' FROM dedup.runs WHERE id % 20 = 0;
RESET session_replication_role;
)"));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto conn = big->connect();
        QVERIFY(conn);
        const PgResult vacuum = conn->exec(QStringLiteral("VACUUM ANALYZE"));
        QVERIFY2(vacuum.ok(), qPrintable(vacuum.error().toString()));
    }
    auto conn = big->connect();
    QVERIFY(conn);
    RunQuery query;
    if (kind == QLatin1String("run"))
        query = RunDetailQueries::run(100000);
    else if (kind == QLatin1String("steps"))
        query = RunDetailQueries::steps(100000, 1000);
    else if (kind == QLatin1String("events"))
        query = RunDetailQueries::events(100000, 500);
    else if (kind == QLatin1String("events, older page"))
        query = RunDetailQueries::events(100000, 1, eventId(*conn, 100000, 2));
    else if (kind == QLatin1String("event count"))
        query = RunDetailQueries::eventCounts(100000, eventId(*conn, 100000, 2));
    else if (kind == QLatin1String("audit"))
        query = RunDetailQueries::audit(100000, 200);
    else if (kind == QLatin1String("commands"))
        query = RunDetailQueries::commands(100000, 100);
    else if (kind == QLatin1String("correlation"))
        query = CorrelationQueries::runs(QStringLiteral("corr-4242"), 500);
    else if (kind == QLatin1String("correlation, older page"))
        query = CorrelationQueries::runs(QStringLiteral("corr-4242"), 1, 0, newestOf(*conn));
    else if (kind == QLatin1String("stuck list"))
        query = StuckQueries::list(15min, 500);
    else if (kind == QLatin1String("stuck list, 2 days"))
        query = StuckQueries::list(48h, 500);
    else if (kind == QLatin1String("stuck list, 30 days"))
        query = StuckQueries::list(720h, 500);
    else if (kind == QLatin1String("stuck list, age off"))
        query = StuckQueries::list(0ms, 500);
    else
        query = StuckQueries::cappedCount(15min, 10000);
    const PgResult plan =
        conn->exec(QStringLiteral("EXPLAIN (ANALYZE, FORMAT JSON) ") + query.sql, query.params);
    QVERIFY2(plan.ok(), qPrintable(plan.error().toString()));
    const QJsonObject top = QJsonDocument::fromJson(plan.text(0, 0).toUtf8())
                                .array()
                                .at(0)
                                .toObject()
                                .value(QLatin1String("Plan"))
                                .toObject();
    QVERIFY(!top.isEmpty());
    QStringList problems;
    checkPlanNode(top, &problems);
    if (qEnvironmentVariableIsSet("DEDUP_SHOW_PLANS") || !problems.isEmpty()) {
        const PgResult text =
            conn->exec(QStringLiteral("EXPLAIN (ANALYZE, COSTS OFF) ") + query.sql, query.params);
        QString lines;
        for (int i = 0; i < text.rows(); ++i)
            lines += text.text(i, 0) + QLatin1Char('\n');
        qInfo("%s:\n%s", qPrintable(kind), qPrintable(lines));
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral(", "))));
    // The answer itself is right on this store too (not only fast).
    const PgResult rows = conn->exec(query.sql, query.params);
    QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
    if (kind == QLatin1String("stuck count")) {
        // Every processing run here is older than 15 minutes: all of them are stuck.
        const PgResult all = conn->exec(
            QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'processing'"));
        QVERIFY(all.toInt64(0, 0) > 1000);
        QCOMPARE(rows.toInt64(0, 0), all.toInt64(0, 0));
    }
    if (kind == QLatin1String("events"))
        QCOMPARE(rows.rows(), 3);
    if (kind == QLatin1String("events, older page"))
        QCOMPARE(rows.rows(), 2); // the page of one and the row that says "more"
    if (kind == QLatin1String("event count")) {
        QCOMPARE(rows.toInt64(0, "total"), 3);
        QCOMPARE(rows.toInt64(0, "newer"), 1);
    }
    if (kind == QLatin1String("correlation"))
        QCOMPARE(rows.rows(), 3);
    if (kind == QLatin1String("correlation, older page")) {
        QCOMPARE(rows.rows(), 1);
        QCOMPARE(rows.toInt64(0, "runs_total"), 3);
        QCOMPARE(rows.toInt64(0, "runs_newer"), 1);
    }
}

QTEST_GUILESS_MAIN(TestRunDetailQueries)
#include "tst_rundetailqueries.moc"
