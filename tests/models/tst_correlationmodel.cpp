// CorrelationModel against the private PostgreSQL: every run of a correlation id, oldest
// first, with the roles a timeline view draws bars from; live updates by notification
// applied in place (a run joining the correlation is inserted, a finishing run's bar gets its
// end); the limit; switching ids; cancel; recovery after the server terminated the model's
// backend. Under QAbstractItemModelTester throughout.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "models/ChangeListener.h"
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
    void limitAndSwitchingIds();
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
    ChangeListener listener(m_db->conninfo());
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
    QCOMPARE(ids(model), runs.mid(0, 3));
    QVERIFY(model.isTruncated());
    model.setCorrelationId(QStringLiteral("v1"));
    QCOMPARE(model.rowCount(), 0); // cleared at once, not showing the other id's runs
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
    QCOMPARE(ids(model), QList<qint64>{lone.runId});
    QVERIFY(!model.isTruncated());
    model.setCorrelationId(QString());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.isLoading());
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
    ChangeListener listener(m_db->conninfo());
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
