// The worker runtime against the real store: each side effect happens once per intent
// through duplicates, retries, timeouts, continuations, fencing, a lost connection and a
// completion a server crash took back.
#include "TestDatabase.h"
#include "store/PgConnection.h"
#include "store/WorkflowPauses.h"
#include "worker/Worker.h"

#include <QUuid>
#include <QtTest>

#include <atomic>

using namespace dedup;
using namespace dedup::worker;
using core::ErrorClass;

namespace {

// A session holding `LOCK TABLE dedup.events` (which every protocol write takes last) until
// release(): the worker's next write waits for it and its session's limit stops it.
struct StepsLock {
    explicit StepsLock(const TestDatabase &db)
        : conn(db.connect()) {}
    bool take() {
        return conn && conn->exec(QStringLiteral("BEGIN")).ok() &&
               conn->exec(QStringLiteral("LOCK TABLE dedup.steps IN SHARE ROW EXCLUSIVE MODE"))
                   .ok();
    }
    void release() { conn->exec(QStringLiteral("ROLLBACK")); }
    std::unique_ptr<store::PgConnection> conn;
};

// A scripted side effect: counts executions, remembers the downstream keys it was sent,
// and answers from a script (then succeeds).
struct FakeStep {
    explicit FakeStep(QString stepName, QList<StepOutcome> answers = {})
        : name(std::move(stepName))
        , script(std::move(answers)) {}

    QString name;
    QList<StepOutcome> script;
    std::atomic<int> calls{0};
    QStringList downstreamKeys;
    std::function<void()> during; // runs inside the side effect

    StepOutcome operator()(const StepCall &call) {
        const int n = calls.fetch_add(1);
        downstreamKeys << call.downstreamKey;
        if (during)
            during();
        if (n < script.size())
            return script.at(n);
        return StepOutcome::success(QStringLiteral("%1-ref-%2").arg(name).arg(n));
    }
};

WorkflowDefinition invoiceWorkflow(FakeStep &draft, FakeStep &pay, bool payDeduplicates = true) {
    return {
        QStringLiteral("invoice-payment-intent"),
        QStringLiteral("1"),
        {{QStringLiteral("draft_invoice"), true, [&draft](const StepCall &c) { return draft(c); }},
         {QStringLiteral("create_payment_intent"), payDeduplicates,
          [&pay](const StepCall &c) { return pay(c); }}}};
}

Intent invoiceIntent(const QString &invoice = QStringLiteral("inv-1")) {
    Intent intent;
    intent.scope = QStringLiteral("billing/clinic-7");
    intent.keyFields = {{QStringLiteral("invoiceId"), invoice}};
    intent.payload =
        QJsonObject{{QStringLiteral("invoiceId"), invoice}, {QStringLiteral("amount"), 120}};
    intent.correlationId = QStringLiteral("corr-") + invoice;
    return intent;
}

Worker::Options options(const TestDatabase &db, int maxAttempts = 5) {
    Worker::Options o;
    o.conninfo = db.conninfo();
    o.workerId = QStringLiteral("test-worker");
    o.lease = std::chrono::milliseconds(5000);
    o.policy.setMaxAttempts(maxAttempts);
    o.sleep = [](std::chrono::milliseconds) {};
    return o;
}

// Pauses (or, with resume, resumes) the invoice workflow, every scope, as the database's
// owner; the store's answer ("paused", "resumed") or the error.
QString pauseInvoices(const TestDatabase &db, bool stopSteps, int retryAfterSeconds) {
    auto conn = db.connect();
    store::WorkflowPauses pauses(*conn);
    store::PgError error;
    const auto answer = pauses.pause(QStringLiteral("invoice-payment-intent"), {}, stopSteps,
                                     retryAfterSeconds, QStringLiteral("payments down"),
                                     QUuid::createUuid().toString(QUuid::WithoutBraces), &error);
    return answer ? answer->outcome : error.toString();
}

QString resumeInvoices(const TestDatabase &db) {
    auto conn = db.connect();
    store::WorkflowPauses pauses(*conn);
    store::PgError error;
    const auto answer =
        pauses.resume(QStringLiteral("invoice-payment-intent"), {}, QStringLiteral("payments back"),
                      QUuid::createUuid().toString(QUuid::WithoutBraces), &error);
    return answer ? answer->outcome : error.toString();
}

QString scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const auto result = conn->exec(sql);
    return result.ok() ? result.text(0, 0) : QStringLiteral("ERROR: ") + result.error().message;
}

} // namespace

class TestWorker : public QObject {
    Q_OBJECT

private slots:
    void happyPathThenReplay();
    void retryableFailureRetriesOnlyTheMissingStep();
    void nonRetryableFailureIsNotRetried();
    void timeoutOnDeduplicatingStepIsRepeatedWithSameKey();
    void timeoutOnPlainStepGoesToReview();
    void maxAttemptsGoToReview();
    void continuationRunsOnlyMissingSteps();
    void fencedWorkerStopsWriting();
    void lostConnectionIsSurvived();
    void completionLostInACrashIsRecordedAgain();
    void callStoppedByAServerLimitIsMadeAgain_data();
    void callStoppedByAServerLimitIsMadeAgain();
    void serverLimitThatKeepsStoppingEndsTheDelivery();
    void invalidIntentIsRefused();
    void pausedWorkflowIsNotCalledAndSaysWhenToComeBack();
    void pauseBeforeTheNextStepStopsTheRun();
    void pausedContinuationWaitsInTheStore();
};

void TestWorker::happyPathThenReplay() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft")), pay(QStringLiteral("pay"));
    Worker worker(options(db));
    QString error;
    QVERIFY2(worker.connect(&error), qPrintable(error));
    const auto workflow = invoiceWorkflow(draft, pay);

    const RunOutcome first = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(first.kind), QStringLiteral("succeeded"));
    QCOMPARE(first.stepsExecuted, 2);
    const RunOutcome second = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(second.kind), QStringLiteral("replayed"));
    QCOMPARE(second.runId, first.runId);
    QCOMPARE(second.result, first.result);
    QCOMPARE(second.stepsExecuted, 0);
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(status || ':' || side_effect_ref, ',' "
                                       "ORDER BY ordinal) FROM dedup.steps")),
             QStringLiteral("done:draft-ref-0,done:pay-ref-0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.runs")),
             QStringLiteral("succeeded"));
}

void TestWorker::retryableFailureRetriesOnlyTheMissingStep() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay{QStringLiteral("pay"),
                 {StepOutcome::failure(ErrorClass::Unavailable, QStringLiteral("503"))}};
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("succeeded"));
    QCOMPARE(outcome.attempts, 2);
    QCOMPARE(draft.calls.load(), 1); // reused, not redrafted
    QCOMPARE(pay.calls.load(), 2);
    QCOMPARE(scalar(db, QStringLiteral("SELECT attempt FROM dedup.runs")), QStringLiteral("2"));
}

void TestWorker::nonRetryableFailureIsNotRetried() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay{QStringLiteral("pay"),
                 {StepOutcome::failure(ErrorClass::Validation, QStringLiteral("bad amount"))}};
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const auto workflow = invoiceWorkflow(draft, pay);
    const RunOutcome outcome = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("failed"));
    QVERIFY(!outcome.retryable);
    QCOMPARE(pay.calls.load(), 1);
    // A redelivery replays the failure instead of sending the bad request again.
    const RunOutcome again = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(again.kind), QStringLiteral("failed"));
    QCOMPARE(pay.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT status || ':' || (last_error->>'class') FROM dedup.runs")),
             QStringLiteral("failed:validation"));
}

void TestWorker::timeoutOnDeduplicatingStepIsRepeatedWithSameKey() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay{QStringLiteral("pay"),
                 {StepOutcome::failure(ErrorClass::Timeout, QStringLiteral("no answer in 30 s"))}};
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay, true), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("succeeded"));
    QCOMPARE(pay.calls.load(), 2);
    QCOMPARE(pay.downstreamKeys.size(), 2);
    QVERIFY(!pay.downstreamKeys.first().isEmpty());
    QCOMPARE(pay.downstreamKeys.at(0), pay.downstreamKeys.at(1));
    QVERIFY(draft.downstreamKeys.first() != pay.downstreamKeys.first());
}

void TestWorker::timeoutOnPlainStepGoesToReview() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay{QStringLiteral("pay"),
                 {StepOutcome::failure(ErrorClass::Timeout, QStringLiteral("no answer"))}};
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay, false), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("in_review"));
    QCOMPARE(pay.calls.load(), 1); // never blindly repeated
    QVERIFY(pay.downstreamKeys.first().isEmpty());
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.runs")),
             QStringLiteral("manual_review"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.steps WHERE ordinal = 2")),
             QStringLiteral("uncertain"));
}

void TestWorker::maxAttemptsGoToReview() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    const auto outage = StepOutcome::failure(ErrorClass::Unavailable, QStringLiteral("down"));
    FakeStep pay{QStringLiteral("pay"), {outage, outage, outage, outage, outage}};
    Worker worker(options(db, 3));
    QVERIFY(worker.connect(nullptr));
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("in_review"));
    QCOMPARE(pay.calls.load(), 3);
    QCOMPARE(scalar(db, QStringLiteral("SELECT status || ':' || attempt FROM dedup.runs")),
             QStringLiteral("manual_review:3"));
}

void TestWorker::continuationRunsOnlyMissingSteps() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay{QStringLiteral("pay"),
                 {StepOutcome::failure(ErrorClass::Validation, QStringLiteral("card expired"))}};
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const auto workflow = invoiceWorkflow(draft, pay);
    QCOMPARE(toString(worker.process(workflow, invoiceIntent()).kind), QStringLiteral("failed"));
    QVERIFY(!worker.processNextCommand({workflow}).has_value()); // nothing queued yet

    const QString queued = scalar(
        db, QStringLiteral("SELECT o.outcome FROM dedup.runs r, dedup.op_request_continuation("
                           "r.id, r.lease_token, 'customer updated the card', 'act-1') o"));
    QCOMPARE(queued, QStringLiteral("applied"));
    const auto outcome = worker.processNextCommand({workflow});
    QVERIFY(outcome.has_value());
    QCOMPARE(toString(outcome->kind), QStringLiteral("succeeded"));
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 2);
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.commands")),
             QStringLiteral("done"));
}

void TestWorker::fencedWorkerStopsWriting() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay(QStringLiteral("pay"));
    auto intruder = db.connect();
    QVERIFY(intruder);
    // While our side effect runs, the lease expires and another worker takes the run over.
    draft.during = [&] {
        intruder->exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - "
                                      "interval '1 second'"));
        const auto takeover = intruder->exec(QStringLiteral(
            "SELECT c.outcome FROM dedup.runs r, dedup.claim(r.scope, r.idem_key, r.workflow, "
            "r.fingerprint, p_worker => 'intruder') c"));
        QCOMPARE(takeover.text(0, 0), QStringLiteral("acquired"));
    };
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("fenced"));
    QCOMPARE(pay.calls.load(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.steps WHERE status = 'done'")),
             QStringLiteral("0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT lease_owner || ':' || lease_token FROM dedup.runs")),
             QStringLiteral("intruder:2"));
}

void TestWorker::lostConnectionIsSurvived() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto admin = db.connect();
    QVERIFY(admin);
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay(QStringLiteral("pay"));
    draft.during = [&] {
        store::PgParams pid;
        pid.add(qint64(worker.connection().backendPid()));
        admin->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), pid);
    };
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("succeeded"));
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT string_agg(status, ',' ORDER BY ordinal) FROM dedup.steps")),
             QStringLiteral("done,done"));
}

void TestWorker::completionLostInACrashIsRecordedAgain() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto admin = db.connect();
    QVERIFY(admin);
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay(QStringLiteral("pay"));
    // While the second side effect runs, the first step's completion is gone, as a server
    // crash takes back a commit made with synchronous_commit = off (PROTOCOL.md,
    // complete_step, "Durability"): the step is in_progress again under this lease.
    pay.during = [&] {
        admin->exec(QStringLiteral("UPDATE dedup.steps SET status = 'in_progress',"
                                   " side_effect_ref = NULL, finished_at = NULL"
                                   " WHERE ordinal = 1"));
    };
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("succeeded"));
    // Nothing ran twice; the refs the worker held were recorded again.
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(status || ':' || side_effect_ref, ','"
                                       " ORDER BY ordinal) FROM dedup.steps")),
             QStringLiteral("done:draft-ref-0,done:pay-ref-0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.runs")),
             QStringLiteral("succeeded"));
}

void TestWorker::callStoppedByAServerLimitIsMadeAgain_data() {
    QTest::addColumn<QString>("limit");
    QTest::addColumn<bool>("duringClaim"); // else during the first step's completion
    for (const char *limit : {"lock_timeout", "statement_timeout"}) {
        QTest::addRow("%s, claim", limit) << QString::fromLatin1(limit) << true;
        QTest::addRow("%s, complete_step", limit) << QString::fromLatin1(limit) << false;
    }
}

void TestWorker::callStoppedByAServerLimitIsMadeAgain() {
    QFETCH(QString, limit);
    QFETCH(bool, duringClaim);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    StepsLock lock(db);
    Worker::Options o = options(db);
    o.conninfo += QStringLiteral(" options='-c %1=150'").arg(limit);
    // The lock is released at the worker's first backoff pause: the repeated call then goes
    // through. Without the repeat the delivery would end in an error.
    int pauses = 0;
    o.sleep = [&](std::chrono::milliseconds) {
        if (pauses++ == 0)
            lock.release();
    };
    Worker worker(o);
    QVERIFY(worker.connect(nullptr));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay(QStringLiteral("pay"));
    if (duringClaim)
        QVERIFY(lock.take());
    else
        draft.during = [&] { QVERIFY(lock.take()); };
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    QCOMPARE(toString(outcome.kind), QStringLiteral("succeeded"));
    QCOMPARE(pauses, 1);
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(kind, ',' ORDER BY id) FROM dedup.events"
                                       " WHERE kind = 'claimed'")),
             QStringLiteral("claimed"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(status || ':' || attempts, ','"
                                       " ORDER BY ordinal) FROM dedup.steps")),
             QStringLiteral("done:1,done:1"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.runs")),
             QStringLiteral("succeeded"));
}

void TestWorker::serverLimitThatKeepsStoppingEndsTheDelivery() {
    // A lock nobody releases: after its repeats the worker gives up and leaves the run to its
    // lease, as a crashed worker would; the side effect it already did is not repeated here.
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    StepsLock lock(db);
    Worker::Options o = options(db);
    o.conninfo += QStringLiteral(" options='-c lock_timeout=50'");
    int pauses = 0;
    o.sleep = [&](std::chrono::milliseconds) { ++pauses; };
    Worker worker(o);
    QVERIFY(worker.connect(nullptr));
    FakeStep draft(QStringLiteral("draft"));
    FakeStep pay(QStringLiteral("pay"));
    draft.during = [&] { QVERIFY(lock.take()); };
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), invoiceIntent());
    lock.release();
    QCOMPARE(toString(outcome.kind), QStringLiteral("error"));
    QVERIFY2(outcome.message.contains(QStringLiteral("55P03")), qPrintable(outcome.message));
    QCOMPARE(pauses, o.serverLimitAttempts);
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT status || ':' || lease_owner FROM dedup.runs")),
             QStringLiteral("processing:test-worker"));
}

void TestWorker::invalidIntentIsRefused() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft")), pay(QStringLiteral("pay"));
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    Intent intent = invoiceIntent();
    intent.keyFields = {{QStringLiteral("invoiceId"), QStringLiteral("  ")}};
    const RunOutcome outcome = worker.process(invoiceWorkflow(draft, pay), intent);
    QCOMPARE(toString(outcome.kind), QStringLiteral("error"));
    QVERIFY(outcome.message.contains(QStringLiteral("invoiceId")));
    QCOMPARE(draft.calls.load(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs")), QStringLiteral("0"));
}

void TestWorker::pausedWorkflowIsNotCalledAndSaysWhenToComeBack() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft")), pay(QStringLiteral("pay"));
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const auto workflow = invoiceWorkflow(draft, pay);
    QCOMPARE(pauseInvoices(db, false, 30), QStringLiteral("paused"));

    const RunOutcome paused = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(paused.kind), QStringLiteral("paused"));
    QCOMPARE(paused.retryAfter.count(), 30);
    QVERIFY2(paused.message.contains(QStringLiteral("payments down")), qPrintable(paused.message));
    QCOMPARE(paused.runId, 0); // a new key gets no run while paused
    QCOMPARE(paused.stepsExecuted, 0);
    QCOMPARE(draft.calls.load() + pay.calls.load(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs")), QStringLiteral("0"));

    QCOMPARE(resumeInvoices(db), QStringLiteral("resumed"));
    const RunOutcome drained = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(drained.kind), QStringLiteral("succeeded"));
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 1);
}

void TestWorker::pauseBeforeTheNextStepStopsTheRun() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft")), pay(QStringLiteral("pay"));
    // The operator pauses, "stop before the next step", while the draft is being made.
    QString pausedAnswer;
    draft.during = [&] {
        if (pausedAnswer.isEmpty())
            pausedAnswer = pauseInvoices(db, true, 20);
    };
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    const auto workflow = invoiceWorkflow(draft, pay);

    const RunOutcome stopped = worker.process(workflow, invoiceIntent());
    QCOMPARE(pausedAnswer, QStringLiteral("paused"));
    QCOMPARE(toString(stopped.kind), QStringLiteral("paused"));
    QCOMPARE(stopped.retryAfter.count(), 20); // the hint, from the claim made after the stop
    QCOMPARE(stopped.stepsExecuted, 1);
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 0); // nothing after the pause
    QCOMPARE(scalar(db, QStringLiteral("SELECT status || ':' || attempt || ':' ||"
                                       " (last_error->>'class') FROM dedup.runs")),
             QStringLiteral("failed:1:paused"));
    // Redelivered while still paused: nothing again.
    QCOMPARE(toString(worker.process(workflow, invoiceIntent()).kind), QStringLiteral("paused"));
    QCOMPARE(pay.calls.load(), 0);

    QCOMPARE(resumeInvoices(db), QStringLiteral("resumed"));
    const RunOutcome drained = worker.process(workflow, invoiceIntent());
    QCOMPARE(toString(drained.kind), QStringLiteral("succeeded"));
    QCOMPARE(draft.calls.load(), 1); // done before the pause, not repeated
    QCOMPARE(pay.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT status || ':' || attempt FROM dedup.runs")),
             QStringLiteral("succeeded:1"));
}

void TestWorker::pausedContinuationWaitsInTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    FakeStep draft(QStringLiteral("draft")), notify(QStringLiteral("notify"));
    FakeStep pay{QStringLiteral("pay"),
                 {StepOutcome::failure(ErrorClass::Validation, QStringLiteral("card expired"))}};
    WorkflowDefinition workflow = invoiceWorkflow(draft, pay);
    workflow.steps.append(
        {QStringLiteral("notify"), false, [&notify](const StepCall &c) { return notify(c); }});
    Worker worker(options(db));
    QVERIFY(worker.connect(nullptr));
    QCOMPARE(toString(worker.process(workflow, invoiceIntent()).kind), QStringLiteral("failed"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT o.outcome FROM dedup.runs r,"
                                       " dedup.op_request_continuation(r.id, r.lease_token,"
                                       " 'card updated', 'act-1') o")),
             QStringLiteral("applied"));

    // Paused: the continuation is not even handed out.
    QCOMPARE(pauseInvoices(db, true, 60), QStringLiteral("paused"));
    QVERIFY(!worker.processNextCommand({workflow}).has_value());
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.commands")),
             QStringLiteral("pending"));
    QCOMPARE(resumeInvoices(db), QStringLiteral("resumed"));

    // Paused again, "stop before the next step", while the continuation pays: it stops before
    // notify, and the command waits, pending, for the resume.
    QString pausedAnswer;
    pay.during = [&] { pausedAnswer = pauseInvoices(db, true, 60); };
    const auto stopped = worker.processNextCommand({workflow});
    pay.during = nullptr;
    QCOMPARE(pausedAnswer, QStringLiteral("paused"));
    QVERIFY(stopped.has_value());
    QCOMPARE(toString(stopped->kind), QStringLiteral("paused"));
    QCOMPARE(stopped->retryAfter.count(), 0); // the store keeps it; no redelivery needed
    QCOMPARE(pay.calls.load(), 2);
    QCOMPARE(notify.calls.load(), 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.commands")),
             QStringLiteral("pending"));
    QVERIFY(!worker.processNextCommand({workflow}).has_value());

    QCOMPARE(resumeInvoices(db), QStringLiteral("resumed"));
    const auto drained = worker.processNextCommand({workflow});
    QVERIFY(drained.has_value());
    QCOMPARE(toString(drained->kind), QStringLiteral("succeeded"));
    QCOMPARE(draft.calls.load(), 1);
    QCOMPARE(pay.calls.load(), 2);
    QCOMPARE(notify.calls.load(), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM dedup.commands")),
             QStringLiteral("done"));
}

QTEST_GUILESS_MAIN(TestWorker)
#include "tst_worker.moc"
