// Fencing: a worker whose lease token is stale (taken over, cleared, retried by another
// worker, cancelled, routed to review, continued by another worker) is rejected by every
// fenced function with DD001 and changes nothing; so is a worker that knows the current token
// (it is public) but not the lease's secret. Takeover after expiry marks started steps
// uncertain, and the downstream-key rule decides whether they are re-executed or the run goes
// to manual review. Expiry alone is not fencing: racing a takeover, the row lock orders the
// old owner's last call before or after it, never both owners at once.
#include "RunProtocolFixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <future>

using namespace dedup::store;
using dedup::core::RunStatus;
using namespace std::chrono_literals;

class TestFencing : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void staleTokenIsFenced_data();
    void staleTokenIsFenced();
    void takeoverAfterRealLeaseExpiry();
    void downstreamKeyRule_data();
    void downstreamKeyRule();
    void outcomeRecordedBeforeTakeoverIsKept();
    void heartbeatWinningRaceKeepsLease();
    void succeedAfterOperatorResolvedIsFenced_data();
    void succeedAfterOperatorResolvedIsFenced();

private:
    RunProtocolFixture f;
};

void TestFencing::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
}

void TestFencing::staleTokenIsFenced_data() {
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("call");
    const char *hows[] = {"taken over", "cleared by operator", "retried by another worker",
                          "cancelled",  "routed to review",    "continued by another worker"};
    const char *calls[] = {"heartbeat", "begin_step", "complete_step", "fail_step",
                           "skip_step", "succeed",    "fail"};
    for (const char *how : hows) {
        for (const char *call : calls)
            QTest::addRow("%s: %s", how, call)
                << QString::fromLatin1(how) << QString::fromLatin1(call);
    }
}

void TestFencing::staleTokenIsFenced() {
    QFETCH(QString, how);
    QFETCH(QString, call);
    RunProtocol &p = *f.protocol;
    const ClaimRequest request =
        f.request(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")});
    const auto claim = p.claim(request);
    QVERIFY(claim.ok() && claim.value().acquired());
    const RunLease stale = claim.value().lease();
    QCOMPARE_NAMED(p.beginStep(stale, QStringLiteral("a"), QStringLiteral("dk-a")).value(),
                   StepAnswer::Run);

    // Someone else moves the run on; the token bumps in every case.
    const ClaimRequest other = f.request(request.key, request.steps, QStringLiteral("w2"));
    if (how == QLatin1String("taken over")) {
        QVERIFY(f.expireLease(stale.runId));
        QCOMPARE_NAMED(p.claim(other).value().outcome, ClaimOutcome::Acquired);
    } else if (how == QLatin1String("cleared by operator")) {
        QVERIFY(f.expireLease(stale.runId));
        QCOMPARE(f.clearStaleLease(stale.runId, stale.token), QStringLiteral("applied"));
    } else if (how == QLatin1String("retried by another worker")) {
        QVERIFY(p.fail(stale, {QStringLiteral("timeout"), {}, true}).ok());
        QCOMPARE_NAMED(p.claim(other).value().outcome, ClaimOutcome::Acquired);
    } else if (how == QLatin1String("cancelled")) {
        QCOMPARE(f.cancel(stale.runId, stale.token), QStringLiteral("applied"));
    } else if (how == QLatin1String("routed to review")) {
        QCOMPARE(f.routeToReview(stale.runId, stale.token), QStringLiteral("applied"));
    } else if (how == QLatin1String("continued by another worker")) {
        QVERIFY(p.fail(stale, {QStringLiteral("validation"), {}, false}).ok());
        QCOMPARE(f.requestContinuation(stale.runId, stale.token), QStringLiteral("applied"));
        const auto taken = p.takeCommand(QStringLiteral("w2"));
        QVERIFY(taken.ok() && taken.value().has_value());
        QCOMPARE(taken.value()->runId, stale.runId);
    }
    // One move, or two when the operator's continuation (0017) came before the take.
    QCOMPARE(f.runField(stale.runId, QStringLiteral("lease_token")),
             how == QLatin1String("continued by another worker") ? QStringLiteral("3")
                                                                 : QStringLiteral("2"));

    const QString before = f.snapshot();
    PgError error;
    auto keep = [&error](const auto &result) {
        QVERIFY(!result.ok());
        error = result.error();
    };
    auto attempt = [&](const RunLease &lease) {
        if (call == QLatin1String("heartbeat"))
            keep(p.heartbeat(lease));
        else if (call == QLatin1String("begin_step"))
            keep(p.beginStep(lease, QStringLiteral("b")));
        else if (call == QLatin1String("complete_step"))
            keep(p.completeStep(lease, QStringLiteral("a"), QStringLiteral("ref")));
        else if (call == QLatin1String("fail_step"))
            keep(p.failStep(lease, QStringLiteral("a"), {QStringLiteral("timeout"), {}, true}));
        else if (call == QLatin1String("skip_step"))
            keep(p.skipStep(lease, QStringLiteral("b")));
        else if (call == QLatin1String("succeed"))
            keep(p.succeed(lease, QJsonObject{{QStringLiteral("zombie"), true}}));
        else if (call == QLatin1String("fail"))
            keep(p.fail(lease, {QStringLiteral("unavailable"), {}, true}));
    };
    attempt(stale);
    QCOMPARE(error.sqlState, QStringLiteral("DD001"));
    QCOMPARE(classify(error), StoreErrorKind::Fenced);
    const QString status = f.runField(stale.runId, QStringLiteral("status"));
    QCOMPARE(error.detail, QStringLiteral("run status is ") + status);
    QCOMPARE(f.snapshot(), before);

    // The current token (public: anyone who reads the run sees it) with the stale lease's
    // secret: still not this worker's lease.
    error = PgError{};
    RunLease guessed = stale;
    guessed.token = 2;
    attempt(guessed);
    QCOMPARE(error.sqlState, QStringLiteral("DD001"));
    QCOMPARE(classify(error), StoreErrorKind::Fenced);
    QCOMPARE(f.snapshot(), before);
    // and no answer gives the current secret away
    const QString secret = f.leaseSecret(stale.runId);
    QVERIFY(!secret.startsWith(QLatin1String("<error")));
    if (!secret.isEmpty() && secret != QLatin1String("<no row>"))
        QVERIFY(!(error.message + error.detail + error.hint).contains(secret));
}

// Real leases running out (no clock tricks): a takeover bumps the token, the step that was
// started becomes uncertain, and the downstream-key rule sorts it. Steps run in their order,
// so a lease has at most one step in progress: charge (with a downstream key) is the first
// owner's, notify (without one) the second owner's.
void TestFencing::takeoverAfterRealLeaseExpiry() {
    RunProtocol &p = *f.protocol;
    const QStringList steps{QStringLiteral("charge"), QStringLiteral("notify"),
                            QStringLiteral("audit")};
    ClaimRequest request = f.request(f.uniqueKey(), steps);
    request.lease = 200ms;
    const auto first = p.claim(request);
    QVERIFY(first.ok() && first.value().acquired());
    const RunLease zombie = first.value().lease();
    QCOMPARE_NAMED(
        p.beginStep(zombie, QStringLiteral("charge"), QStringLiteral("dk-charge")).value(),
        StepAnswer::Run);

    // before expiry, a second worker is told to wait (counted on the run, no event: 0025)
    QCOMPARE_NAMED(p.claim(f.request(request.key, steps, QStringLiteral("w2"))).value().outcome,
                   ClaimOutcome::InProgress);
    QCOMPARE(f.duplicateCounts(zombie.runId), QStringLiteral("0,1,0"));
    QCOMPARE(f.recentDuplicate(zombie.runId, 0, QStringLiteral("worker")), QStringLiteral("w2"));
    QCOMPARE(f.recentDuplicate(zombie.runId, 0, QStringLiteral("lease_owner")),
             QStringLiteral("w1"));
    QTest::qWait(350);

    ClaimRequest second = f.request(request.key, steps, QStringLiteral("w2"));
    second.lease = 500ms;
    const auto takeover = p.claim(second);
    QVERIFY2(takeover.ok(), qPrintable(takeover.error().toString()));
    QCOMPARE_NAMED(takeover.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(takeover.value().leaseToken, 2);
    QCOMPARE(takeover.value().attempt, 2);
    QCOMPARE(takeover.value().leaseOwner, QStringLiteral("w2"));
    QVERIFY(takeover.value().leaseSecret != zombie.secret);
    const RunLease owner = takeover.value().lease();
    const qint64 id = owner.runId;
    QCOMPARE(f.stepStatuses(id), QStringLiteral("charge=uncertain,notify=pending,audit=pending"));
    QVERIFY(f.stepField(id, QStringLiteral("charge"), QStringLiteral("error"))
                .contains(QStringLiteral("\"class\": \"outcome_unknown\"")));
    // after `claimed`: the duplicate was counted, not an event (0025); the start of
    // "charge" is in its row (0021)
    QCOMPARE(f.eventKinds(id).mid(1),
             (QStringList{QStringLiteral("lease_expired"), QStringLiteral("step_uncertain"),
                          QStringLiteral("lease_taken_over")}));
    QCOMPARE(f.eventDetail(id, QStringLiteral("lease_expired"), QStringLiteral("lease_owner")),
             QStringLiteral("w1"));
    QCOMPARE(
        f.eventDetail(id, QStringLiteral("lease_taken_over"), QStringLiteral("uncertain_steps")),
        QStringLiteral("[\"charge\"]"));

    // the dead worker wakes up: every call is fenced
    QCOMPARE(p.completeStep(zombie, QStringLiteral("charge"), QStringLiteral("ch_1")).errorKind(),
             StoreErrorKind::Fenced);
    QCOMPARE(p.heartbeat(zombie).errorKind(), StoreErrorKind::Fenced);

    // charge has a downstream key: the provider deduplicates, so it runs again
    const auto charge = p.beginStep(owner, QStringLiteral("charge"), QStringLiteral("dk-charge"));
    QCOMPARE_NAMED(charge.value(), StepAnswer::Run);
    QCOMPARE(f.eventDetail(id, QStringLiteral("step_started"), QStringLiteral("rule")),
             QStringLiteral("downstream_key"));
    QCOMPARE(f.stepField(id, QStringLiteral("charge"), QStringLiteral("attempts")),
             QStringLiteral("2"));
    QVERIFY(p.completeStep(owner, QStringLiteral("charge"), QStringLiteral("ch_1")).ok());
    QCOMPARE_NAMED(p.beginStep(owner, QStringLiteral("notify")).value(), StepAnswer::Run);

    // the second owner dies in notify, which has no downstream key
    QTest::qWait(650);
    const auto third = p.claim(f.request(request.key, steps, QStringLiteral("w3")));
    QVERIFY2(third.ok(), qPrintable(third.error().toString()));
    QCOMPARE_NAMED(third.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(third.value().leaseToken, 3);
    const RunLease last = third.value().lease();
    QCOMPARE(f.stepStatuses(id), QStringLiteral("charge=done,notify=uncertain,audit=pending"));
    QCOMPARE(p.completeStep(owner, QStringLiteral("notify")).errorKind(), StoreErrorKind::Fenced);

    // nobody knows whether the patient got the message
    const auto notify = p.beginStep(last, QStringLiteral("notify"));
    QCOMPARE_NAMED(notify.value(), StepAnswer::Uncertain);
    QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("manual_review"));
    const QString reason = f.runField(id, QStringLiteral("review_reason"));
    QVERIFY2(reason.contains(QStringLiteral("\"notify\"")) &&
                 reason.contains(QStringLiteral("no downstream_key")),
             qPrintable(reason));
    QVERIFY(f.runField(id, QStringLiteral("lease_owner")).isEmpty());
    QCOMPARE(f.eventKinds(id).last(), QStringLiteral("routed_to_review"));
    QCOMPARE(f.eventDetail(id, QStringLiteral("routed_to_review"), QStringLiteral("by")),
             QStringLiteral("begin_step"));
    QCOMPARE(f.stepStatuses(id), QStringLiteral("charge=done,notify=uncertain,audit=pending"));

    // and the last owner must stop too
    QCOMPARE(p.beginStep(last, QStringLiteral("audit")).errorKind(), StoreErrorKind::Fenced);
    QCOMPARE(f.stepField(id, QStringLiteral("audit"), QStringLiteral("status")),
             QStringLiteral("pending"));
}

void TestFencing::downstreamKeyRule_data() {
    QTest::addColumn<QString>("storedKey"); // sent by the owner that died
    QTest::addColumn<QString>("newKey");    // sent by the new owner
    QTest::addColumn<QString>("answer");
    const QString dk = QStringLiteral("dk");
    QTest::newRow("same key") << dk << dk << QStringLiteral("run");
    QTest::newRow("key stored, none sent") << dk << QString() << QStringLiteral("run");
    QTest::newRow("key changed") << dk << QStringLiteral("dk-2") << QStringLiteral("uncertain");
    QTest::newRow("no key stored, key sent") << QString() << dk << QStringLiteral("uncertain");
    QTest::newRow("no key at all") << QString() << QString() << QStringLiteral("uncertain");
}

void TestFencing::downstreamKeyRule() {
    QFETCH(QString, storedKey);
    QFETCH(QString, newKey);
    QFETCH(QString, answer);
    RunProtocol &p = *f.protocol;
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("s")});
    const auto first = p.claim(request);
    QVERIFY(first.ok() && first.value().acquired());
    QCOMPARE_NAMED(p.beginStep(first.value().lease(), QStringLiteral("s"), storedKey).value(),
                   StepAnswer::Run);
    QVERIFY(f.expireLease(first.value().runId));
    const auto second = p.claim(f.request(request.key, request.steps, QStringLiteral("w2")));
    QVERIFY(second.ok() && second.value().acquired());
    const qint64 id = second.value().runId;
    QCOMPARE(f.stepStatuses(id), QStringLiteral("s=uncertain"));

    const auto begin = p.beginStep(second.value().lease(), QStringLiteral("s"), newKey);
    QVERIFY2(begin.ok(), qPrintable(begin.error().toString()));
    QCOMPARE(toString(begin.value()), answer);
    if (answer == QLatin1String("run")) {
        QCOMPARE(f.stepStatuses(id), QStringLiteral("s=in_progress"));
        QCOMPARE(f.stepField(id, QStringLiteral("s"), QStringLiteral("downstream_key")), storedKey);
        QCOMPARE(f.stepField(id, QStringLiteral("s"), QStringLiteral("lease_token")),
                 QStringLiteral("2"));
        QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("processing"));
        QCOMPARE(f.eventDetail(id, QStringLiteral("step_started"), QStringLiteral("reexecute")),
                 QStringLiteral("uncertain"));
    } else {
        QCOMPARE(f.stepStatuses(id), QStringLiteral("s=uncertain"));
        QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("manual_review"));
        QCOMPARE(f.runField(id, QStringLiteral("lease_token")), QStringLiteral("2"));
        QVERIFY(f.runField(id, QStringLiteral("review_reason"))
                    .startsWith(QStringLiteral("step \"s\": outcome unknown")));
        QCOMPARE(f.eventKinds(id).last(), QStringLiteral("routed_to_review"));
    }
}

// The old owner's call holds the run row while a takeover waits for it: its outcome is
// recorded (expiry is not fencing), then the takeover happens and sees it.
void TestFencing::outcomeRecordedBeforeTakeoverIsKept() {
    RunProtocol &p = *f.protocol;
    const ClaimRequest request =
        f.request(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")});
    const auto first = p.claim(request);
    QVERIFY(first.ok() && first.value().acquired());
    const RunLease old = first.value().lease();
    QCOMPARE_NAMED(p.beginStep(old, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.expireLease(old.runId));

    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(p.completeStep(old, QStringLiteral("a"), QStringLiteral("ref-a")).ok());

    auto otherConn = f.db->connect(QStringLiteral("t_worker"));
    QVERIFY(otherConn);
    RunProtocol other(*otherConn);
    const int pid = otherConn->backendPid();
    auto takeover = std::async(std::launch::async, [&] {
        return other.claim(f.request(request.key, request.steps, QStringLiteral("w2")));
    });
    QVERIFY(f.waitUntilBlocked(pid));
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    const auto claimed = takeover.get();
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    QCOMPARE_NAMED(claimed.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(claimed.value().leaseToken, 2);
    // a was done before the takeover: not uncertain, and the new owner skips it
    QCOMPARE(f.stepStatuses(old.runId), QStringLiteral("a=done,b=pending"));
    QCOMPARE(f.eventDetail(old.runId, QStringLiteral("lease_taken_over"),
                           QStringLiteral("uncertain_steps")),
             QStringLiteral("[]"));
    QCOMPARE_NAMED(other.beginStep(claimed.value().lease(), QStringLiteral("a")).value(),
                   StepAnswer::Skip);
    // and from now on the old owner is fenced
    QCOMPARE(p.completeStep(old, QStringLiteral("b")).errorKind(), StoreErrorKind::Fenced);
}

// A heartbeat that gets the row first renews the lease; the waiting claim then sees a live
// lease and answers in_progress: one owner, never two.
void TestFencing::heartbeatWinningRaceKeepsLease() {
    RunProtocol &p = *f.protocol;
    const ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("a")});
    const auto first = p.claim(request);
    QVERIFY(first.ok() && first.value().acquired());
    const RunLease lease = first.value().lease();
    QVERIFY(f.expireLease(lease.runId));

    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(p.heartbeat(lease, 30s).ok());
    auto otherConn = f.db->connect(QStringLiteral("t_worker"));
    QVERIFY(otherConn);
    RunProtocol other(*otherConn);
    const int pid = otherConn->backendPid();
    auto takeover = std::async(std::launch::async, [&] {
        return other.claim(f.request(request.key, request.steps, QStringLiteral("w2")));
    });
    QVERIFY(f.waitUntilBlocked(pid));
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    const auto claimed = takeover.get();
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    QCOMPARE_NAMED(claimed.value().outcome, ClaimOutcome::InProgress);
    QCOMPARE(claimed.value().leaseOwner, QStringLiteral("w1"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QStringLiteral("1"));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_owner")), QStringLiteral("w1"));
    QVERIFY(!f.eventKinds(lease.runId).contains(QStringLiteral("lease_taken_over")));
    QCOMPARE_NAMED(p.beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
}

// A worker whose run went to manual review (fail at max_attempts, or begin_step answering
// `uncertain`, which tells it that "further calls get DD001") keeps its token: review removes
// no lease, so nothing bumps it. After an operator resolved the review as succeeded, that
// worker's succeed() must still be fenced: its result was never stored, the operator's was.
// (Fails against the SQL at the time of writing: succeed() takes the call for a harmless
// repeat of its own success and answers OK; see the report.)
void TestFencing::succeedAfterOperatorResolvedIsFenced_data() {
    QTest::addColumn<QString>("routedBy");
    QTest::newRow("fail at max_attempts") << QStringLiteral("fail");
    QTest::newRow("begin_step uncertain") << QStringLiteral("begin_step");
}

void TestFencing::succeedAfterOperatorResolvedIsFenced() {
    QFETCH(QString, routedBy);
    RunProtocol &p = *f.protocol;
    ClaimRequest request = f.request(f.uniqueKey(), {QStringLiteral("sms")});
    request.maxAttempts = 1;
    const auto claim = p.claim(request);
    QVERIFY(claim.ok() && claim.value().acquired());
    const RunLease lease = claim.value().lease();
    if (routedBy == QLatin1String("fail")) {
        QCOMPARE_NAMED(p.fail(lease, {QStringLiteral("timeout"), {}, true}).value(),
                       RunStatus::ManualReview);
    } else {
        QCOMPARE_NAMED(p.beginStep(lease, QStringLiteral("sms")).value(), StepAnswer::Run);
        QVERIFY(
            p.failStep(lease, QStringLiteral("sms"), {QStringLiteral("timeout"), {}, true}).ok());
        QCOMPARE_NAMED(p.beginStep(lease, QStringLiteral("sms")).value(), StepAnswer::Uncertain);
    }
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), QStringLiteral("manual_review"));
    QCOMPARE(p.succeed(lease).errorKind(), StoreErrorKind::Fenced); // while in review: fenced
    QCOMPARE(f.resolveReview(lease.runId, lease.token, QStringLiteral("succeeded")),
             QStringLiteral("applied"));

    const QString before = f.snapshot();
    const auto late =
        p.succeed(lease, QJsonObject{{QStringLiteral("from"), QStringLiteral("zombie")}});
    QCOMPARE(f.snapshot(), before);
    QVERIFY2(late.isFenced(), late.ok() ? "succeed() answered OK to a worker that lost the run"
                                        : qPrintable(late.error().toString()));
}

QTEST_GUILESS_MAIN(TestFencing)
#include "tst_fencing.moc"
