// Server-imposed limits (docs/RELIABILITY.md, "Server-imposed limits"): a protocol or operator
// call that statement_timeout or lock_timeout stops leaves nothing half-applied, the same call
// made again applies once, and a transaction that idle_in_transaction_session_timeout ends
// took everything of it along.
//
// Each call is made to stop after it has already written: another session holds a lock on
// dedup.events and dedup.run_changes, one of which every one of these calls writes last (the
// run and step rows first; since 0021 a plain start, a completion and a success write a
// change row instead of an event), or on the run row for heartbeat, which writes nothing else.
#include "RunProtocolFixture.h"
#include "store/OperatorActions.h"
#include "store/StoreError.h"

#include <QtTest>

using namespace dedup::store;

namespace {

// A session holding a lock until release() (or its destruction): the statement that needs
// the lock waits, and the limit under test stops it.
class LockHolder {
public:
    explicit LockHolder(PgConnection &conn)
        : m_conn(conn) {}
    ~LockHolder() { release(); }
    QString lockEvents() {
        return begin(QStringLiteral("LOCK TABLE dedup.events, dedup.run_changes"
                                    " IN SHARE ROW EXCLUSIVE MODE"),
                     {});
    }
    QString lockRun(qint64 runId) {
        PgParams p;
        p.add(runId);
        return begin(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), p);
    }
    void release() {
        if (m_open)
            m_conn.exec(QStringLiteral("ROLLBACK"));
        m_open = false;
    }

private:
    QString begin(const QString &sql, const PgParams &params) {
        const auto began = m_conn.exec(QStringLiteral("BEGIN"));
        if (!began.ok())
            return began.error().toString();
        m_open = true;
        const auto locked = m_conn.exec(sql, params);
        return locked.ok() ? QString() : locked.error().toString();
    }
    PgConnection &m_conn;
    bool m_open = false;
};

QString errorText(StoreErrorKind kind) {
    switch (kind) {
    case StoreErrorKind::None:
        return QStringLiteral("ok");
    case StoreErrorKind::QueryCanceled:
        return QStringLiteral("57014");
    case StoreErrorKind::LockNotAvailable:
        return QStringLiteral("55P03");
    case StoreErrorKind::ConnectionLost:
        return QStringLiteral("connection lost");
    default:
        return QStringLiteral("another error (%1)").arg(int(kind));
    }
}

} // namespace

class TestServerLimits : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void protocolCallStoppedLeavesNothing_data();
    void protocolCallStoppedLeavesNothing();
    void operatorCallStoppedLeavesNothing_data();
    void operatorCallStoppedLeavesNothing();
    void idleTransactionEndedTakesTheClaimAlong();

private:
    // Sets the worker session's limit ("lock_timeout" or "statement_timeout") to 150 ms, the
    // other one off; an empty name turns both off.
    bool setLimit(PgConnection &conn, const QString &limit);
    RunProtocolFixture f;
    std::unique_ptr<PgConnection> holderConn;
};

void TestServerLimits::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
}

void TestServerLimits::init() {
    holderConn = f.db->connect();
    QVERIFY(holderConn);
    QVERIFY(setLimit(*f.worker, {}));
}

bool TestServerLimits::setLimit(PgConnection &conn, const QString &limit) {
    PgParams p;
    p.add(limit == QLatin1String("lock_timeout") ? QStringLiteral("150ms") : QStringLiteral("0"))
        .add(limit == QLatin1String("statement_timeout") ? QStringLiteral("150ms")
                                                         : QStringLiteral("0"));
    return conn
        .exec(QStringLiteral("SELECT set_config('lock_timeout', $1, false),"
                             " set_config('statement_timeout', $2, false)"),
              p)
        .ok();
}

void TestServerLimits::protocolCallStoppedLeavesNothing_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("limit");
    const QStringList calls{QStringLiteral("claim"),      QStringLiteral("heartbeat"),
                            QStringLiteral("begin_step"), QStringLiteral("complete_step"),
                            QStringLiteral("fail_step"),  QStringLiteral("skip_step"),
                            QStringLiteral("succeed"),    QStringLiteral("fail")};
    for (const QString &call : calls) {
        for (const char *limit : {"lock_timeout", "statement_timeout"})
            QTest::addRow("%s, %s", qPrintable(call), limit) << call << QString::fromLatin1(limit);
    }
}

void TestServerLimits::protocolCallStoppedLeavesNothing() {
    QFETCH(QString, call);
    QFETCH(QString, limit);
    RunProtocol &protocol = *f.protocol;
    const QString key = RunProtocolFixture::uniqueKey();
    const ClaimRequest request =
        RunProtocolFixture::request(key, {QStringLiteral("a"), QStringLiteral("b")});

    // The run in the state the call applies to (nothing to prepare for claim).
    RunLease lease;
    if (call != QLatin1String("claim")) {
        const auto claimed = protocol.claim(request);
        QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
        lease = claimed.value().lease();
    }
    if (call == QLatin1String("complete_step") || call == QLatin1String("fail_step") ||
        call == QLatin1String("succeed")) {
        QVERIFY(protocol.beginStep(lease, QStringLiteral("a")).ok());
    }
    if (call == QLatin1String("succeed")) {
        QVERIFY(protocol.completeStep(lease, QStringLiteral("a"), QStringLiteral("ref-a")).ok());
        QVERIFY(protocol.skipStep(lease, QStringLiteral("b")).ok());
    }

    const auto makeCall = [&]() -> StoreErrorKind {
        if (call == QLatin1String("claim")) {
            const auto claimed = protocol.claim(request);
            if (claimed.ok() && claimed.value().outcome != ClaimOutcome::Acquired)
                return StoreErrorKind::Other;
            return claimed.errorKind();
        }
        if (call == QLatin1String("heartbeat"))
            return protocol.heartbeat(lease, std::chrono::seconds(60)).errorKind();
        if (call == QLatin1String("begin_step")) {
            const auto answer = protocol.beginStep(lease, QStringLiteral("a"));
            if (answer.ok() && answer.value() != StepAnswer::Run)
                return StoreErrorKind::Other;
            return answer.errorKind();
        }
        if (call == QLatin1String("complete_step"))
            return protocol.completeStep(lease, QStringLiteral("a"), QStringLiteral("ref-a"))
                .errorKind();
        if (call == QLatin1String("fail_step"))
            return protocol
                .failStep(lease, QStringLiteral("a"),
                          {QStringLiteral("timeout"), QStringLiteral("no answer"), true})
                .errorKind();
        if (call == QLatin1String("skip_step"))
            return protocol.skipStep(lease, QStringLiteral("a"), QStringLiteral("not needed"))
                .errorKind();
        if (call == QLatin1String("succeed"))
            return protocol.succeed(lease, QJsonObject{{QStringLiteral("ok"), true}}).errorKind();
        return protocol.fail(lease, {QStringLiteral("timeout"), QStringLiteral("no answer"), true})
            .errorKind();
    };

    const QString before = f.snapshot();
    {
        LockHolder holder(*holderConn);
        const QString locked =
            call == QLatin1String("heartbeat") ? holder.lockRun(lease.runId) : holder.lockEvents();
        QVERIFY2(locked.isEmpty(), qPrintable(locked));
        QVERIFY(setLimit(*f.worker, limit));
        const StoreErrorKind stopped = makeCall();
        QCOMPARE(errorText(stopped), limit == QLatin1String("lock_timeout")
                                         ? QStringLiteral("55P03")
                                         : QStringLiteral("57014"));
        QVERIFY(isStoppedByServer(stopped));
        QVERIFY(f.worker->isOpen()); // the session survives; only the statement was stopped
        // Nothing of the call is left: not the run or step rows it wrote before it waited.
        QCOMPARE(f.snapshot(), before);
    }
    // Made again once the lock is gone, the same call applies, once.
    QVERIFY(setLimit(*f.worker, {}));
    QCOMPARE(errorText(makeCall()), QStringLiteral("ok"));
    QVERIFY(f.snapshot() != before);
    QCOMPARE(f.runCount(key), 1);
}

void TestServerLimits::operatorCallStoppedLeavesNothing_data() {
    QTest::addColumn<QString>("limit");
    QTest::newRow("lock_timeout") << QStringLiteral("lock_timeout");
    QTest::newRow("statement_timeout") << QStringLiteral("statement_timeout");
}

void TestServerLimits::operatorCallStoppedLeavesNothing() {
    QFETCH(QString, limit);
    const auto claimed = f.protocol->claim(RunProtocolFixture::request(
        RunProtocolFixture::uniqueKey(), {QStringLiteral("a")}, QStringLiteral("gone")));
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    const RunLease lease = claimed.value().lease();
    QVERIFY(f.expireLease(lease.runId)); // its worker died: a stale lock to clear

    auto operatorConn = f.db->connect(QStringLiteral("t_operator"));
    QVERIFY(operatorConn);
    OperatorActions actions(*operatorConn);
    const OperatorRequest request{lease.runId, lease.token, QStringLiteral("worker host died"),
                                  OperatorActions::newActionKey()};
    const QString audit = QStringLiteral("SELECT count(*) FROM dedup.audit_log");
    const QString auditBefore = f.scalar(audit);
    const QString before = f.snapshot();
    {
        LockHolder holder(*holderConn);
        QCOMPARE(holder.lockEvents(), QString());
        QVERIFY(setLimit(*operatorConn, limit));
        const auto stopped = actions.clearStaleLease(request);
        QVERIFY(!stopped.ok());
        QCOMPARE(errorText(stopped.errorKind()), limit == QLatin1String("lock_timeout")
                                                     ? QStringLiteral("55P03")
                                                     : QStringLiteral("57014"));
        QCOMPARE(f.snapshot(), before);
        QCOMPARE(f.scalar(audit), auditBefore); // no audit row for what did not happen
    }
    QVERIFY(setLimit(*operatorConn, {}));
    // The same intent (same action key) sent again applies once; a third send replays.
    const auto applied = actions.clearStaleLease(request);
    QVERIFY2(applied.ok(), qPrintable(applied.error().toString()));
    QCOMPARE(toString(applied.value().outcome), QStringLiteral("applied"));
    const auto replayed = actions.clearStaleLease(request);
    QVERIFY(replayed.ok());
    QCOMPARE(toString(replayed.value().outcome), QStringLiteral("replayed"));
    QCOMPARE(f.scalar(audit).toInt(), auditBefore.toInt() + 1);
}

void TestServerLimits::idleTransactionEndedTakesTheClaimAlong() {
    // An automation that claims inside its own transaction (docs/PROTOCOL.md section 12) and
    // then idles past idle_in_transaction_session_timeout: the server ends the session and
    // rolls the transaction back, claim included; the automation's next call finds the
    // connection gone, and on a new one the same claim acquires the run, as the first time.
    auto conn = f.db->connect(QStringLiteral("t_worker"));
    QVERIFY(conn);
    QVERIFY(conn->exec(QStringLiteral("SET idle_in_transaction_session_timeout = '200ms'")).ok());
    QVERIFY(conn->exec(QStringLiteral("BEGIN")).ok());
    RunProtocol protocol(*conn);
    const QString key = RunProtocolFixture::uniqueKey();
    const ClaimRequest request = RunProtocolFixture::request(key, {QStringLiteral("a")});
    const auto claimed = protocol.claim(request);
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    QCOMPARE(toString(claimed.value().outcome), QStringLiteral("acquired"));
    QTest::qWait(700);
    const auto committed = conn->exec(QStringLiteral("COMMIT"));
    QVERIFY(!committed.ok());
    QCOMPARE(errorText(classify(committed.error())), QStringLiteral("connection lost"));
    QCOMPARE(f.runCount(key), 0);

    QVERIFY(conn->open(f.db->conninfo(QStringLiteral("t_worker"))));
    RunProtocol again(*conn);
    const auto reclaimed = again.claim(request);
    QVERIFY2(reclaimed.ok(), qPrintable(reclaimed.error().toString()));
    QCOMPARE(toString(reclaimed.value().outcome), QStringLiteral("acquired"));
    QCOMPARE(reclaimed.value().attempt, 1);
    QCOMPARE(f.eventKinds(reclaimed.value().runId), QStringList{QStringLiteral("claimed")});
}

QTEST_GUILESS_MAIN(TestServerLimits)
#include "tst_serverlimits.moc"
