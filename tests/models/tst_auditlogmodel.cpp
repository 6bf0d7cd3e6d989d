// AuditLogModel against the private PostgreSQL, under QAbstractItemModelTester: newest first,
// keyset paged on id down to the first entry; filtered by run, action, role, outcome and time
// (rare matches found through bounded id windows); new entries appear at the top, by
// notification and, for entries that notify nobody (a bulk operation's start), by the timer.
#include "ActionTestRuns.h"
#include "lanes/ChangeListener.h"
#include "models/AuditLogModel.h"
#include "store/BulkOperations.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using store::PgConnection;
using store::PgParams;

namespace {

struct TestedModel {
    explicit TestedModel(const QString &conninfo)
        : model(conninfo)
        , tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest)
        , resets(&model, &QAbstractItemModel::modelReset) {}
    AuditLogModel model;
    QAbstractItemModelTester tester;
    QSignalSpy resets;
};

QList<qint64> ids(const AuditLogModel &model) {
    QList<qint64> list;
    for (int row = 0; row < model.rowCount(); ++row)
        list << model.entryAt(row).id;
    return list;
}

// Fetches until the model says nothing older is left.
bool loadAll(AuditLogModel &model) {
    return QTest::qWaitFor(
        [&] {
            if (model.isLoading())
                return false;
            if (model.isAtEnd())
                return true;
            model.fetchMore({});
            return false;
        },
        30000);
}

QList<qint64> expectedIds(PgConnection &su, const QString &where, const PgParams &params = {}) {
    QList<qint64> list;
    const auto rows = su.exec(QStringLiteral("SELECT id FROM dedup.audit_log a WHERE %1"
                                             " ORDER BY id DESC")
                                  .arg(where),
                              params);
    for (int i = 0; rows.ok() && i < rows.rows(); ++i)
        list << rows.toInt64(i, 0);
    return list;
}

bool strictlyNewestFirst(const QList<qint64> &list) {
    for (qsizetype i = 1; i < list.size(); ++i) {
        if (list[i] >= list[i - 1])
            return false;
    }
    return true;
}

} // namespace

class TestAuditLogModel : public QObject {
    Q_OBJECT

private slots:
    void pagesFiltersAndLiveRows();
};

void TestAuditLogModel::pagesFiltersAndLiveRows() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    // 300 cancels by the superuser, then five actions by t_operator, one of them refused.
    QCOMPARE(actiontest::seedFailedRuns(db, 305, QStringLiteral("a")), QString());
    QCOMPARE(db.exec(QStringLiteral("SELECT dedup.op_cancel(id, lease_token, 'cleanup', 'c-' || id)"
                                    " FROM dedup.runs WHERE idem_key NOT IN"
                                    " ('a1', 'a2', 'a3', 'a4', 'a5') ORDER BY id")),
             QString());
    const auto runOf = [&](const char *key) {
        PgParams p;
        p.add(QString::fromLatin1(key));
        return actiontest::count(
            *su, QStringLiteral("SELECT id FROM dedup.runs WHERE idem_key = $1"), p);
    };
    store::OperatorActions actions(*op);
    const qint64 run1 = runOf("a1");
    store::OperatorRequest request;
    request.runId = run1;
    request.expectedToken = 1;
    request.reason = QStringLiteral("look closer");
    request.actionKey = store::OperatorActions::newActionKey();
    const auto routed = actions.routeToReview(request, QStringLiteral("alice"));
    QVERIFY(routed.value().isApplied());
    request.expectedToken = routed.value().leaseToken.value_or(-1); // what the answer said
    request.reason = QStringLiteral("duplicate order");
    request.actionKey = store::OperatorActions::newActionKey();
    QVERIFY(actions.cancel(request).value().isApplied());
    request.actionKey = store::OperatorActions::newActionKey(); // again: refused, audited
    QVERIFY(actions.cancel(request).value().outcome == store::OperatorOutcomeKind::Changed);
    for (const char *key : {"a2", "a3"}) {
        request.runId = runOf(key);
        request.expectedToken = 1;
        request.actionKey = store::OperatorActions::newActionKey();
        QVERIFY(actions.requestContinuation(request).value().isApplied());
    }
    const qint64 total =
        actiontest::count(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"));
    QCOMPARE(total, 305);

    TestedModel t(db.conninfo(QStringLiteral("t_viewer")));
    AuditLogModel &model = t.model;
    model.setPageSize(40);
    // The tester asks for more after every change, as a view scrolled to the bottom does: the
    // whole log arrives page by page.
    QVERIFY(loadAll(model));
    QCOMPARE(ids(model), expectedIds(*su, QStringLiteral("true")));
    QVERIFY(!model.canFetchMore({}));
    QCOMPARE(model.data(model.index(0, AuditLogModel::ActionColumn)).toString(),
             QStringLiteral("op_request_continuation"));
    QCOMPARE(model.data(model.index(0, AuditLogModel::RunColumn)).toLongLong(), runOf("a3"));
    QVERIFY(model.data(model.index(0, AuditLogModel::WhoColumn))
                .toString()
                .startsWith(QStringLiteral("t_operator")));
    // Attribution: the header and the tooltip say which part the client reported.
    QCOMPARE(model.headerData(AuditLogModel::WhoColumn, Qt::Horizontal).toString(),
             QStringLiteral("Database role (client-reported)"));
    QVERIFY(model.headerData(AuditLogModel::WhoColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("reported by the client")));
    const QString attribution =
        model.data(model.index(0, AuditLogModel::WhoColumn), Qt::ToolTipRole).toString();
    QVERIFY2(attribution.startsWith(QStringLiteral("Database role (from server): t_operator\n")),
             qPrintable(attribution));
    QVERIFY(attribution.contains(QStringLiteral("OS user (reported by client): ")));
    QCOMPARE(model.data(model.index(0, 0), AuditLogModel::AttributionRole).toString(), attribution);
    QCOMPARE(model.data(model.index(2, AuditLogModel::OutcomeColumn)).toString(),
             QStringLiteral("Refused (run had changed)"));
    QCOMPARE(model.data(model.index(3, AuditLogModel::ReasonColumn)).toString(),
             QStringLiteral("duplicate order"));
    QVERIFY2(model.data(model.index(3, AuditLogModel::ChangeColumn))
                 .toString()
                 .contains(QStringLiteral("cancelled")),
             qPrintable(model.data(model.index(3, AuditLogModel::ChangeColumn)).toString()));
    QVERIFY(model.data(model.index(3, 0), AuditLogModel::BeforeJsonRole)
                .toString()
                .contains(QStringLiteral("manual_review")));

    // One run's entries: by audit_log_run_id_idx.
    dedup::store::AuditLogFilter filter;
    filter.runId = run1;
    model.setFilter(filter);
    QVERIFY(loadAll(model));
    QCOMPARE(ids(model), expectedIds(*su, QStringLiteral("run_id = %1").arg(run1)));
    QCOMPARE(model.rowCount(), 3);

    // A rare role, found through small id windows, a few rows per page.
    filter = {};
    filter.role = QStringLiteral("t_operator");
    model.setScanWindow(25);
    model.setPageSize(2);
    model.setFilter(filter);
    QVERIFY(loadAll(model));
    QCOMPARE(ids(model), expectedIds(*su, QStringLiteral("db_role = 't_operator'")));
    QCOMPARE(model.rowCount(), 5);

    filter = {};
    filter.outcome = QStringLiteral("changed");
    model.setFilter(filter);
    QVERIFY(loadAll(model));
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(!model.data(model.index(0, 0), AuditLogModel::AppliedRole).toBool());

    filter = {};
    filter.action = QStringLiteral("op_route_to_review");
    model.setFilter(filter);
    QVERIFY(loadAll(model));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, 0), AuditLogModel::ParamsJsonRole)
                 .toString()
                 .contains(QStringLiteral("alice")),
             true);

    // A time range: from the 100th entry's time on.
    const QDateTime from =
        su->exec(QStringLiteral("SELECT at FROM dedup.audit_log WHERE id = 100")).toDateTime(0, 0);
    QVERIFY(from.isValid());
    filter = {};
    filter.from = from;
    model.setPageSize(50);
    model.setFilter(filter);
    QVERIFY(loadAll(model));
    PgParams fromParam;
    fromParam.add(from);
    QCOMPARE(ids(model), expectedIds(*su, QStringLiteral("at >= $1::timestamptz"), fromParam));
    QVERIFY(model.rowCount() > 150 && model.rowCount() < int(total));
    QVERIFY(strictlyNewestFirst(ids(model)));

    // Live: everything, new rows on top, no reset.
    model.setFilter({});
    QVERIFY(loadAll(model));
    const int resets = int(t.resets.count());
    dedup::lanes::ChangeListener listener(db.conninfo(QStringLiteral("t_viewer")));
    listener.setCoalesceInterval(20);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    model.setRefreshInterval(0);
    model.setCoalesceInterval(20);
    model.attachListener(&listener);
    request.runId = runOf("a4");
    request.reason = QStringLiteral("live one");
    request.actionKey = store::OperatorActions::newActionKey();
    QVERIFY(actions.cancel(request).value().isApplied());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), int(total) + 1, 10000);
    QCOMPARE(model.data(model.index(0, AuditLogModel::ReasonColumn)).toString(),
             QStringLiteral("live one"));

    // A bulk operation's start has no run and notifies nobody: the timer brings it.
    store::BulkOperations bulk(*op);
    store::BulkRequest bulkRequest;
    bulkRequest.id = store::BulkOperations::newBulkId();
    bulkRequest.action = store::BulkAction::Cancel;
    bulkRequest.reason = QStringLiteral("bulk for the audit view");
    QVERIFY(bulk.create(bulkRequest).ok());
    QVERIFY(bulk.addItems(bulkRequest.id, {{runOf("a5"), 1, QStringLiteral("failed")}}).ok());
    QVERIFY(bulk.control(bulkRequest.id, store::BulkCommand::Start, bulkRequest.reason,
                         store::OperatorActions::newActionKey())
                .ok());
    QTest::qWait(300);
    QCOMPARE(model.rowCount(), int(total) + 1); // no notification, no timer: not yet
    model.setRefreshInterval(100);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), int(total) + 2, 10000);
    QCOMPARE(model.data(model.index(0, AuditLogModel::ActionColumn)).toString(),
             QStringLiteral("op_bulk_start"));
    QCOMPARE(model.data(model.index(0, AuditLogModel::RunColumn)).toString(), QString());
    QCOMPARE(t.resets.count(), resets);
    QCOMPARE(ids(model), expectedIds(*su, QStringLiteral("true")));

    // Bounded memory: past maxRows the oldest rows go, and can be fetched again.
    AuditLogModel small(db.conninfo(QStringLiteral("t_viewer")));
    small.setPageSize(30);
    small.setMaxRows(50);
    QTRY_COMPARE_WITH_TIMEOUT(small.rowCount(), 30, 10000);
    small.fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(small.rowCount(), 50, 10000);
    QVERIFY(!small.canFetchMore({}));
}

QTEST_MAIN(TestAuditLogModel)
#include "tst_auditlogmodel.moc"
