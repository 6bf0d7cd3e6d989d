// RunListModel against the private PostgreSQL: keyset paging in exact order without gaps or
// duplicates, the row bound, every filter kind against a direct query, stale pages after a
// filter change, cancel and statement timeout, counts, roles. Every model here runs under
// QAbstractItemModelTester.
#include "RunTestData.h"
#include "TestDatabase.h"
#include "models/RunListModel.h"
#include "models/RunStatusStyle.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using store::RunFilter;

namespace {

std::optional<QString> text(const char *value) {
    return QString::fromUtf8(value);
}

// A model under QAbstractItemModelTester, which checks every signal it emits.
struct TestedModel {
    explicit TestedModel(const QString &conninfo)
        : model(conninfo)
        , tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest) {}
    RunListModel model;
    QAbstractItemModelTester tester;
};

} // namespace

class TestRunListModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pagesInOrderWithoutGapsOrDuplicates();
    void boundedAtMaxRows();
    void filtersMatchDirectQuery_data();
    void filtersMatchDirectQuery();
    void invalidFilterIsRefused();
    void filterChangeDropsStalePages();
    void rapidFilterChangesShowOnlyTheLast();
    void cancelStopsRunningQuery();
    void statementTimeoutIsReported();
    void countIsCappedAndEstimated();
    void dataRolesAndHeaders();
    void viewerRoleCanList();
    void scopeLimitedViewerWithReadRegions();
    void loaderReconnectsAfterTermination();
    void unreachableDatabaseIsReported();
    void loaderCancelIsReported();
};

void TestRunListModel::initTestCase() {
    // Group separators in counts ("1,000") regardless of the machine's locale.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestRunListModel::pagesInOrderWithoutGapsOrDuplicates() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString error = RunTestData::insertRuns(db, 1000);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setPageSize(100);
    QSignalSpy pages(&model, &RunListModel::pageLoaded);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QVERIFY(!model.canFetchMore({})); // nothing to load before a filter is set
    QVERIFY(model.setFilter({}));
    QVERIFY(RunTestData::fetchAll(model));

    QCOMPARE(model.rowCount(), 1000);
    QCOMPARE(pages.count(), 10); // the tenth page knew it was the last (one row read ahead)
    for (const auto &page : pages)
        QCOMPARE(page.at(0).toInt(), 100);
    QCOMPARE(resets.count(), 1); // setFilter only
    QVERIFY(!model.canFetchMore({}));
    QVERIFY(!model.isTruncated());
    const QList<qint64> expected = RunTestData::idsWhere(db, QStringLiteral("true"));
    QCOMPARE(RunTestData::modelIds(model), expected);
    QCOMPARE(QSet<qint64>(expected.cbegin(), expected.cend()).size(), 1000);
    for (int row = 1; row < model.rowCount(); ++row) {
        QVERIFY2(model.runAt(row - 1).key().isNewerThan(model.runAt(row).key()),
                 qPrintable(QStringLiteral("rows %1 and %2 out of order").arg(row - 1).arg(row)));
    }
    QTRY_COMPARE(model.countText(), QStringLiteral("1,000"));
    QVERIFY(!model.countIsEstimate());
    QCOMPARE(model.countValue(), 1000);
    QVERIFY(model.errorText().isEmpty());
}

void TestRunListModel::boundedAtMaxRows() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 1000).isEmpty());

    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setPageSize(100);
    model.setMaxRows(250);
    QSignalSpy pages(&model, &RunListModel::pageLoaded);
    QSignalSpy truncated(&model, &RunListModel::truncatedChanged);
    QVERIFY(model.setFilter({}));
    QVERIFY(RunTestData::fetchAll(model));

    QCOMPARE(model.rowCount(), 250);
    QVERIFY(model.isTruncated());
    QCOMPARE(model.property("truncated").toBool(), true);
    QVERIFY(!model.canFetchMore({}));
    QCOMPARE(truncated.count(), 1);
    QCOMPARE(pages.count(), 3);
    QCOMPARE(pages.at(2).at(0).toInt(), 50); // the last page asked only for what fits
    QCOMPARE(RunTestData::modelIds(model),
             RunTestData::idsWhere(db, QStringLiteral("true")).mid(0, 250));
    model.fetchMore({}); // refused: the bound holds
    QTest::qWait(100);
    QCOMPARE(model.rowCount(), 250);

    // A filter that fits: not truncated, and exactly at the bound is not "more".
    RunFilter f;
    f.statuses = {core::RunStatus::Cancelled}; // 100 of the 1000
    QVERIFY(model.setFilter(f));
    QVERIFY(!model.isTruncated());
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(model.rowCount(), 100);
    QVERIFY(!model.isTruncated());
}

void TestRunListModel::filtersMatchDirectQuery_data() {
    QTest::addColumn<RunFilter>("filter");
    QTest::addColumn<QString>("where");
    using S = core::RunStatus;
    const auto make = [](auto &&setup) {
        RunFilter f;
        setup(f);
        return f;
    };
    // runs 1..1000; created_at = 2025-01-01 + (g / 3) * 1.000123 s
    const QDateTime from(QDate(2025, 1, 1), QTime(0, 1, 0), Qt::UTC);
    const QDateTime to(QDate(2025, 1, 1), QTime(0, 4, 0, 10), Qt::UTC);

    QTest::newRow("everything") << RunFilter{} << QStringLiteral("true");
    QTest::newRow("status") << make([](RunFilter &f) { f.statuses = {S::Failed}; })
                            << QStringLiteral("status = 'failed'");
    QTest::newRow("two statuses") << make([](RunFilter &f) {
        f.statuses = {S::ManualReview, S::Processing};
    }) << QStringLiteral("status IN ('manual_review', 'processing')");
    QTest::newRow("four statuses") << make([](RunFilter &f) {
        f.statuses = {S::Succeeded, S::Failed, S::ManualReview, S::Cancelled};
    }) << QStringLiteral("status <> 'processing'");
    QTest::newRow("all statuses") << make([](RunFilter &f) { f.statuses = core::allRunStatuses(); })
                                  << QStringLiteral("true");
    QTest::newRow("workflow") << make([](RunFilter &f) { f.workflow = text("wf-1"); })
                              << QStringLiteral("workflow = 'wf-1'");
    QTest::newRow("workflow+status") << make([](RunFilter &f) {
        f.workflow = text("wf-2");
        f.statuses = {S::Succeeded};
    }) << QStringLiteral("workflow = 'wf-2' AND status = 'succeeded'");
    QTest::newRow("workflow+statuses") << make([](RunFilter &f) {
        f.workflow = text("wf-0");
        f.statuses = {S::Failed, S::Cancelled};
    }) << QStringLiteral("workflow = 'wf-0' AND status IN ('failed', 'cancelled')");
    QTest::newRow("scope") << make([](RunFilter &f) { f.scope = text("scope-3"); })
                           << QStringLiteral("scope = 'scope-3'");
    QTest::newRow("scope+statuses") << make([](RunFilter &f) {
        f.scope = text("scope-1");
        f.statuses = {S::Processing, S::Cancelled};
    }) << QStringLiteral("scope = 'scope-1' AND status IN ('processing', 'cancelled')");
    QTest::newRow("time range")
        << make([&](RunFilter &f) {
               f.createdFrom = from;
               f.createdTo = to;
           })
        << QStringLiteral(
               "created_at BETWEEN '2025-01-01 00:01:00+00' AND '2025-01-01 00:04:00.010+00'");
    QTest::newRow("from only") << make([&](RunFilter &f) { f.createdFrom = to; })
                               << QStringLiteral("created_at >= '2025-01-01 00:04:00.010+00'");
    QTest::newRow("time range+status")
        << make([&](RunFilter &f) {
               f.createdFrom = from;
               f.createdTo = to;
               f.statuses = {S::Failed};
           })
        << QStringLiteral("created_at BETWEEN '2025-01-01 00:01:00+00' AND "
                          "'2025-01-01 00:04:00.010+00' AND status = 'failed'");
    QTest::newRow("exact key") << make([](RunFilter &f) { f.exactKey = text("order-500"); })
                               << QStringLiteral("idem_key = 'order-500'");
    QTest::newRow("exact key, no match")
        << make([](RunFilter &f) { f.exactKey = text("order-"); }) << QStringLiteral("false");
    QTest::newRow("prefix") << make([](RunFilter &f) { f.keyPrefix = text("order-1"); })
                            << QStringLiteral("idem_key LIKE 'order-1%'");
    // The wildcard traps: '_' and '%' and '\' in a prefix are literal characters.
    QTest::newRow("prefix with _") << make([](RunFilter &f) { f.keyPrefix = text("under_"); })
                                   << QStringLiteral("left(idem_key, 6) = 'under_'");
    QTest::newRow("prefix with %") << make([](RunFilter &f) { f.keyPrefix = text("pct%1"); })
                                   << QStringLiteral("left(idem_key, 5) = 'pct%1'");
    QTest::newRow("prefix with \\") << make([](RunFilter &f) { f.keyPrefix = text("bs\\4"); })
                                    << QStringLiteral("left(idem_key, 4) = 'bs\\4'");
    QTest::newRow("prefix in scope") << make([](RunFilter &f) {
        f.keyPrefix = text("under");
        f.scope = text("scope-2");
    }) << QStringLiteral("idem_key LIKE 'under%' AND scope = 'scope-2'");
    QTest::newRow("correlation") << make([](RunFilter &f) { f.correlationId = text("corr-3"); })
                                 << QStringLiteral("correlation_id = 'corr-3'");
    QTest::newRow("correlation+statuses") << make([](RunFilter &f) {
        f.correlationId = text("corr-1");
        f.statuses = {S::Succeeded, S::Failed};
    }) << QStringLiteral("correlation_id = 'corr-1' AND status IN ('succeeded', 'failed')");
    QTest::newRow("everything at once")
        << make([&](RunFilter &f) {
               f.workflow = text("wf-1");
               f.scope = text("scope-0");
               f.createdFrom = from;
               f.statuses = {S::Succeeded, S::ManualReview};
               f.keyPrefix = text("order");
           })
        << QStringLiteral("workflow = 'wf-1' AND scope = 'scope-0' AND created_at >= "
                          "'2025-01-01 00:01:00+00' AND status IN ('succeeded', 'manual_review') "
                          "AND idem_key LIKE 'order%'");
}

void TestRunListModel::filtersMatchDirectQuery() {
    QFETCH(RunFilter, filter);
    QFETCH(QString, where);
    // One store for every row of the table (created on first use).
    static std::unique_ptr<TestDatabase> db;
    if (!db) {
        db = std::make_unique<TestDatabase>();
        QVERIFY2(db->isValid(), qPrintable(db->error()));
        QVERIFY(RunTestData::insertRuns(*db, 1000).isEmpty());
    }
    QString error;
    const QList<qint64> expected = RunTestData::idsWhere(*db, where, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    if (where != QLatin1String("false"))
        QVERIFY2(!expected.isEmpty(), "the test data must contain matching runs");

    TestedModel t(db->conninfo());
    RunListModel &model = t.model;
    model.setPageSize(37); // pages that end in the middle of timestamp ties
    QVERIFY(model.setFilter(filter));
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(RunTestData::modelIds(model), expected);
    QTRY_COMPARE(model.countValue(), qint64(expected.size()));
    QVERIFY(!model.countIsEstimate());
}

void TestRunListModel::invalidFilterIsRefused() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 20).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    QVERIFY(model.setFilter({}));
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(model.rowCount(), 20);

    QSignalSpy errors(&model, &RunListModel::errorOccurred);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    RunFilter bad;
    bad.keyPrefix = QString();
    QVERIFY(!model.setFilter(bad));
    QCOMPARE(model.errorText(), QStringLiteral("The key prefix must not be empty."));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(model.rowCount(), 20); // the list still shows the previous, valid filter
    QVERIFY(model.filter() == RunFilter{});
}

void TestRunListModel::filterChangeDropsStalePages() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 1000).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setPageSize(50);
    QTRY_VERIFY(model.loaderBackendPid() != 0);

    // The first page of "succeeded" waits behind a lock, so the filter changes while that
    // page's query is running on the server.
    auto locker = db.connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
    RunFilter succeeded;
    succeeded.statuses = {core::RunStatus::Succeeded};
    QVERIFY(model.setFilter(succeeded));
    QVERIFY(RunTestData::waitForLockWait(db, model.loaderBackendPid()));

    QStringList inserted;
    connect(&model, &QAbstractItemModel::rowsInserted, &model,
            [&](const QModelIndex &, int first, int last) {
                for (int row = first; row <= last; ++row)
                    inserted << model.runAt(row).statusName;
            });
    QSignalSpy errors(&model, &RunListModel::errorOccurred);
    QSignalSpy lost(&model, &RunListModel::connectionLost);
    RunFilter failed;
    failed.statuses = {core::RunStatus::Failed};
    QVERIFY(model.setFilter(failed));
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(locker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(RunTestData::fetchAll(model));

    QCOMPARE(RunTestData::modelIds(model),
             RunTestData::idsWhere(db, QStringLiteral("status = 'failed'")));
    QVERIFY(!inserted.isEmpty());
    QCOMPARE(inserted.count(QStringLiteral("failed")), inserted.size()); // no stale page
    QCOMPARE(errors.count(), 0); // the stale query was cancelled silently, not reported
    QCOMPARE(lost.count(), 0);
}

void TestRunListModel::rapidFilterChangesShowOnlyTheLast() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 1000).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setPageSize(40);
    QStringList inserted;
    connect(&model, &QAbstractItemModel::rowsInserted, &model,
            [&](const QModelIndex &, int first, int last) {
                for (int row = first; row <= last; ++row)
                    inserted << model.runAt(row).workflow;
            });
    for (const char *workflow : {"wf-0", "wf-1", "wf-0", "wf-2", "wf-1", "wf-2"}) {
        RunFilter f;
        f.workflow = text(workflow);
        QVERIFY(model.setFilter(f));
        model.fetchMore({}); // a no-op while the first page is outstanding
    }
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(RunTestData::modelIds(model),
             RunTestData::idsWhere(db, QStringLiteral("workflow = 'wf-2'")));
    QCOMPARE(inserted.count(QStringLiteral("wf-2")), inserted.size());

    // Now the answers of the earlier filters are already waiting in the event queue (this
    // thread sleeps while the loader answers) when the filter changes: they are dropped.
    inserted.clear();
    for (const char *workflow : {"wf-0", "wf-1"}) {
        RunFilter f;
        f.workflow = text(workflow);
        QVERIFY(model.setFilter(f));
        QThread::msleep(500);
    }
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(RunTestData::modelIds(model),
             RunTestData::idsWhere(db, QStringLiteral("workflow = 'wf-1'")));
    QVERIFY(!inserted.isEmpty());
    QCOMPARE(inserted.count(QStringLiteral("wf-1")), inserted.size());
}

void TestRunListModel::cancelStopsRunningQuery() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 100).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    QTRY_VERIFY(model.loaderBackendPid() != 0);
    const int pid = model.loaderBackendPid();
    auto locker = db.connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
    QVERIFY(model.setFilter({}));
    QVERIFY(model.isLoading());
    QVERIFY(RunTestData::waitForLockWait(db, pid));

    QSignalSpy errors(&model, &RunListModel::errorOccurred);
    model.cancel();
    QVERIFY(!model.isLoading());
    QCOMPARE(errors.count(), 1);
    QCOMPARE(model.errorText(), QStringLiteral("Loading was cancelled."));
    // The server stopped the statement while the lock is still held.
    auto watcher = db.connect();
    QVERIFY(watcher);
    dedup::store::PgParams params;
    params.add(qint64(pid));
    QTRY_VERIFY(watcher
                    ->exec(QStringLiteral(
                               "SELECT state = 'idle' FROM pg_stat_activity WHERE pid = $1::int"),
                           params)
                    .toBool(0, 0));
    QVERIFY(locker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.canFetchMore({})); // loading resumes on demand
    model.fetchMore({});
    QVERIFY(RunTestData::waitIdle(model));
    QCOMPARE(model.rowCount(), 100);
}

void TestRunListModel::statementTimeoutIsReported() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 100).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setStatementTimeout(300);
    auto locker = db.connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
    QSignalSpy errors(&model, &RunListModel::errorOccurred);
    QVERIFY(model.setFilter({}));
    QVERIFY(errors.wait(10000));
    QVERIFY2(errors.at(0).at(0).toString().contains(QStringLiteral("statement timeout")),
             qPrintable(errors.at(0).at(0).toString()));
    QVERIFY(locker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(RunTestData::waitIdle(model));
    model.setStatementTimeout(30000);
    model.reload();
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(model.rowCount(), 100);
}

void TestRunListModel::countIsCappedAndEstimated() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 1000).isEmpty()); // analysed
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setCountCap(100);
    QVERIFY(model.setFilter({}));
    QTRY_VERIFY(model.countValue() >= 0);
    QVERIFY(model.countIsEstimate());
    QCOMPARE(model.countValue(), 1000); // the planner's estimate, after ANALYZE
    QCOMPARE(model.countText(), QStringLiteral("~1,000 (estimate)"));

    RunFilter few;
    few.workflow = text("wf-1"); // 333 runs
    few.statuses = {core::RunStatus::Cancelled};
    QVERIFY(model.setFilter(few));
    QTRY_VERIFY(model.countValue() >= 0);
    QVERIFY(!model.countIsEstimate());
    QCOMPARE(model.countValue(),
             qint64(RunTestData::idsWhere(
                        db, QStringLiteral("workflow = 'wf-1' AND status = 'cancelled'"))
                        .size()));
}

void TestRunListModel::dataRolesAndHeaders() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 10).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    QVERIFY(model.setFilter({}));
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(model.rowCount(), 10);
    QCOMPARE(model.columnCount(), int(RunListModel::ColumnCount));
    QCOMPARE(model.headerData(RunListModel::StatusColumn, Qt::Horizontal).toString(),
             QStringLiteral("Status"));
    QCOMPARE(model.headerData(RunListModel::LeaseExpiresColumn, Qt::Horizontal).toString(),
             QStringLiteral("Lease expires"));

    // run 7: (7 * 7) % 10 = 9: cancelled; run 3: (3 * 7) % 10 = 1: succeeded;
    // run 1: 7: processing (lease owner, expiry)
    const int row7 = model.rowOfRun(7);
    QVERIFY(row7 >= 0);
    const QModelIndex status = model.index(row7, RunListModel::StatusColumn);
    QCOMPARE(status.data().toString(), QStringLiteral("Cancelled"));
    QCOMPARE(status.data(Qt::ForegroundRole).value<QColor>(),
             RunStatusStyle::color(core::RunStatus::Cancelled));
    QCOMPARE(status.data(Qt::DecorationRole).value<QColor>(),
             RunStatusStyle::color(core::RunStatus::Cancelled));
    QCOMPARE(status.data(RunListModel::StatusNameRole).toString(), QStringLiteral("cancelled"));
    for (int column = 0; column < model.columnCount(); ++column)
        QCOMPARE(model.index(row7, column).data(Qt::UserRole).toLongLong(), 7);
    QCOMPARE(model.index(row7, RunListModel::KeyColumn).data().toString(),
             QStringLiteral("underX7"));
    QCOMPARE(model.index(row7, RunListModel::ScopeColumn).data().toString(),
             QStringLiteral("scope-3"));
    QCOMPARE(model.index(row7, RunListModel::WorkflowColumn).data().toString(),
             QStringLiteral("wf-1"));
    QCOMPARE(model.index(row7, RunListModel::CorrelationColumn).data().toString(),
             QStringLiteral("corr-3"));
    QCOMPARE(model.index(row7, RunListModel::AttemptColumn).data().toString(),
             QStringLiteral("1/5"));
    QVERIFY(!model.index(row7, RunListModel::LeaseExpiresColumn).data().isValid());

    const int row1 = model.rowOfRun(1);
    QCOMPARE(model.index(row1, RunListModel::StatusColumn).data().toString(),
             QStringLiteral("Processing"));
    QCOMPARE(model.index(row1, RunListModel::LeaseOwnerColumn).data().toString(),
             QStringLiteral("gen-worker"));
    QVERIFY(model.index(row1, RunListModel::LeaseExpiresColumn).data().toDateTime() >
            QDateTime::currentDateTime());
    QCOMPARE(model.index(row1, RunListModel::CreatedColumn).data().toDateTime(),
             QDateTime(QDate(2025, 1, 1), QTime(0, 0), Qt::UTC)); // 1 / 3 = 0 seconds in
    QCOMPARE(model.index(row1, 0).data(RunListModel::LeaseTokenRole).toLongLong(), 1);

    // A failed run tells its error class in the status tooltip.
    const int row5 = model.rowOfRun(5); // 35 % 10 = 5: failed
    QCOMPARE(model.index(row5, RunListModel::StatusColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Failed (last error: timeout)"));
}

void TestRunListModel::viewerRoleCanList() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QVERIFY(RunTestData::insertRuns(db, 30).isEmpty());
    TestedModel t(db.conninfo(QStringLiteral("t_viewer")));
    RunListModel &model = t.model;
    // As the console does for every login but the owner: its read regions (here: all), so
    // the lists read the protected columns through the store's redacted reads (0016).
    model.setReadRegions(store::ReadRegions{store::ReadRegion{}});
    RunFilter f;
    f.statuses = {core::RunStatus::Succeeded, core::RunStatus::Failed};
    QVERIFY(model.setFilter(f));
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(RunTestData::modelIds(model),
             RunTestData::idsWhere(db, QStringLiteral("status IN ('succeeded', 'failed')")));
    QTRY_VERIFY(model.countValue() >= 0); // the estimate's EXPLAIN needs only SELECT
}

// A viewer limited to one scope, with its grants as read regions (as StoreSession sets them):
// a key prefix goes through dedup.key_prefix_page, a scope outside the grant shows nothing,
// and both show exactly what row-level security lets the login read.
void TestRunListModel::scopeLimitedViewerWithReadRegions() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grant(QStringLiteral("t_viewer"), QStringLiteral("viewer"), {},
                      {QStringLiteral("scope-1")}),
             QString());
    QVERIFY(RunTestData::insertRuns(db, 600).isEmpty());
    TestedModel t(db.conninfo(QStringLiteral("t_viewer")));
    RunListModel &model = t.model;
    model.setReadRegions(store::ReadRegions{{std::nullopt, QStringLiteral("scope-1")}});

    RunFilter prefix;
    prefix.keyPrefix = text("order-");
    QVERIFY(model.setFilter(prefix));
    QVERIFY(model.filter().readable.has_value());
    QVERIFY(RunTestData::fetchAll(model));
    const QList<qint64> expected =
        RunTestData::idsWhere(db, QStringLiteral("idem_key LIKE 'order-%' AND scope = 'scope-1'"));
    QVERIFY(expected.size() > 10);
    QCOMPARE(RunTestData::modelIds(model), expected);
    QTRY_COMPARE(model.countValue(), qint64(expected.size()));

    RunFilter outside;
    outside.scope = text("scope-2");
    QVERIFY(model.setFilter(outside));
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(model.rowCount(), 0);
    QTRY_COMPARE(model.countValue(), qint64(0));
    QVERIFY(model.errorText().isEmpty());
}

void TestRunListModel::loaderReconnectsAfterTermination() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 300).isEmpty());
    TestedModel t(db.conninfo());
    RunListModel &model = t.model;
    model.setPageSize(100);
    QVERIFY(model.setFilter({}));
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(model.rowCount(), 300);
    const int pid = model.loaderBackendPid();
    QVERIFY(pid != 0);

    QSignalSpy lost(&model, &RunListModel::connectionLost);
    QSignalSpy restored(&model, &RunListModel::connectionRestored);
    QVERIFY(db.exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)).isEmpty());
    model.reload(); // its first query notices, reconnects and runs again
    QVERIFY(RunTestData::fetchAll(model));
    QCOMPARE(RunTestData::modelIds(model), RunTestData::idsWhere(db, QStringLiteral("true")));
    QCOMPARE(lost.count(), 1);
    QCOMPARE(restored.count(), 1);
    QVERIFY(model.loaderBackendPid() != 0);
    QVERIFY(model.loaderBackendPid() != pid);
    QVERIFY(model.errorText().isEmpty());
}

void TestRunListModel::unreachableDatabaseIsReported() {
    // Nothing listens on this socket directory.
    TestedModel t(QStringLiteral("host=/nonexistent-dedup-socket-dir port=1 dbname=dedup"));
    RunListModel &model = t.model;
    QSignalSpy lost(&model, &RunListModel::connectionLost);
    QSignalSpy errors(&model, &RunListModel::errorOccurred);
    QVERIFY(model.setFilter({}));
    QVERIFY(errors.wait(10000));
    QVERIFY(RunTestData::waitIdle(model));
    QVERIFY(!model.errorText().isEmpty());
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(lost.count(), 1); // once, not once per failed attempt
    QVERIFY(
        lost.at(0).at(0).toString().startsWith(QStringLiteral("Cannot connect to the database")));
    QCOMPARE(model.loaderBackendPid(), 0);
    // Retries back off instead of hammering: asking again at once is answered at once.
    errors.clear();
    model.reload();
    QVERIFY(errors.wait(10000));
    QVERIFY2(errors.at(0).at(0).toString().contains(QStringLiteral("next attempt")),
             qPrintable(errors.at(0).at(0).toString()));
    QCOMPARE(lost.count(), 1);
}

void TestRunListModel::loaderCancelIsReported() {
    // RunPageLoader on its own: cancel() stops the statement its lane's thread runs, and that
    // request is answered with Failure::Cancelled (discardPending() answers nothing).
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(RunTestData::insertRuns(db, 10).isEmpty());
    RunPageLoader loader(db.conninfo());
    QSignalSpy pages(&loader, &RunPageLoader::pageLoaded);
    QSignalSpy failures(&loader, &RunPageLoader::failed);
    QTRY_VERIFY_WITH_TIMEOUT(loader.backendPid() != 0, 10000); // connected
    auto locker = db.connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
    QCOMPARE(loader.loadFirstPage({}, 5), 1);
    QVERIFY(RunTestData::waitForLockWait(db, loader.backendPid()));
    loader.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!failures.isEmpty(), 10000);
    QCOMPARE(failures.at(0).at(0).toInt(), 1);
    QCOMPARE(failures.at(0).at(2).value<lanes::Failure>(), lanes::Failure::Cancelled);
    QCOMPARE(failures.at(0).at(1).toString(), QStringLiteral("The query was cancelled."));
    QVERIFY(locker->exec(QStringLiteral("COMMIT")).ok());

    // The next request is not hit by that cancel.
    QCOMPARE(loader.loadFirstPage({}, 5), 2);
    QTRY_COMPARE_WITH_TIMEOUT(pages.count(), 1, 10000);
    QCOMPARE(pages.at(0).at(0).toInt(), 2);
    QCOMPARE(pages.at(0).at(1).value<QList<store::RunRow>>().size(), 5);
    QCOMPARE(pages.at(0).at(2).toBool(), true);
    QCOMPARE(failures.count(), 1);
}

QTEST_GUILESS_MAIN(TestRunListModel)
#include "tst_runlistmodel.moc"
