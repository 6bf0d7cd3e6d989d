// Concurrent claims of one key: 32 connections released together by a latch get exactly one
// `acquired` (new key, expired lease, retryable failure alike); the rest are told who holds
// it. A claim whose transaction rolls back leaves no row behind and lets the waiting claimer
// acquire: no orphan, no lost run.
#include "RunProtocolFixture.h"

#include <QElapsedTimer>
#include <QtTest>

#include <future>
#include <latch>
#include <thread>
#include <vector>

using namespace dedup::store;
using namespace std::chrono_literals;

namespace {

constexpr int kClaimers = 32;

struct Tally {
    int acquired = 0;
    int inProgress = 0;
    int other = 0;
    QSet<qint64> runIds;
    QString winner;
    QStringList errors;
    qint64 elapsedMs = 0;
};

} // namespace

class TestClaimConcurrency : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void concurrentClaimsOfNewKey_data();
    void concurrentClaimsOfNewKey();
    void concurrentTakeoverOfExpiredLease();
    void concurrentRetryOfFailedRun();
    void rolledBackWinnerLetsWaiterAcquire();
    void committedWinnerMakesWaiterSeeInProgress();
    void rolledBackClaimLeavesNothing();
    void rolledBackTakeoverLetsWaiterTakeOver();

private:
    // Every connection claims `key` at the same moment (worker ids c0 ... c31).
    Tally claimTogether(const QString &key);
    void checkOneWinner(const Tally &tally, qint64 expectedToken);

    RunProtocolFixture f;
    std::vector<std::unique_ptr<PgConnection>> m_conns;
};

void TestClaimConcurrency::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
    for (int i = 0; i < kClaimers; ++i) {
        m_conns.push_back(f.db->connect(QStringLiteral("t_worker")));
        QVERIFY(m_conns.back());
    }
}

Tally TestClaimConcurrency::claimTogether(const QString &key) {
    std::latch start(kClaimers);
    std::vector<std::future<ProtocolResult<ClaimResult>>> futures;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < kClaimers; ++i) {
        PgConnection *conn = m_conns[size_t(i)].get();
        futures.push_back(std::async(std::launch::async, [conn, key, i, &start] {
            RunProtocol protocol(*conn);
            const ClaimRequest request = RunProtocolFixture::request(
                key, {QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("c%1").arg(i));
            start.arrive_and_wait();
            return protocol.claim(request);
        }));
    }
    Tally tally;
    for (auto &future : futures) {
        const auto claim = future.get();
        if (!claim.ok()) {
            tally.errors << claim.error().toString();
            continue;
        }
        tally.runIds.insert(claim.value().runId);
        switch (claim.value().outcome) {
        case ClaimOutcome::Acquired:
            ++tally.acquired;
            tally.winner = claim.value().leaseOwner;
            break;
        case ClaimOutcome::InProgress:
            ++tally.inProgress;
            break;
        default:
            ++tally.other;
        }
    }
    tally.elapsedMs = timer.elapsed();
    return tally;
}

void TestClaimConcurrency::checkOneWinner(const Tally &tally, qint64 expectedToken) {
    QVERIFY2(tally.errors.isEmpty(), qPrintable(tally.errors.join(QLatin1Char('\n'))));
    QCOMPARE(tally.acquired, 1);
    QCOMPARE(tally.inProgress, kClaimers - 1);
    QCOMPARE(tally.other, 0);
    QCOMPARE(tally.runIds.size(), 1);
    const qint64 id = *tally.runIds.begin();
    QCOMPARE(f.runField(id, QStringLiteral("lease_owner")), tally.winner);
    QCOMPARE(f.runField(id, QStringLiteral("lease_token")), QString::number(expectedToken));
    // every loser's answer was counted on the run's one duplicates row, none lost to the
    // race (0025: counted in place, no event), and the last few were kept whole
    QCOMPARE(f.eventKinds(id).count(QStringLiteral("duplicate_suppressed")), 0);
    QCOMPARE(f.duplicateCounts(id), QStringLiteral("0,%1,0").arg(kClaimers - 1));
    QCOMPARE(f.recentDuplicateCount(id), RunProtocolFixture::kRecentDuplicates);
    for (int i = 0; i < RunProtocolFixture::kRecentDuplicates; ++i) {
        QCOMPARE(f.recentDuplicate(id, i, QStringLiteral("outcome")),
                 QStringLiteral("in_progress"));
        QCOMPARE(f.recentDuplicate(id, i, QStringLiteral("lease_owner")), tally.winner);
        QVERIFY(f.recentDuplicate(id, i, QStringLiteral("worker")) != tally.winner);
    }
    qInfo("%d concurrent claims: %lld ms", kClaimers, tally.elapsedMs);
}

void TestClaimConcurrency::concurrentClaimsOfNewKey_data() {
    QTest::addColumn<int>("round");
    for (int round = 1; round <= 4; ++round)
        QTest::addRow("round %d", round) << round;
}

void TestClaimConcurrency::concurrentClaimsOfNewKey() {
    const QString key = f.uniqueKey(QStringLiteral("race"));
    const Tally tally = claimTogether(key);
    checkOneWinner(tally, 1);
    const qint64 id = *tally.runIds.begin();
    QCOMPARE(f.runCount(key), 1);
    QCOMPARE(f.runField(id, QStringLiteral("attempt")), QStringLiteral("1"));
    QCOMPARE(f.stepStatuses(id), QStringLiteral("a=pending,b=pending"));
    QCOMPARE(f.eventKinds(id).count(QStringLiteral("claimed")), 1);
}

void TestClaimConcurrency::concurrentTakeoverOfExpiredLease() {
    const QString key = f.uniqueKey(QStringLiteral("takeover"));
    const auto first =
        f.protocol->claim(f.request(key, {QStringLiteral("a"), QStringLiteral("b")}));
    QVERIFY(first.ok() && first.value().acquired());
    QCOMPARE_NAMED(f.protocol->beginStep(first.value().lease(), QStringLiteral("a")).value(),
                   StepAnswer::Run);
    QVERIFY(f.expireLease(first.value().runId));

    const Tally tally = claimTogether(key);
    checkOneWinner(tally, 2);
    const qint64 id = first.value().runId;
    QCOMPARE(f.runField(id, QStringLiteral("attempt")), QStringLiteral("2"));
    QCOMPARE(f.eventKinds(id).count(QStringLiteral("lease_taken_over")), 1);
    QCOMPARE(f.eventKinds(id).count(QStringLiteral("step_uncertain")), 1);
    QCOMPARE(f.stepStatuses(id), QStringLiteral("a=uncertain,b=pending"));
}

void TestClaimConcurrency::concurrentRetryOfFailedRun() {
    const QString key = f.uniqueKey(QStringLiteral("retry"));
    const auto first =
        f.protocol->claim(f.request(key, {QStringLiteral("a"), QStringLiteral("b")}));
    QVERIFY(first.ok() && first.value().acquired());
    QVERIFY(f.protocol->fail(first.value().lease(), {QStringLiteral("timeout"), {}, true}).ok());

    const Tally tally = claimTogether(key);
    checkOneWinner(tally, 2);
    const qint64 id = first.value().runId;
    QCOMPARE(f.runField(id, QStringLiteral("attempt")), QStringLiteral("2"));
    QCOMPARE(f.eventKinds(id).count(QStringLiteral("claimed")), 2); // new + one retry
}

// The claim race is decided by the unique index: the second inserter waits for the first
// transaction. When that rolls back, the waiter inserts and acquires.
void TestClaimConcurrency::rolledBackWinnerLetsWaiterAcquire() {
    const QString key = f.uniqueKey(QStringLiteral("rollback"));
    PgConnection &a = *m_conns[0];
    PgConnection &b = *m_conns[1];
    RunProtocol first(a);
    QVERIFY(a.exec(QStringLiteral("BEGIN")).ok());
    const auto won = first.claim(f.request(key, {QStringLiteral("a")}, QStringLiteral("loser")));
    QVERIFY(won.ok() && won.value().acquired());

    auto waiter = std::async(std::launch::async, [&b, key] {
        RunProtocol second(b);
        return second.claim(
            RunProtocolFixture::request(key, {QStringLiteral("a")}, QStringLiteral("waiter")));
    });
    QVERIFY(f.waitUntilBlocked(b.backendPid()));
    QVERIFY(a.exec(QStringLiteral("ROLLBACK")).ok());
    const auto claim = waiter.get();
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(claim.value().leaseToken, 1);
    QCOMPARE(claim.value().attempt, 1);

    const qint64 id = claim.value().runId;
    QVERIFY(id != won.value().runId); // the rolled-back row is gone for good
    QCOMPARE(f.runCount(key), 1);
    QCOMPARE(f.runField(id, QStringLiteral("lease_owner")), QStringLiteral("waiter"));
    QCOMPARE(f.eventKinds(id), QStringList{QStringLiteral("claimed")});
    QCOMPARE(f.stepStatuses(id), QStringLiteral("a=pending"));
    QCOMPARE(f.eventKinds(won.value().runId), QStringList());
}

void TestClaimConcurrency::committedWinnerMakesWaiterSeeInProgress() {
    const QString key = f.uniqueKey(QStringLiteral("commit"));
    PgConnection &a = *m_conns[0];
    PgConnection &b = *m_conns[1];
    RunProtocol first(a);
    QVERIFY(a.exec(QStringLiteral("BEGIN")).ok());
    const auto won = first.claim(f.request(key, {}, QStringLiteral("winner")));
    QVERIFY(won.ok() && won.value().acquired());
    auto waiter = std::async(std::launch::async, [&b, key] {
        RunProtocol second(b);
        return second.claim(RunProtocolFixture::request(key, {}, QStringLiteral("waiter")));
    });
    QVERIFY(f.waitUntilBlocked(b.backendPid()));
    QVERIFY(a.exec(QStringLiteral("COMMIT")).ok());
    const auto claim = waiter.get();
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::InProgress);
    QCOMPARE(claim.value().runId, won.value().runId);
    QCOMPARE(claim.value().leaseOwner, QStringLiteral("winner"));
    QCOMPARE(f.runCount(key), 1);
}

void TestClaimConcurrency::rolledBackClaimLeavesNothing() {
    const QString key = f.uniqueKey(QStringLiteral("gone"));
    PgConnection &a = *m_conns[0];
    RunProtocol protocol(a);
    QVERIFY(a.exec(QStringLiteral("BEGIN")).ok());
    const auto claim = protocol.claim(f.request(key, {QStringLiteral("a")}));
    QVERIFY(claim.ok() && claim.value().acquired());
    QVERIFY(a.exec(QStringLiteral("ROLLBACK")).ok());
    QCOMPARE(f.runCount(key), 0);
    QCOMPARE(f.eventKinds(claim.value().runId), QStringList());

    // the intent is not lost: the next delivery acquires it from scratch
    const auto again = protocol.claim(f.request(key, {QStringLiteral("a")}));
    QVERIFY(again.ok());
    QCOMPARE_NAMED(again.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(again.value().leaseToken, 1);
    QCOMPARE(again.value().attempt, 1);
    QCOMPARE(f.runCount(key), 1);
}

// The takeover path locks the existing row: a takeover that rolls back releases it and the
// waiting claimer takes over instead (token 2, not 3: the rolled-back bump never happened).
void TestClaimConcurrency::rolledBackTakeoverLetsWaiterTakeOver() {
    const QString key = f.uniqueKey(QStringLiteral("takeover-rollback"));
    const auto first = f.protocol->claim(f.request(key, {QStringLiteral("a")}));
    QVERIFY(first.ok() && first.value().acquired());
    QVERIFY(f.expireLease(first.value().runId));

    PgConnection &a = *m_conns[0];
    PgConnection &b = *m_conns[1];
    RunProtocol loser(a);
    QVERIFY(a.exec(QStringLiteral("BEGIN")).ok());
    const auto won = loser.claim(f.request(key, {QStringLiteral("a")}, QStringLiteral("loser")));
    QVERIFY(won.ok() && won.value().acquired());
    QCOMPARE(won.value().leaseToken, 2);
    auto waiter = std::async(std::launch::async, [&b, key] {
        RunProtocol second(b);
        return second.claim(
            RunProtocolFixture::request(key, {QStringLiteral("a")}, QStringLiteral("waiter")));
    });
    QVERIFY(f.waitUntilBlocked(b.backendPid()));
    QVERIFY(a.exec(QStringLiteral("ROLLBACK")).ok());
    const auto claim = waiter.get();
    QVERIFY2(claim.ok(), qPrintable(claim.error().toString()));
    QCOMPARE_NAMED(claim.value().outcome, ClaimOutcome::Acquired);
    QCOMPARE(claim.value().leaseToken, 2);
    QCOMPARE(claim.value().attempt, 2);
    const qint64 id = first.value().runId;
    QCOMPARE(f.runField(id, QStringLiteral("lease_owner")), QStringLiteral("waiter"));
    QCOMPARE(f.eventKinds(id),
             (QStringList{QStringLiteral("claimed"), QStringLiteral("lease_expired"),
                          QStringLiteral("lease_taken_over")}));
}

QTEST_GUILESS_MAIN(TestClaimConcurrency)
#include "tst_claimconcurrency.moc"
