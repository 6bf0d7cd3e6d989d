// WorkflowsModel and WorkflowOverviewLoader (docs/CONSOLE.md "Workflows"): the State column's
// words for running and paused workflows, the counts, updates in place (never a reset), and
// the loader against a private PostgreSQL: what it reads follows pauses and resumes, and a
// viewer sees only the workflows and pauses its grants cover. Under QAbstractItemModelTester
// throughout.
#include "TestDatabase.h"
#include "models/WorkflowOverviewLoader.h"
#include "models/WorkflowsModel.h"
#include "store/WorkflowPauses.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace dedup::models;
using namespace dedup::store;
using namespace Qt::StringLiterals;

namespace {

const QDateTime Now = QDateTime(QDate(2026, 12, 3), QTime(10, 0), Qt::LocalTime).toUTC();

WorkflowPause pauseOf(const QString &workflow, const QString &prefix, bool stopSteps,
                      const QString &reason) {
    WorkflowPause p;
    p.workflow = workflow;
    p.scopePrefix = prefix;
    p.stopSteps = stopSteps;
    p.reason = reason;
    p.pausedBy = u"alice"_s;
    p.pausedAt = QDateTime(QDate(2026, 12, 3), QTime(3, 12), Qt::LocalTime).toUTC();
    return p;
}

WorkflowOverviewRow rowOf(const QString &workflow, QList<WorkflowPause> pauses = {}) {
    WorkflowOverviewRow row;
    row.workflow = workflow;
    row.pauses = std::move(pauses);
    return row;
}

WorkflowOverview overviewOf(QList<WorkflowOverviewRow> rows) {
    WorkflowOverview o;
    o.serverNow = Now;
    o.since = Now.addSecs(-3600);
    o.workflows = std::move(rows);
    return o;
}

QString cell(const WorkflowsModel &model, int row, int column) {
    return model.index(row, column).data().toString();
}

// 2 processing (1 with an expired lease), 3 failed, 1 in review, 4 succeeded in billing;
// 1 succeeded in shipping; every one created in the last half hour.
const QString kSeed = uR"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at,
                        lease_expires_at, review_at)
SELECT 'eu-' || i, 'k' || i, w, 'fp', s, now() - interval '10 minutes',
       CASE WHEN s = 'processing' THEN now() + (CASE WHEN i = 1 THEN -1 ELSE 1 END)
                                              * interval '5 minutes' END,
       CASE WHEN s = 'manual_review' THEN now() END
  FROM (VALUES (1, 'billing', 'processing'), (2, 'billing', 'processing'),
               (3, 'billing', 'failed'), (4, 'billing', 'failed'), (5, 'billing', 'failed'),
               (6, 'billing', 'manual_review'), (7, 'billing', 'succeeded'),
               (8, 'billing', 'succeeded'), (9, 'billing', 'succeeded'),
               (10, 'billing', 'succeeded'), (11, 'shipping', 'succeeded')) v(i, w, s);
)SQL"_s;

} // namespace

class TestWorkflowsModel : public QObject {
    Q_OBJECT

private slots:
    void stateText_data();
    void stateText();
    void countsAndRoles();
    void updatesInPlace();
    void followsPausesInTheStore();
    void viewerSeesOnlyItsGrants();
};

void TestWorkflowsModel::stateText_data() {
    QTest::addColumn<QList<WorkflowPause>>("pauses");
    QTest::addColumn<QString>("state");
    QTest::newRow("running") << QList<WorkflowPause>{} << u"Running"_s;
    QTest::newRow("every scope") << QList<WorkflowPause>{pauseOf(u"billing"_s, {}, false,
                                                                 u"provider outage"_s)}
                                 << u"Paused (all scopes) since 03:12 by alice — provider outage"_s;
    QTest::newRow("prefix, stop steps")
        << QList<WorkflowPause>{pauseOf(u"billing"_s, u"eu-"_s, true, u"PSP down"_s)}
        << u"Paused (scopes eu-*, stops before the next step) since 03:12 by alice — PSP down"_s;
    QTest::newRow("two pauses")
        << QList<WorkflowPause>{pauseOf(u"billing"_s, u"eu-"_s, false, u"a"_s),
                                pauseOf(u"billing"_s, u"us-"_s, false, u"b"_s)}
        << u"Paused (scopes eu-*) since 03:12 by alice — a; Paused "
           u"(scopes us-*) since 03:12 by alice — b"_s;
    // A value from the store is shown, not obeyed: the bidi override becomes a marker.
    QTest::newRow("hostile reason")
        << QList<WorkflowPause>{pauseOf(u"billing"_s, {}, false, u"x\u202Ey"_s)}
        << u"Paused (all scopes) since 03:12 by alice — x‹U+202E›y"_s;
}

void TestWorkflowsModel::stateText() {
    QFETCH(QList<WorkflowPause>, pauses);
    QFETCH(QString, state);
    WorkflowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.apply(overviewOf({rowOf(u"billing"_s, pauses)}));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(cell(model, 0, WorkflowsModel::StateColumn), state);
    QCOMPARE(model.index(0, 0).data(WorkflowsModel::PausedRole).toBool(), !pauses.isEmpty());
    QCOMPARE(model.index(0, 0).data(WorkflowsModel::PauseCountRole).toInt(), pauses.size());
    // The tooltip says the rest: what happens to runs in flight.
    if (!pauses.isEmpty()) {
        const QString tip =
            model.index(0, WorkflowsModel::StateColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(pauses.first().stopSteps ? u"stop before their next step"_s
                                                       : u"Runs in flight finish"_s),
                 qPrintable(tip));
    }
}

void TestWorkflowsModel::countsAndRoles() {
    WorkflowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    WorkflowOverviewRow billing = rowOf(u"billing"_s);
    billing.runs = {
        {u"processing"_s, 2}, {u"failed"_s, 1234}, {u"manual_review"_s, 1}, {u"succeeded"_s, 9}};
    billing.lastHour = {{u"succeeded"_s, 5}, {u"failed"_s, 2}};
    billing.stuck = 1;
    model.apply(overviewOf({rowOf(u"shipping"_s), billing}));
    QCOMPARE(model.columnCount(), int(WorkflowsModel::ColumnCount));
    QCOMPARE(model.headerData(WorkflowsModel::InReviewColumn, Qt::Horizontal).toString(),
             u"In review"_s);
    // By name, whatever order the store sent.
    QCOMPARE(cell(model, 0, WorkflowsModel::WorkflowColumn), u"billing"_s);
    QCOMPARE(model.rowOfWorkflow(u"shipping"_s), 1);
    QCOMPARE(model.rowOfWorkflow(u"nope"_s), -1);
    const QLocale locale;
    QCOMPARE(cell(model, 0, WorkflowsModel::ProcessingColumn), locale.toString(2));
    QCOMPARE(cell(model, 0, WorkflowsModel::StuckColumn), locale.toString(1));
    QCOMPARE(cell(model, 0, WorkflowsModel::FailedColumn), locale.toString(1234));
    QCOMPARE(cell(model, 0, WorkflowsModel::InReviewColumn), locale.toString(1));
    QCOMPARE(cell(model, 0, WorkflowsModel::LastHourColumn), locale.toString(7));
    QCOMPARE(model.index(0, WorkflowsModel::FailedColumn).data(WorkflowsModel::CountRole),
             QVariant(qint64(1234)));
    QCOMPARE(cell(model, 1, WorkflowsModel::FailedColumn), locale.toString(0));
}

void TestWorkflowsModel::updatesInPlace() {
    WorkflowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.apply(overviewOf({rowOf(u"a"_s), rowOf(u"b"_s), rowOf(u"c"_s)}));
    QCOMPARE(inserted.count(), 3);
    changed.clear();
    // b paused, c gone, d new; a unchanged.
    model.apply(overviewOf(
        {rowOf(u"a"_s), rowOf(u"b"_s, {pauseOf(u"b"_s, {}, false, u"r"_s)}), rowOf(u"d"_s)}));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(inserted.count(), 4);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 1);
    QVERIFY(cell(model, 1, WorkflowsModel::StateColumn).startsWith(u"Paused"_s));
    // The same overview again changes nothing.
    changed.clear();
    model.apply(overviewOf(
        {rowOf(u"a"_s), rowOf(u"b"_s, {pauseOf(u"b"_s, {}, false, u"r"_s)}), rowOf(u"d"_s)}));
    QCOMPARE(changed.count(), 0);
    // Resumed: the row says so again.
    model.apply(overviewOf({rowOf(u"a"_s), rowOf(u"b"_s), rowOf(u"d"_s)}));
    QCOMPARE(cell(model, 1, WorkflowsModel::StateColumn), u"Running"_s);
    QCOMPARE(resets.count(), 0);
}

void TestWorkflowsModel::followsPausesInTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(db.exec(kSeed), QString());
    WorkflowOverviewLoader loader(db.conninfo(u"t_operator"_s));
    loader.setRefreshInterval(0);
    WorkflowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLoader(&loader);
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() >= 1, 15000);
    QVERIFY2(loader.errorText().isEmpty(), qPrintable(loader.errorText()));
    QCOMPARE(model.rowCount(), 2);
    const int billing = model.rowOfWorkflow(u"billing"_s);
    QCOMPARE(billing, 0);
    QCOMPARE(cell(model, billing, WorkflowsModel::StateColumn), u"Running"_s);
    const QLocale locale;
    QCOMPARE(cell(model, billing, WorkflowsModel::ProcessingColumn), locale.toString(2));
    QCOMPARE(cell(model, billing, WorkflowsModel::StuckColumn), locale.toString(1));
    QCOMPARE(cell(model, billing, WorkflowsModel::FailedColumn), locale.toString(3));
    QCOMPARE(cell(model, billing, WorkflowsModel::InReviewColumn), locale.toString(1));
    QCOMPARE(cell(model, billing, WorkflowsModel::LastHourColumn), locale.toString(10));
    QCOMPARE(cell(model, 1, WorkflowsModel::LastHourColumn), locale.toString(1));

    auto op = db.connect(u"t_operator"_s);
    QVERIFY(op);
    PgError error;
    QVERIFY2(WorkflowPauses(*op).pause(u"billing"_s, u"eu-"_s, true, 30, u"PSP down"_s,
                                       u"wm-pause-1"_s, &error),
             qPrintable(error.toString()));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    const int reads = loader.readCount();
    loader.refresh();
    QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() > reads, 15000);
    const QString state = cell(model, billing, WorkflowsModel::StateColumn);
    QVERIFY2(state.startsWith(u"Paused (scopes eu-*, stops before the next step) since "_s),
             qPrintable(state));
    QVERIFY2(state.endsWith(u" by t_operator — PSP down"_s), qPrintable(state));
    QVERIFY(model.index(billing, 0).data(WorkflowsModel::StopStepsRole).toBool());
    QCOMPARE(cell(model, 1, WorkflowsModel::StateColumn), u"Running"_s);

    QVERIFY2(
        WorkflowPauses(*op).resume(u"billing"_s, u"eu-"_s, u"PSP back"_s, u"wm-resume-1"_s, &error),
        qPrintable(error.toString()));
    loader.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(cell(model, billing, WorkflowsModel::StateColumn), u"Running"_s,
                              15000);
    QCOMPARE(resets.count(), 0);
    // Without a loader the rows go.
    model.setLoader(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestWorkflowsModel::viewerSeesOnlyItsGrants() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(db.exec(kSeed), QString());
    auto op = db.connect(u"t_operator"_s);
    QVERIFY(op);
    PgError error;
    QVERIFY(
        WorkflowPauses(*op).pause(u"billing"_s, {}, false, 60, u"outage"_s, u"wm-v-1"_s, &error));
    QVERIFY(
        WorkflowPauses(*op).pause(u"shipping"_s, {}, false, 60, u"carrier"_s, u"wm-v-2"_s, &error));
    // A viewer of shipping only: billing's runs and pause are not its to see. Roles are the
    // cluster's: the name is this process's, never input.
    const QString login = u"t_wm_viewer_%1"_s.arg(QCoreApplication::applicationPid());
    db.exec(u"DROP ROLE IF EXISTS %1"_s.arg(login));
    QCOMPARE(db.exec(u"CREATE ROLE %1 LOGIN IN ROLE dedup_viewer"_s.arg(login)), QString());
    QCOMPARE(db.grant(login, u"viewer"_s, {u"shipping"_s}), QString());
    {
        WorkflowOverviewLoader loader(db.conninfo(login));
        loader.setRefreshInterval(0);
        WorkflowsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setLoader(&loader);
        QTRY_VERIFY_WITH_TIMEOUT(loader.readCount() >= 1, 15000);
        QVERIFY2(loader.errorText().isEmpty(), qPrintable(loader.errorText()));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, WorkflowsModel::WorkflowColumn), u"shipping"_s);
        QVERIFY(cell(model, 0, WorkflowsModel::StateColumn).endsWith(u"— carrier"_s));
    }
    QCOMPARE(db.exec(u"DROP OWNED BY %1; DROP ROLE %1"_s.arg(login)), QString());
}

QTEST_GUILESS_MAIN(TestWorkflowsModel)
#include "tst_workflowsmodel.moc"
