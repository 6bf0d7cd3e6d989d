// StuckRunsModel against the private PostgreSQL: the list and its capped count; a run whose
// lease runs out (which notifies nobody) appearing by the timer; a cleared lease leaving by
// notification, in place; the age threshold; cancel; recovery after the server terminated
// the model's backend. Under QAbstractItemModelTester throughout.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "lanes/ChangeListener.h"
#include "models/StuckRunsModel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using namespace DetailTestRuns;
using namespace std::chrono_literals;

namespace {

struct TestedModel {
    explicit TestedModel(const QString &conninfo)
        : model(conninfo)
        , tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest) {}
    StuckRunsModel model;
    QAbstractItemModelTester tester;
};

QStringList keys(const StuckRunsModel &model) {
    QStringList list;
    for (int row = 0; row < model.rowCount(); ++row)
        list << model.rowAt(row).idemKey;
    return list;
}

// `count` processing runs '<prefix>-1'.. with leases that expired 1 min + i s ago (so
// '<prefix>-<count>' is the longest expired), created an hour ago, processing (this attempt)
// for 2 minutes.
QString insertStuck(const TestDatabase &db, int count, const QString &prefix) {
    return db.exec(
        QStringLiteral("INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                       " lease_owner, lease_token, lease_expires_at, created_at, updated_at,"
                       " attempt) "
                       "SELECT 'gen', '%1-' || g, 'wf-gen', 'fp', 'processing', 'dead-' || g, 3,"
                       " now() - interval '1 minute' - g * interval '1 second',"
                       " now() - interval '1 hour', now() - interval '2 minutes', 2"
                       " FROM generate_series(1, %2) g")
            .arg(prefix)
            .arg(count));
}

} // namespace

class TestStuckRunsModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void listAndCount();
    void countIsCapped();
    void leaseExpiryShowsUpByTimer();
    void clearedLeaseLeavesByNotification();
    void ageThreshold();
    void cancelStopsABlockedRead();
    void recoversAfterTermination();
};

void TestStuckRunsModel::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestStuckRunsModel::listAndCount() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QVERIFY(insertStuck(db, 3, QStringLiteral("s")).isEmpty());
    auto worker = db.connect(QStringLiteral("t_worker"));
    QVERIFY(worker);
    QVERIFY(claim(*worker, request(QStringLiteral("alive"))).runId > 0); // live, young: not stuck
    // The owner reads the keys raw (a viewer hashed: tests/store/tst_protectedcolumns.cpp).
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    QSignalSpy counts(&model, &StuckRunsModel::countChanged);
    QCOMPARE(model.stuckCount(), -1);
    QVERIFY(model.countText().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 3, 10000);
    QCOMPARE(model.countText(), QStringLiteral("3"));
    QVERIFY(model.isCountExact());
    QCOMPARE(counts.count(), 1);
    QCOMPARE(counts.at(0).at(0).toLongLong(), 3);
    QCOMPARE(counts.at(0).at(1).toBool(), true);
    QCOMPARE(model.threshold(), std::chrono::milliseconds(15min));
    QCOMPARE(model.refreshInterval(), 10000);
    // Longest expired first.
    QCOMPARE(keys(model),
             (QStringList{QStringLiteral("s-3"), QStringLiteral("s-2"), QStringLiteral("s-1")}));
    const QModelIndex row = model.index(0, StuckRunsModel::RunColumn);
    QCOMPARE(model.index(0, StuckRunsModel::WorkflowColumn).data().toString(),
             QStringLiteral("wf-gen"));
    QCOMPARE(model.index(0, StuckRunsModel::KeyColumn).data().toString(),
             QStringLiteral("gen / s-3"));
    QCOMPARE(model.index(0, StuckRunsModel::OwnerColumn).data().toString(),
             QStringLiteral("dead-3"));
    QCOMPARE(model.index(0, StuckRunsModel::LeaseExpiredColumn).data().toString(),
             QStringLiteral("1 min ago"));
    QCOMPARE(model.index(0, StuckRunsModel::AgeColumn).data().toString(), QStringLiteral("2 min"));
    QCOMPARE(model.index(0, StuckRunsModel::AttemptColumn).data().toString(),
             QStringLiteral("2/5"));
    QCOMPARE(row.data(StuckRunsModel::LeaseTokenRole).toLongLong(), 3);
    QCOMPARE(row.data(StuckRunsModel::LeaseExpiredRole).toBool(), true);
    QCOMPARE(row.data(StuckRunsModel::TooOldRole).toBool(), false);
    // Times against the server's clock at the read (the rows were written a moment before).
    const QDateTime now = model.serverNow();
    const auto secondsBefore = [&now](const QVariant &when) {
        return when.toDateTime().secsTo(now);
    };
    const qint64 created = secondsBefore(row.data(StuckRunsModel::CreatedAtRole));
    const qint64 since = secondsBefore(row.data(StuckRunsModel::ProcessingSinceRole));
    const qint64 expired = secondsBefore(row.data(StuckRunsModel::LeaseExpiresAtRole));
    QVERIFY2(created >= 3600 && created <= 3605, qPrintable(QString::number(created)));
    QVERIFY2(since >= 120 && since <= 125, qPrintable(QString::number(since)));
    QVERIFY2(expired >= 63 && expired <= 68, qPrintable(QString::number(expired)));
    QVERIFY(model.index(0, StuckRunsModel::LeaseExpiredColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("The lease of dead-3 expired at ")));
    QCOMPARE(model.rowOfRun(row.data(StuckRunsModel::RunIdRole).toLongLong()), 0);
    QVERIFY(!model.isTruncated());
    QVERIFY(model.errorText().isEmpty());
    QVERIFY(model.serverNow().isValid());
}

void TestStuckRunsModel::countIsCapped() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(insertStuck(db, 25, QStringLiteral("c")).isEmpty());
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    model.setLimit(5);
    model.setCountCap(10);
    QTRY_COMPARE_WITH_TIMEOUT(model.countText(), QStringLiteral("10+"), 10000);
    QCOMPARE(model.stuckCount(), 11); // cap + 1: "more than 10"
    QVERIFY(!model.isCountExact());
    QCOMPARE(model.rowCount(), 5);
    QVERIFY(model.isTruncated());
    QCOMPARE(keys(model).first(), QStringLiteral("c-25"));
    model.setCountCap(1000);
    QTRY_COMPARE_WITH_TIMEOUT(model.countText(), QStringLiteral("25"), 10000);
    QVERIFY(model.isCountExact());
}

void TestStuckRunsModel::leaseExpiryShowsUpByTimer() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto worker = db.connect(QStringLiteral("t_worker"));
    QVERIFY(worker);
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    model.setRefreshInterval(300);
    QSignalSpy refreshed(&model, &StuckRunsModel::refreshed);
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 10000);
    QCOMPARE(model.stuckCount(), 0);
    QCOMPARE(model.countText(), QStringLiteral("0"));
    // A worker claims with a short lease and dies: nothing is announced when the lease runs
    // out. No listener is attached here: only the timer can notice.
    const RunLease lease = claim(*worker, request(QStringLiteral("dies"), {}, {}, 1500ms));
    QVERIFY(lease.runId > 0);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 15000);
    QCOMPARE(model.stuckCount(), 1);
    QCOMPARE(model.rowAt(0).id, lease.runId);
    QVERIFY(model.rowAt(0).leaseExpired);
    QCOMPARE(model.index(0, StuckRunsModel::OwnerColumn).data().toString(), QStringLiteral("w1"));
}

void TestStuckRunsModel::clearedLeaseLeavesByNotification() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto super = db.connect();
    auto worker = db.connect(QStringLiteral("t_worker"));
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(super && worker && op);
    const RunLease a = claim(*worker, request(QStringLiteral("dead-a")));
    const RunLease b = claim(*worker, request(QStringLiteral("dead-b")));
    QVERIFY(a.runId > 0 && b.runId > 0);
    QVERIFY(expireLease(*super, a.runId, 120));
    QVERIFY(expireLease(*super, b.runId, 60));
    dedup::lanes::ChangeListener listener(db.conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    model.setRefreshInterval(0); // notifications only
    model.setCoalesceInterval(100);
    model.attachListener(&listener);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 10000);
    QCOMPARE(keys(model), (QStringList{QStringLiteral("dead-a"), QStringLiteral("dead-b")}));
    const QPersistentModelIndex bRow(model.index(1, StuckRunsModel::KeyColumn));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy removals(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy counts(&model, &StuckRunsModel::countChanged);
    store::OperatorActions ops(*op);
    const auto cleared = ops.clearStaleLease(
        {a.runId, a.token, QStringLiteral("worker gone"), QStringLiteral("stuck-k1")});
    QVERIFY(cleared.ok() && cleared.value().isApplied());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
    QCOMPARE(removals.count(), 1);
    QCOMPARE(resets.count(), 0);
    QVERIFY(bRow.isValid());
    QCOMPARE(bRow.row(), 0);
    QCOMPARE(bRow.data().toString(), QStringLiteral("test / dead-b"));
    QCOMPARE(model.stuckCount(), 1);
    QCOMPARE(counts.count(), 1);
    QCOMPARE(counts.at(0).at(0).toLongLong(), 1);
    // A takeover (a redelivery claiming the expired run) also removes it.
    const RunLease taken = claim(*worker, request(QStringLiteral("dead-b")));
    QCOMPARE(taken.runId, b.runId);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 0, 10000);
    QCOMPARE(model.countText(), QStringLiteral("0"));
}

void TestStuckRunsModel::ageThreshold() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Heartbeating (lease live for an hour), but processing for 20 minutes; and a
    // continuation of a two-day-old run that began a minute ago (not stuck: the age counts
    // from when the attempt began).
    QVERIFY(db.exec(QStringLiteral(
                        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                        " lease_owner, lease_token, lease_expires_at, created_at, updated_at)"
                        " VALUES ('s', 'slow', 'wf', 'fp', 'processing', 'w9', 1,"
                        "  now() + interval '1 hour', now() - interval '20 minutes',"
                        "  now() - interval '20 minutes'),"
                        " ('s', 'resumed', 'wf', 'fp', 'processing', 'w8', 4,"
                        "  now() + interval '1 hour', now() - interval '2 days',"
                        "  now() - interval '1 minute')"))
                .isEmpty());
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 1, 10000);
    QVERIFY(model.rowAt(0).tooOld);
    QVERIFY(!model.rowAt(0).leaseExpired);
    QVERIFY(model.index(0, StuckRunsModel::LeaseExpiredColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("live (expires in 59 min")));
    QCOMPARE(model.index(0, StuckRunsModel::AgeColumn).data().toString(), QStringLiteral("20 min"));
    QCOMPARE(model.rowAt(0).idemKey, QStringLiteral("slow"));
    model.setThreshold(30min);
    QCOMPARE(model.threshold(), std::chrono::milliseconds(30min));
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 0, 10000);
    QCOMPARE(model.rowCount(), 0);
    model.setThreshold(0ms); // leases only
    QTest::qWait(300);
    QCOMPARE(model.stuckCount(), 0);
    model.setThreshold(10min);
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 1, 10000);
}

void TestStuckRunsModel::cancelStopsABlockedRead() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(insertStuck(db, 2, QStringLiteral("k")).isEmpty());
    auto super = db.connect();
    auto locker = db.connect();
    QVERIFY(super && locker);
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    model.setRefreshInterval(0);
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 2, 10000);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
    QSignalSpy errors(&model, &StuckRunsModel::errorOccurred);
    model.refresh();
    QVERIFY(model.isLoading());
    const int pid = model.backendPid();
    QVERIFY(waitForLockWait(*super, pid));
    model.cancel();
    QVERIFY(!model.isLoading());
    QCOMPARE(model.errorText(), QStringLiteral("Loading was cancelled."));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(model.rowCount(), 2); // the last good read stays
    QTRY_COMPARE_WITH_TIMEOUT(backendState(*super, pid), QStringLiteral("idle"), 10000);
    QVERIFY(locker->exec(QStringLiteral("ROLLBACK")).ok());
    model.refresh();
    QTRY_VERIFY_WITH_TIMEOUT(model.errorText().isEmpty(), 10000);
    QCOMPARE(model.stuckCount(), 2);
}

void TestStuckRunsModel::recoversAfterTermination() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(insertStuck(db, 2, QStringLiteral("t")).isEmpty());
    auto super = db.connect();
    QVERIFY(super);
    TestedModel t(db.conninfo());
    StuckRunsModel &model = t.model;
    model.setRefreshInterval(300);
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 2, 10000);
    const int pid = model.backendPid();
    QVERIFY(pid != 0);
    QSignalSpy lost(&model, &StuckRunsModel::connectionLost);
    QSignalSpy restored(&model, &StuckRunsModel::connectionRestored);
    QVERIFY(terminate(*super, pid));
    QVERIFY(insertStuck(db, 1, QStringLiteral("late")).isEmpty());
    // The timer's next refresh finds the connection dead, reconnects and reads again.
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 3, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 10000);
    QCOMPARE(lost.count(), 1);
    QVERIFY(model.backendPid() != 0 && model.backendPid() != pid);
    QVERIFY(model.errorText().isEmpty());
}

QTEST_MAIN(TestStuckRunsModel)
#include "tst_stuckrunsmodel.moc"
