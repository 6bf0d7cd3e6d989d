// dedupctl purge, black-box: retention deletes expired finished runs in bounded batches and
// never touches processing or manual_review runs (docs/PROTOCOL.md section 10). The store is built
// with the real protocol (claim, succeed, fail, op_*); only expires_at is moved into the past by
// the superuser, so no test waits 90 days.
#include "DedupctlRun.h"
#include "TestDatabase.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using dedup::store::PgResult;

namespace {

using Run = DedupctlRun;

Run dedupctl(const QStringList &args, int timeoutMs = 60000) {
    return runDedupctl(args, timeoutMs);
}

Run purge(const TestDatabase &db, QStringList args, const QString &user = {},
          int timeoutMs = 60000) {
    return dedupctl(
        QStringList{QStringLiteral("purge"), QStringLiteral("--db"), db.conninfo(user)} + args,
        timeoutMs);
}

QJsonObject parse(const Run &run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

// 32 runs, claimed and worked on by the superuser (the store owner, who may read each
// lease's secret from the run). Expired (purgeable): exp-ok-1..10 succeeded (step b skipped),
// exp-fail-1..6 failed (not retryable), exp-cancel-1..4 cancelled by an operator (4 audit
// rows). Kept: keep-ok-1..5 succeeded but within retention, keep-retry-1..2 failed retryably
// within retention, keep-proc-1..3 processing (one with an expired lease and a step in
// progress), keep-review-1..2 in manual_review (2 audit rows).
const char *const populate = R"(
    SELECT dedup.claim('p', k, 'wf', 'fp', p_worker => 'w', p_steps => '{a,b}')
      FROM (SELECT 'exp-ok-' || g FROM generate_series(1, 10) g
            UNION ALL SELECT 'exp-fail-' || g FROM generate_series(1, 6) g
            UNION ALL SELECT 'exp-cancel-' || g FROM generate_series(1, 4) g
            UNION ALL SELECT 'keep-ok-' || g FROM generate_series(1, 5) g
            UNION ALL SELECT 'keep-retry-' || g FROM generate_series(1, 2) g
            UNION ALL SELECT 'keep-proc-' || g FROM generate_series(1, 3) g
            UNION ALL SELECT 'keep-review-' || g FROM generate_series(1, 2) g) AS keys(k);
    SELECT dedup.begin_step(id, 1, lease_secret, 'a'),
           dedup.complete_step(id, 1, lease_secret, 'a', 'ref-' || id)
      FROM dedup.runs WHERE idem_key NOT LIKE 'keep-proc-%';
    SELECT dedup.begin_step(id, 1, lease_secret, 'a') FROM dedup.runs
     WHERE idem_key = 'keep-proc-1';
    SELECT dedup.skip_step(id, 1, lease_secret, 'b', 'not needed'),
           dedup.succeed(id, 1, lease_secret, '{"status": 201}') FROM dedup.runs
     WHERE idem_key LIKE 'exp-ok-%' OR idem_key LIKE 'keep-ok-%';
    SELECT dedup.fail(id, 1, lease_secret, 'validation', 'bad input', false) FROM dedup.runs
     WHERE idem_key LIKE 'exp-fail-%';
    SELECT dedup.fail(id, 1, lease_secret, 'timeout', 'provider timeout', true) FROM dedup.runs
     WHERE idem_key LIKE 'keep-retry-%';
    SELECT dedup.op_cancel(id, 1, 'duplicate order', 'cancel-' || id) FROM dedup.runs
     WHERE idem_key LIKE 'exp-cancel-%';
    SELECT dedup.op_route_to_review(id, 1, 'needs a human', 'review-' || id) FROM dedup.runs
     WHERE idem_key LIKE 'keep-review-%';
    UPDATE dedup.runs SET lease_expires_at = now() - interval '1 hour'
     WHERE idem_key = 'keep-proc-1';
    UPDATE dedup.runs SET expires_at = now() - interval '1 hour' - id * interval '1 minute'
     WHERE idem_key LIKE 'exp-%';
)";

QStringList keys(const TestDatabase &db) {
    auto conn = db.connect();
    QStringList list;
    if (!conn)
        return list;
    const PgResult result =
        conn->exec(QStringLiteral("SELECT idem_key FROM dedup.runs ORDER BY idem_key"));
    for (int row = 0; row < result.rows(); ++row)
        list << result.text(row, 0);
    return list;
}

qint64 scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    if (!conn)
        return -1;
    const PgResult result = conn->exec(sql);
    if (!result.ok())
        qWarning("%s", qPrintable(result.error().toString()));
    return result.ok() ? result.toInt64(0, 0) : -1;
}

QString text(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    if (!conn)
        return {};
    const PgResult result = conn->exec(sql);
    if (!result.ok())
        qWarning("%s", qPrintable(result.error().toString()));
    return result.ok() ? result.text(0, 0) : QString();
}

QStringList survivors() {
    QStringList list;
    for (int i = 1; i <= 3; ++i)
        list << QStringLiteral("keep-proc-%1").arg(i);
    for (int i = 1; i <= 5; ++i)
        list << QStringLiteral("keep-ok-%1").arg(i);
    for (int i = 1; i <= 2; ++i)
        list << QStringLiteral("keep-retry-%1").arg(i) << QStringLiteral("keep-review-%1").arg(i);
    list.sort();
    return list;
}

bool setUp(const TestDatabase &db, QString *error) {
    *error = db.exec(QString::fromUtf8(populate));
    return error->isEmpty();
}

} // namespace

class TestPurge : public QObject {
    Q_OBJECT

private slots:
    void activeRunsCannotExpire();
    void purgesOnlyExpiredFinishedRunsInBatches();
    void textReportsBatchesAndTotal();
    void dryRunCountsWithoutDeleting();
    void maxBatchesStopsEarly();
    void lockedRunsAreSkippedNotWaitedFor();
    void rolesDecide();
    void badArguments_data();
    void badArguments();
};

void TestPurge::activeRunsCannotExpire() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    QCOMPARE(keys(db).size(), 32);
    // The schema itself refuses an expiry on processing and manual_review runs, so purge
    // cannot remove them however expires_at is written.
    for (const char *status : {"processing", "manual_review"}) {
        error = db.exec(QStringLiteral("UPDATE dedup.runs SET expires_at = now() - interval '1 day'"
                                       " WHERE status = '%1'")
                            .arg(QLatin1String(status)));
        QVERIFY2(error.contains(QStringLiteral("runs_expires_check")), qPrintable(error));
    }
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE expires_at IS NOT "
                                       "NULL AND status IN ('processing', 'manual_review')")),
             0);
}

void TestPurge::purgesOnlyExpiredFinishedRunsInBatches() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    const qint64 auditRows = scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log"));
    QCOMPARE(auditRows, 6);
    const QString purgedRuns =
        QStringLiteral("(SELECT id FROM dedup.runs WHERE idem_key LIKE 'exp-%')");
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.steps WHERE run_id IN ") +
                            purgedRuns),
             40);

    const Run run =
        purge(db, {QStringLiteral("--batch"), QStringLiteral("7"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = parse(run);
    QCOMPARE(report.value(QStringLiteral("dry_run")).toBool(true), false);
    QCOMPARE(report.value(QStringLiteral("batch_size")).toInt(), 7);
    QVERIFY(report.value(QStringLiteral("complete")).toBool());
    const QJsonArray batches = report.value(QStringLiteral("batches")).toArray();
    QList<int> sizes;
    qint64 succeeded = 0, failed = 0, cancelled = 0;
    for (const QJsonValue &value : batches) {
        const QJsonObject batch = value.toObject();
        sizes << batch.value(QStringLiteral("deleted")).toInt();
        succeeded += batch.value(QStringLiteral("succeeded")).toInt();
        failed += batch.value(QStringLiteral("failed")).toInt();
        cancelled += batch.value(QStringLiteral("cancelled")).toInt();
        QCOMPARE(batch.value(QStringLiteral("deleted")).toInt(),
                 batch.value(QStringLiteral("succeeded")).toInt() +
                     batch.value(QStringLiteral("failed")).toInt() +
                     batch.value(QStringLiteral("cancelled")).toInt());
    }
    QCOMPARE(sizes, (QList<int>{7, 7, 6}));
    QCOMPARE(succeeded, 10);
    QCOMPARE(failed, 6);
    QCOMPARE(cancelled, 4);
    const QJsonObject total = report.value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("deleted")).toInt(), 20);
    QCOMPARE(total.value(QStringLiteral("succeeded")).toInt(), 10);
    QCOMPARE(total.value(QStringLiteral("failed")).toInt(), 6);
    QCOMPARE(total.value(QStringLiteral("cancelled")).toInt(), 4);

    // Exactly the kept runs remain, with their steps; the purged runs' children went with
    // them; the audit log outlives the runs it describes.
    QCOMPARE(keys(db), survivors());
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.steps")), 24);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.events e WHERE NOT EXISTS "
                                       "(SELECT 1 FROM dedup.runs r WHERE r.id = e.run_id)")),
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), auditRows);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'processing'")),
             3);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'manual_review'")),
             2);

    // Again: nothing left to do.
    const Run again = purge(db, {QStringLiteral("--json")});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(parse(again).value(QStringLiteral("batches")).toArray().size(), 0);
    QCOMPARE(parse(again)
                 .value(QStringLiteral("total"))
                 .toObject()
                 .value(QStringLiteral("deleted"))
                 .toInt(-1),
             0);
    QCOMPARE(keys(db), survivors());
}

void TestPurge::textReportsBatchesAndTotal() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    const Run run = purge(db, {QStringLiteral("--batch"), QStringLiteral("7")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines.at(0).startsWith(QStringLiteral("batch 1: purged 7 (")), qPrintable(run.out));
    QVERIFY2(lines.at(1).startsWith(QStringLiteral("batch 2: purged 7 (")), qPrintable(run.out));
    QVERIFY2(lines.at(2).startsWith(QStringLiteral("batch 3: purged 6 (")), qPrintable(run.out));
    QCOMPARE(lines.at(3), QStringLiteral("total purged: 20 (succeeded 10, failed 6, cancelled 4); "
                                         "batches: 3"));
    QCOMPARE(keys(db), survivors());

    const Run again = purge(db, {});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(again.out, QStringLiteral("nothing to purge: no expired runs\n"));
}

void TestPurge::dryRunCountsWithoutDeleting() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    const QStringList before = keys(db);

    const Run run = purge(db, {QStringLiteral("--dry-run"), QStringLiteral("--batch"),
                               QStringLiteral("7"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = parse(run);
    QVERIFY(report.value(QStringLiteral("dry_run")).toBool());
    const QJsonObject expired = report.value(QStringLiteral("expired")).toObject();
    QCOMPARE(expired.value(QStringLiteral("deleted")).toInt(), 20);
    QCOMPARE(expired.value(QStringLiteral("succeeded")).toInt(), 10);
    QCOMPARE(expired.value(QStringLiteral("failed")).toInt(), 6);
    QCOMPARE(expired.value(QStringLiteral("cancelled")).toInt(), 4);
    QCOMPARE(report.value(QStringLiteral("batches")).toInt(), 3);
    QCOMPARE(report.value(QStringLiteral("would_purge")).toInt(), 20);
    QCOMPARE(keys(db), before);

    const Run capped =
        purge(db, {QStringLiteral("--dry-run"), QStringLiteral("--batch"), QStringLiteral("7"),
                   QStringLiteral("--max-batches"), QStringLiteral("2")});
    QVERIFY2(capped.exitCode == 0, qPrintable(capped.err));
    QVERIFY2(capped.out.contains(
                 QStringLiteral("dry run: expired runs: 20 (succeeded 10, failed 6, cancelled 4)")),
             qPrintable(capped.out));
    QVERIFY2(capped.out.contains(QStringLiteral("would purge: 14 (batches: 2 of up to 7 runs)")),
             qPrintable(capped.out));
    QCOMPARE(keys(db), before);

    // A viewer may look (the count is a plain read) but not purge: see rolesDecide().
    const Run viewer = purge(db, {QStringLiteral("--dry-run")}, QStringLiteral("t_viewer"));
    QVERIFY2(viewer.exitCode == 0, qPrintable(viewer.err));
}

void TestPurge::maxBatchesStopsEarly() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    const QString newestExpired =
        text(db, QStringLiteral("SELECT string_agg(idem_key, ',' ORDER BY idem_key) FROM (SELECT"
                                " idem_key FROM dedup.runs WHERE expires_at <= now()"
                                " ORDER BY expires_at DESC LIMIT 6) AS newest"));
    QCOMPARE(newestExpired.count(QLatin1Char(',')), 5);
    const Run run =
        purge(db, {QStringLiteral("--batch"), QStringLiteral("7"), QStringLiteral("--max-batches"),
                   QStringLiteral("2"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = parse(run);
    QCOMPARE(report.value(QStringLiteral("batches")).toArray().size(), 2);
    QCOMPARE(
        report.value(QStringLiteral("total")).toObject().value(QStringLiteral("deleted")).toInt(),
        14);
    QCOMPARE(report.value(QStringLiteral("complete")).toBool(true), false);
    // oldest expiry first: the 6 left are the most recently expired
    QCOMPARE(text(db, QStringLiteral("SELECT string_agg(idem_key, ',' ORDER BY idem_key)"
                                     " FROM dedup.runs WHERE expires_at <= now()")),
             newestExpired);

    const Run small = purge(db, {QStringLiteral("--batch"), QStringLiteral("2"),
                                 QStringLiteral("--max-batches"), QStringLiteral("1")});
    QVERIFY2(small.exitCode == 0, qPrintable(small.err));
    QVERIFY2(small.out.contains(QStringLiteral("stopped at --max-batches 1")),
             qPrintable(small.out));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE expires_at <= now()")), 4);
}

void TestPurge::lockedRunsAreSkippedNotWaitedFor() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    // Another session holds a row lock on one expired run (e.g. a console reading it FOR
    // UPDATE, or a slow operator action) and keeps its transaction open.
    auto holder = db.connect();
    QVERIFY(holder);
    QVERIFY(holder->exec(QStringLiteral("BEGIN")).ok());
    const PgResult locked = holder->exec(
        QStringLiteral("SELECT id FROM dedup.runs WHERE idem_key = 'exp-ok-3' FOR UPDATE"));
    QVERIFY2(locked.ok() && locked.rows() == 1, qPrintable(locked.error().toString()));

    QElapsedTimer timer;
    timer.start();
    const Run run = purge(
        db, {QStringLiteral("--batch"), QStringLiteral("7"), QStringLiteral("--json")}, {}, 30000);
    QVERIFY2(run.exitCode == 0, qPrintable(QStringLiteral("exit %1 after %2 ms: %3")
                                               .arg(run.exitCode)
                                               .arg(timer.elapsed())
                                               .arg(run.err)));
    QCOMPARE(parse(run)
                 .value(QStringLiteral("total"))
                 .toObject()
                 .value(QStringLiteral("deleted"))
                 .toInt(),
             19);
    QVERIFY(holder->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(keys(db).contains(QStringLiteral("exp-ok-3")));

    const Run rest = purge(db, {QStringLiteral("--json")});
    QVERIFY2(rest.exitCode == 0, qPrintable(rest.err));
    QCOMPARE(parse(rest)
                 .value(QStringLiteral("total"))
                 .toObject()
                 .value(QStringLiteral("deleted"))
                 .toInt(),
             1);
    QCOMPARE(keys(db), survivors());
}

void TestPurge::rolesDecide() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QString error;
    QVERIFY2(setUp(db, &error), qPrintable(error));
    for (const char *user : {"t_viewer", "t_worker"}) {
        const Run denied = purge(db, {}, QLatin1String(user));
        QCOMPARE(denied.exitCode, 4);
        QVERIFY2(denied.err.contains(QStringLiteral("permission denied")), qPrintable(denied.err));
        QCOMPARE(keys(db).size(), 32);
    }
    const Run operatorRun = purge(db, {QStringLiteral("--json")}, QStringLiteral("t_operator"));
    QVERIFY2(operatorRun.exitCode == 0, qPrintable(operatorRun.err));
    QCOMPARE(parse(operatorRun)
                 .value(QStringLiteral("total"))
                 .toObject()
                 .value(QStringLiteral("deleted"))
                 .toInt(),
             20);
    QCOMPARE(keys(db), survivors());

    TestDatabase empty(false);
    QVERIFY2(empty.isValid(), qPrintable(empty.error()));
    const Run unmigrated = purge(empty, {});
    QCOMPARE(unmigrated.exitCode, 4);
    const Run unreachable = dedupctl({QStringLiteral("purge"), QStringLiteral("--db"),
                                      QStringLiteral("host=/nonexistent port=1")});
    QCOMPARE(unreachable.exitCode, 3);
}

void TestPurge::badArguments_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    for (const char *value : {"0", "-3", "x", "100001", "1.5"})
        QTest::newRow(qPrintable(QStringLiteral("batch '%1'").arg(QLatin1String(value))))
            << QStringList{QStringLiteral("--batch"), QLatin1String(value)}
            << QStringLiteral("invalid --batch '%1'").arg(QLatin1String(value));
    for (const char *value : {"0", "-1", "many"})
        QTest::newRow(qPrintable(QStringLiteral("max-batches '%1'").arg(QLatin1String(value))))
            << QStringList{QStringLiteral("--max-batches"), QLatin1String(value)}
            << QStringLiteral("invalid --max-batches '%1'").arg(QLatin1String(value));
}

void TestPurge::badArguments() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = dedupctl(QStringList{QStringLiteral("purge"), QStringLiteral("--db"),
                                         QStringLiteral("host=/nonexistent port=1")} +
                             args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestPurge)
#include "tst_purge.moc"
