// RunProtocol against the private PostgreSQL: every claim outcome, retries that run only the
// missing steps, attempts counted up to manual review, heartbeats and the lease-liveness rule,
// argument validation, exact repeats. Each test asserts the rows the call left behind (runs,
// steps, events), not only its answer.
#include "RunProtocolFixture.h"
#include "store/WorkflowPauses.h"

#include <QJsonObject>
#include <QtTest>

using namespace dedup::store;
using dedup::core::RunStatus;
using namespace std::chrono_literals;

class TestRunProtocol : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void claimNewKeyAcquires();
    void claimSucceededRunReplaysStoredResult();
    void claimNonRetryableFailureReplays();
    void claimCancelledRunReplays();
    void claimLiveLeaseIsInProgress();
    void claimOtherFingerprintIsMismatch_data();
    void claimOtherFingerprintIsMismatch();
    void claimUnderAnotherWorkflowIsMismatch();
    void claimRunInReview();
    void claimWhilePausedAnswersPausedWithItsHint_data();
    void claimWhilePausedAnswersPausedWithItsHint();
    void beginStepWhilePausedAnswersPaused();
    void retryRunsOnlyMissingSteps();
    void retryableFailuresCountAttemptsUntilReview();
    void takeoverAtMaxAttemptsRoutesToReview();
    void claimValidatesArguments_data();
    void claimValidatesArguments();
    void heartbeatExtendsLease();
    void beginStepNeedsLiveLease();
    void undeclaredStepIsAppended();
    void unknownRunAndStep();
    void exactRepeatsChangeNothing();
    void finishingWithStepsInProgress();
    void workerRoleHasNoTableAccess();

private:
    RunLease acquire(const ClaimRequest &request, ClaimResult *out = nullptr);
    // Pauses (or resumes) workflow "wf-paused", every scope, as the superuser; the answer's
    // outcome, or "<error: ...>".
    QString pauseWorkflow(bool stopSteps, int retryAfterSeconds, const QString &reason);
    QString resumeWorkflow();

    RunProtocolFixture f;
};

void TestRunProtocol::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
}

// Claims and checks that it was acquired; {0, 0} (and a failed comparison later) otherwise.
RunLease TestRunProtocol::acquire(const ClaimRequest &request, ClaimResult *out) {
    const auto claim = f.protocol->claim(request);
    if (!claim.ok() || !claim.value().acquired()) {
        qWarning(
            "claim of %s not acquired: %s", qPrintable(request.key),
            qPrintable(claim.ok() ? toString(claim.value().outcome) : claim.error().toString()));
        return {};
    }
    if (out)
        *out = claim.value();
    return claim.value().lease();
}

QString TestRunProtocol::pauseWorkflow(bool stopSteps, int retryAfterSeconds,
                                       const QString &reason) {
    WorkflowPauses pauses(*f.super);
    PgError error;
    const auto answer = pauses.pause(QStringLiteral("wf-paused"), {}, stopSteps, retryAfterSeconds,
                                     reason, f.uniqueKey(QStringLiteral("pause")), &error);
    return answer ? answer->outcome : QStringLiteral("<error: %1>").arg(error.toString());
}

QString TestRunProtocol::resumeWorkflow() {
    WorkflowPauses pauses(*f.super);
    PgError error;
    const auto answer = pauses.resume(QStringLiteral("wf-paused"), {}, QStringLiteral("test over"),
                                      f.uniqueKey(QStringLiteral("resume")), &error);
    return answer ? answer->outcome : QStringLiteral("<error: %1>").arg(error.toString());
}

void TestRunProtocol::claimNewKeyAcquires() {
    ClaimRequest request =
        f.request(f.uniqueKey(), {QStringLiteral("draft"), QStringLiteral("pay")});
    request.correlationId = QStringLiteral("corr-1");
    request.keyVersion = QStringLiteral("v1.3");
    request.workflowVersion = QStringLiteral("2");
    request.lease = 45s;
    request.context = QJsonObject{{QStringLiteral("invoice"), QStringLiteral("INV-1")}};
    const QDateTime before = QDateTime::currentDateTimeUtc();
    const auto claim = f.protocol->claim(request);
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    const ClaimResult &c = claim.value();
    QCOMPARE_NAMED(c.outcome, ClaimOutcome::Acquired);
    QCOMPARE_NAMED(c.status, RunStatus::Processing);
    QCOMPARE(c.leaseToken, 1);
    QCOMPARE(c.attempt, 1);
    QCOMPARE(c.leaseOwner, QStringLiteral("w1"));
    QVERIFY(c.lastError.isUndefined());
    // now() + 45 s, within the clock skew of one machine
    QVERIFY(qAbs(before.msecsTo(c.leaseExpiresAt) - 45'000) < 5'000);

    const qint64 id = c.runId;
    QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("processing"));
    QCOMPARE(f.runField(id, QStringLiteral("lease_token")), QStringLiteral("1"));
    QCOMPARE(f.runField(id, QStringLiteral("attempt")), QStringLiteral("1"));
    QCOMPARE(f.runField(id, QStringLiteral("lease_owner")), QStringLiteral("w1"));
    QCOMPARE(f.runField(id, QStringLiteral("correlation_id")), QStringLiteral("corr-1"));
    QCOMPARE(f.runField(id, QStringLiteral("key_version")), QStringLiteral("v1.3"));
    QCOMPARE(f.runField(id, QStringLiteral("workflow_version")), QStringLiteral("2"));
    QCOMPARE(f.runField(id, QStringLiteral("max_attempts")), QStringLiteral("5"));
    QCOMPARE(f.runField(id, QStringLiteral("context")), QStringLiteral("{\"invoice\": \"INV-1\"}"));
    QCOMPARE(f.stepStatuses(id), QStringLiteral("draft=pending,pay=pending"));
    QCOMPARE(f.stepField(id, QStringLiteral("pay"), QStringLiteral("ordinal")),
             QStringLiteral("2"));
    QCOMPARE(f.eventKinds(id), QStringList{QStringLiteral("claimed")});
    QCOMPARE(f.eventDetail(id, QStringLiteral("claimed"), QStringLiteral("via")),
             QStringLiteral("new"));
}

void TestRunProtocol::claimSucceededRunReplaysStoredResult() {
    const ClaimRequest request = f.request(f.uniqueKey());
    const RunLease lease = acquire(request);
    const QJsonObject stored{{QStringLiteral("status"), 201},
                             {QStringLiteral("appointment"), QStringLiteral("apt_42")}};
    QVERIFY(f.protocol->succeed(lease, stored).ok());

    const auto again = f.protocol->claim(f.request(request.key, {}, QStringLiteral("w2")));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE_NAMED(again.value().outcome, ClaimOutcome::Replay);
    QCOMPARE(again.value().runId, lease.runId);
    QCOMPARE_NAMED(again.value().status, RunStatus::Succeeded);
    QCOMPARE(again.value().result, QJsonValue(stored));
    QCOMPARE(again.value().leaseToken, 0); // no lease for a replay
    QCOMPARE(again.value().attempt, 1);

    QCOMPARE(f.runCount(request.key), 1);
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QStringLiteral("1"));
    // the replay is counted on the run's duplicates row (0025), not written as an event
    QCOMPARE(f.eventKinds(lease.runId), QStringList{QStringLiteral("claimed")});
    // the success and the replay: a row each for the feed, no event
    QCOMPARE(f.changeCount(lease.runId), 2);
    QCOMPARE(f.duplicateCounts(lease.runId), QStringLiteral("1,0,0"));
    QCOMPARE(f.recentDuplicateCount(lease.runId), 1);
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("outcome")),
             QStringLiteral("replay"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("worker")), QStringLiteral("w2"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("attempt")), QStringLiteral("1"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("login")),
             QStringLiteral("t_worker"));
}

void TestRunProtocol::claimNonRetryableFailureReplays() {
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("book")});
    const RunLease lease = acquire(request);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("book")).value(), StepAnswer::Run);
    QVERIFY(f.protocol
                ->failStep(lease, QStringLiteral("book"),
                           {QStringLiteral("validation"), QStringLiteral("slot taken"), false})
                .ok());
    const auto failed = f.protocol->fail(
        lease, {QStringLiteral("validation"), QStringLiteral("slot is taken"), false});
    QVERIFY2(failed.ok(), qPrintable(failed.error().toString()));
    QCOMPARE_NAMED(failed.value(), RunStatus::Failed);
    const QStringList eventsBefore = f.eventKinds(lease.runId);

    const auto again = f.protocol->claim(f.request(request.key, {QStringLiteral("book")}));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE_NAMED(again.value().outcome, ClaimOutcome::Replay);
    QCOMPARE_NAMED(again.value().status, RunStatus::Failed);
    QCOMPARE(again.value().lastError[QStringLiteral("class")].toString(),
             QStringLiteral("validation"));
    QCOMPARE(again.value().lastError[QStringLiteral("retryable")].toBool(true), false);
    // nothing ran again
    QCOMPARE(f.runField(lease.runId, QStringLiteral("attempt")), QStringLiteral("1"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QStringLiteral("1"));
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("book=failed"));
    QVERIFY(!f.runField(lease.runId, QStringLiteral("expires_at")).isEmpty());
    // counted, not written as an event
    QCOMPARE(f.eventKinds(lease.runId), eventsBefore);
    QCOMPARE(eventsBefore.last(), QStringLiteral("failed"));
    QCOMPARE(f.duplicateCounts(lease.runId), QStringLiteral("1,0,0"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("outcome")),
             QStringLiteral("replay"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("worker")), QStringLiteral("w1"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("attempt")), QStringLiteral("1"));
}

void TestRunProtocol::claimCancelledRunReplays() {
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    const RunLease lease = acquire(request);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QCOMPARE(f.cancel(lease.runId, lease.token), QStringLiteral("applied"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QStringLiteral("2"));

    const auto again = f.protocol->claim(f.request(request.key, {QStringLiteral("a")}));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE_NAMED(again.value().outcome, ClaimOutcome::Replay);
    QCOMPARE_NAMED(again.value().status, RunStatus::Cancelled);
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("a=uncertain"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), QStringLiteral("cancelled"));
}

void TestRunProtocol::claimLiveLeaseIsInProgress() {
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    ClaimResult first;
    const RunLease lease = acquire(request, &first);
    const QString before = f.snapshot();

    const auto second =
        f.protocol->claim(f.request(request.key, {QStringLiteral("a")}, QStringLiteral("w2")));
    QVERIFY2(second.ok(), qPrintable(second.error().toString()));
    QCOMPARE_NAMED(second.value().outcome, ClaimOutcome::InProgress);
    QCOMPARE(second.value().runId, lease.runId);
    QCOMPARE_NAMED(second.value().status, RunStatus::Processing);
    QCOMPARE(second.value().leaseOwner, QStringLiteral("w1"));
    QCOMPARE(second.value().leaseExpiresAt, first.leaseExpiresAt);
    QCOMPARE(second.value().leaseToken, 0);
    QCOMPARE(second.value().attempt, 1);

    // the run itself is untouched: only the duplicate was counted (no event)
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_owner")), QStringLiteral("w1"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QStringLiteral("1"));
    QCOMPARE(f.eventKinds(lease.runId), QStringList{QStringLiteral("claimed")});
    QCOMPARE(f.duplicateCounts(lease.runId), QStringLiteral("0,1,0"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("outcome")),
             QStringLiteral("in_progress"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("worker")), QStringLiteral("w2"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("attempt")), QStringLiteral("1"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("lease_owner")),
             QStringLiteral("w1"));
    QVERIFY(f.snapshot() != before);
}

void TestRunProtocol::claimOtherFingerprintIsMismatch_data() {
    QTest::addColumn<bool>("finishFirst");
    QTest::newRow("while processing") << false;
    QTest::newRow("after success") << true;
}

void TestRunProtocol::claimOtherFingerprintIsMismatch() {
    QFETCH(bool, finishFirst);
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    const RunLease lease = acquire(request);
    if (finishFirst) {
        QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
        QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
        QVERIFY(f.protocol->succeed(lease, QJsonObject{{QStringLiteral("ok"), true}}).ok());
    }
    const QString runBefore = f.runRow(lease.runId);
    const QString stepsBefore = f.stepStatuses(lease.runId);

    ClaimRequest other = f.request(request.key, {QStringLiteral("a")}, QStringLiteral("w2"));
    other.fingerprint = QStringLiteral("sha256:bb");
    const auto claim = f.protocol->claim(other);
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::Mismatch);
    QCOMPARE(claim.value().runId, lease.runId);
    QCOMPARE_NAMED(claim.value().status,
                   finishFirst ? RunStatus::Succeeded : RunStatus::Processing);
    QCOMPARE(claim.value().leaseToken, 0);
    QVERIFY(claim.value().result.isUndefined()); // a mismatch never leaks the stored result

    QCOMPARE(f.runRow(lease.runId), runBefore);
    QCOMPARE(f.stepStatuses(lease.runId), stepsBefore);
    QCOMPARE(f.eventKinds(lease.runId).last(), QStringLiteral("mismatch"));
    QCOMPARE(f.eventDetail(lease.runId, QStringLiteral("mismatch"), QStringLiteral("fingerprint")),
             QStringLiteral("sha256:bb"));
    QCOMPARE(f.eventDetail(lease.runId, QStringLiteral("mismatch"),
                           QStringLiteral("stored_fingerprint")),
             QStringLiteral("sha256:aa"));
}

// The key belongs to another workflow's run: mismatch, and nothing of that run is returned
// (a worker of one workflow learns nothing about another's runs); nothing else changes.
void TestRunProtocol::claimUnderAnotherWorkflowIsMismatch() {
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    const RunLease lease = acquire(request);
    const QString runBefore = f.runRow(lease.runId);

    ClaimRequest other = f.request(request.key, {QStringLiteral("a")}, QStringLiteral("w2"));
    other.workflow = QStringLiteral("wf-other");
    const auto claim = f.protocol->claim(other);
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::Mismatch);
    QCOMPARE(claim.value().runId, 0);
    QCOMPARE(claim.value().leaseToken, 0);
    QVERIFY(claim.value().leaseSecret.isEmpty());
    QVERIFY(claim.value().leaseOwner.isEmpty());
    QVERIFY(claim.value().result.isUndefined());
    QCOMPARE(claim.value().attempt, 0);

    QCOMPARE(f.runCount(request.key), 1);
    QCOMPARE(f.runRow(lease.runId), runBefore);
    QCOMPARE(f.eventKinds(lease.runId).last(), QStringLiteral("mismatch"));
    QCOMPARE(f.eventDetail(lease.runId, QStringLiteral("mismatch"), QStringLiteral("workflow")),
             QStringLiteral("wf-other"));
}

void TestRunProtocol::claimRunInReview() {
    ClaimRequest request = f.request(f.uniqueKey());
    request.maxAttempts = 1;
    const RunLease lease = acquire(request);
    const auto failed =
        f.protocol->fail(lease, {QStringLiteral("timeout"), QStringLiteral("no answer"), true});
    QVERIFY2(failed.ok(), qPrintable(failed.error().toString()));
    QCOMPARE_NAMED(failed.value(), RunStatus::ManualReview);
    const QStringList eventsBefore = f.eventKinds(lease.runId);

    const auto claim = f.protocol->claim(request);
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::InReview);
    QCOMPARE_NAMED(claim.value().status, RunStatus::ManualReview);
    QCOMPARE(claim.value().leaseToken, 0);
    QCOMPARE(claim.value().lastError[QStringLiteral("class")].toString(),
             QStringLiteral("timeout"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), QStringLiteral("manual_review"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("attempt")), QStringLiteral("1"));
    // counted, not written as an event
    QCOMPARE(f.eventKinds(lease.runId), eventsBefore);
    QCOMPARE(eventsBefore.last(), QStringLiteral("routed_to_review"));
    QCOMPARE(f.duplicateCounts(lease.runId), QStringLiteral("0,0,1"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("outcome")),
             QStringLiteral("in_review"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("worker")), QStringLiteral("w1"));
    QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("attempt")), QStringLiteral("1"));
}

// The invoice scenario: the first attempt drafts the invoice, the payment fails; the retry
// skips the draft and runs only the payment and what follows.
void TestRunProtocol::retryRunsOnlyMissingSteps() {
    const QStringList steps{QStringLiteral("draft"), QStringLiteral("pay"),
                            QStringLiteral("notify")};
    const ClaimRequest request = f.request(f.uniqueKey(), steps);
    const RunLease first = acquire(request);
    QCOMPARE_NAMED(
        f.protocol->beginStep(first, QStringLiteral("draft"), QStringLiteral("dk-draft")).value(),
        StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(first, QStringLiteral("draft"), QStringLiteral("in_1")).ok());
    QCOMPARE_NAMED(
        f.protocol->beginStep(first, QStringLiteral("pay"), QStringLiteral("dk-pay")).value(),
        StepAnswer::Run);
    QVERIFY(f.protocol
                ->failStep(first, QStringLiteral("pay"),
                           {QStringLiteral("unavailable"), QStringLiteral("503"), false})
                .ok());
    QCOMPARE_NAMED(
        f.protocol->fail(first, {QStringLiteral("unavailable"), QStringLiteral("503"), true})
            .value(),
        RunStatus::Failed);

    ClaimResult retry;
    const RunLease second = acquire(f.request(request.key, steps, QStringLiteral("w2")), &retry);
    QCOMPARE(second.runId, first.runId);
    QCOMPARE(second.token, 2);
    QCOMPARE(retry.attempt, 2);
    QCOMPARE(retry.leaseOwner, QStringLiteral("w2"));
    QCOMPARE(retry.lastError[QStringLiteral("class")].toString(), QStringLiteral("unavailable"));
    QCOMPARE(retry.lastError[QStringLiteral("attempt")].toInt(), 1);
    QCOMPARE(f.eventDetail(first.runId, QStringLiteral("claimed"), QStringLiteral("via")),
             QStringLiteral("retry"));

    QCOMPARE_NAMED(
        f.protocol->beginStep(second, QStringLiteral("draft"), QStringLiteral("dk-draft")).value(),
        StepAnswer::Skip);
    QCOMPARE_NAMED(
        f.protocol->beginStep(second, QStringLiteral("pay"), QStringLiteral("dk-pay")).value(),
        StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(second, QStringLiteral("pay"), QStringLiteral("pi_1")).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(second, QStringLiteral("notify")).value(),
                   StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(second, QStringLiteral("notify")).ok());
    QVERIFY(f.protocol->succeed(second, QJsonObject{{QStringLiteral("status"), 201}}).ok());

    QCOMPARE(f.stepStatuses(first.runId), QStringLiteral("draft=done,pay=done,notify=done"));
    // the draft ran once, the payment twice (once failed), the notification once
    QCOMPARE(f.stepField(first.runId, QStringLiteral("draft"), QStringLiteral("attempts")),
             QStringLiteral("1"));
    QCOMPARE(f.stepField(first.runId, QStringLiteral("draft"), QStringLiteral("side_effect_ref")),
             QStringLiteral("in_1"));
    QCOMPARE(f.stepField(first.runId, QStringLiteral("pay"), QStringLiteral("attempts")),
             QStringLiteral("2"));
    QCOMPARE(f.stepField(first.runId, QStringLiteral("pay"), QStringLiteral("lease_token")),
             QStringLiteral("2"));
    QCOMPARE(f.stepField(first.runId, QStringLiteral("notify"), QStringLiteral("attempts")),
             QStringLiteral("1"));
    QCOMPARE(f.runField(first.runId, QStringLiteral("status")), QStringLiteral("succeeded"));
    QCOMPARE(f.eventKinds(first.runId),
             (QStringList{QStringLiteral("claimed"), QStringLiteral("step_failed"),
                          QStringLiteral("failed"), QStringLiteral("claimed")}));
    // The routine changes (0021): 1 + 1 starts and 1 completion in the first attempt, 2 + 2
    // and the success in the second, each a row for the change feed.
    QCOMPARE(f.changeCount(first.runId), 8);
}

void TestRunProtocol::retryableFailuresCountAttemptsUntilReview() {
    ClaimRequest request = f.request(f.uniqueKey());
    request.maxAttempts = 3;
    qint64 runId = 0;
    for (int attempt = 1; attempt <= 3; ++attempt) {
        ClaimResult claim;
        const RunLease lease = acquire(request, &claim);
        QCOMPARE(claim.attempt, attempt);
        QCOMPARE(lease.token, attempt);
        runId = lease.runId;
        const auto failed = f.protocol->fail(
            lease, {QStringLiteral("timeout"), QStringLiteral("attempt %1").arg(attempt), true});
        QVERIFY2(failed.ok(), qPrintable(failed.error().toString()));
        QCOMPARE_NAMED(failed.value(), attempt < 3 ? RunStatus::Failed : RunStatus::ManualReview);
        QCOMPARE(f.runField(runId, QStringLiteral("attempt")), QString::number(attempt));
    }
    QCOMPARE(f.runField(runId, QStringLiteral("status")), QStringLiteral("manual_review"));
    QCOMPARE(f.runField(runId, QStringLiteral("review_reason")),
             QStringLiteral("max_attempts reached (3 of 3); last error timeout: attempt 3"));
    QVERIFY(f.runField(runId, QStringLiteral("lease_expires_at")).isEmpty());
    QVERIFY(f.runField(runId, QStringLiteral("expires_at")).isEmpty()); // never purged
    QCOMPARE(f.eventKinds(runId).last(), QStringLiteral("routed_to_review"));
    QCOMPARE(f.eventDetail(runId, QStringLiteral("routed_to_review"), QStringLiteral("by")),
             QStringLiteral("fail"));
    QCOMPARE(f.eventKinds(runId).count(QStringLiteral("failed")), 3);

    // a poison message stops: the next delivery is told an operator owns it
    const auto claim = f.protocol->claim(request);
    QVERIFY(claim.ok());
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::InReview);
    QCOMPARE(f.runField(runId, QStringLiteral("attempt")), QStringLiteral("3"));
}

void TestRunProtocol::takeoverAtMaxAttemptsRoutesToReview() {
    ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    request.maxAttempts = 1;
    const RunLease lease = acquire(request);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.expireLease(lease.runId));

    const auto claim =
        f.protocol->claim(f.request(request.key, {QStringLiteral("a")}, QStringLiteral("w2")));
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::InReview);
    QCOMPARE_NAMED(claim.value().status, RunStatus::ManualReview);
    QCOMPARE(claim.value().leaseToken, 0);
    // the dead owner is fenced even though nobody acquired the run
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QStringLiteral("2"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("attempt")), QStringLiteral("1"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("review_reason")),
             QStringLiteral("max_attempts reached (1 of 1): the lease expired again"));
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("a=uncertain"));
    QCOMPARE(f.eventKinds(lease.runId),
             (QStringList{QStringLiteral("claimed"), QStringLiteral("lease_expired"),
                          QStringLiteral("step_uncertain"), QStringLiteral("routed_to_review")}));
    QCOMPARE(f.protocol->completeStep(lease, QStringLiteral("a")).errorKind(),
             StoreErrorKind::Fenced);
}

void TestRunProtocol::claimValidatesArguments_data() {
    QTest::addColumn<QString>("field");
    QTest::newRow("empty scope") << QStringLiteral("scope");
    QTest::newRow("empty key") << QStringLiteral("key");
    QTest::newRow("empty workflow") << QStringLiteral("workflow");
    QTest::newRow("empty fingerprint") << QStringLiteral("fingerprint");
    QTest::newRow("zero lease") << QStringLiteral("lease");
    QTest::newRow("negative lease") << QStringLiteral("negative lease");
    QTest::newRow("max_attempts 0") << QStringLiteral("max_attempts");
    QTest::newRow("duplicate step") << QStringLiteral("duplicate step");
    QTest::newRow("empty step") << QStringLiteral("empty step");
}

void TestRunProtocol::claimValidatesArguments() {
    QFETCH(QString, field);
    const QString key = f.uniqueKey(QStringLiteral("invalid"));
    ClaimRequest request = f.request(key, {QStringLiteral("a"), QStringLiteral("b")});
    if (field == QLatin1String("scope"))
        request.scope = QString();
    else if (field == QLatin1String("key"))
        request.key = QStringLiteral("");
    else if (field == QLatin1String("workflow"))
        request.workflow = QStringLiteral("");
    else if (field == QLatin1String("fingerprint"))
        request.fingerprint = QString();
    else if (field == QLatin1String("lease"))
        request.lease = 0ms;
    else if (field == QLatin1String("negative lease"))
        request.lease = -5s;
    else if (field == QLatin1String("max_attempts"))
        request.maxAttempts = 0;
    else if (field == QLatin1String("duplicate step"))
        request.steps = {QStringLiteral("a"), QStringLiteral("a")};
    else if (field == QLatin1String("empty step"))
        request.steps = {QStringLiteral("a"), QStringLiteral("")};
    const QString before = f.snapshot();
    const auto claim = f.protocol->claim(request);
    QVERIFY(!claim.ok());
    QCOMPARE(claim.error().sqlState, QStringLiteral("DD004"));
    QCOMPARE(claim.errorKind(), StoreErrorKind::InvalidArgument);
    QCOMPARE(f.snapshot(), before); // no run, no step, no event
}

void TestRunProtocol::heartbeatExtendsLease() {
    ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    request.lease = 2s;
    const RunLease lease = acquire(request);
    const QStringList eventsBefore = f.eventKinds(lease.runId);

    const auto beat = f.protocol->heartbeat(lease, 60s);
    QVERIFY2(beat.ok(), qPrintable(beat.error().toString()));
    QVERIFY(QDateTime::currentDateTimeUtc().msecsTo(beat.value()) > 50'000);
    // QDateTime holds milliseconds, PostgreSQL microseconds
    QCOMPARE(f.runCheck(lease.runId,
                        QStringLiteral("abs(extract(epoch FROM r.lease_expires_at"
                                       " - $2::timestamptz)) < 0.001"),
                        beat.value().toString(Qt::ISODateWithMs)),
             QStringLiteral("t"));
    QCOMPARE(f.eventKinds(lease.runId), eventsBefore); // not a state change: no event

    // an expired lease that nobody took over is still ours: the heartbeat renews it
    QVERIFY(f.expireLease(lease.runId));
    QVERIFY(f.protocol->heartbeat(lease, 30s).ok());
    QCOMPARE(
        f.runCheck(lease.runId, QStringLiteral("r.lease_expires_at > now() + interval '20 s'")),
        QStringLiteral("t"));
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);

    const auto invalid = f.protocol->heartbeat(lease, 0ms);
    QCOMPARE(invalid.errorKind(), StoreErrorKind::InvalidArgument);
    // the store's max_lease (1 hour by default): heartbeat instead of asking for more
    const QString before = f.snapshot();
    const auto tooLong = f.protocol->heartbeat(lease, 2h);
    QCOMPARE(tooLong.error().sqlState, QStringLiteral("DD009"));
    QCOMPARE(tooLong.errorKind(), StoreErrorKind::LimitExceeded);
    ClaimRequest greedy = f.request(f.uniqueKey());
    greedy.lease = 61min;
    QCOMPARE(f.protocol->claim(greedy).errorKind(), StoreErrorKind::LimitExceeded);
    QCOMPARE(f.snapshot(), before);
    QVERIFY(f.protocol->heartbeat(lease, 1h).ok());
}

void TestRunProtocol::beginStepNeedsLiveLease() {
    const RunLease lease = acquire(f.request(f.uniqueKey(), {QStringLiteral("a")}));
    QVERIFY(f.expireLease(lease.runId));
    const QString before = f.snapshot();
    const auto begin = f.protocol->beginStep(lease, QStringLiteral("a"));
    QVERIFY(!begin.ok());
    QCOMPARE(begin.error().sqlState, QStringLiteral("DD006"));
    QCOMPARE(begin.errorKind(), StoreErrorKind::LeaseExpired);
    QCOMPARE(f.snapshot(), before);
    // outcomes are still recorded after expiry (the truth is worth recording) ...
    QVERIFY(f.protocol->skipStep(lease, QStringLiteral("a"), QStringLiteral("not needed")).ok());
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("a=skipped"));
    // ... and a heartbeat makes the lease live again
    QVERIFY(f.protocol->heartbeat(lease).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("b")).value(), StepAnswer::Run);
}

// A step the claim did not declare is appended last, so the step order holds for it too: it
// begins once every declared step is done or skipped.
void TestRunProtocol::undeclaredStepIsAppended() {
    const RunLease lease = acquire(f.request(f.uniqueKey(), {QStringLiteral("a")}));
    const QString before = f.snapshot();
    const auto early =
        f.protocol->beginStep(lease, QStringLiteral("extra"), QStringLiteral("dk-x"));
    QCOMPARE(early.error().sqlState, QStringLiteral("DD002"));
    QCOMPARE(early.errorKind(), StoreErrorKind::IllegalTransition);
    QCOMPARE(f.snapshot(), before);

    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    const auto begin =
        f.protocol->beginStep(lease, QStringLiteral("extra"), QStringLiteral("dk-x"));
    QVERIFY2(begin.ok(), qPrintable(begin.error().toString()));
    QCOMPARE_NAMED(begin.value(), StepAnswer::Run);
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("a=done,extra=in_progress"));
    QCOMPARE(f.stepField(lease.runId, QStringLiteral("extra"), QStringLiteral("ordinal")),
             QStringLiteral("2"));
    QCOMPARE(f.stepField(lease.runId, QStringLiteral("extra"), QStringLiteral("downstream_key")),
             QStringLiteral("dk-x"));
    QCOMPARE(f.eventDetail(lease.runId, QStringLiteral("step_started"), QStringLiteral("appended")),
             QStringLiteral("true"));
}

void TestRunProtocol::unknownRunAndStep() {
    const RunLease lease = acquire(f.request(f.uniqueKey(), {QStringLiteral("a")}));
    const QString before = f.snapshot();
    const RunLease missing{lease.runId + 1'000'000, 1, lease.secret};
    QCOMPARE(f.protocol->heartbeat(missing).errorKind(), StoreErrorKind::RunNotFound);
    QCOMPARE(f.protocol->beginStep(missing, QStringLiteral("a")).errorKind(),
             StoreErrorKind::RunNotFound);
    QCOMPARE(f.protocol->succeed(missing).errorKind(), StoreErrorKind::RunNotFound);
    QCOMPARE(f.protocol->fail(missing, {QStringLiteral("timeout"), {}, true}).errorKind(),
             StoreErrorKind::RunNotFound);
    const auto complete = f.protocol->completeStep(lease, QStringLiteral("nope"));
    QCOMPARE(complete.error().sqlState, QStringLiteral("DD007"));
    QCOMPARE(complete.errorKind(), StoreErrorKind::UnknownStep);
    QCOMPARE(f.protocol->failStep(lease, QStringLiteral("nope"), {QStringLiteral("x"), {}, false})
                 .errorKind(),
             StoreErrorKind::UnknownStep);
    QCOMPARE(f.protocol->skipStep(lease, QStringLiteral("nope")).errorKind(),
             StoreErrorKind::UnknownStep);
    QCOMPARE(f.protocol->beginStep(lease, QString()).errorKind(), StoreErrorKind::InvalidArgument);
    QCOMPARE(f.protocol->failStep(lease, QStringLiteral("a"), {QString(), {}, false}).errorKind(),
             StoreErrorKind::InvalidArgument);
    QCOMPARE(f.protocol->fail(lease, {QString(), {}, false}).errorKind(),
             StoreErrorKind::InvalidArgument);
    QCOMPARE(f.snapshot(), before);
}

// A retry after a lost reply repeats the call: each repeat answers as before and adds nothing.
void TestRunProtocol::exactRepeatsChangeNothing() {
    const RunLease lease =
        acquire(f.request(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a"), QStringLiteral("dk")).value(),
                   StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a"), QStringLiteral("ref-1")).ok());
    QVERIFY(f.protocol->skipStep(lease, QStringLiteral("b")).ok());
    QVERIFY(f.protocol->succeed(lease, QJsonObject{{QStringLiteral("n"), 1}}).ok());
    const QString before = f.snapshot();

    QVERIFY(f.protocol->succeed(lease, QJsonObject{{QStringLiteral("n"), 1}}).ok());
    QCOMPARE(f.snapshot(), before);

    // the same repeats inside a live lease
    const RunLease other = acquire(f.request(f.uniqueKey(), {QStringLiteral("a")}));
    QCOMPARE_NAMED(f.protocol->beginStep(other, QStringLiteral("a"), QStringLiteral("dk")).value(),
                   StepAnswer::Run);
    const QString started = f.snapshot();
    QCOMPARE_NAMED(f.protocol->beginStep(other, QStringLiteral("a"), QStringLiteral("dk")).value(),
                   StepAnswer::Run);
    QCOMPARE(f.snapshot(), started);
    QCOMPARE(f.stepField(other.runId, QStringLiteral("a"), QStringLiteral("attempts")),
             QStringLiteral("1"));
    QVERIFY(f.protocol->completeStep(other, QStringLiteral("a"), QStringLiteral("ref-2")).ok());
    const QString completed = f.snapshot();
    QVERIFY(f.protocol->completeStep(other, QStringLiteral("a"), QStringLiteral("ref-2")).ok());
    QVERIFY(f.protocol->completeStep(other, QStringLiteral("a")).ok()); // NULL ref: same step
    QCOMPARE(f.snapshot(), completed);
    const auto conflicting =
        f.protocol->completeStep(other, QStringLiteral("a"), QStringLiteral("ref-3"));
    QCOMPARE(conflicting.errorKind(), StoreErrorKind::IllegalTransition);
    QCOMPARE(f.snapshot(), completed);

    const auto failed = f.protocol->fail(other, {QStringLiteral("validation"), {}, false});
    QCOMPARE_NAMED(failed.value(), RunStatus::Failed);
    const QString afterFail = f.snapshot();
    const auto repeated = f.protocol->fail(other, {QStringLiteral("validation"), {}, false});
    QVERIFY2(repeated.ok(), qPrintable(repeated.error().toString()));
    QCOMPARE_NAMED(repeated.value(), RunStatus::Failed);
    QCOMPARE(f.snapshot(), afterFail);
    // a different error is not a repeat: the run is no longer ours
    QCOMPARE(f.protocol->fail(other, {QStringLiteral("auth"), {}, false}).errorKind(),
             StoreErrorKind::Fenced);
}

// succeed is refused while a step is not done or skipped (the run would claim a success its
// steps do not show); fail ends the run whatever its steps, marking the one in progress
// uncertain.
void TestRunProtocol::finishingWithStepsInProgress() {
    const RunLease lease =
        acquire(f.request(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    const QString before = f.snapshot();
    const auto early = f.protocol->succeed(lease);
    QCOMPARE(early.error().sqlState, QStringLiteral("DD002"));
    QCOMPARE(early.errorKind(), StoreErrorKind::IllegalTransition);
    QVERIFY2(early.error().message.contains(QStringLiteral("\"a\" (in_progress)")) &&
                 early.error().message.contains(QStringLiteral("\"b\" (pending)")),
             qPrintable(early.error().message));
    QCOMPARE(f.snapshot(), before);

    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(f.protocol->succeed(lease).errorKind(), StoreErrorKind::IllegalTransition);
    QVERIFY(f.protocol->skipStep(lease, QStringLiteral("b")).ok());
    QVERIFY(f.protocol->succeed(lease).ok());
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("a=done,b=skipped"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), QStringLiteral("succeeded"));
    QVERIFY(f.runField(lease.runId, QStringLiteral("result")).isEmpty()); // SQL NULL
    QVERIFY(f.runField(lease.runId, QStringLiteral("lease_owner")).isEmpty());
    QVERIFY(f.runField(lease.runId, QStringLiteral("lease_expires_at")).isEmpty());
    QVERIFY(!f.runField(lease.runId, QStringLiteral("finished_at")).isEmpty());
    QCOMPARE(f.runCheck(lease.runId,
                        QStringLiteral("r.expires_at = r.finished_at + interval '90 days'")),
             QStringLiteral("t"));
    QCOMPARE(f.eventKinds(lease.runId).mid(1), QStringList{QStringLiteral("step_skipped")});
    QCOMPARE(f.changeCount(lease.runId), 3); // a's start and completion, the success

    const RunLease failing = acquire(f.request(f.uniqueKey(), {QStringLiteral("a")}));
    QCOMPARE_NAMED(f.protocol->beginStep(failing, QStringLiteral("a")).value(), StepAnswer::Run);
    QCOMPARE_NAMED(f.protocol->fail(failing, {QStringLiteral("timeout"), {}, true}).value(),
                   RunStatus::Failed);
    QCOMPARE(f.stepStatuses(failing.runId), QStringLiteral("a=uncertain"));
}

void TestRunProtocol::workerRoleHasNoTableAccess() {
    const auto read = f.worker->exec(QStringLiteral("SELECT count(*) FROM dedup.runs"));
    QVERIFY(!read.ok());
    QCOMPARE(classify(read.error()), StoreErrorKind::PermissionDenied);
    const auto op = f.worker->exec(QStringLiteral(
        "SELECT * FROM dedup.op_cancel(1, 1, 'worker tries an operator action', 'k')"));
    QCOMPARE(classify(op.error()), StoreErrorKind::PermissionDenied);
}

void TestRunProtocol::claimWhilePausedAnswersPausedWithItsHint_data() {
    QTest::addColumn<bool>("existingRun"); // false: a key without a run
    QTest::addColumn<bool>("stopSteps");
    QTest::newRow("new key") << false << false;
    QTest::newRow("retry of a failed run, stop before the next step") << true << true;
}

void TestRunProtocol::claimWhilePausedAnswersPausedWithItsHint() {
    QFETCH(bool, existingRun);
    QFETCH(bool, stopSteps);
    ClaimRequest request = f.request(f.uniqueKey(QStringLiteral("paused")), {QStringLiteral("a")});
    request.workflow = QStringLiteral("wf-paused");
    RunLease lease;
    if (existingRun) {
        lease = acquire(request);
        QVERIFY(lease.runId > 0);
        QVERIFY(
            f.protocol->fail(lease, {QStringLiteral("unavailable"), QStringLiteral("503"), true})
                .ok());
    }
    QCOMPARE(pauseWorkflow(stopSteps, 45, QStringLiteral("provider outage")),
             QStringLiteral("paused"));
    const QString before = f.snapshot();
    const auto claim = f.protocol->claim(request);
    const QString after = f.snapshot();
    QCOMPARE(resumeWorkflow(), QStringLiteral("resumed"));

    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    const ClaimResult &c = claim.value();
    QCOMPARE_NAMED(c.outcome, ClaimOutcome::Paused);
    QVERIFY(!c.acquired());
    QVERIFY(c.pause.has_value());
    QCOMPARE(c.pause->retryAfterSeconds, 45);
    QCOMPARE(c.pause->reason, QStringLiteral("provider outage"));
    QCOMPARE(c.pause->workflow, QStringLiteral("wf-paused"));
    QCOMPARE(c.pause->scopePrefix, QString());
    QCOMPARE(c.pause->stopSteps, stopSteps);
    QCOMPARE(c.pause->pausedBy, f.scalar(QStringLiteral("SELECT session_user")));
    QVERIFY(c.pause->pausedAt.isValid());
    QVERIFY(qAbs(c.pause->pausedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QCOMPARE(c.leaseToken, 0);
    QVERIFY(c.leaseSecret.isEmpty());
    QCOMPARE(after, before); // nothing changed, nothing recorded
    if (existingRun) {
        QCOMPARE(c.runId, lease.runId);
        QCOMPARE_NAMED(c.status, RunStatus::Failed);
        QCOMPARE(c.attempt, 1);
        QCOMPARE(c.lastError[QStringLiteral("class")].toString(), QStringLiteral("unavailable"));
    } else {
        QCOMPARE(c.runId, 0);
        QCOMPARE(f.runCount(request.key), 0);
    }

    // Resumed: the same delivery acquires.
    const auto again = f.protocol->claim(request);
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE_NAMED(again.value().outcome, ClaimOutcome::Acquired);
    QVERIFY(!again.value().pause.has_value());
    QCOMPARE(again.value().attempt, existingRun ? 2 : 1);
}

void TestRunProtocol::beginStepWhilePausedAnswersPaused() {
    ClaimRequest request = f.request(f.uniqueKey(QStringLiteral("paused")),
                                     {QStringLiteral("a"), QStringLiteral("b")});
    request.workflow = QStringLiteral("wf-paused");
    const RunLease lease = acquire(request);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a"), QStringLiteral("ref-a")).ok());
    QCOMPARE(pauseWorkflow(true, 30, QStringLiteral("stop now")), QStringLiteral("paused"));

    const auto stopped = f.protocol->beginStep(lease, QStringLiteral("b"));
    QVERIFY2(stopped.ok(), qPrintable(stopped.error().toString()));
    QCOMPARE_NAMED(stopped.value(), StepAnswer::Paused);
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), QStringLiteral("failed"));
    QCOMPARE(f.stepStatuses(lease.runId), QStringLiteral("a=done,b=pending"));
    // The lease is gone: the worker must stop writing.
    const auto late = f.protocol->beginStep(lease, QStringLiteral("b"));
    QVERIFY(!late.ok());
    QVERIFY(late.isFenced());
    // A redelivery while paused is told so, with the hint.
    const auto waiting = f.protocol->claim(request);
    QVERIFY(waiting.ok());
    QCOMPARE_NAMED(waiting.value().outcome, ClaimOutcome::Paused);
    QCOMPARE(waiting.value().pause->retryAfterSeconds, 30);
    QVERIFY(waiting.value().pause->stopSteps);

    QCOMPARE(resumeWorkflow(), QStringLiteral("resumed"));
    ClaimResult resumed;
    const RunLease next = acquire(request, &resumed);
    QCOMPARE(next.token, 2);
    QCOMPARE(resumed.attempt, 1); // the pause cost no attempt
    QCOMPARE_NAMED(f.protocol->beginStep(next, QStringLiteral("a")).value(), StepAnswer::Skip);
    QCOMPARE_NAMED(f.protocol->beginStep(next, QStringLiteral("b")).value(), StepAnswer::Run);
}

QTEST_GUILESS_MAIN(TestRunProtocol)
#include "tst_runprotocol.moc"
