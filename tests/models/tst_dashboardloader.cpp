// DashboardLoader: the Dashboard's reads in the background, against real PostgreSQL. It
// delivers figures that match the runs, re-queries when the range changes, follows live
// changes (throttled), folds the rollup only for a role that may, and reports errors as
// values. DashboardFigures: a snapshot laid out per bucket.
#include "TestDatabase.h"
#include "lanes/ChangeListener.h"
#include "models/DashboardLoader.h"
#include "store/PgConnection.h"

#include <QSignalSpy>
#include <QtTest>

using namespace dedup::models;
using namespace dedup::store;

namespace {

// 300 runs over the last 25 hours (every 5 minutes), statuses in turn, a failure class on
// the failed ones; 20 duplicates of the newest runs; 3 runs waiting in review.
const QString kSeed = QStringLiteral(R"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at,
                        lease_expires_at, last_error, review_at)
SELECT 's', 'k' || i, 'wf', 'fp', s.status, now() - i * interval '5 minutes',
       CASE WHEN s.status = 'processing' THEN now() - interval '1 second' END,
       CASE WHEN s.status = 'failed' THEN '{"class": "timeout"}'::jsonb END,
       CASE WHEN s.status = 'manual_review' THEN now() - i * interval '1 hour' END
  FROM generate_series(1, 300) i
 CROSS JOIN LATERAL (SELECT CASE WHEN i % 100 = 1 THEN 'manual_review'
                                 ELSE (ARRAY['succeeded', 'failed', 'processing'])[1 + i % 3] END
                            AS status) s;
INSERT INTO dedup.events (run_id, at, kind, detail)
SELECT r.id, now() - interval '10 minutes', 'duplicate_suppressed', '{"outcome": "replay"}'
  FROM dedup.runs r ORDER BY r.id LIMIT 20;
)SQL");

qint64 scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const PgResult result = conn ? conn->exec(sql) : PgResult();
    return result.ok() ? result.toInt64(0, 0) : -999;
}

} // namespace

class TestDashboardLoader : public QObject {
    Q_OBJECT

private slots:
    void figuresFromSnapshot();
    void deliversFiguresAndFoldsForOperators();
    void viewerReadsWithoutFolding();
    void rangeChangeRequeries();
    void liveChangesAreThrottled();
    void errorsArriveAsValues();
};

void TestDashboardLoader::figuresFromSnapshot() {
    DashboardSnapshot snapshot;
    snapshot.range = {3600, 3, {}, {}, {}};
    snapshot.from = QDateTime(QDate(2026, 11, 29), QTime(10, 0), Qt::UTC);
    snapshot.to = snapshot.from.addSecs(3 * 3600);
    const QDateTime h0 = snapshot.from;
    const QDateTime h2 = h0.addSecs(2 * 3600);
    snapshot.counts = {
        {h0, QStringLiteral("duplicates"), QStringLiteral("mismatch"), {}, 2},
        {h0, QStringLiteral("runs"), QStringLiteral("failed"), QStringLiteral("timeout"), 4},
        {h0, QStringLiteral("runs"), QStringLiteral("succeeded"), {}, 10},
        {h2, QStringLiteral("duplicates"), QStringLiteral("replay"), {}, 7},
        {h2, QStringLiteral("runs"), QStringLiteral("failed"), {}, 1},
        {h2, QStringLiteral("runs"), QStringLiteral("manual_review"), QStringLiteral("timeout"), 3},
        {h2, QStringLiteral("runs"), QStringLiteral("zombie"), {}, 5},
    };
    snapshot.samples = {{h2, 9, 3, 42}};
    const DashboardFigures f = DashboardFigures::from(snapshot);
    QCOMPARE(f.buckets, (QList<QDateTime>{h0, h0.addSecs(3600), h2}));
    QCOMPARE(f.statuses, (QStringList{QStringLiteral("succeeded"), QStringLiteral("failed"),
                                      QStringLiteral("manual_review"), QStringLiteral("zombie")}));
    QCOMPARE(f.runsByStatus.value(QStringLiteral("succeeded")), (QList<qint64>{10, 0, 0}));
    QCOMPARE(f.runsByStatus.value(QStringLiteral("failed")), (QList<qint64>{4, 0, 1}));
    QCOMPARE(f.runsByStatus.value(QStringLiteral("zombie")), (QList<qint64>{0, 0, 5}));
    QCOMPARE(f.outcomes, (QStringList{QStringLiteral("replay"), QStringLiteral("mismatch")}));
    QCOMPARE(f.duplicatesByOutcome.value(QStringLiteral("replay")), (QList<qint64>{0, 0, 7}));
    QCOMPARE(f.runs, qint64(23));
    QCOMPARE(f.duplicates, qint64(9));
    QCOMPARE(f.failureClasses.size(), 2);
    QCOMPARE(f.failureClasses.at(0),
             (DashboardFigures::FailureClass{QStringLiteral("timeout"), 4, 3}));
    QCOMPARE(f.failureClasses.at(1), (DashboardFigures::FailureClass{QString(), 1, 0}));
    QCOMPARE(f.stuckByBucket, (QList<std::optional<qint64>>{std::nullopt, std::nullopt, 9}));
    QCOMPARE(f.bucketOf(h0.addSecs(3599)), 0);
    QCOMPARE(f.bucketOf(snapshot.to), -1);
}

void TestDashboardLoader::deliversFiguresAndFoldsForOperators() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(db.exec(kSeed), QString());
    // 201 runs that are not processing (those have no delta since 0022) and 20 duplicates.
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 221);
    DashboardLoader loader(db.conninfo(QStringLiteral("t_operator")));
    loader.setRange(DashboardRange::last24Hours());
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() >= 1, 15000);
    QVERIFY2(loader.errorText().isEmpty(), qPrintable(loader.errorText()));
    const DashboardSnapshot &s = loader.snapshot();
    // Folded by this read, or by the constructor's first one that setRange() superseded.
    QVERIFY(s.folded >= 0);
    QCOMPARE(s.refreshError, QString());
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 0);
    PgParams bounds;
    bounds.add(s.from).add(s.to);
    auto conn = db.connect();
    const PgResult direct =
        conn->exec(QStringLiteral("SELECT count(*), count(*) FILTER (WHERE status = 'failed')"
                                  " FROM dedup.runs WHERE created_at >= $1 AND created_at < $2"),
                   bounds);
    QVERIFY(direct.ok());
    const DashboardFigures &f = loader.figures();
    QCOMPARE(f.buckets.size(), 24);
    QCOMPARE(f.runs, direct.toInt64(0, 0));
    // from the start of the hour 23 hours ago: 276 runs plus one per 5 minutes of this hour
    QVERIFY2(f.runs >= 276 && f.runs <= 288, qPrintable(QString::number(f.runs)));
    qint64 failed = 0;
    for (const qint64 n : f.runsByStatus.value(QStringLiteral("failed")))
        failed += n;
    QCOMPARE(failed, direct.toInt64(0, 1));
    QCOMPARE(f.duplicates, qint64(20));
    QCOMPARE(f.failureClasses.first().name, QStringLiteral("timeout"));
    QCOMPARE(s.stuckNow, scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                   " WHERE status = 'processing'")));
    QCOMPARE(s.stuckNow, qint64(99)); // i % 3 == 2 in 1..300, but 101 is in review
    QCOMPARE(s.review.total, qint64(3));
    // The read took a sample, so the newest bucket has one.
    QCOMPARE(f.stuckByBucket.last(), std::optional<qint64>(99));
}

void TestDashboardLoader::viewerReadsWithoutFolding() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(db.exec(kSeed), QString());
    const qint64 deltas = scalar(db, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas"));
    DashboardLoader loader(db.conninfo(QStringLiteral("t_viewer")));
    loader.setRange(DashboardRange::last7Days());
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() >= 1, 15000);
    QVERIFY2(loader.errorText().isEmpty(), qPrintable(loader.errorText()));
    QCOMPARE(loader.snapshot().folded, qint64(-1));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), deltas);
    QCOMPARE(loader.figures().runs, qint64(300));
    QCOMPARE(loader.figures().buckets.size(), 28);
}

void TestDashboardLoader::rangeChangeRequeries() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(kSeed), QString());
    DashboardLoader loader(db.conninfo());
    loader.setRefreshInterval(0);
    loader.setRange(DashboardRange::lastHour());
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() >= 1, 15000);
    QCOMPARE(loader.snapshot().range, DashboardRange::lastHour());
    QCOMPARE(loader.figures().buckets.size(), 12);
    // One every 5 minutes from 5 minutes ago, back to the start of the bucket 55 minutes
    // before the current one: 11 (10 when a bucket boundary passed since the seed).
    QVERIFY2(loader.figures().runs == 11 || loader.figures().runs == 10,
             qPrintable(QString::number(loader.figures().runs)));
    const int before = loader.readCount();
    loader.setRange(DashboardRange::last30Days());
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() > before, 15000);
    QCOMPARE(loader.snapshot().range, DashboardRange::last30Days());
    QCOMPARE(loader.snapshot().grain, 86400);
    QCOMPARE(loader.figures().runs, qint64(300));
    QVERIFY(!loader.isLoading());
}

void TestDashboardLoader::liveChangesAreThrottled() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    dedup::lanes::ChangeListener listener(db.conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 15000);
    DashboardLoader loader(db.conninfo());
    loader.setRefreshInterval(0);
    loader.setMinInterval(1500);
    loader.attachListener(&listener);
    loader.setRange(DashboardRange::lastHour());
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() >= 1, 15000);
    QCOMPARE(loader.figures().runs, qint64(0));
    const int before = loader.readCount();
    // Five claims in a row (each notifies): the loader reads again, once or twice, not five
    // times, and the last read has all five.
    for (int i = 0; i < 5; ++i)
        QCOMPARE(
            db.exec(QStringLiteral("SELECT * FROM dedup.claim('s', 'live-%1', 'wf', 'fp')").arg(i)),
            QString());
    QTRY_COMPARE_WITH_TIMEOUT(loader.figures().runs, qint64(5), 15000);
    QTest::qWait(2000);
    QVERIFY2(loader.readCount() - before <= 2, qPrintable(QString::number(loader.readCount())));
    QCOMPARE(loader.figures().runsByStatus.value(QStringLiteral("processing")).last(), qint64(5));
}

void TestDashboardLoader::errorsArriveAsValues() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // The worker role may not read the rollup: the read fails, as an error text.
    DashboardLoader worker(db.conninfo(QStringLiteral("t_worker")));
    QSignalSpy errors(&worker, &DashboardLoader::errorOccurred);
    QTRY_VERIFY_WITH_TIMEOUT(!worker.errorText().isEmpty(), 15000);
    QVERIFY2(worker.errorText().contains(QLatin1String("permission denied")),
             qPrintable(worker.errorText()));
    QCOMPARE(worker.readCount(), 0);
    QVERIFY(errors.count() >= 1);
    // No server at all: a connection error, and the loader keeps its (empty) state.
    DashboardLoader nowhere(QStringLiteral("host=127.0.0.1 port=1 connect_timeout=2"));
    QTRY_VERIFY_WITH_TIMEOUT(!nowhere.errorText().isEmpty(), 15000);
    QVERIFY(!nowhere.hasSnapshot());
}

QTEST_GUILESS_MAIN(TestDashboardLoader)
#include "tst_dashboardloader.moc"
