// Bulk impact previews against the private PostgreSQL (BulkPreviewLoader): for a selection,
// the counts by status and workflow, the runs that changed or vanished since they were
// selected, the runs left out because the action does not apply, the uncertain ones; for a
// filter, the same counted by the server around the runs list's own query, exact up to the
// cap and "more than" past it; and the typed-confirmation threshold.
#include "ActionTestRuns.h"
#include "actions/BulkPreviewLoader.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;
using store::PgConnection;
using store::PgParams;
using store::PgResult;

namespace {

// Every run of scope 'bulk' as a selection: what the runs view held.
QList<SelectedRun> selectAll(PgConnection &su) {
    QList<SelectedRun> runs;
    const PgResult rows = su.exec(QStringLiteral(
        "SELECT id, lease_token, status FROM dedup.runs WHERE scope = 'bulk' ORDER BY id"));
    for (int i = 0; rows.ok() && i < rows.rows(); ++i) {
        runs.append({rows.toInt64(i, 0), rows.toInt64(i, 1),
                     core::runStatusFromString(rows.text(i, 2)).value_or(RunStatus::Cancelled)});
    }
    return runs;
}

// Claims the run of key <key> again and fails it: a redelivery (token + 1, still failed).
bool redeliver(PgConnection &su, const QString &key) {
    PgParams p;
    p.add(key);
    const PgResult r = su.exec(
        QStringLiteral(
            "SELECT dedup.fail(c.run_id, c.lease_token, c.lease_secret, 'timeout', 'again', true)"
            " FROM dedup.claim(p_scope => 'bulk', p_key => $1, p_workflow => 'wf-b',"
            " p_fingerprint => 'fp', p_worker => 'w2') c"),
        p);
    return r.ok() && r.text(0, 0) == QLatin1String("failed");
}

qint64 countOf(const QList<BulkCount> &counts, const QString &name) {
    for (const BulkCount &c : counts) {
        if (c.name == name)
            return c.runs;
    }
    return -1;
}

} // namespace

class TestBulkPreview : public QObject {
    Q_OBJECT

private slots:
    void selection();
    void filter();
    void filterPastTheCap();
    void loaderAnswersAsynchronously();
};

void TestBulkPreview::selection() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    QCOMPARE(actiontest::seedFailedRuns(db, 30, QStringLiteral("s")), QString());
    // five finished runs in the same scope
    QCOMPARE(
        db.exec(QStringLiteral("SELECT dedup.succeed(c.run_id, c.lease_token, c.lease_secret) FROM "
                               "generate_series(1, 5) g,"
                               " LATERAL dedup.claim(p_scope => 'bulk', p_key => 'done' || g,"
                               " p_workflow => 'wf-c', p_fingerprint => 'fp', p_worker => 'w') c")),
        QString());
    QList<SelectedRun> selected = selectAll(*su);
    QCOMPARE(selected.size(), 35);
    selected.append(selected.first()); // selected twice: counted once

    // After the selection: three redeliveries, one run purged.
    for (const char *key : {"s2", "s4", "s5"})
        QVERIFY(redeliver(*su, QString::fromLatin1(key)));
    QCOMPARE(db.exec(QStringLiteral("DELETE FROM dedup.runs WHERE idem_key = 's7'")), QString());

    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.reason = QStringLiteral("provider outage");
    plan.target = BulkTarget::selection(selected);
    store::PgError error;
    const auto preview = BulkPreviewLoader::read(*op, plan, 1000, 50, 100, &error);
    QVERIFY2(preview, qPrintable(error.toString()));
    QCOMPARE(preview->matched, 35);
    QVERIFY(preview->exact);
    QCOMPARE(preview->applicable, 30); // the failed ones as seen
    QCOMPARE(preview->notApplicable, 5);
    QCOMPARE(preview->missing, 1);
    QCOMPARE(preview->changedSinceSelection, 4); // three redelivered, one gone
    QCOMPARE(preview->byStatus.size(), 2);
    QCOMPARE(countOf(preview->byStatus, QStringLiteral("failed")), 29);
    QCOMPARE(countOf(preview->byStatus, QStringLiteral("succeeded")), 5);
    QCOMPARE(preview->byStatus.first().name, QStringLiteral("failed")); // most runs first
    // s1..s30: every third is wf-a (s3 ... s30: 10), s7 (wf-b) is gone
    QCOMPARE(countOf(preview->byWorkflow, QStringLiteral("wf-a")), 10);
    QCOMPARE(countOf(preview->byWorkflow, QStringLiteral("wf-b")), 19);
    QCOMPARE(countOf(preview->byWorkflow, QStringLiteral("wf-c")), 5);
    QVERIFY(!preview->moreWorkflows);
    // Every seeded run's "send" step was started without a downstream key and never finished.
    QCOMPARE(preview->withUncertainSteps, 29);
    QCOMPARE(preview->uncertainWithoutKey, 29);
    QVERIFY(!preview->requiresTypedConfirmation());
    QVERIFY(preview->canStart());
    const QString warnings = preview->warnings().join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(QStringLiteral("4 runs changed")), qPrintable(warnings));
    QVERIFY2(warnings.contains(QStringLiteral("5 of the runs")), qPrintable(warnings));

    // A step with a downstream key is not "without a key", whether the login reads the keys
    // (the owner) or only their redacted form (operators: NULL stays NULL).
    QCOMPARE(db.exec(QStringLiteral("UPDATE dedup.steps SET downstream_key = 'dk-' || run_id"
                                    " WHERE name = 'send' AND run_id IN (SELECT id FROM"
                                    " dedup.runs WHERE idem_key IN ('s1', 's3'))")),
             QString());
    for (store::PgConnection *conn : {op.get(), su.get()}) {
        const auto keyed = BulkPreviewLoader::read(*conn, plan, 1000, 50, 100, &error);
        QVERIFY2(keyed, qPrintable(error.toString()));
        QCOMPARE(keyed->withUncertainSteps, 29);
        QCOMPARE(keyed->uncertainWithoutKey, 27);
    }

    const auto strict = BulkPreviewLoader::read(*op, plan, 1000, 1, 10, &error);
    QVERIFY(strict);
    QCOMPARE(strict->byWorkflow.size(), 1);
    QCOMPARE(strict->byWorkflow.first().name, QStringLiteral("wf-b"));
    QVERIFY(strict->moreWorkflows);
    QVERIFY(strict->requiresTypedConfirmation()); // 30 runs, threshold 10
    QCOMPARE(strict->confirmationText(), QStringLiteral("30"));
    QVERIFY(strict->confirmationMatches(QStringLiteral("30")));
    QVERIFY(!strict->confirmationMatches(QStringLiteral("35")));
}

void TestBulkPreview::filter() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    QCOMPARE(actiontest::seedFailedRuns(db, 240, QStringLiteral("f")), QString());
    QCOMPARE(
        actiontest::seedFailedRuns(db, 30, QStringLiteral("m"), QStringLiteral("manual_review")),
        QString());
    BulkPlan plan;
    plan.action = store::BulkAction::RequestContinuation;
    plan.reason = QStringLiteral("provider back");
    store::RunFilter filter;
    filter.workflow = QStringLiteral("wf-a");
    plan.target = BulkTarget::matching(filter);
    store::PgError error;
    const auto preview = BulkPreviewLoader::read(*op, plan, 1000, 50, 100, &error);
    QVERIFY2(preview, qPrintable(error.toString()));
    QVERIFY(preview->exact);
    QCOMPARE(preview->matched, 90); // 80 failed + 10 in review
    QCOMPARE(preview->applicable, 90);
    QCOMPARE(countOf(preview->byStatus, QStringLiteral("failed")), 80);
    QCOMPARE(countOf(preview->byStatus, QStringLiteral("manual_review")), 10);
    QCOMPARE(preview->byWorkflow.size(), 1);
    QCOMPARE(preview->withUncertainSteps, 90);
    QCOMPARE(preview->changedSinceSelection, 0);

    // Cancelled ones stay in the breakdown but out of the operation.
    QCOMPARE(db.exec(QStringLiteral(
                 "SELECT dedup.op_cancel(id, lease_token, 'x', 'k' || id) FROM dedup.runs"
                 " WHERE workflow = 'wf-a' AND idem_key LIKE 'f%' ORDER BY id LIMIT 5")),
             QString());
    filter.statuses = {RunStatus::Failed, RunStatus::Cancelled};
    plan.target = BulkTarget::matching(filter);
    const auto mixed = BulkPreviewLoader::read(*op, plan, 1000, 50, 50, &error);
    QVERIFY2(mixed, qPrintable(error.toString()));
    QCOMPARE(mixed->matched, 80);
    QCOMPARE(mixed->applicable, 75);
    QCOMPARE(mixed->notApplicable, 5);
    QCOMPARE(countOf(mixed->byStatus, QStringLiteral("cancelled")), 5);
    QVERIFY(mixed->requiresTypedConfirmation()); // 75 >= 50
    QVERIFY(mixed->confirmationMatches(QStringLiteral("75")));
}

void TestBulkPreview::filterPastTheCap() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(op);
    QCOMPARE(actiontest::seedFailedRuns(db, 300, QStringLiteral("c")), QString());
    QCOMPARE(db.exec(QStringLiteral("ANALYZE dedup.runs")), QString());
    BulkPlan plan;
    plan.action = store::BulkAction::Cancel;
    plan.reason = QStringLiteral("x");
    plan.target = BulkTarget::matching({});
    store::PgError error;
    const auto preview = BulkPreviewLoader::read(*op, plan, 120, 50, 100, &error);
    QVERIFY2(preview, qPrintable(error.toString()));
    QVERIFY(!preview->exact);
    QCOMPARE(preview->cap, 120);
    QCOMPARE(preview->matched, 121); // counting stopped there
    QVERIFY2(preview->estimated >= 250 && preview->estimated <= 350,
             qPrintable(QString::number(preview->estimated)));
    QVERIFY(preview->requiresTypedConfirmation());
    QVERIFY(preview->confirmationMatches(QStringLiteral("all")));
    QVERIFY(!preview->confirmationMatches(QStringLiteral("121")));
    QVERIFY(preview->warnings().join(QLatin1Char('\n')).contains(QStringLiteral("More than 120")));
}

void TestBulkPreview::loaderAnswersAsynchronously() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(actiontest::seedFailedRuns(db, 12, QStringLiteral("a")), QString());
    BulkPreviewLoader loader(db.conninfo(QStringLiteral("t_viewer")));
    loader.setConfirmationThreshold(10);
    QList<BulkPreview> previews;
    connect(&loader, &BulkPreviewLoader::loaded, this,
            [&](int, const BulkPreview &preview) { previews << preview; });
    BulkPlan plan;
    plan.action = store::BulkAction::RouteToReview;
    plan.reason = QStringLiteral("look at them");
    plan.target = BulkTarget::matching({});
    loader.load(plan);
    QTRY_COMPARE_WITH_TIMEOUT(previews.size(), 1, 10000);
    QCOMPARE(previews[0].applicable, 12);
    QCOMPARE(previews[0].confirmationThreshold, 10);
    QVERIFY(previews[0].requiresTypedConfirmation());
}

QTEST_GUILESS_MAIN(TestBulkPreview)
#include "tst_bulkpreview.moc"
