// AlertMonitor (docs/CONSOLE.md "Alerts"): the pure crossing logic (raised once on reaching a
// threshold, quiet while above, cleared and re-armed below; capped counts; thresholds and the
// switch changed at run time), then against the private PostgreSQL: the stuck count of a
// StuckRunsModel (under QAbstractItemModelTester) and the review queue's oldest age read by a
// DashboardLoader, by the server's clock.
#include "TestDatabase.h"
#include "models/AlertMonitor.h"
#include "models/DashboardLoader.h"
#include "models/StuckRunsModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace dedup::models;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using Kind = AlertMonitor::Kind;

namespace {

// What the monitor said, in order: "raised: TEXT" or "cleared", for one kind.
class Recorder {
public:
    explicit Recorder(const AlertMonitor &monitor, Kind kind)
        : raised(&monitor, &AlertMonitor::alertRaised)
        , cleared(&monitor, &AlertMonitor::alertCleared)
        , m_kind(kind) {}

    int raisedCount() const { return count(raised); }
    int clearedCount() const { return count(cleared); }
    QString lastText() const {
        for (qsizetype i = raised.size() - 1; i >= 0; --i)
            if (raised.at(i).at(0).value<Kind>() == m_kind)
                return raised.at(i).at(1).toString();
        return {};
    }

    QSignalSpy raised;
    QSignalSpy cleared;

private:
    int count(const QSignalSpy &spy) const {
        int n = 0;
        for (const QList<QVariant> &args : spy)
            n += args.at(0).value<Kind>() == m_kind ? 1 : 0;
        return n;
    }
    Kind m_kind;
};

// `count` processing runs '<prefix>-1'.. whose leases expired a minute ago (as
// tst_stuckrunsmodel.cpp makes them).
QString insertStuck(const TestDatabase &db, int count, const QString &prefix) {
    return db.exec(
        u"INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, lease_owner,"
        u" lease_token, lease_expires_at, created_at, updated_at, attempt) "
        u"SELECT 'gen', '%1-' || g, 'wf-gen', 'fp', 'processing', 'dead-' || g, 3,"
        u" now() - interval '1 minute', now() - interval '1 hour',"
        u" now() - interval '2 minutes', 2 FROM generate_series(1, %2) g"_s.arg(prefix)
            .arg(count));
}

// Renews (or lets expire again) the leases of the runs whose key starts with `prefix`.
QString setLeases(const TestDatabase &db, const QString &prefix, bool alive) {
    return db.exec(u"UPDATE dedup.runs SET lease_expires_at = now() %1 interval '1 hour'"
                   u" WHERE idem_key LIKE '%2-%%'"_s.arg(alive ? u"+"_s : u"-"_s, prefix));
}

} // namespace

class TestAlertMonitor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void crossings_data();
    void crossings();
    void cappedCount();
    void reviewAgeText();
    void thresholdsApplyAtOnce();
    void switchedOff();
    void stuckRunsFromTheStore();
    void reviewAgeFromTheStore();
};

void TestAlertMonitor::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestAlertMonitor::crossings_data() {
    QTest::addColumn<qint64>("threshold");
    QTest::addColumn<QList<qint64>>("counts");
    // "R" raised, "C" cleared, one per count that changed the state.
    QTest::addColumn<QString>("expected");
    QTest::newRow("never reached") << qint64(10) << QList<qint64>{0, 3, 9, 2} << u""_s;
    QTest::newRow("reached exactly") << qint64(10) << QList<qint64>{9, 10} << u"R"_s;
    QTest::newRow("once while above") << qint64(10) << QList<qint64>{12, 15, 10, 11} << u"R"_s;
    QTest::newRow("re-armed below")
        << qint64(10) << QList<qint64>{12, 9, 9, 11, 20, 0} << u"RCRC"_s;
    QTest::newRow("default threshold 1") << qint64(1) << QList<qint64>{0, 1, 0} << u"RC"_s;
    QTest::newRow("unknown changes nothing") << qint64(5) << QList<qint64>{6, -1, 6, -1} << u"R"_s;
}

void TestAlertMonitor::crossings() {
    QFETCH(qint64, threshold);
    QFETCH(QList<qint64>, counts);
    QFETCH(QString, expected);
    AlertMonitor monitor;
    monitor.setStuckThreshold(threshold);
    QString said;
    connect(&monitor, &AlertMonitor::alertRaised, this, [&said] { said += u'R'; });
    connect(&monitor, &AlertMonitor::alertCleared, this, [&said] { said += u'C'; });
    for (const qint64 count : counts)
        monitor.setStuckCount(count);
    QCOMPARE(said, expected);
    QCOMPARE(monitor.isRaised(Kind::StuckRuns), expected.endsWith(u'R'));
    QVERIFY(!monitor.isRaised(Kind::ReviewAge));
}

void TestAlertMonitor::cappedCount() {
    AlertMonitor monitor;
    Recorder r(monitor, Kind::StuckRuns);
    monitor.setStuckThreshold(5000);
    // The model stopped counting at its cap (10,000): more than the threshold.
    monitor.setStuckCount(10001, false);
    QCOMPARE(r.raisedCount(), 1);
    QCOMPARE(r.lastText(), u"More than 10,000 runs stuck (threshold 5,000)"_s);
    // A threshold beyond the cap: a capped count says nothing about it, the alarm stays.
    monitor.setStuckThreshold(20000);
    QCOMPARE(r.clearedCount(), 0);
    QVERIFY(monitor.isRaised(Kind::StuckRuns));
    monitor.setStuckCount(42, true);
    QCOMPARE(r.clearedCount(), 1);
    monitor.setStuckThreshold(1);
    QCOMPARE(r.raisedCount(), 2);
    QCOMPARE(r.lastText(), u"42 runs stuck (threshold 1)"_s);
    monitor.setStuckCount(1, true);
    QCOMPARE(monitor.alertText(Kind::StuckRuns), u"1 run stuck (threshold 1)"_s);
    QCOMPARE(r.raisedCount(), 2);
}

void TestAlertMonitor::reviewAgeText() {
    AlertMonitor monitor;
    Recorder r(monitor, Kind::ReviewAge);
    QCOMPARE(monitor.reviewAgeThreshold(), 60min);
    QCOMPARE(monitor.stuckThreshold(), qint64(1));
    monitor.setReviewAge(std::chrono::milliseconds(59min + 59s).count());
    QCOMPARE(r.raisedCount(), 0);
    monitor.setReviewAge(std::chrono::milliseconds(2h + 5min + 30s).count());
    QCOMPARE(r.raisedCount(), 1);
    QCOMPARE(r.lastText(), u"Oldest run in review waiting 2 h 5 min (threshold 60 min)"_s);
    monitor.setReviewAge(std::chrono::milliseconds(3h).count());
    QCOMPARE(r.raisedCount(), 1);
    monitor.setReviewAge(std::nullopt); // the queue emptied
    QCOMPARE(r.clearedCount(), 1);
    QVERIFY(monitor.alertText(Kind::ReviewAge).isEmpty());
}

void TestAlertMonitor::thresholdsApplyAtOnce() {
    AlertMonitor monitor;
    Recorder stuck(monitor, Kind::StuckRuns);
    Recorder review(monitor, Kind::ReviewAge);
    monitor.setStuckThreshold(10);
    monitor.setStuckCount(7);
    monitor.setReviewAge(std::chrono::milliseconds(30min).count());
    QCOMPARE(stuck.raisedCount() + review.raisedCount(), 0);
    monitor.setStuckThreshold(5); // the last count is above it now
    QCOMPARE(stuck.raisedCount(), 1);
    QCOMPARE(stuck.lastText(), u"7 runs stuck (threshold 5)"_s);
    monitor.setReviewAgeThreshold(20min);
    QCOMPARE(review.raisedCount(), 1);
    monitor.setStuckThreshold(8);
    QCOMPARE(stuck.clearedCount(), 1);
    QCOMPARE(review.clearedCount(), 0); // each figure is an alarm of its own
    // Out-of-range thresholds are taken as 1.
    monitor.setStuckThreshold(0);
    QCOMPARE(monitor.stuckThreshold(), qint64(1));
    QCOMPARE(stuck.raisedCount(), 2);
}

void TestAlertMonitor::switchedOff() {
    AlertMonitor monitor;
    Recorder r(monitor, Kind::StuckRuns);
    QSignalSpy enabled(&monitor, &AlertMonitor::enabledChanged);
    monitor.setStuckCount(3);
    QCOMPARE(r.raisedCount(), 1);
    monitor.setEnabled(false);
    QCOMPARE(enabled.size(), 1);
    QVERIFY(!monitor.isRaised(Kind::StuckRuns));
    QCOMPARE(r.clearedCount(), 0); // silently: nothing got better
    monitor.setStuckCount(0);
    monitor.setStuckCount(9);
    QCOMPARE(r.raisedCount(), 1);
    QCOMPARE(r.clearedCount(), 0);
    monitor.setEnabled(true); // the last figure is above: said again
    QCOMPARE(r.raisedCount(), 2);
    QCOMPARE(r.lastText(), u"9 runs stuck (threshold 1)"_s);
}

void TestAlertMonitor::stuckRunsFromTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(insertStuck(db, 3, u"a"_s), QString());
    StuckRunsModel model(db.conninfo());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRefreshInterval(0); // reads when told: each step below is one read
    AlertMonitor monitor;
    monitor.setStuckThreshold(2);
    Recorder r(monitor, Kind::StuckRuns);
    QSignalSpy refreshed(&model, &StuckRunsModel::refreshed);
    monitor.setStuckRuns(&model);

    QVERIFY(r.raised.wait(15000));
    QCOMPARE(r.raisedCount(), 1);
    QCOMPARE(r.lastText(), u"3 runs stuck (threshold 2)"_s);

    // Still above, with more: quiet.
    QCOMPARE(insertStuck(db, 1, u"b"_s), QString());
    refreshed.clear();
    model.refresh();
    QVERIFY(refreshed.wait(15000));
    QCOMPARE(model.stuckCount(), 4);
    QCOMPARE(r.raisedCount(), 1);
    QCOMPARE(r.clearedCount(), 0);

    // Three leases renewed: 1 stuck, below the threshold: cleared (re-armed).
    QCOMPARE(setLeases(db, u"a"_s, true), QString());
    model.refresh();
    QVERIFY(r.cleared.wait(15000));
    QCOMPARE(model.stuckCount(), 1);
    QCOMPARE(r.clearedCount(), 1);
    QVERIFY(!monitor.isRaised(Kind::StuckRuns));

    // They expire again: raised a second time.
    QCOMPARE(setLeases(db, u"a"_s, false), QString());
    model.refresh();
    QVERIFY(r.raised.wait(15000));
    QCOMPARE(r.raisedCount(), 2);
    QCOMPARE(r.lastText(), u"4 runs stuck (threshold 2)"_s);
}

void TestAlertMonitor::reviewAgeFromTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Two runs routed to review (as tst_dashboardloader.cpp writes them): one 2 h 5 min ago
    // by the server's clock, one 10 minutes ago.
    QCOMPARE(
        db.exec(u"INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                u" review_at) VALUES"
                u" ('s', 'old', 'wf', 'fp', 'manual_review',"
                u"  now() - interval '2 hours 5 minutes'),"
                u" ('s', 'new', 'wf', 'fp', 'manual_review', now() - interval '10 minutes')"_s),
        QString());
    DashboardLoader loader(db.conninfo());
    loader.setRefreshInterval(0);
    AlertMonitor monitor; // 60 minutes by default
    Recorder r(monitor, Kind::ReviewAge);
    QSignalSpy loaded(&loader, &DashboardLoader::loaded);
    monitor.setDashboard(&loader);

    QVERIFY(r.raised.wait(15000));
    QCOMPARE(r.raisedCount(), 1);
    QCOMPARE(r.lastText(), u"Oldest run in review waiting 2 h 5 min (threshold 60 min)"_s);
    QVERIFY(!monitor.isRaised(Kind::StuckRuns)); // the stuck figure is not followed here

    loaded.clear();
    loader.refresh();
    QVERIFY(loaded.wait(15000));
    QCOMPARE(r.raisedCount(), 1); // still above: quiet

    // A threshold changed at run time applies to the last read at once.
    monitor.setReviewAgeThreshold(180min);
    QCOMPARE(r.clearedCount(), 1);
    monitor.setReviewAgeThreshold(120min);
    QCOMPARE(r.raisedCount(), 2);
    QCOMPARE(r.lastText(), u"Oldest run in review waiting 2 h 5 min (threshold 120 min)"_s);

    // The old run went back into the queue just now: the oldest waits 10 minutes.
    QCOMPARE(db.exec(u"UPDATE dedup.runs SET review_at = now() WHERE idem_key = 'old'"_s),
             QString());
    loader.refresh();
    QVERIFY(r.cleared.wait(15000));
    QCOMPARE(r.clearedCount(), 2);
    // Re-armed: a run waiting 3 hours raises it again.
    QCOMPARE(db.exec(u"UPDATE dedup.runs SET review_at = now() - interval '3 hours'"
                     u" WHERE idem_key = 'old'"_s),
             QString());
    loader.refresh();
    QVERIFY(r.raised.wait(15000));
    QCOMPARE(r.raisedCount(), 3);
    QCOMPARE(r.lastText(), u"Oldest run in review waiting 3 h 0 min (threshold 120 min)"_s);
}

QTEST_GUILESS_MAIN(TestAlertMonitor)
#include "tst_alertmonitor.moc"
