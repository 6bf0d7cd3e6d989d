// The Dashboard's rollup (0008_dashboard.sql) and its reads (DashboardQueries) against real
// PostgreSQL: every figure equals the same aggregate computed directly over dedup.runs and
// dedup.events, before a refresh (all deltas), after it (all folded) and after changes on
// top of a refresh (both); refreshes are idempotent and concurrent-safe; the viewer reads
// and cannot write.
#include "DashboardExpected.h"
#include "TestDatabase.h"
#include "store/DashboardQueries.h"
#include "store/PgConnection.h"
#include "store/StoreError.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace dedup::store;

namespace {

// Seeds runs spread over 7.5 days (every 7 min 13 s) and 40 more days (every 3 h 11 min),
// in three workflows, every status, failure classes (one in five failures without one),
// half of the processing runs with an expired lease, review runs with whole-second ages;
// and duplicate events (every outcome and mismatches) a minute after a third of them.
const QString kSeed = QStringLiteral(R"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at,
                        lease_expires_at, last_error, review_at)
SELECT 'tenant', 'k' || i, (ARRAY['wf-a', 'wf-b', 'wf-c'])[1 + i % 3], 'fp', s.status,
       now() - CASE WHEN i <= 1500 THEN i * interval '7 minutes 13 seconds'
                    ELSE (i - 1500) * interval '3 hours 11 minutes' END,
       CASE WHEN s.status = 'processing'
            THEN now() + CASE WHEN i % 2 = 0 THEN interval '-1 minute' ELSE interval '1 hour' END
       END,
       CASE WHEN s.status IN ('failed', 'manual_review') AND i % 5 <> 0
            THEN jsonb_build_object('class', (ARRAY['timeout', 'validation', 'provider_down'])[1 + i % 3])
       END,
       CASE WHEN s.status = 'manual_review' THEN date_trunc('second', now()) - i * interval '37 minutes' END
  FROM generate_series(1, 1800) i
 CROSS JOIN LATERAL (SELECT (ARRAY['succeeded', 'succeeded', 'succeeded', 'failed', 'manual_review',
                                    'cancelled', 'processing'])[1 + i % 7] AS status) s;
INSERT INTO dedup.events (run_id, at, kind, detail)
SELECT r.id, r.created_at + interval '1 minute',
       CASE WHEN r.id % 4 = 0 THEN 'mismatch' ELSE 'duplicate_suppressed' END,
       jsonb_build_object('outcome', (ARRAY['replay', 'in_progress', 'in_review'])[1 + r.id % 3])
  FROM dedup.runs r WHERE r.id % 3 = 0;
)SQL");

qint64 scalar(PgConnection &conn, const QString &sql, const PgParams &params = {}) {
    const PgResult result = conn.exec(sql, params);
    return result.ok() ? result.toInt64(0, 0) : -999;
}

QList<DashboardRange> ranges() {
    DashboardRange wfB = DashboardRange::last7Days();
    wfB.workflow = QStringLiteral("wf-b");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return {DashboardRange::lastHour(),
            DashboardRange::last24Hours(),
            DashboardRange::last7Days(),
            DashboardRange::last30Days(),
            wfB,
            DashboardRange::between(now.addDays(-50), now.addDays(-20)),
            DashboardRange::between(now.addSecs(-4 * 3600 - 77), now.addSecs(-1800))};
}

} // namespace

class TestDashboardQueries : public QObject {
    Q_OBJECT

private slots:
    void init();
    void rangeBetweenChoosesStrideAndBuckets();
    void countsEqualDirectAggregates();
    void processingRunsAreCountedFromTheirIndex();
    void refreshIsIdempotentAndSamplesOncePerMinute();
    void concurrentRefreshesDoNotDoubleCount();
    void purgeAndRebuildKeepCountsExact();
    void stuckAndReviewQueue();
    void viewerReadsButCannotWrite();

private:
    // Every range's counts equal the direct aggregates.
    void compareAll(const char *when);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    bool m_seedIntact = true;
};

void TestDashboardQueries::init() {
    m_su.reset();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    QVERIFY(m_su);
    const PgResult seeded = m_su->execScript(kSeed);
    QVERIFY2(seeded.ok(), qPrintable(seeded.error().toString()));
    m_seedIntact = true;
}

void TestDashboardQueries::compareAll(const char *when) {
    for (const DashboardRange &range : ranges()) {
        PgError error;
        const auto snapshot = DashboardQueries::read(*m_su, range, &error);
        QVERIFY2(snapshot, qPrintable(error.toString()));
        QCOMPARE(snapshot->from.secsTo(snapshot->to), range.spanSeconds());
        QCOMPARE(snapshot->to.toSecsSinceEpoch() % range.strideSeconds,
                 DashboardQueries::origin().toSecsSinceEpoch() % range.strideSeconds);
        PgParams params;
        params.add(range.strideSeconds).add(snapshot->from).add(snapshot->to);
        if (range.workflow.isEmpty())
            params.addNull();
        else
            params.add(range.workflow);
        const PgResult direct = m_su->exec(dashboard_expected::directCounts(), params);
        QVERIFY2(direct.ok(), qPrintable(direct.error().toString()));
        const QStringList expected = dashboard_expected::column(direct);
        // the seed covers every range (the purge test empties the oldest one)
        QVERIFY2(!expected.isEmpty() || !m_seedIntact, when);
        QCOMPARE(dashboard_expected::lines(snapshot->counts), expected);
    }
}

void TestDashboardQueries::rangeBetweenChoosesStrideAndBuckets() {
    const QDateTime from(QDate(2026, 11, 1), QTime(10, 7), Qt::UTC);
    DashboardRange r = DashboardRange::between(from, from.addSecs(3 * 3600), 48);
    QCOMPARE(r.strideSeconds, qint64(300));
    QCOMPARE(r.buckets, 37); // 10:05 ... 13:10: the partial first bucket counts
    r = DashboardRange::between(from, from.addDays(10), 48);
    QCOMPARE(r.strideSeconds, qint64(6 * 3600));
    QCOMPARE(r.buckets, 41);
    r = DashboardRange::between(from, from.addDays(400), 48);
    QCOMPARE(r.strideSeconds, qint64(7 * 86400));
    QCOMPARE(DashboardQueries::grainFor(6 * 3600), 3600);
    QCOMPARE(DashboardQueries::grainFor(7 * 86400), 86400);
    QCOMPARE(DashboardQueries::grainFor(900), 300);
}

void TestDashboardQueries::countsEqualDirectAggregates() {
    // Straight after the seed: everything is still a delta.
    QVERIFY(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")) > 1800);
    compareAll("deltas only");
    if (QTest::currentTestFailed())
        return;

    PgError error;
    const qint64 folded = DashboardQueries::refresh(*m_su, &error);
    QVERIFY2(folded > 1800, qPrintable(error.toString()));
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 0);
    compareAll("folded");
    if (QTest::currentTestFailed())
        return;

    // Runs change status across the refresh: some processing runs finish, some succeeded
    // ones fail with a class, a failed one changes class; new runs and duplicates arrive
    // through the protocol itself.
    const PgResult changed = m_su->execScript(QStringLiteral(R"SQL(
UPDATE dedup.runs SET status = 'succeeded', lease_expires_at = NULL, finished_at = now()
 WHERE status = 'processing' AND id % 4 = 1;
UPDATE dedup.runs SET status = 'failed', last_error = '{"class": "late_failure"}'
 WHERE status = 'succeeded' AND id % 10 = 0;
UPDATE dedup.runs SET last_error = '{"class": "reclassified"}' WHERE status = 'failed' AND id % 9 = 0;
SELECT * FROM dedup.claim('tenant', 'fresh-1', 'wf-a', 'fp1', p_worker => 'w');
SELECT * FROM dedup.claim('tenant', 'fresh-1', 'wf-a', 'fp1', p_worker => 'w2');
SELECT * FROM dedup.claim('tenant', 'fresh-1', 'wf-a', 'other', p_worker => 'w2');
)SQL"));
    QVERIFY2(changed.ok(), qPrintable(changed.error().toString()));
    QVERIFY(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")) > 0);
    // The protocol's duplicate (in_progress) and mismatch are in the deltas.
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas"
                                          " WHERE metric = 'duplicates'")),
             2);
    compareAll("folded + deltas");
    if (QTest::currentTestFailed())
        return;
    QVERIFY(DashboardQueries::refresh(*m_su, &error) > 0);
    compareAll("folded again");
    // A key whose runs all left it is removed rather than kept at 0.
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_counts"
                                          " WHERE n = 0")),
             0);
}

void TestDashboardQueries::processingRunsAreCountedFromTheirIndex() {
    // Since 0022 the rollup holds no processing run: a claim writes no delta, its success
    // one (+1 succeeded), and the reads count the runs in flight from runs_stale_lease_idx.
    const QString processingRows = QStringLiteral(
        "SELECT (SELECT count(*) FROM dedup.dashboard_deltas WHERE series = 'processing')"
        "     + (SELECT count(*) FROM dedup.dashboard_counts WHERE series = 'processing')"
        "     + (SELECT count(*) FROM dedup.dashboard_scope_counts WHERE series = 'processing')");
    QCOMPARE(scalar(*m_su, processingRows), 0);
    PgError error;
    QVERIFY2(DashboardQueries::refresh(*m_su, &error) > 0, qPrintable(error.toString()));
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 0);

    const PgResult claimed = m_su->exec(
        QStringLiteral("SELECT run_id, lease_token, lease_secret"
                       "  FROM dedup.claim('tenant', 'live-1', 'wf-b', 'fp', p_worker => 'w')"));
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 0);
    DashboardRange hour = DashboardRange::lastHour();
    hour.workflow = QStringLiteral("wf-b");
    const auto processingIn = [&](const DashboardRange &range) -> qint64 {
        const auto snapshot = DashboardQueries::read(*m_su, range, &error);
        if (!snapshot)
            return -1;
        qint64 n = 0;
        for (const DashboardCount &count : snapshot->counts) {
            if (count.metric == QLatin1String("runs") &&
                count.series == QLatin1String("processing"))
                n += count.n;
        }
        return n;
    };
    const qint64 before = processingIn(hour);
    QVERIFY2(before >= 1, qPrintable(error.toString()));
    compareAll("a claim, not in the rollup");
    if (QTest::currentTestFailed())
        return;

    PgParams lease;
    lease.add(claimed.toInt64(0, "run_id"))
        .add(claimed.toInt64(0, "lease_token"))
        .add(claimed.text(0, "lease_secret"));
    const PgResult succeeded =
        m_su->exec(QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{}'::jsonb)"), lease);
    QVERIFY2(succeeded.ok(), qPrintable(succeeded.error().toString()));
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas"
                                          " WHERE series = 'succeeded' AND n = 1")),
             1);
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 1);
    QCOMPARE(processingIn(hour), before - 1);
    compareAll("its success, one delta");
    QCOMPARE(scalar(*m_su, processingRows), 0);
}

void TestDashboardQueries::refreshIsIdempotentAndSamplesOncePerMinute() {
    PgError error;
    QVERIFY(DashboardQueries::refresh(*m_su, &error) > 0);
    const QString counts = QStringLiteral(
        "SELECT string_agg(concat_ws('|', grain, metric, bucket, workflow, series, error_class, n),"
        " ';' ORDER BY grain, metric, bucket, workflow, series, error_class)"
        " FROM dedup.dashboard_counts");
    const QString before = m_su->exec(counts).text(0, 0);
    QVERIFY(!before.isEmpty());
    QCOMPARE(DashboardQueries::refresh(*m_su, &error), qint64(0));
    QCOMPARE(m_su->exec(counts).text(0, 0), before);
    // One sample a minute; a second refresh within the minute takes none. (The minute may
    // turn between two calls: then there are two, never more.)
    const qint64 samples =
        scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_samples"));
    QVERIFY(samples == 1 || samples == 2);
    const PgResult sample = m_su->exec(QStringLiteral(
        "SELECT stuck, review, at = date_bin('1 minute', at, timestamptz '2000-01-03 00:00:00+00')"
        " FROM dedup.dashboard_samples ORDER BY at DESC LIMIT 1"));
    QVERIFY(sample.ok());
    QCOMPARE(sample.toInt64(0, 0),
             scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                          "'processing' AND lease_expires_at <= now()")));
    QCOMPARE(sample.toInt64(0, 1),
             scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                          "'manual_review'")));
    QVERIFY(sample.toBool(0, 2));
    // The sample shows in the series, in the bucket of its minute.
    const auto snapshot = DashboardQueries::read(*m_su, DashboardRange::lastHour(), &error);
    QVERIFY(snapshot);
    QVERIFY(!snapshot->samples.isEmpty());
    QCOMPARE(snapshot->samples.last().stuck, sample.toInt64(0, 0));
}

void TestDashboardQueries::concurrentRefreshesDoNotDoubleCount() {
    const qint64 deltas =
        scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas"));
    QVERIFY(deltas > 1800);
    // The first refresh holds its transaction open; the second starts meanwhile and must
    // wait, then find nothing left to fold.
    auto first = m_db->connect();
    auto second = m_db->connect();
    QVERIFY(first && second);
    QVERIFY(first->exec(QStringLiteral("BEGIN")).ok());
    PgError error;
    const qint64 foldedFirst = DashboardQueries::refresh(*first, &error);
    QCOMPARE(foldedFirst, deltas);
    std::atomic<qint64> foldedSecond = -2;
    PgError secondError;
    std::thread other([&] { foldedSecond = DashboardQueries::refresh(*second, &secondError); });
    // It waits on the refresh lock (pg_stat_activity says so) until the first commits. The
    // store's lock is a row of dedup.lock_stripes (0010), so the wait is for the transaction
    // holding that row, not for an advisory lock key anybody could take.
    PgParams secondPid;
    secondPid.add(qint64(second->backendPid()));
    QTRY_COMPARE(scalar(*m_su,
                        QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                       " WHERE pid = $1 AND wait_event_type = 'Lock'"),
                        secondPid),
                 1);
    QCOMPARE(foldedSecond.load(), qint64(-2));
    QVERIFY(first->exec(QStringLiteral("COMMIT")).ok());
    other.join();
    QVERIFY2(secondError.isEmpty(), qPrintable(secondError.toString()));
    QCOMPARE(foldedSecond.load(), qint64(0));
    compareAll("after two refreshes");

    // Truly at once, with writes in between: still exact.
    QVERIFY(
        m_su->exec(QStringLiteral("UPDATE dedup.runs SET status = 'cancelled', lease_expires_at ="
                                  " NULL WHERE status = 'processing'"))
            .ok());
    qint64 a = -1;
    qint64 b = -1;
    PgError ea;
    PgError eb;
    std::thread ta([&] { a = DashboardQueries::refresh(*first, &ea); });
    std::thread tb([&] { b = DashboardQueries::refresh(*second, &eb); });
    ta.join();
    tb.join();
    QVERIFY2(ea.isEmpty() && eb.isEmpty(), qPrintable(ea.toString() + eb.toString()));
    QVERIFY(a + b > 0);
    QVERIFY(a == 0 || b == 0);
    compareAll("after concurrent refreshes");
}

void TestDashboardQueries::purgeAndRebuildKeepCountsExact() {
    PgError error;
    QVERIFY(DashboardQueries::refresh(*m_su, &error) > 0);
    // Retention deletes runs (and their events, by cascade) in one statement.
    const PgResult purged = m_su->exec(QStringLiteral(
        "DELETE FROM dedup.runs WHERE created_at < now() - interval '20 days' OR id % 11 = 0"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
    QVERIFY(purged.affectedRows() > 100);
    m_seedIntact = false;
    compareAll("after a purge");
    if (QTest::currentTestFailed())
        return;
    const QString folded = QStringLiteral(
        "SELECT string_agg(concat_ws('|', grain, metric, bucket, workflow, series, error_class, n),"
        " ';' ORDER BY grain, metric, bucket, workflow, series, error_class)"
        " FROM dedup.dashboard_counts");
    QVERIFY(DashboardQueries::refresh(*m_su, &error) > 0);
    const QString incremental = m_su->exec(folded).text(0, 0);
    // A recount from scratch (the migration's backfill) gives the same rows.
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.dashboard_rebuild()")).ok());
    QCOMPARE(m_su->exec(folded).text(0, 0), incremental);
    // TRUNCATE clears the rollup with the runs.
    QVERIFY(m_su->exec(QStringLiteral("TRUNCATE dedup.runs CASCADE")).ok());
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT (SELECT count(*) FROM dedup.dashboard_counts)"
                                          " + (SELECT count(*) FROM dedup.dashboard_deltas)")),
             0);
}

void TestDashboardQueries::stuckAndReviewQueue() {
    PgError error;
    const auto snapshot = DashboardQueries::read(*m_su, DashboardRange::last24Hours(), &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    // processing = i % 7 == 6; expired when i is even
    QCOMPARE(snapshot->stuckNow,
             scalar(*m_su, QStringLiteral("SELECT count(*) FROM generate_series(1, 1800) i"
                                          " WHERE i % 7 = 6 AND i % 2 = 0")));
    QVERIFY(snapshot->stuckNow > 100);

    const PgResult expected = m_su->exec(QStringLiteral(R"SQL(
SELECT count(*),
       count(*) FILTER (WHERE now() - review_at < interval '1 hour'),
       count(*) FILTER (WHERE now() - review_at >= interval '1 hour' AND now() - review_at < interval '4 hours'),
       count(*) FILTER (WHERE now() - review_at >= interval '4 hours' AND now() - review_at < interval '1 day'),
       count(*) FILTER (WHERE now() - review_at >= interval '1 day' AND now() - review_at < interval '3 days'),
       count(*) FILTER (WHERE now() - review_at >= interval '3 days' AND now() - review_at < interval '7 days'),
       count(*) FILTER (WHERE now() - review_at >= interval '7 days'),
       extract(epoch FROM min(review_at))::bigint,
       extract(epoch FROM percentile_disc(0.5) WITHIN GROUP (ORDER BY review_at))::bigint
  FROM dedup.runs WHERE status = 'manual_review'
)SQL"));
    QVERIFY2(expected.ok(), qPrintable(expected.error().toString()));
    const auto &review = snapshot->review;
    QCOMPARE(review.total, expected.toInt64(0, 0));
    QCOMPARE(review.total, qint64(257)); // i % 7 == 4 for i in 1..1800
    QCOMPARE(review.ageBins.size(), 6);
    for (int bin = 0; bin < 6; ++bin)
        QCOMPARE(review.ageBins.at(bin), expected.toInt64(0, 1 + bin));
    QVERIFY(review.ageBins.at(1) > 0 && review.ageBins.at(5) > 0); // 2 h 28 min to 46 days
    QCOMPARE(review.oldest.toSecsSinceEpoch(), expected.toInt64(0, 7));
    QCOMPARE(review.median.toSecsSinceEpoch(), expected.toInt64(0, 8));

    // An empty queue: zeros and no ages.
    QVERIFY(m_su->exec(QStringLiteral("UPDATE dedup.runs SET status = 'cancelled'"
                                      " WHERE status = 'manual_review'"))
                .ok());
    const auto empty = DashboardQueries::read(*m_su, DashboardRange::last24Hours(), &error);
    QVERIFY(empty);
    QCOMPARE(empty->review.total, qint64(0));
    QCOMPARE(empty->review.ageBins, QList<qint64>(6, 0));
    QVERIFY(!empty->review.oldest.isValid());
    QVERIFY(!empty->review.median.isValid());
}

void TestDashboardQueries::viewerReadsButCannotWrite() {
    auto viewer = m_db->connect(QStringLiteral("t_viewer"));
    auto operatorConn = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(viewer && operatorConn);
    PgError error;
    const auto read = DashboardQueries::read(*viewer, DashboardRange::last30Days(), &error);
    QVERIFY2(read, qPrintable(error.toString()));
    QVERIFY(read->counts.size() > 30);
    QCOMPARE(DashboardQueries::canRefresh(*viewer, &error), std::optional<bool>(false));
    QCOMPARE(DashboardQueries::canRefresh(*operatorConn, &error), std::optional<bool>(true));
    QCOMPARE(DashboardQueries::refresh(*viewer, &error), qint64(-1));
    QCOMPARE(classify(error), StoreErrorKind::PermissionDenied);
    for (const char *sql :
         {"DELETE FROM dedup.dashboard_deltas", "DELETE FROM dedup.dashboard_counts",
          "INSERT INTO dedup.dashboard_samples VALUES (now(), 1, 1)",
          "SELECT dedup.dashboard_rebuild()"}) {
        for (PgConnection *conn : {viewer.get(), operatorConn.get()}) {
            const PgResult refused = conn->exec(QString::fromLatin1(sql));
            QVERIFY2(!refused.ok(), sql);
            QCOMPARE(classify(refused.error()), StoreErrorKind::PermissionDenied);
        }
    }
    // The operator's refresh folds what the seed left (as the console does before reading).
    QVERIFY(DashboardQueries::refresh(*operatorConn, &error) > 1800);
    compareAll("folded by the operator");
}

QTEST_GUILESS_MAIN(TestDashboardQueries)
#include "tst_dashboardqueries.moc"
