// The Dashboard tab, offscreen, against real PostgreSQL: the charts' bar sets and lines hold
// the store's figures, the range selector re-queries (presets and a custom range), and a
// failed read is shown in the view, not in a dialog.
#include "TestDatabase.h"
#include "models/DashboardLoader.h"
#include "store/PgConnection.h"
#include "widgets/DashboardRangeBar.h"
#include "widgets/DashboardView.h"
#include "widgets/SampleLineChart.h"
#include "widgets/StackedBarChart.h"

#include <QApplication>
#include <QBarSet>
#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace dedup::models;
using namespace dedup::store;
using namespace dedup::widgets;

namespace {

// Runs every 10 minutes over the last 3 days: succeeded, failed (class "timeout", every
// fourth "validation"), processing with an expired lease, in review (waiting i hours);
// 30 replayed duplicates and 5 mismatches an hour ago.
const QString kSeed = QStringLiteral(R"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at,
                        lease_expires_at, last_error, review_at)
SELECT 's', 'k' || i, 'wf', 'fp', s.status, now() - i * interval '10 minutes',
       CASE WHEN s.status = 'processing' THEN now() - interval '1 second' END,
       CASE WHEN s.status = 'failed'
            THEN jsonb_build_object('class', CASE WHEN i % 4 = 1 THEN 'validation' ELSE 'timeout' END) END,
       CASE WHEN s.status = 'manual_review' THEN now() - i * interval '1 hour' END
  FROM generate_series(1, 432) i
 CROSS JOIN LATERAL (SELECT (ARRAY['succeeded', 'failed', 'processing', 'succeeded', 'manual_review',
                                    'succeeded'])[1 + i % 6] AS status) s;
INSERT INTO dedup.events (run_id, at, kind, detail)
SELECT r.id, now() - interval '1 hour', CASE WHEN r.id <= 5 THEN 'mismatch' ELSE 'duplicate_suppressed' END,
       '{"outcome": "replay"}'
  FROM dedup.runs r ORDER BY r.id LIMIT 35;
)SQL");

qint64 scalar(const TestDatabase &db, const QString &sql, const PgParams &params = {}) {
    auto conn = db.connect();
    const PgResult result = conn ? conn->exec(sql, params) : PgResult();
    return result.ok() ? result.toInt64(0, 0) : -999;
}

qreal total(const StackedBarChart *chart) {
    qreal sum = 0;
    for (const QBarSet *set : chart->barSets())
        sum += set->sum();
    return sum;
}

} // namespace

class TestDashboardView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void chartsHoldTheFigures();
    void rangeSelectorRequeries();
    void errorsShowInTheView();
};

void TestDashboardView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_dashboardview"));
    QSettings().clear();
}

void TestDashboardView::chartsHoldTheFigures() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(kSeed), QString());
    DashboardLoader loader(db.conninfo()); // outlives the view
    DashboardView view;
    view.resize(1300, 900);
    view.show();
    view.rangeBar()->setChoice(DashboardRangeBar::Last7Days);
    view.setLoader(&loader);
    QVERIFY(view.loader());
    QTRY_VERIFY_WITH_TIMEOUT(view.loader()->readCount() >= 1 && !view.loader()->isLoading(), 15000);
    QVERIFY2(view.loader()->errorText().isEmpty(), qPrintable(view.loader()->errorText()));
    const DashboardSnapshot &s = view.loader()->snapshot();
    QCOMPARE(s.range, DashboardRange::last7Days());

    // Runs by status: 28 bars of 6 hours, one bar set per status, the sums equal the runs.
    StackedBarChart *runs = view.runsChart();
    QCOMPARE(runs->categories().size(), 28);
    QCOMPARE(total(runs), qreal(432));
    // Every bar against SQL (not only the newest: just after a 6-hour boundary it holds one
    // run, which may not have succeeded).
    qint64 succeeded = 0;
    for (int bar = 0; bar < 28; ++bar) {
        PgParams bucket;
        bucket.add(s.from.addSecs(qint64(bar) * 6 * 3600))
            .add(bar == 27 ? s.to : s.from.addSecs(qint64(bar + 1) * 6 * 3600));
        const qint64 count =
            scalar(db,
                   QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'succeeded'"
                                  " AND created_at >= $1 AND created_at < $2"),
                   bucket);
        QCOMPARE(runs->value(QStringLiteral("Succeeded"), bar), qreal(count));
        succeeded += count;
    }
    QCOMPARE(succeeded, 216);            // half of the 432 runs
    QCOMPARE(runs->barSets().size(), 4); // succeeded, failed, processing, manual_review
    for (QBarSet *set : runs->barSets())
        QVERIFY2(set->color().isValid() && set->color() != Qt::black, qPrintable(set->label()));

    // Duplicates: 30 replays and 5 mismatches, all in one bucket.
    StackedBarChart *duplicates = view.duplicatesChart();
    QCOMPARE(total(duplicates), qreal(35));
    QCOMPARE(duplicates->barSets().size(), 2);
    QCOMPARE(duplicates->barSets().at(1)->sum(), qreal(5));

    // Failure classes: the most frequent at the top (the last category of a horizontal
    // chart): the 72 reviewed runs without a last error, then 36 timeouts and 36 validation
    // errors (a tie, by name).
    StackedBarChart *failures = view.failuresChart();
    QCOMPARE(failures->categories(),
             (QStringList{QStringLiteral("validation"), QStringLiteral("timeout"),
                          QStringLiteral("(none recorded)")}));
    const qint64 timeouts = scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs"
                                                      " WHERE last_error->>'class' = 'timeout'"));
    QCOMPARE(timeouts, qint64(36));
    QCOMPARE(failures->value(QStringLiteral("Failed"), 1), qreal(timeouts));
    QCOMPARE(failures->value(QStringLiteral("Manual review"), 2), qreal(72));
    QCOMPARE(failures->value(QStringLiteral("Failed"), 2), qreal(0));

    // Review queue by age: 72 runs waiting 4 h ... 428 h.
    StackedBarChart *ages = view.reviewAgeChart();
    QCOMPARE(ages->categories().size(), 6);
    QCOMPARE(total(ages), qreal(72));
    QCOMPARE(ages->value(QStringLiteral("Runs in review"), 0), qreal(0));
    QCOMPARE(ages->value(QStringLiteral("Runs in review"), 5), qreal(s.review.ageBins.at(5)));
    QVERIFY(view.reviewText().startsWith(QLatin1String("Review queue: 72 (oldest")));

    // Stuck now, and the sample this read took (the superuser may refresh).
    QCOMPARE(view.stuckText(), QStringLiteral("Stuck now: 72"));
    const QList<QPointF> stuck =
        view.samplesChart()->points(QStringLiteral("Stuck (lease expired)"));
    QCOMPARE(stuck.size(), 1);
    QCOMPARE(stuck.first().y(), qreal(72));
    QVERIFY(view.totalsText().contains(QLatin1String("432 runs created")));
    QVERIFY(view.rangeBar()->statusText().startsWith(QLatin1String("Updated")));
}

void TestDashboardView::rangeSelectorRequeries() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(kSeed), QString());
    DashboardLoader loader(db.conninfo()); // outlives the view
    DashboardView view;
    view.rangeBar()->setChoice(DashboardRangeBar::Last30Days);
    view.setLoader(&loader);
    QTRY_VERIFY_WITH_TIMEOUT(view.loader()->readCount() >= 1 && !view.loader()->isLoading(), 15000);
    QCOMPARE(view.runsChart()->categories().size(), 30);
    QCOMPARE(total(view.runsChart()), qreal(432));

    int reads = view.loader()->readCount();
    view.rangeBar()->choiceBox()->setCurrentIndex(
        view.rangeBar()->choiceBox()->findData(DashboardRangeBar::LastHour));
    QCOMPARE(view.loader()->range(), DashboardRange::lastHour());
    QTRY_VERIFY_WITH_TIMEOUT(view.loader()->readCount() > reads && !view.loader()->isLoading(),
                             15000);
    QCOMPARE(view.runsChart()->categories().size(), 12);
    const qint64 lastHour =
        scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE created_at >= $1"),
               PgParams().add(view.loader()->snapshot().from));
    QCOMPARE(total(view.runsChart()), qreal(lastHour));
    QVERIFY(lastHour >= 5 && lastHour <= 6);
    QCOMPARE(QSettings().value(QStringLiteral("dashboard/range")).toInt(),
             int(DashboardRangeBar::LastHour));

    // A custom range: two days ending a day ago, in 1-hour bars.
    reads = view.loader()->readCount();
    const QDateTime to = QDateTime::currentDateTimeUtc().addDays(-1);
    view.rangeBar()->setCustom(to.addDays(-2), to);
    QTRY_VERIFY_WITH_TIMEOUT(view.loader()->readCount() > reads && !view.loader()->isLoading(),
                             15000);
    const DashboardSnapshot &s = view.loader()->snapshot();
    QCOMPARE(s.range.strideSeconds, qint64(3600));
    QVERIFY2(s.range.buckets >= 49 && s.range.buckets <= 50,
             qPrintable(QString::number(s.range.buckets)));
    const qint64 inRange =
        scalar(db,
               QStringLiteral(
                   "SELECT count(*) FROM dedup.runs WHERE created_at >= $1 AND created_at < $2"),
               PgParams().add(s.from).add(s.to));
    QCOMPARE(total(view.runsChart()), qreal(inRange));
    QVERIFY(inRange > 250);
}

void TestDashboardView::errorsShowInTheView() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // The worker role may not read the rollup.
    DashboardLoader loader(db.conninfo(QStringLiteral("t_worker"))); // outlives the view
    DashboardView view;
    view.show();
    view.setLoader(&loader);
    QTRY_VERIFY_WITH_TIMEOUT(!view.loader()->errorText().isEmpty(), 15000);
    QVERIFY2(
        view.rangeBar()->statusText().startsWith(QLatin1String("Could not read the dashboard:")),
        qPrintable(view.rangeBar()->statusText()));
    QVERIFY(view.rangeBar()->statusText().contains(QLatin1String("permission denied")));
    QCOMPARE(QApplication::activeModalWidget(), nullptr);
    QCOMPARE(view.runsChart()->barSets().size(), 0);
    view.setLoader(nullptr);
    QCOMPARE(view.loader(), nullptr);
    QCOMPARE(view.rangeBar()->statusText(), QStringLiteral("Not connected."));
}

QTEST_MAIN(TestDashboardView)
#include "tst_dashboardview.moc"
