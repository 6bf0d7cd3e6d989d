// take_command: a continuation queued by an operator is taken by exactly one worker (FOR
// UPDATE SKIP LOCKED: a second worker neither waits nor takes it twice), acquires the run,
// and names only the steps still to settle; begin_step then skips the finished ones.
// take_command takes the oldest pending command of any run, so each test starts with none
// pending (a test that failed half-way and left one behind costs the next a fresh database).
#include "RunProtocolFixture.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QtTest>

#include <future>
#include <latch>

using namespace dedup::store;
using dedup::core::RunStatus;
using namespace std::chrono_literals;

class TestTakeCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void continuationIsTakenOnceAndRunsMissingSteps();
    void concurrentTakersRace_data();
    void concurrentTakersRace();
    void uncertainStepNeedsOperatorsWord_data();
    void uncertainStepNeedsOperatorsWord();
    void reviewResolvedWithContinueIsTaken();
    void workflowFilter();
    void redeliveryTakesPendingContinuation();
    void takeCommandRacingRedelivery_data();
    void takeCommandRacingRedelivery();
    void nothingPending();

private:
    // A failed run (non-retryable, so no redelivery competes) with s1 done, s2 failed and s3
    // pending, and a continuation queued for it. Returns the worker's (old) lease.
    RunLease failedRunWithContinuation(const QString &key);
    QString commandField(qint64 runId, const QString &column) const;

    RunProtocolFixture f;
};

void TestTakeCommand::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
}

void TestTakeCommand::init() {
    if (f.scalar(QStringLiteral("SELECT count(*) FROM dedup.commands WHERE status = 'pending'")) ==
        QLatin1String("0"))
        return;
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
}

QString TestTakeCommand::commandField(qint64 runId, const QString &column) const {
    PgParams p;
    p.add(runId).add(column);
    return f.scalar(QStringLiteral("SELECT to_jsonb(c) ->> $2 FROM dedup.commands c"
                                   " WHERE run_id = $1 ORDER BY id DESC LIMIT 1"),
                    p);
}

RunLease TestTakeCommand::failedRunWithContinuation(const QString &key) {
    RunProtocol &p = *f.protocol;
    const auto claim =
        p.claim(f.request(key, {QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("s3")}));
    if (!claim.ok() || !claim.value().acquired())
        return {};
    const RunLease lease = claim.value().lease();
    const bool ok =
        p.beginStep(lease, QStringLiteral("s1")).ok() &&
        p.completeStep(lease, QStringLiteral("s1"), QStringLiteral("ref-1")).ok() &&
        p.beginStep(lease, QStringLiteral("s2")).ok() &&
        p.failStep(lease, QStringLiteral("s2"), {QStringLiteral("validation"), {}, false}).ok() &&
        p.fail(lease, {QStringLiteral("validation"), QStringLiteral("bad input"), false}).ok() &&
        f.requestContinuation(lease.runId, lease.token) == QLatin1String("applied");
    return ok ? lease : RunLease{};
}

void TestTakeCommand::continuationIsTakenOnceAndRunsMissingSteps() {
    const QString key = f.uniqueKey();
    const RunLease old = failedRunWithContinuation(key);
    QVERIFY(old.runId != 0);
    const qint64 id = old.runId;
    QCOMPARE(commandField(id, QStringLiteral("status")), QStringLiteral("pending"));
    QCOMPARE(commandField(id, QStringLiteral("from_step")), QStringLiteral("s2"));

    // A takes it inside a transaction: the command row stays locked until A commits
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    const auto taken = f.protocol->takeCommand(QStringLiteral("A"), 60s);
    QVERIFY2(taken.ok(), qPrintable(taken.error().toString()));
    QVERIFY(taken.value().has_value());
    const TakenCommand &c = *taken.value();
    QCOMPARE(c.runId, id);
    QCOMPARE(c.leaseToken, 3); // claim 1, the operator's continuation 2 (0017), the take 3
    QCOMPARE(c.attempt, 2);
    QCOMPARE(c.workflow, QStringLiteral("wf"));
    QCOMPARE(c.scope, QStringLiteral("test"));
    QCOMPARE(c.idemKey, key);
    QCOMPARE(c.fingerprint, QStringLiteral("sha256:aa"));
    QCOMPARE(c.fromStep, QStringLiteral("s2"));
    QCOMPARE(c.steps, (QStringList{QStringLiteral("s2"), QStringLiteral("s3")}));
    QVERIFY(!c.rerunUncertain);
    QVERIFY(QDateTime::currentDateTimeUtc().msecsTo(c.leaseExpiresAt) > 50'000);

    // B skips the locked command instead of waiting for it
    auto otherConn = f.db->connect(QStringLiteral("t_worker"));
    QVERIFY(otherConn);
    RunProtocol other(*otherConn);
    QElapsedTimer timer;
    timer.start();
    const auto none = other.takeCommand(QStringLiteral("B"));
    QVERIFY2(none.ok(), qPrintable(none.error().toString()));
    QVERIFY(!none.value().has_value());
    QVERIFY(timer.elapsed() < 2'000);
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    // and after the commit there is nothing left to take
    QVERIFY(!other.takeCommand(QStringLiteral("B")).value().has_value());

    QCOMPARE(commandField(id, QStringLiteral("status")), QStringLiteral("taken"));
    QCOMPARE(commandField(id, QStringLiteral("taken_by")), QStringLiteral("A"));
    QCOMPARE(commandField(id, QStringLiteral("taken_token")), QStringLiteral("3"));
    QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("processing"));
    QCOMPARE(f.runField(id, QStringLiteral("lease_owner")), QStringLiteral("A"));
    QVERIFY(f.runField(id, QStringLiteral("expires_at")).isEmpty());
    QCOMPARE(f.eventKinds(id).mid(f.eventKinds(id).size() - 3),
             (QStringList{QStringLiteral("continuation_requested"), QStringLiteral("claimed"),
                          QStringLiteral("continuation_taken")}));
    QCOMPARE(f.eventDetail(id, QStringLiteral("claimed"), QStringLiteral("via")),
             QStringLiteral("command"));

    // the old owner is fenced; the new one runs only what is missing
    QCOMPARE(f.protocol->heartbeat(old).errorKind(), StoreErrorKind::Fenced);
    const RunLease lease = c.lease();
    RunProtocol &p = *f.protocol;
    QCOMPARE_NAMED(p.beginStep(lease, QStringLiteral("s1")).value(), StepAnswer::Skip);
    QCOMPARE_NAMED(p.beginStep(lease, QStringLiteral("s2")).value(), StepAnswer::Run);
    QVERIFY(p.completeStep(lease, QStringLiteral("s2"), QStringLiteral("ref-2")).ok());
    QCOMPARE_NAMED(p.beginStep(lease, QStringLiteral("s3")).value(), StepAnswer::Run);
    QVERIFY(p.completeStep(lease, QStringLiteral("s3")).ok());
    QVERIFY(p.succeed(lease, QJsonObject{{QStringLiteral("continued"), true}}).ok());

    QCOMPARE(f.stepStatuses(id), QStringLiteral("s1=done,s2=done,s3=done"));
    QCOMPARE(f.stepField(id, QStringLiteral("s1"), QStringLiteral("attempts")),
             QStringLiteral("1"));
    QCOMPARE(f.stepField(id, QStringLiteral("s2"), QStringLiteral("attempts")),
             QStringLiteral("2"));
    QCOMPARE(commandField(id, QStringLiteral("status")), QStringLiteral("done"));
    QCOMPARE(commandField(id, QStringLiteral("result_status")), QStringLiteral("succeeded"));
    QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("succeeded"));
}

void TestTakeCommand::concurrentTakersRace_data() {
    QTest::addColumn<int>("round");
    for (int round = 1; round <= 5; ++round)
        QTest::addRow("round %d", round) << round;
}

void TestTakeCommand::concurrentTakersRace() {
    const RunLease old = failedRunWithContinuation(f.uniqueKey());
    QVERIFY(old.runId != 0);
    auto connA = f.db->connect(QStringLiteral("t_worker"));
    auto connB = f.db->connect(QStringLiteral("t_worker"));
    QVERIFY(connA && connB);
    std::latch start(2);
    auto take = [&start](PgConnection *conn, const QString &worker) {
        RunProtocol protocol(*conn);
        start.arrive_and_wait();
        return protocol.takeCommand(worker);
    };
    auto a = std::async(std::launch::async, take, connA.get(), QStringLiteral("A"));
    auto b = std::async(std::launch::async, take, connB.get(), QStringLiteral("B"));
    const auto takenA = a.get();
    const auto takenB = b.get();
    QVERIFY2(takenA.ok(), qPrintable(takenA.error().toString()));
    QVERIFY2(takenB.ok(), qPrintable(takenB.error().toString()));
    QCOMPARE(int(takenA.value().has_value()) + int(takenB.value().has_value()), 1);
    const QString winner = takenA.value().has_value() ? QStringLiteral("A") : QStringLiteral("B");
    QCOMPARE(commandField(old.runId, QStringLiteral("taken_by")), winner);
    QCOMPARE(f.runField(old.runId, QStringLiteral("lease_owner")), winner);
    // claim 1, the continuation 2 (every applied operator action moves it, 0017), one take 3
    QCOMPARE(f.runField(old.runId, QStringLiteral("lease_token")), QStringLiteral("3"));
    QCOMPARE(f.eventKinds(old.runId).count(QStringLiteral("continuation_taken")), 1);
}

// An uncertain step without a downstream key is re-executed by a continuation only when the
// operator vouched that it did not happen; otherwise the run goes back to review.
void TestTakeCommand::uncertainStepNeedsOperatorsWord_data() {
    QTest::addColumn<bool>("vouched");
    QTest::newRow("operator vouched") << true;
    QTest::newRow("no word from the operator") << false;
}

void TestTakeCommand::uncertainStepNeedsOperatorsWord() {
    QFETCH(bool, vouched);
    RunProtocol &p = *f.protocol;
    const auto claim = p.claim(f.request(f.uniqueKey(), {QStringLiteral("sms")}));
    QVERIFY(claim.ok() && claim.value().acquired());
    const RunLease old = claim.value().lease();
    QCOMPARE_NAMED(p.beginStep(old, QStringLiteral("sms")).value(), StepAnswer::Run);
    QVERIFY(p.failStep(old, QStringLiteral("sms"), {QStringLiteral("timeout"), {}, true}).ok());
    QVERIFY(p.fail(old, {QStringLiteral("timeout"), {}, false}).ok());
    QCOMPARE(f.requestContinuation(old.runId, old.token, vouched), QStringLiteral("applied"));

    const auto taken = p.takeCommand(QStringLiteral("A"));
    QVERIFY(taken.ok() && taken.value().has_value());
    QCOMPARE(taken.value()->rerunUncertain, vouched);
    QCOMPARE(taken.value()->steps, QStringList{QStringLiteral("sms")});
    const auto begin = p.beginStep(taken.value()->lease(), QStringLiteral("sms"));
    QVERIFY2(begin.ok(), qPrintable(begin.error().toString()));
    const qint64 id = old.runId;
    if (vouched) {
        QCOMPARE_NAMED(begin.value(), StepAnswer::Run);
        QCOMPARE(f.eventDetail(id, QStringLiteral("step_started"), QStringLiteral("rule")),
                 QStringLiteral("operator"));
        QCOMPARE(f.stepStatuses(id), QStringLiteral("sms=in_progress"));
    } else {
        QCOMPARE_NAMED(begin.value(), StepAnswer::Uncertain);
        QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("manual_review"));
        QCOMPARE(f.stepStatuses(id), QStringLiteral("sms=uncertain"));
        QCOMPARE(commandField(id, QStringLiteral("status")), QStringLiteral("done"));
        QCOMPARE(commandField(id, QStringLiteral("result_status")),
                 QStringLiteral("manual_review"));
    }
}

void TestTakeCommand::reviewResolvedWithContinueIsTaken() {
    RunProtocol &p = *f.protocol;
    ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    request.maxAttempts = 1;
    const auto claim = p.claim(request);
    QVERIFY(claim.ok() && claim.value().acquired());
    const RunLease old = claim.value().lease();
    QCOMPARE_NAMED(p.fail(old, {QStringLiteral("timeout"), {}, true}).value(),
                   RunStatus::ManualReview);
    QCOMPARE(f.resolveReview(old.runId, old.token, QStringLiteral("continue")),
             QStringLiteral("applied"));
    QCOMPARE(f.runField(old.runId, QStringLiteral("status")), QStringLiteral("manual_review"));

    const auto taken = p.takeCommand(QStringLiteral("A"));
    QVERIFY(taken.ok() && taken.value().has_value());
    // beyond max_attempts: the operator decided
    QCOMPARE(taken.value()->attempt, 2);
    QCOMPARE(f.runField(old.runId, QStringLiteral("status")), QStringLiteral("processing"));
    QCOMPARE_NAMED(p.beginStep(taken.value()->lease(), QStringLiteral("a")).value(),
                   StepAnswer::Run);
}

void TestTakeCommand::workflowFilter() {
    const RunLease old = failedRunWithContinuation(f.uniqueKey());
    QVERIFY(old.runId != 0);
    const QString before = f.snapshot();
    const auto none =
        f.protocol->takeCommand(QStringLiteral("A"), 30s, {QStringLiteral("other-workflow")});
    QVERIFY(none.ok());
    QVERIFY(!none.value().has_value());
    QCOMPARE(f.snapshot(), before);
    const auto taken = f.protocol->takeCommand(
        QStringLiteral("A"), 30s, {QStringLiteral("other-workflow"), QStringLiteral("wf")});
    QVERIFY(taken.ok() && taken.value().has_value());
    QCOMPARE(taken.value()->runId, old.runId);
}

// A redelivery that re-acquires a failed run takes its pending continuation with it, so the
// continuation never runs twice.
void TestTakeCommand::redeliveryTakesPendingContinuation() {
    RunProtocol &p = *f.protocol;
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    const auto claim = p.claim(request);
    QVERIFY(claim.ok() && claim.value().acquired());
    const RunLease old = claim.value().lease();
    QVERIFY(p.fail(old, {QStringLiteral("timeout"), {}, true}).ok());
    QCOMPARE(f.requestContinuation(old.runId, old.token), QStringLiteral("applied"));
    const QString commandId = commandField(old.runId, QStringLiteral("id"));

    const auto redelivery = p.claim(f.request(request.key, request.steps, QStringLiteral("w2")));
    QVERIFY(redelivery.ok());
    QCOMPARE_NAMED(redelivery.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(commandField(old.runId, QStringLiteral("status")), QStringLiteral("taken"));
    QCOMPARE(commandField(old.runId, QStringLiteral("taken_by")), QStringLiteral("w2"));
    // claim 1, the operator's continuation 2 (0017), the redelivery 3
    QCOMPARE(commandField(old.runId, QStringLiteral("taken_token")), QStringLiteral("3"));
    QCOMPARE(f.eventDetail(old.runId, QStringLiteral("claimed"), QStringLiteral("command_id")),
             commandId);
    QVERIFY(!p.takeCommand(QStringLiteral("A")).value().has_value());
}

// take_command and a redelivery's claim race for the same failed run with a pending
// continuation: exactly one of them acquires it, and the command is taken exactly once.
void TestTakeCommand::takeCommandRacingRedelivery_data() {
    QTest::addColumn<int>("round");
    for (int round = 1; round <= 8; ++round)
        QTest::addRow("round %d", round) << round;
}

void TestTakeCommand::takeCommandRacingRedelivery() {
    RunProtocol &p = *f.protocol;
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    const auto claim = p.claim(request);
    QVERIFY(claim.ok() && claim.value().acquired());
    const RunLease old = claim.value().lease();
    QVERIFY(p.fail(old, {QStringLiteral("timeout"), {}, true}).ok());
    QCOMPARE(f.requestContinuation(old.runId, old.token), QStringLiteral("applied"));

    auto connA = f.db->connect(QStringLiteral("t_worker"));
    auto connB = f.db->connect(QStringLiteral("t_worker"));
    QVERIFY(connA && connB);
    std::latch start(2);
    auto taker = std::async(std::launch::async, [&] {
        RunProtocol protocol(*connA);
        start.arrive_and_wait();
        return protocol.takeCommand(QStringLiteral("taker"));
    });
    auto redelivery = std::async(std::launch::async, [&] {
        RunProtocol protocol(*connB);
        start.arrive_and_wait();
        return protocol.claim(f.request(request.key, request.steps, QStringLiteral("claimer")));
    });
    const auto taken = taker.get();
    const auto claimed = redelivery.get();
    QVERIFY2(taken.ok(), qPrintable(taken.error().toString()));
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    const bool takerWon = taken.value().has_value();
    const bool claimerWon = claimed.value().acquired();
    QVERIFY2(takerWon != claimerWon, qPrintable(QStringLiteral("taker %1, claim %2")
                                                    .arg(takerWon)
                                                    .arg(toString(claimed.value().outcome))));
    if (!claimerWon)
        QCOMPARE_NAMED(claimed.value().outcome, ClaimOutcome::InProgress);
    const QString winner = takerWon ? QStringLiteral("taker") : QStringLiteral("claimer");
    QCOMPARE(f.runField(old.runId, QStringLiteral("lease_owner")), winner);
    QCOMPARE(f.runField(old.runId, QStringLiteral("lease_token")), QStringLiteral("3"));
    QCOMPARE(commandField(old.runId, QStringLiteral("status")), QStringLiteral("taken"));
    QCOMPARE(commandField(old.runId, QStringLiteral("taken_by")), winner);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM dedup.commands WHERE run_id = $1"),
                      PgParams().add(old.runId)),
             QStringLiteral("1"));
}

void TestTakeCommand::nothingPending() {
    const QString before = f.snapshot();
    const auto none = f.protocol->takeCommand(QStringLiteral("A"));
    QVERIFY2(none.ok(), qPrintable(none.error().toString()));
    QVERIFY(!none.value().has_value());
    QCOMPARE(f.protocol->takeCommand(QStringLiteral("A"), 0ms).errorKind(),
             StoreErrorKind::InvalidArgument);
    QCOMPARE(f.snapshot(), before);
}

QTEST_GUILESS_MAIN(TestTakeCommand)
#include "tst_takecommand.moc"
