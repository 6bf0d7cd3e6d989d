// ReviewQueueModel against the private PostgreSQL, under QAbstractItemModelTester: the queue
// oldest first with reason, age, assignee and note; its filters (workflow, scope, key prefix,
// assigned to me / unassigned); bounded loading with fetchMore; live updates in place when
// runs enter and leave review elsewhere; assign to me, note and resolve through the
// ActionExecutor, and a resolve refused because someone else resolved the run first. Keys
// and reasons are shown as the store's keyed hashes to the viewer and the operator.
#include "ActionTestRuns.h"
#include "actions/ActionExecutor.h"
#include "lanes/ChangeListener.h"
#include "models/ReviewQueueModel.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using namespace dedup::actions;
using store::PgConnection;
using store::PgParams;

namespace {

struct TestedModel {
    explicit TestedModel(const QString &conninfo)
        : model(conninfo)
        , tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest)
        , resets(&model, &QAbstractItemModel::modelReset)
        , refreshes(&model, &ReviewQueueModel::refreshed) {}
    ReviewQueueModel model;
    QAbstractItemModelTester tester;
    QSignalSpy resets;
    QSignalSpy refreshes;
};

// Keys and review reasons reach viewers and operators as keyed hashes
// (0016_protected_columns.sql); the tests name runs by their raw values, which the superuser
// (`su`) reads.
QString rawOf(PgConnection &su, qint64 runId, const char *column) {
    PgParams id;
    id.add(runId);
    const auto result = su.exec(
        QStringLiteral("SELECT %1 FROM dedup.runs WHERE id = $1").arg(QLatin1String(column)), id);
    return result.ok() && result.rows() == 1 ? result.text(0, 0) : QStringLiteral("<none>");
}

bool hashed(const QString &value) {
    static const QRegularExpression pattern(QStringLiteral("^h:[0-9a-f]{16}$"));
    return pattern.match(value).hasMatch();
}

// The raw keys of the model's rows; empty when a row's key was not shown hashed.
QStringList keys(const ReviewQueueModel &model, PgConnection &su) {
    QStringList list;
    for (int row = 0; row < model.rowCount(); ++row) {
        const dedup::store::ReviewQueueRow &run = model.rowAt(row);
        if (!hashed(run.idemKey))
            return {QStringLiteral("not hashed: ") + run.idemKey};
        list << rawOf(su, run.id, "idem_key");
    }
    return list;
}

// Applies a filter and waits for the answer.
bool filtered(TestedModel &t, const dedup::store::ReviewQueueFilter &filter) {
    const int before = int(t.refreshes.count());
    t.model.setFilter(filter);
    return QTest::qWaitFor([&] { return t.refreshes.count() > before && !t.model.isLoading(); },
                           10000);
}

} // namespace

class TestReviewQueueModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void queueFiltersAndPaging();
    void actionsAndLiveUpdates();
};

void TestReviewQueueModel::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestReviewQueueModel::queueFiltersAndPaging() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    for (const char *key : {"r1", "r2", "r3"}) {
        QVERIFY(optest::prepareRun(*su, QStringLiteral("manual_review"), QString::fromLatin1(key))
                    .error.isEmpty());
    }
    QCOMPARE(
        actiontest::seedFailedRuns(db, 6, QStringLiteral("q"), QStringLiteral("manual_review")),
        QString());
    QCOMPARE(actiontest::seedFailedRuns(db, 4, QStringLiteral("x")), QString()); // not in review

    TestedModel t(db.conninfo(QStringLiteral("t_viewer")));
    ReviewQueueModel &model = t.model;
    QTRY_VERIFY_WITH_TIMEOUT(t.refreshes.count() >= 1, 10000);
    QCOMPARE(keys(model, *su),
             (QStringList{QStringLiteral("r1"), QStringLiteral("r2"), QStringLiteral("r3"),
                          QStringLiteral("q1"), QStringLiteral("q2"), QStringLiteral("q3"),
                          QStringLiteral("q4"), QStringLiteral("q5"), QStringLiteral("q6")}));
    QCOMPARE(model.queueCount(), 9);
    QCOMPARE(model.countText(), QStringLiteral("9"));
    QCOMPARE(model.me(), QStringLiteral("t_viewer"));
    QVERIFY(!model.canFetchMore({}));
    const QModelIndex reason = model.index(0, ReviewQueueModel::ReasonColumn);
    QVERIFY2(hashed(model.data(reason).toString()), qPrintable(model.data(reason).toString()));
    QVERIFY(rawOf(*su, model.rowAt(0).id, "review_reason")
                .startsWith(QStringLiteral("max_attempts reached")));
    QCOMPARE(model.data(model.index(0, ReviewQueueModel::KeyColumn)).toString(),
             QStringLiteral("test / ") + model.rowAt(0).idemKey);
    QCOMPARE(model.rowAt(0).lastErrorClass, QStringLiteral("timeout")); // the class stays
    QCOMPARE(model.data(model.index(3, ReviewQueueModel::WorkflowColumn)).toString(),
             QStringLiteral("wf-b"));
    QCOMPARE(model.data(model.index(0, ReviewQueueModel::AttemptColumn)).toString(),
             QStringLiteral("1/1"));
    QCOMPARE(model.data(model.index(0, 0), ReviewQueueModel::UncertainStepsRole).toInt(), 1);
    QVERIFY(!model.data(model.index(0, ReviewQueueModel::AgeColumn)).toString().isEmpty());
    QCOMPARE(model.data(model.index(0, 0), ReviewQueueModel::LeaseTokenRole).toLongLong(), 1);

    dedup::store::ReviewQueueFilter filter;
    filter.workflow = QStringLiteral("wf-a");
    QVERIFY(filtered(t, filter));
    QCOMPARE(keys(model, *su), (QStringList{QStringLiteral("q3"), QStringLiteral("q6")}));
    QCOMPARE(model.queueCount(), 2);
    filter = {};
    filter.scope = QStringLiteral("test");
    QVERIFY(filtered(t, filter));
    QCOMPARE(model.rowCount(), 3);
    filter = {};
    filter.keyPrefix = QStringLiteral("q1");
    QVERIFY(filtered(t, filter));
    QCOMPARE(keys(model, *su), QStringList{QStringLiteral("q1")});
    filter.keyPrefix = QStringLiteral("q%"); // literally, not a wildcard
    QVERIFY(filtered(t, filter));
    QCOMPARE(model.rowCount(), 0);
    filter = {};
    filter.assignee = dedup::store::ReviewQueueFilter::Assignee::Unassigned;
    QVERIFY(filtered(t, filter));
    QCOMPARE(model.rowCount(), 9);
    filter.assignee = dedup::store::ReviewQueueFilter::Assignee::Me;
    QVERIFY(filtered(t, filter));
    QCOMPARE(model.rowCount(), 0);

    QVERIFY(filtered(t, {}));
    model.setCountCap(5);
    model.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(model.countText(), QStringLiteral("5+"), 10000);
    QCOMPARE(model.rowCount(), 9);

    // Bounded: the oldest `limit` runs, more on fetchMore. (Without the tester, which calls
    // fetchMore() after every change, as a view scrolled to the bottom would.)
    ReviewQueueModel window(db.conninfo(QStringLiteral("t_viewer")));
    window.setPageSize(4);
    window.setLimit(3);
    QTRY_COMPARE_WITH_TIMEOUT(window.rowCount(), 3, 10000);
    QVERIFY(window.hasMore());
    QCOMPARE(window.queueCount(), 9); // the count is not bounded by the window
    QVERIFY(window.canFetchMore({}));
    window.fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(window.rowCount(), 7, 10000);
    QCOMPARE(rawOf(*su, window.rowAt(6).id, "idem_key"), QStringLiteral("q4"));
    window.setMaxRows(7);
    QVERIFY(!window.canFetchMore({})); // the bound holds
    QCOMPARE(t.resets.count(), 0);     // everything in place
}

void TestReviewQueueModel::actionsAndLiveUpdates() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun a =
        optest::prepareRun(*su, QStringLiteral("manual_review"), QStringLiteral("a"));
    const optest::PreparedRun b =
        optest::prepareRun(*su, QStringLiteral("manual_review"), QStringLiteral("b"));
    const optest::PreparedRun c =
        optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("c"));
    QVERIFY(a.error.isEmpty() && b.error.isEmpty() && c.error.isEmpty());

    const QString conninfo = db.conninfo(QStringLiteral("t_operator"));
    dedup::lanes::ChangeListener listener(conninfo);
    listener.setCoalesceInterval(20);
    QSignalSpy connected(&listener, &dedup::lanes::ChangeListener::connectedChanged);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    dedup::actions::ActionExecutor executor(conninfo);
    actiontest::Results results(executor);
    TestedModel t(conninfo);
    ReviewQueueModel &model = t.model;
    model.setRefreshInterval(0); // only notifications and own actions from here
    model.setCoalesceInterval(20);
    model.attachListener(&listener);
    model.setExecutor(&executor);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 10000);
    QCOMPARE(model.me(), QStringLiteral("t_operator"));

    // Assign to me and note: through the executor, the rows follow.
    const int assigned = model.assignToMe(model.rowOfRun(a.id), QStringLiteral("taking it"));
    QVERIFY(assigned > 0);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowAt(model.rowOfRun(a.id)).reviewAssignee,
                              QStringLiteral("t_operator"), 10000);
    QVERIFY(results.byId.value(assigned).kind == ActionResult::Kind::Applied);
    const int noted = model.setNote(model.rowOfRun(a.id), QStringLiteral("SMS provider asked"),
                                    QStringLiteral("status"));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowAt(model.rowOfRun(a.id)).reviewNote,
                              QStringLiteral("SMS provider asked"), 10000);
    QVERIFY(results.byId.value(noted).kind == ActionResult::Kind::Applied);
    dedup::store::ReviewQueueFilter mine;
    mine.assignee = dedup::store::ReviewQueueFilter::Assignee::Me;
    QVERIFY(filtered(t, mine));
    QCOMPARE(keys(model, *su), QStringList{QStringLiteral("a")});
    QVERIFY(filtered(t, {}));

    // A run routed to review elsewhere appears, by notification.
    store::OperatorActions other(*su);
    QVERIFY(other.routeToReview(optest::request(c, store::OperatorActions::newActionKey()))
                .value()
                .isApplied());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 3, 10000);
    QVERIFY(hashed(model.rowAt(2).idemKey));
    QCOMPARE(rawOf(*su, model.rowAt(2).id, "idem_key"), QStringLiteral("c"));
    QVERIFY(hashed(model.rowAt(2).reviewReason));
    QCOMPARE(rawOf(*su, model.rowAt(2).id, "review_reason"), QStringLiteral("operator test"));

    // Resolve from the queue: the row leaves.
    const int resolved = model.resolve(model.rowOfRun(c.id), OperatorAction::ResolveContinue,
                                       QStringLiteral("provider confirms: not sent"), true);
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(resolved), 10000);
    QVERIFY(results.byId.value(resolved).kind == ActionResult::Kind::Applied);
    // continue keeps it in review until a worker takes the command
    QTRY_VERIFY_WITH_TIMEOUT(model.rowAt(model.rowOfRun(c.id)).continuationQueued, 10000);
    const int cancelled = model.resolve(model.rowOfRun(b.id), OperatorAction::ResolveCancelled,
                                        QStringLiteral("duplicate order"));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 10000);
    QVERIFY(results.byId.value(cancelled).kind == ActionResult::Kind::Applied);
    QCOMPARE(model.rowOfRun(b.id), -1);

    // Someone else resolves "a" before this console's click arrives: refused, nothing done.
    const int row = model.rowOfRun(a.id);
    model.setCoalesceInterval(60000); // the row keeps showing what the operator saw
    listener.pause();
    // The other console saw "a" as it is now (the assignment and the note moved its token).
    optest::PreparedRun seenElsewhere = a;
    seenElsewhere.token =
        optest::runRow(*su, a.id).value(QStringLiteral("lease_token")).toInteger();
    QVERIFY(
        other
            .resolveReview(optest::request(seenElsewhere, store::OperatorActions::newActionKey()),
                           store::ReviewResolution::Succeeded)
            .value()
            .isApplied());
    const int late = model.resolve(row, OperatorAction::ResolveCancelled, QStringLiteral("late"));
    QTRY_VERIFY_WITH_TIMEOUT(results.byId.contains(late), 10000);
    QVERIFY2(results.byId.value(late).kind == ActionResult::Kind::Changed,
             qPrintable(results.byId.value(late).message));
    QCOMPARE(optest::runRow(*su, a.id).value(QStringLiteral("status")).toString(),
             QStringLiteral("succeeded"));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000); // re-read after its own action
    QCOMPARE(t.resets.count(), 0);
    QCOMPARE(model.resolve(5, OperatorAction::ResolveCancelled, QStringLiteral("x")), 0);
    QCOMPARE(model.resolve(0, OperatorAction::Cancel, QStringLiteral("x")), 0);
}

QTEST_MAIN(TestReviewQueueModel)
#include "tst_reviewqueuemodel.moc"
