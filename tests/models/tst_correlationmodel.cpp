// CorrelationModel against the private PostgreSQL: every run of a correlation id, oldest
// first, with the roles a timeline view draws bars from; live updates by notification
// applied in place (a run joining the correlation is inserted, a finishing run's bar gets its
// end); the limit (the newest page first); paging through 5,000 runs; switching ids; cancel;
// recovery after the server terminated the model's backend. Under QAbstractItemModelTester
// throughout.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "lanes/ChangeListener.h"
#include "models/CappedCount.h"
#include "models/CorrelationModel.h"
#include "models/RunStatusStyle.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using namespace DetailTestRuns;

namespace {

struct TestedModel {
    explicit TestedModel(const QString &conninfo)
        : model(conninfo)
        , tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest) {}
    CorrelationModel model;
    QAbstractItemModelTester tester;
};

QList<qint64> ids(const CorrelationModel &model) {
    QList<qint64> list;
    for (int row = 0; row < model.rowCount(); ++row)
        list << model.index(row, 0).data(CorrelationModel::RunIdRole).toLongLong();
    return list;
}

} // namespace

class TestCorrelationModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void timelineOldestFirst();
    void liveUpdatesInPlace();
    void stepsOfEachRun();
    void limitAndSwitchingIds();
    void pagesReachEveryRunOfAHugeCorrelation();
    void cancelStopsABlockedRead();
    void recoversAfterTermination();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super, m_worker;
};

void TestCorrelationModel::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(m_super && m_worker);
}

void TestCorrelationModel::timelineOldestFirst() {
    store::RunProtocol worker(*m_worker);
    const QString visit = QStringLiteral("visit-A");
    const RunLease booking =
        claim(*m_worker, request(QStringLiteral("a-book"), {QStringLiteral("book")}, visit));
    QVERIFY(worker.beginStep(booking, QStringLiteral("book")).ok());
    QVERIFY(worker.completeStep(booking, QStringLiteral("book"), QStringLiteral("B1")).ok());
    QVERIFY(worker.succeed(booking).ok());
    const RunLease confirm =
        claim(*m_worker, request(QStringLiteral("a-confirm"),
                                 {QStringLiteral("sms"), QStringLiteral("mark")}, visit));
    QVERIFY(worker.beginStep(confirm, QStringLiteral("sms")).ok());
    QVERIFY(worker
                .failStep(confirm, QStringLiteral("sms"),
                          {QStringLiteral("timeout"), QStringLiteral("gateway"), true})
                .ok());
    QVERIFY(
        worker.fail(confirm, {QStringLiteral("timeout"), QStringLiteral("gateway"), false}).ok());
    const RunLease invoice =
        claim(*m_worker, request(QStringLiteral("a-invoice"), {QStringLiteral("draft")}, visit));
    QVERIFY(
        claim(*m_worker, request(QStringLiteral("b-other"), {}, QStringLiteral("visit-B"))).runId >
        0);
    QVERIFY(booking.runId > 0 && confirm.runId > 0 && invoice.runId > 0);

    // The owner reads the keys raw (a viewer hashed: tests/store/tst_protectedcolumns.cpp).
    TestedModel t(m_db->conninfo());
    CorrelationModel &model = t.model;
    QSignalSpy loaded(&model, &CorrelationModel::loaded);
    model.setCorrelationId(visit);
    QCOMPARE(model.correlationId(), visit);
    QVERIFY(model.isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
    QVERIFY(!model.isLoading());
    QVERIFY(model.errorText().isEmpty());
    QCOMPARE(ids(model), (QList<qint64>{booking.runId, confirm.runId, invoice.runId}));
    QVERIFY(!model.isTruncated());

    const QModelIndex b = model.index(0, CorrelationModel::StatusColumn);
    QCOMPARE(b.data().toString(), QStringLiteral("Succeeded"));
    QCOMPARE(b.data(CorrelationModel::StatusNameRole).toString(), QStringLiteral("succeeded"));
    QCOMPARE(b.data(CorrelationModel::StatusColorRole).value<QColor>(),
             RunStatusStyle::color(core::RunStatus::Succeeded));
    QVERIFY(!b.data(CorrelationModel::OpenRole).toBool());
    const QDateTime bStart = b.data(CorrelationModel::StartTimeRole).toDateTime();
    const QDateTime bEnd = b.data(CorrelationModel::EndTimeRole).toDateTime();
    QVERIFY(bStart.isValid() && bEnd.isValid() && bEnd >= bStart);
    QCOMPARE(b.data(CorrelationModel::BarEndTimeRole).toDateTime(), bEnd);
    QCOMPARE(model.index(0, CorrelationModel::StepsColumn).data().toString(),
             QStringLiteral("1/1 done"));

    const QModelIndex c = model.index(1, CorrelationModel::StatusColumn);
    QCOMPARE(c.data().toString(), QStringLiteral("Failed"));
    QCOMPARE(model.index(1, CorrelationModel::StepsColumn).data().toString(),
             QStringLiteral("0/2 done, 1 uncertain"));
    QCOMPARE(c.data(CorrelationModel::UncertainStepsRole).toInt(), 1);
    QCOMPARE(c.data(Qt::ToolTipRole).toString(), QStringLiteral("Failed (last error: timeout)"));

    const QModelIndex i = model.index(2, CorrelationModel::StatusColumn);
    QCOMPARE(i.data(CorrelationModel::StatusNameRole).toString(), QStringLiteral("processing"));
    QVERIFY(i.data(CorrelationModel::OpenRole).toBool());
    QVERIFY(!i.data(CorrelationModel::EndTimeRole).toDateTime().isValid());
    const QDateTime openEnd = i.data(CorrelationModel::BarEndTimeRole).toDateTime();
    QVERIFY(openEnd.isValid());
    QVERIFY(openEnd >= i.data(CorrelationModel::StartTimeRole).toDateTime());
    QVERIFY(model.index(2, CorrelationModel::FinishedColumn).data().isNull());
    QVERIFY(model.index(2, CorrelationModel::DurationColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("open for ")));
    QCOMPARE(model.index(2, CorrelationModel::KeyColumn).data().toString(),
             QStringLiteral("test / a-invoice"));
    QCOMPARE(model.index(2, CorrelationModel::RunColumn).data().toLongLong(), invoice.runId);
    QCOMPARE(model.timeStart(), bStart);
    QVERIFY(model.timeEnd() >= openEnd);
    QCOMPARE(model.rowOfRun(confirm.runId), 1);
    QCOMPARE(model.rowOfRun(123456789), -1);
    QCOMPARE(model.headerData(CorrelationModel::StepsColumn, Qt::Horizontal).toString(),
             QStringLiteral("Steps"));
}

void TestCorrelationModel::liveUpdatesInPlace() {
    store::RunProtocol worker(*m_worker);
    const QString visit = QStringLiteral("visit-live");
    const RunLease first = claim(*m_worker, request(QStringLiteral("l-1"), {}, visit));
    QVERIFY(first.runId > 0);
    dedup::lanes::ChangeListener listener(m_db->conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    TestedModel t(m_db->conninfo());
    CorrelationModel &model = t.model;
    model.attachListener(&listener);
    model.setCorrelationId(visit);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
    const QPersistentModelIndex firstRow(model.index(0, CorrelationModel::StatusColumn));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);

    // A run joins the correlation: inserted after the first one.
    const RunLease second = claim(*m_worker, request(QStringLiteral("l-2"), {}, visit));
    QVERIFY(second.runId > 0);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 10000);
    QCOMPARE(ids(model), (QList<qint64>{first.runId, second.runId}));
    QCOMPARE(inserts.count(), 1);
    QCOMPARE(inserts.at(0).at(1).toInt(), 1);
    // The first one finishes: its row changes, its bar gets an end.
    QVERIFY(worker.succeed(first).ok());
    QTRY_VERIFY_WITH_TIMEOUT(!firstRow.data(CorrelationModel::OpenRole).toBool(), 10000);
    QVERIFY(firstRow.data(CorrelationModel::EndTimeRole).toDateTime().isValid());
    QCOMPARE(firstRow.row(), 0);
    QCOMPARE(firstRow.data().toString(), QStringLiteral("Succeeded"));
    QVERIFY(changes.count() >= 1);
    QCOMPARE(resets.count(), 0);
    // A run of another correlation changes nothing here.
    QVERIFY(
        claim(*m_worker, request(QStringLiteral("l-x"), {}, QStringLiteral("elsewhere"))).runId >
        0);
    QTest::qWait(500);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(inserts.count(), 1);
}

// Each run's steps as a role (the timeline draws them as spans under the run's bar), in
// words in the Steps column's tooltip; a step that starts, fails or turns uncertain changes
// its row in place.
void TestCorrelationModel::stepsOfEachRun() {
    store::RunProtocol worker(*m_worker);
    const QString visit = QStringLiteral("visit-steps");
    const RunLease run = claim(
        *m_worker,
        request(QStringLiteral("st-1"),
                {QStringLiteral("book"), QStringLiteral("sms"), QStringLiteral("mark")}, visit));
    QVERIFY(run.runId > 0);
    QVERIFY(worker.beginStep(run, QStringLiteral("book")).ok());
    QVERIFY(worker.completeStep(run, QStringLiteral("book"), QStringLiteral("B1")).ok());
    QVERIFY(worker.beginStep(run, QStringLiteral("sms")).ok());
    dedup::lanes::ChangeListener listener(m_db->conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);

    TestedModel t(m_db->conninfo(QStringLiteral("t_viewer")));
    CorrelationModel &model = t.model;
    model.attachListener(&listener);
    model.setCorrelationId(visit);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
    QTRY_VERIFY(!model.isLoading());
    const QPersistentModelIndex row(model.index(0, CorrelationModel::StepsColumn));
    const auto steps = [&row] {
        return row.data(CorrelationModel::StepsRole).value<QList<store::CorrelatedStep>>();
    };
    QCOMPARE(steps().size(), 3);
    QCOMPARE(steps().at(0).name, QStringLiteral("book"));
    QVERIFY(steps().at(0).status == core::StepStatus::Done);
    QVERIFY(steps().at(0).startedAt.isValid() && steps().at(0).finishedAt.isValid());
    // The running step's span ends at the server's now, as an open run's bar does.
    const store::CorrelatedStep sms = steps().at(1);
    QVERIFY(sms.isRunning());
    const QDateTime now = row.data(CorrelationModel::ServerNowRole).toDateTime();
    QVERIFY(now.isValid());
    QCOMPARE(sms.spanEnd(now), now);
    QVERIFY(!steps().at(2).startedAt.isValid());
    QString tip = row.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Step 1 “book”: Done")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Step 2 “sms”: In progress")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("running for")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Step 3 “mark”: Pending, not started")), qPrintable(tip));

    // The step fails and another turns uncertain: the row changes in place, and says so in
    // words.
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QVERIFY(worker
                .failStep(run, QStringLiteral("sms"),
                          {QStringLiteral("timeout"), QStringLiteral("gateway"), true})
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT(!steps().at(1).isRunning(), 10000);
    QCOMPARE(row.data(CorrelationModel::FailedStepsRole).toInt() +
                 row.data(CorrelationModel::UncertainStepsRole).toInt(),
             1);
    const store::CorrelatedStep failed = steps().at(1);
    QVERIFY(failed.isFailed() || failed.isUncertain());
    QCOMPARE(failed.errorClass, failed.isFailed() ? QStringLiteral("timeout") : failed.errorClass);
    QCOMPARE(
        m_db->exec(QStringLiteral("UPDATE dedup.steps SET status = 'uncertain', started_at = now(),"
                                  " error = '{\"class\": \"outcome_unknown\"}'"
                                  " WHERE name = 'mark' AND run_id = %1")
                       .arg(run.runId)),
        QString());
    // A write past the protocol leaves nothing in the change feed: re-read by hand.
    model.reload();
    QTRY_VERIFY_WITH_TIMEOUT(steps().at(2).isUncertain(), 10000);
    tip = row.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Step 3 “mark”: Uncertain (outcome_unknown): the "
                                         "outcome is unknown")),
             qPrintable(tip));
    QCOMPARE(row.data(CorrelationModel::UncertainStepsRole).toInt(), failed.isUncertain() ? 2 : 1);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(row.row(), 0);
}

void TestCorrelationModel::limitAndSwitchingIds() {
    const QString many = QStringLiteral("visit-many");
    QList<qint64> runs;
    for (int i = 0; i < 5; ++i) {
        const RunLease lease = claim(*m_worker, request(QStringLiteral("m-%1").arg(i), {}, many));
        QVERIFY(lease.runId > 0);
        runs << lease.runId;
    }
    const RunLease lone =
        claim(*m_worker, request(QStringLiteral("lone"), {}, QStringLiteral("v1")));
    TestedModel t(m_db->conninfo());
    CorrelationModel &model = t.model;
    model.setLimit(3);
    QSignalSpy loaded(&model, &CorrelationModel::loaded);
    model.setCorrelationId(QStringLiteral("v1"));
    model.setCorrelationId(many); // the answer for v1 must not show up
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
    QTest::qWait(200);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(ids(model), runs.mid(2, 3)); // the newest three, oldest first
    QVERIFY(model.isTruncated());
    QCOMPARE(model.totalRuns(), 5);
    QCOMPARE(model.newerRuns(), 0);
    QVERIFY(model.hasOlderRuns());
    model.setCorrelationId(QStringLiteral("v1"));
    QCOMPARE(model.rowCount(), 0); // cleared at once, not showing the other id's runs
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
    QCOMPARE(ids(model), QList<qint64>{lone.runId});
    QVERIFY(!model.isTruncated());
    model.setCorrelationId(QString());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.isLoading());
}

void TestCorrelationModel::pagesReachEveryRunOfAHugeCorrelation() {
    const QLocale locale;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    // 5,000 runs of one visit, claimed in one statement (one now(): created_at ties, ordered
    // by id), then spread so that created_at order is not id order.
    QCOMPARE(m_db->exec(QStringLiteral(
                 "SELECT count(*) FROM generate_series(1, 5000) g, LATERAL dedup.claim("
                 "p_scope => 'test', p_key => 'huge-' || g, p_workflow => 'wf-detail',"
                 " p_fingerprint => 'fp', p_correlation_id => 'visit-huge', p_worker => 'w') c;"
                 "UPDATE dedup.runs SET created_at = created_at - (id % 7) * interval '1 second'"
                 " WHERE correlation_id = 'visit-huge'")),
             QString());
    const store::PgResult ordered =
        m_super->exec(QStringLiteral("SELECT id FROM dedup.runs WHERE correlation_id ="
                                     " 'visit-huge' ORDER BY created_at, id"));
    QVERIFY(ordered.ok());
    QCOMPARE(ordered.rows(), 5000);
    QList<qint64> all;
    for (int i = 0; i < ordered.rows(); ++i)
        all << ordered.toInt64(i, 0);

    // As the viewer: the redacted reads (dedup.run_ids_by_correlation + runs_redacted).
    TestedModel t(m_db->conninfo(QStringLiteral("t_viewer")));
    CorrelationModel &model = t.model;
    QSignalSpy loaded(&model, &CorrelationModel::loaded);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    const auto label = [&] {
        return CappedCount::text(model.rowCount(), model.totalRuns(), model.newerRuns());
    };
    const auto waitForPage = [&](int loads) {
        return QTest::qWaitFor([&] { return loaded.count() == loads && !model.isLoading(); },
                               20000);
    };
    model.setCorrelationId(QStringLiteral("visit-huge"));
    QVERIFY(waitForPage(1));
    QCOMPARE(model.rowCount(), CorrelationModel::DefaultLimit);
    QCOMPARE(model.totalRuns(), 5000);
    QCOMPARE(label(), QStringLiteral("newest 500 of 5,000"));
    QCOMPARE(ids(model), all.mid(4500, 500));
    QCOMPARE(ids(model).last(), all.last()); // the newest run is on the first page
    QVERIFY(model.isTruncated() && model.hasOlderRuns());

    // Older, page by page, to the oldest: every run once, memory one page.
    QSet<qint64> seen(all.cbegin() + 4500, all.cend());
    for (int page = 1; page < 10; ++page) {
        model.showPage(store::ListPage::Step::Older);
        QVERIFY(waitForPage(1 + page));
        QCOMPARE(model.rowCount(), 500);
        QCOMPARE(ids(model), all.mid(4500 - 500 * page, 500));
        QCOMPARE(model.newerRuns(), 500 * page);
        for (const qint64 id : ids(model))
            seen.insert(id);
    }
    QCOMPARE(seen.size(), 5000);
    QVERIFY(!model.hasOlderRuns());
    QCOMPARE(ids(model).first(), all.first());
    QCOMPARE(label(), QStringLiteral("oldest 500 of 5,000"));
    QCOMPARE(resets.count(), 1 + 1 + 9); // setCorrelationId (clear + answer), each page

    model.showPage(store::ListPage::Step::Newer);
    QVERIFY(waitForPage(11));
    QCOMPARE(ids(model), all.mid(500, 500));
    QCOMPARE(label(), QStringLiteral("501–1,000 of 5,000"));
    model.showPage(store::ListPage::Step::Newest);
    QVERIFY(waitForPage(12));
    QCOMPARE(ids(model), all.mid(4500, 500));
    model.showPage(store::ListPage::Step::Oldest);
    QVERIFY(waitForPage(13));
    QCOMPARE(ids(model), all.mid(0, 500));
    QCOMPARE(model.page().step, store::ListPage::Step::Older); // re-read as a fixed page

    // A run joins: an older page stays as it is (in place); the newest page takes it in and
    // lets its oldest go, still one page.
    const RunLease joined =
        claim(*m_worker, request(QStringLiteral("huge-joined"), {}, QStringLiteral("visit-huge")));
    QVERIFY(joined.runId > 0);
    model.reload();
    QVERIFY(waitForPage(14));
    QCOMPARE(ids(model), all.mid(0, 500));
    QCOMPARE(model.totalRuns(), 5001);
    model.showPage(store::ListPage::Step::Newest);
    QVERIFY(waitForPage(15));
    QCOMPARE(ids(model).last(), joined.runId);
    QCOMPARE(ids(model).first(), all.at(4501));
    QCOMPARE(label(), QStringLiteral("newest 500 of 5,001"));
    QLocale::setDefault(locale);
}

void TestCorrelationModel::cancelStopsABlockedRead() {
    QVERIFY(claim(*m_worker, request(QStringLiteral("c-1"), {}, QStringLiteral("visit-c"))).runId >
            0);
    TestedModel t(m_db->conninfo());
    CorrelationModel &model = t.model;
    auto locker = m_db->connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.steps IN ACCESS EXCLUSIVE MODE")).ok());
    QSignalSpy errors(&model, &CorrelationModel::errorOccurred);
    model.setCorrelationId(QStringLiteral("visit-c"));
    QTRY_VERIFY_WITH_TIMEOUT(model.backendPid() != 0, 10000);
    const int pid = model.backendPid();
    QVERIFY(waitForLockWait(*m_super, pid));
    model.cancel();
    QVERIFY(!model.isLoading());
    QCOMPARE(model.errorText(), QStringLiteral("Loading was cancelled."));
    QCOMPARE(errors.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(backendState(*m_super, pid), QStringLiteral("idle"), 10000);
    QVERIFY(locker->exec(QStringLiteral("ROLLBACK")).ok());
    model.reload();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
    QVERIFY(model.errorText().isEmpty());
}

void TestCorrelationModel::recoversAfterTermination() {
    const QString visit = QStringLiteral("visit-term");
    QVERIFY(claim(*m_worker, request(QStringLiteral("t-1"), {}, visit)).runId > 0);
    dedup::lanes::ChangeListener listener(m_db->conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    TestedModel t(m_db->conninfo());
    CorrelationModel &model = t.model;
    model.attachListener(&listener);
    model.setCorrelationId(visit);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
    const int pid = model.backendPid();
    QVERIFY(pid != 0);
    QSignalSpy lost(&model, &CorrelationModel::connectionLost);
    QSignalSpy restored(&model, &CorrelationModel::connectionRestored);
    QVERIFY(terminate(*m_super, pid));
    // The next change arrives by notification; the re-read finds the connection dead,
    // reconnects and reads again.
    QVERIFY(claim(*m_worker, request(QStringLiteral("t-2"), {}, visit)).runId > 0);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 10000);
    QCOMPARE(lost.count(), 1);
    QVERIFY(model.backendPid() != pid);
    QVERIFY(model.errorText().isEmpty());
}

QTEST_MAIN(TestCorrelationModel)
#include "tst_correlationmodel.moc"
