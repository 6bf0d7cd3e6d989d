// The Lane against the real PostgreSQL: answers in order with growing ids, stale answers
// dropped, cancel of a running statement, reconnection after the server terminated the
// lane's backend with the delays core::RetryPolicy computes, and every failure reported as
// the one lanes::Failure type. In Writes mode a job runs exactly once: a backend terminated
// in the middle of a write answers Failure::ConnectionLost (outcome unknown, the caller
// decides) and the next job runs on a new connection; a cancelled or timed-out statement is
// answered, never run again; the connection is opened by the first job.
#include "TestCluster.h"
#include "TestDatabase.h"
#include "lanes/Lane.h"
#include "lanes/QueryRunner.h"
#include "models/RunPageLoader.h"
#include "store/PgConnection.h"

#include <QSignalSpy>
#include <QtTest>

#include <atomic>
#include <memory>
#include <type_traits>

using namespace dedup;
using lanes::Failure;
using lanes::Lane;

namespace {

// The query runner is a lane: a compile-time check, so a second connection thread cannot
// creep back in beside Lane.
static_assert(std::is_base_of_v<Lane, lanes::QueryRunner>);

// A job running `sql`, answering its first column as text.
Lane::Job query(const QString &sql) {
    return [sql](store::PgConnection &conn, store::PgError *error) {
        const store::PgResult result = conn.exec(sql);
        if (!result.ok()) {
            *error = result.error();
            return QVariant();
        }
        return QVariant(result.text(0, 0));
    };
}

// Runs `statements` in order, stopping at the first failure; answers the last one's first
// column. `runs` counts how often the job itself was started.
Lane::Job counted(std::shared_ptr<std::atomic<int>> runs, QStringList statements) {
    return [runs, statements](store::PgConnection &conn, store::PgError *error) {
        ++*runs;
        QVariant value;
        for (const QString &sql : statements) {
            const store::PgResult result = conn.exec(sql);
            if (!result.ok()) {
                *error = result.error();
                return QVariant();
            }
            value = result.rows() > 0 ? QVariant(result.text(0, 0)) : QVariant();
        }
        return value;
    };
}

// Waits until `pid` runs a statement starting with `prefix` (seen from another session).
bool waitUntilRunning(store::PgConnection &super, int pid, const QString &prefix) {
    const QString sql = QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = $1 "
                                       "AND state = 'active' AND starts_with(query, $2)");
    for (int i = 0; i < 200; ++i) {
        const store::PgResult r = super.exec(sql, store::PgParams().add(pid).add(prefix));
        if (r.ok() && r.toInt64(0, 0) == 1)
            return true;
        QTest::qWait(50);
    }
    return false;
}

} // namespace

class TestLane : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void answersInOrderWithGrowingIds();
    void staleAnswersAreDropped();
    void cancelStopsRunningStatement();
    void failuresShareOneType();
    void reconnectsWithRetryPolicyBackoff();
    void writeLostMidStatementRunsOnceAndAnswersConnectionLost();
    void writeCancelAndTimeoutAreAnsweredNotRerun();

private:
    // A sequence is not rolled back: public.tries counts the statements the server really
    // ran; public.written what they committed.
    void createCounters();

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super;
};

void TestLane::init() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_super = m_db->connect();
    QVERIFY(m_super);
}

void TestLane::cleanup() {
    m_super.reset();
    m_db.reset();
}

void TestLane::answersInOrderWithGrowingIds() {
    Lane lane(m_db->conninfo(), QStringLiteral("tst-lane"));
    QSignalSpy finished(&lane, &Lane::finished);
    QCOMPARE(lane.submit(query(QStringLiteral("SELECT 'a'"))), 1);
    QCOMPARE(lane.submit(query(QStringLiteral("SELECT 'b'"))), 2);
    QVERIFY(lane.hasPending());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 10000);
    QCOMPARE(finished.at(0).at(0).toInt(), 1);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("a"));
    QCOMPARE(finished.at(1).at(0).toInt(), 2);
    QCOMPARE(finished.at(1).at(1).toString(), QStringLiteral("b"));
    QVERIFY(!lane.hasPending());
    QVERIFY(lane.backendPid() != 0);
}

void TestLane::staleAnswersAreDropped() {
    Lane lane(m_db->conninfo(), QStringLiteral("tst-lane"));
    QSignalSpy finished(&lane, &Lane::finished);
    QSignalSpy failed(&lane, &Lane::failed);
    QTRY_VERIFY_WITH_TIMEOUT(lane.backendPid() != 0, 10000);
    const int running = lane.submit(query(QStringLiteral("SELECT pg_sleep(60)::text")));
    const int queued = lane.submit(query(QStringLiteral("SELECT 'queued'")));
    QVERIFY(waitUntilRunning(*m_super, lane.backendPid(), QStringLiteral("SELECT pg_sleep")));
    // Both superseded: the running one is cancelled, the queued one never starts, and
    // neither is answered.
    QVERIFY(lane.discardPending());
    QVERIFY(!lane.hasPending());
    const int live = lane.submit(query(QStringLiteral("SELECT 'live'")));
    QVERIFY(running < queued && queued < live);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toInt(), live);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("live"));
    // A round trip more: anything stale would have arrived before this answer.
    const int last = lane.submit(query(QStringLiteral("SELECT 'last'")));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.count(), 2);
    QCOMPARE(finished.at(1).at(0).toInt(), last);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!lane.discardPending()); // nothing was outstanding
}

void TestLane::cancelStopsRunningStatement() {
    Lane lane(m_db->conninfo(), QStringLiteral("tst-lane"));
    QSignalSpy finished(&lane, &Lane::finished);
    QSignalSpy failed(&lane, &Lane::failed);
    QTRY_VERIFY_WITH_TIMEOUT(lane.backendPid() != 0, 10000);
    const int sleeping = lane.submit(query(QStringLiteral("SELECT pg_sleep(60)::text")));
    QVERIFY(waitUntilRunning(*m_super, lane.backendPid(), QStringLiteral("SELECT pg_sleep")));
    lane.cancel();
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(0).at(0).toInt(), sleeping);
    QCOMPARE(failed.at(0).at(1).toString(), QStringLiteral("The query was cancelled."));
    QCOMPARE(failed.at(0).at(2).value<Failure>(), Failure::Cancelled);
    // The connection stays, and the next request is not hit by that cancel.
    const int pid = lane.backendPid();
    lane.submit(query(QStringLiteral("SELECT 'after'")));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("after"));
    QCOMPARE(lane.backendPid(), pid);
    QCOMPARE(failed.count(), 1);
}

void TestLane::failuresShareOneType() {
    // A QueryRunner is a lane: its failures and the runs list loader's are the same type.
    lanes::QueryRunner runner(m_db->conninfo());
    QSignalSpy failed(&runner, &Lane::failed);
    runner.submit(query(QStringLiteral("SELECT * FROM no_such_table")));
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(0).at(2).value<Failure>(), Failure::QueryFailed);
    QVERIFY2(failed.at(0).at(1).toString().contains(QStringLiteral("42P01")),
             qPrintable(failed.at(0).at(1).toString()));
    runner.setStatementTimeout(100);
    runner.submit(query(QStringLiteral("SELECT pg_sleep(30)::text")));
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(1).at(2).value<Failure>(), Failure::TimedOut);

    models::RunPageLoader loader(m_db->conninfo());
    QSignalSpy loaderFailed(&loader, &models::RunPageLoader::failed);
    loader.setStatementTimeout(100);
    QTRY_VERIFY_WITH_TIMEOUT(loader.backendPid() != 0, 10000);
    QVERIFY(m_super->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(m_super->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
    loader.loadFirstPage({}, 5);
    QVERIFY(loaderFailed.wait(10000));
    QVERIFY(m_super->exec(QStringLiteral("ROLLBACK")).ok());
    QCOMPARE(loaderFailed.at(0).at(2).value<Failure>(), Failure::TimedOut);
    // The runs list adds its own advice to the lane's message.
    QVERIFY(loaderFailed.at(0).at(1).toString().endsWith(
        QStringLiteral("Narrow the filter, or raise the timeout.")));
}

void TestLane::reconnectsWithRetryPolicyBackoff() {
    core::RetryPolicy policy;
    policy.setBaseDelay(std::chrono::milliseconds(100));
    policy.setMaxDelay(std::chrono::milliseconds(400));
    Lane lane(m_db->conninfo(), QStringLiteral("tst-lane"));
    lane.setBackoff(policy);
    QSignalSpy finished(&lane, &Lane::finished);
    QSignalSpy failed(&lane, &Lane::failed);
    QSignalSpy lost(&lane, &Lane::connectionLost);
    QSignalSpy restored(&lane, &Lane::connectionRestored);
    QSignalSpy scheduled(&lane, &Lane::reconnectScheduled);
    QTRY_VERIFY_WITH_TIMEOUT(lane.backendPid() != 0, 10000);
    const int pid = lane.backendPid();

    // Refuse new connections to the test database (superusers too), from another database:
    // a database cannot refuse its own session's.
    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.load(&error), qPrintable(error));
    auto other = std::make_unique<store::PgConnection>();
    QVERIFY(other->open(cluster.conninfo(QStringLiteral("postgres"))));
    const QString allow = QStringLiteral("ALTER DATABASE \"%1\" ALLOW_CONNECTIONS %2");
    QVERIFY(other->exec(allow.arg(m_db->name(), QStringLiteral("false"))).ok());
    const auto reallow =
        qScopeGuard([&] { other->exec(allow.arg(m_db->name(), QStringLiteral("true"))); });
    QVERIFY(other->exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)).ok());

    // The lane finds out with its next request: reported once, retried once, then a real
    // failure and background attempts spaced by the policy's ceilings.
    const int id = lane.submit(query(QStringLiteral("SELECT 'x'")));
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(0).at(0).toInt(), id);
    QCOMPARE(failed.at(0).at(2).value<Failure>(), Failure::ConnectionLost);
    QTRY_VERIFY2_WITH_TIMEOUT(scheduled.count() >= 4,
                              qPrintable(QStringLiteral("%1 attempts, lost %2, restored %3: %4")
                                             .arg(scheduled.count())
                                             .arg(lost.count())
                                             .arg(restored.count())
                                             .arg(failed.at(0).at(1).toString())),
                              20000);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(scheduled.at(i).at(0).toInt(), i + 1);
        QCOMPARE(scheduled.at(i).at(1).toInt(), int(policy.backoffCeiling(i + 1).count()));
    }
    QCOMPARE(scheduled.at(3).at(1).toInt(), 400); // capped
    QCOMPARE(lost.count(), 1);
    QVERIFY(lane.isConnectionLost());
    QCOMPARE(lane.backendPid(), 0);

    // Allowed again: the lane reconnects by itself, without a request waiting.
    QVERIFY(other->exec(allow.arg(m_db->name(), QStringLiteral("true"))).ok());
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 20000);
    QVERIFY(!lane.isConnectionLost());
    QVERIFY(lane.backendPid() != 0 && lane.backendPid() != pid);
    lane.submit(query(QStringLiteral("SELECT 'back'")));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("back"));
    QCOMPARE(lost.count(), 1);
}

void TestLane::createCounters() {
    QVERIFY(m_super->exec(QStringLiteral("CREATE SEQUENCE public.tries")).ok());
    QVERIFY(m_super->exec(QStringLiteral("CREATE TABLE public.written (n bigint)")).ok());
}

void TestLane::writeLostMidStatementRunsOnceAndAnswersConnectionLost() {
    createCounters();
    Lane lane(m_db->conninfo(), QStringLiteral("tst-writelane"), Lane::Jobs::Writes);
    QSignalSpy finished(&lane, &Lane::finished);
    QSignalSpy failed(&lane, &Lane::failed);
    QSignalSpy lost(&lane, &Lane::connectionLost);
    QSignalSpy restored(&lane, &Lane::connectionRestored);
    QTest::qWait(200);
    QCOMPARE(lane.backendPid(), 0); // not connected before the first job

    const auto runs = std::make_shared<std::atomic<int>>(0);
    const int id = lane.submit(counted(
        runs, {QStringLiteral("BEGIN"),
               QStringLiteral("INSERT INTO public.written VALUES (nextval('public.tries'))"),
               QStringLiteral("SELECT pg_sleep(60)::text"), QStringLiteral("COMMIT")}));
    QTRY_VERIFY_WITH_TIMEOUT(lane.backendPid() != 0, 10000);
    const int pid = lane.backendPid();
    QVERIFY(waitUntilRunning(*m_super, pid, QStringLiteral("SELECT pg_sleep")));
    QVERIFY(m_super->exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)).ok());

    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).toInt(), id);
    QCOMPARE(failed.at(0).at(2).value<Failure>(), Failure::ConnectionLost);
    QCOMPARE(lost.count(), 1);
    // The next job runs on a new connection; the lost one ran once, and rolled back.
    const int next = lane.submit(
        counted(runs, {QStringLiteral("SELECT last_value || '/' || (SELECT count(*) FROM "
                                      "public.written) FROM public.tries")}));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(0).toInt(), next);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("1/0"));
    QCOMPARE(runs->load(), 2);
    QVERIFY(lane.backendPid() != 0 && lane.backendPid() != pid);
    QCOMPARE(restored.count(), 1);
    QCOMPARE(lost.count(), 1);
    QCOMPARE(failed.count(), 1);
    QVERIFY(!lane.isConnectionLost());
}

void TestLane::writeCancelAndTimeoutAreAnsweredNotRerun() {
    createCounters();
    Lane lane(m_db->conninfo(), QStringLiteral("tst-writelane"), Lane::Jobs::Writes);
    QSignalSpy finished(&lane, &Lane::finished);
    QSignalSpy failed(&lane, &Lane::failed);
    const auto runs = std::make_shared<std::atomic<int>>(0);
    const QStringList write{QStringLiteral("BEGIN"),
                            QStringLiteral("INSERT INTO public.written VALUES "
                                           "(nextval('public.tries'))"),
                            QStringLiteral("SELECT pg_sleep(60)::text"), QStringLiteral("COMMIT")};
    const int cancelled = lane.submit(counted(runs, write));
    QTRY_VERIFY_WITH_TIMEOUT(lane.backendPid() != 0, 10000);
    const int pid = lane.backendPid();
    QVERIFY(waitUntilRunning(*m_super, pid, QStringLiteral("SELECT pg_sleep")));
    lane.cancel();
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(0).at(0).toInt(), cancelled);
    QCOMPARE(failed.at(0).at(2).value<Failure>(), Failure::Cancelled);

    lane.setStatementTimeout(100);
    const int timedOut = lane.submit(counted(runs, write));
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(1).at(0).toInt(), timedOut);
    QCOMPARE(failed.at(1).at(2).value<Failure>(), Failure::TimedOut);

    // Each ran once, on the same connection, and rolled back as a whole.
    lane.submit(counted(runs, {QStringLiteral("SELECT last_value || '/' || (SELECT count(*) "
                                              "FROM public.written) FROM public.tries")}));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("2/0"));
    QCOMPARE(runs->load(), 3);
    QCOMPARE(lane.backendPid(), pid);
    QCOMPARE(failed.count(), 2);
}

QTEST_GUILESS_MAIN(TestLane)
#include "tst_lane.moc"
