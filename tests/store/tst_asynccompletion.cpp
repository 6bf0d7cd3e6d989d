// complete_step commits without waiting for the WAL flush (0009_performance.sql), and only
// when nothing else in its transaction needs durability: a transaction that also begins a
// step, claims, succeeds or fails keeps the session's synchronous_commit. Notifications and
// events are unchanged.
#include "RunProtocolFixture.h"

#include <QtTest>

using namespace dedup::store;

class TestAsyncCompletion : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void completionAloneIsAsynchronous();
    void anotherChangeKeepsTheTransactionDurable();
    void beginAfterCompletionRestoresTheSessionSetting();
    void autocommitCallsLeaveTheSessionAlone();

private:
    RunLease acquire(const QStringList &steps);
    QString syncCommit() const;

    RunProtocolFixture f;
};

void TestAsyncCompletion::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
    // The session's own choice, which a durable transaction must keep (not merely "on").
    QVERIFY(f.worker->exec(QStringLiteral("SET synchronous_commit = 'local'")).ok());
}

void TestAsyncCompletion::cleanup() {
    // A failed test may leave its transaction open; the next one starts outside it.
    f.worker->exec(QStringLiteral("ROLLBACK"));
}

RunLease TestAsyncCompletion::acquire(const QStringList &steps) {
    const auto claim = f.protocol->claim(f.request(f.uniqueKey(), steps));
    return claim.ok() ? claim.value().lease() : RunLease{};
}

QString TestAsyncCompletion::syncCommit() const {
    const PgResult result = f.worker->exec(QStringLiteral("SHOW synchronous_commit"));
    return result.ok() ? result.text(0, 0) : result.error().toString();
}

void TestAsyncCompletion::completionAloneIsAsynchronous() {
    const RunLease lease = acquire({QStringLiteral("a")});
    const qint64 id = lease.runId;
    QVERIFY(id);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a"), QStringLiteral("ref-1")).ok());
    QCOMPARE(syncCommit(), QStringLiteral("off"));
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(syncCommit(), QStringLiteral("local")); // SET LOCAL: this transaction only
    QCOMPARE(f.stepStatuses(id), QStringLiteral("a=done"));
    QCOMPARE(f.eventKinds(id), QStringList{QStringLiteral("claimed")});
    QCOMPARE(f.changeCount(id), 2); // the start and the completion (0021)
}

void TestAsyncCompletion::anotherChangeKeepsTheTransactionDurable() {
    const RunLease lease = acquire({QStringLiteral("a")});
    const qint64 id = lease.runId;
    QVERIFY(id);
    // begin_step first: the completion that follows in the same transaction must not make
    // the begin_step asynchronous.
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(syncCommit(), QStringLiteral("local"));
    QVERIFY(f.protocol->succeed(lease).ok());
    QCOMPARE(syncCommit(), QStringLiteral("local"));
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(f.runField(id, QStringLiteral("status")), QStringLiteral("succeeded"));
}

void TestAsyncCompletion::beginAfterCompletionRestoresTheSessionSetting() {
    // docs/PROTOCOL.md allows complete_step(A) and begin_step(B) in one transaction: the
    // begin_step makes it durable again, with the session's own setting.
    const RunLease lease = acquire({QStringLiteral("a"), QStringLiteral("b")});
    const qint64 id = lease.runId;
    QVERIFY(id);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(syncCommit(), QStringLiteral("off"));
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("b")).value(), StepAnswer::Run);
    QCOMPARE(syncCommit(), QStringLiteral("local"));
    // and a later completion in the same transaction does not turn it off again
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("b")).ok());
    QCOMPARE(syncCommit(), QStringLiteral("local"));
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(f.stepStatuses(id), QStringLiteral("a=done,b=done"));
}

void TestAsyncCompletion::autocommitCallsLeaveTheSessionAlone() {
    const RunLease lease = acquire({QStringLiteral("a")});
    const qint64 id = lease.runId;
    QVERIFY(id);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(syncCommit(), QStringLiteral("local"));
    // A repeated completion changes nothing and stays a no-op.
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QVERIFY(f.protocol->succeed(lease).ok());
    QCOMPARE(syncCommit(), QStringLiteral("local"));
    QCOMPARE(f.eventKinds(id).size(), 1);
    QCOMPARE(f.changeCount(id), 3); // start, completion, success (the repeat changed nothing)
}

QTEST_GUILESS_MAIN(TestAsyncCompletion)
#include "tst_asynccompletion.moc"
