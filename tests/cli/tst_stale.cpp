// dedupctl stale, black-box: the Stuck list from the command line. Runs are created with the
// real protocol (dedup.claim); their leases are then aged by the superuser, so no test sleeps.
#include "DedupctlRun.h"
#include "TestDatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace {

using Run = DedupctlRun;

Run dedupctl(const QStringList &args) {
    return runDedupctl(args);
}

Run stale(const TestDatabase &db, QStringList args, const QString &user = {}) {
    return dedupctl(
        QStringList{QStringLiteral("stale"), QStringLiteral("--db"), db.conninfo(user)} + args);
}

// Claims a new run (lease 30 s, two steps) and returns its id, or -1.
qint64 claim(PgConnection &conn, const QString &key, const QString &worker,
             const QString &correlationId = {}) {
    PgParams params;
    params.add(key).add(worker);
    if (correlationId.isEmpty())
        params.addNull();
    else
        params.add(correlationId);
    const PgResult result = conn.exec(
        QStringLiteral("SELECT outcome, run_id FROM dedup.claim(p_scope => 'lab', p_key => $1,"
                       " p_workflow => 'lab-results-notification', p_fingerprint => 'sha256:aa',"
                       " p_correlation_id => $3, p_worker => $2, p_steps => '{send_sms,mark}')"),
        params);
    if (!result.ok() || result.text(0, "outcome") != QLatin1String("acquired")) {
        qWarning("claim failed: %s", qPrintable(result.error().toString()));
        return -1;
    }
    return result.toInt64(0, "run_id");
}

// Moves a run's lease expiry (and, optionally, its acquisition time) into the past.
bool age(PgConnection &conn, qint64 runId, qint64 leaseExpiredSecondsAgo,
         qint64 processingForSeconds = 0) {
    PgParams params;
    params.add(runId).add(leaseExpiredSecondsAgo).add(processingForSeconds);
    const PgResult result = conn.exec(
        QStringLiteral(
            "UPDATE dedup.runs SET lease_expires_at = now() - $2::bigint * interval '1 s',"
            " updated_at = now() - $3::bigint * interval '1 s' WHERE id = $1"),
        params);
    if (!result.ok())
        qWarning("age failed: %s", qPrintable(result.error().toString()));
    return result.ok() && result.affectedRows() == 1;
}

QList<qint64> ids(const QJsonObject &report) {
    QList<qint64> list;
    for (const QJsonValue &run : report.value(QStringLiteral("runs")).toArray())
        list << run.toObject().value(QStringLiteral("id")).toInteger();
    return list;
}

} // namespace

class TestStale : public QObject {
    Q_OBJECT

private slots:
    void listsExpiredLeasesOldestFirst();
    void textShowsEveryColumn();
    void olderThanAddsLongRunningRuns_data();
    void olderThanAddsLongRunningRuns();
    void limitShowsOldestButCountsAll();
    void badArguments_data();
    void badArguments();
    void plansUseTheStaleIndex();
    void rolesAndFailures();
};

void TestStale::listsExpiredLeasesOldestFirst() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    const qint64 a = claim(*conn, QStringLiteral("patient:P1:report:R1:sms:v1"),
                           QStringLiteral("lab-worker-1"), QStringLiteral("req-1"));
    const qint64 b =
        claim(*conn, QStringLiteral("patient:P2:report:R2:sms:v1"), QStringLiteral("lab-worker-2"));
    const qint64 c =
        claim(*conn, QStringLiteral("patient:P3:report:R3:sms:v1"), QStringLiteral("lab-worker-3"));
    const qint64 live = claim(*conn, QStringLiteral("live"), QStringLiteral("lab-worker-4"));
    const qint64 done = claim(*conn, QStringLiteral("done"), QStringLiteral("lab-worker-5"));
    QVERIFY(a > 0 && b > 0 && c > 0 && live > 0 && done > 0);
    QVERIFY(age(*conn, a, 300));
    QVERIFY(age(*conn, b, 3600));
    QVERIFY(age(*conn, c, 60));
    PgParams params;
    params.add(done);
    // succeed needs every step settled; the superuser reads the lease secret from the run
    QVERIFY(conn->exec(QStringLiteral("SELECT dedup.skip_step(id, 1, lease_secret, 'send_sms'),"
                                      " dedup.skip_step(id, 1, lease_secret, 'mark'),"
                                      " dedup.succeed(id, 1, lease_secret)"
                                      " FROM dedup.runs WHERE id = $1"),
                       params)
                .ok());

    const Run run = stale(db, {QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QJsonParseError parseError;
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8(), &parseError).object();
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(run.out));
    QCOMPARE(report.value(QStringLiteral("count")).toInteger(), 3);
    QCOMPARE(report.value(QStringLiteral("shown")).toInteger(), 3);
    QCOMPARE(ids(report), (QList<qint64>{b, a, c}));

    const QJsonObject first = report.value(QStringLiteral("runs")).toArray().at(1).toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toInteger(), a);
    QCOMPARE(first.value(QStringLiteral("idem_key")).toString(),
             QStringLiteral("patient:P1:report:R1:sms:v1"));
    QCOMPARE(first.value(QStringLiteral("scope")).toString(), QStringLiteral("lab"));
    QCOMPARE(first.value(QStringLiteral("workflow")).toString(),
             QStringLiteral("lab-results-notification"));
    QCOMPARE(first.value(QStringLiteral("correlation_id")).toString(), QStringLiteral("req-1"));
    QCOMPARE(first.value(QStringLiteral("lease_owner")).toString(), QStringLiteral("lab-worker-1"));
    QCOMPARE(first.value(QStringLiteral("lease_token")).toInteger(), 1);
    QCOMPARE(first.value(QStringLiteral("attempt")).toInt(), 1);
    QCOMPARE(first.value(QStringLiteral("max_attempts")).toInt(), 5);
    QVERIFY(first.value(QStringLiteral("lease_expired")).toBool());
    const qint64 expiredFor = first.value(QStringLiteral("lease_expired_seconds")).toInteger();
    QVERIFY2(expiredFor >= 300 && expiredFor < 360, qPrintable(QString::number(expiredFor)));
    const QJsonObject second = report.value(QStringLiteral("runs")).toArray().at(0).toObject();
    QVERIFY(second.value(QStringLiteral("correlation_id")).isNull());
}

void TestStale::textShowsEveryColumn() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    const qint64 id = claim(*conn, QStringLiteral("invoice:INV-1001:payment:v1"),
                            QStringLiteral("billing-worker-7"), QStringLiteral("req-7f3a"));
    QVERIFY(id > 0);
    QVERIFY(age(*conn, id, 2 * 3600 + 5 * 60, 3 * 3600));
    const Run run = stale(db, {});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3); // header, one run, count
    QVERIFY2(lines.at(0).startsWith(QStringLiteral("ID")), qPrintable(run.out));
    const QStringList cells = lines.at(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QCOMPARE(cells,
             (QStringList{QString::number(id), QStringLiteral("lab-results-notification"),
                          QStringLiteral("lab"), QStringLiteral("invoice:INV-1001:payment:v1"),
                          QStringLiteral("req-7f3a"), QStringLiteral("billing-worker-7"),
                          QStringLiteral("1"), QStringLiteral("expired"), QStringLiteral("2h"),
                          QStringLiteral("5m"), QStringLiteral("ago"), QStringLiteral("3h"),
                          QStringLiteral("0m"), QStringLiteral("1/5")}));
    QCOMPARE(lines.at(2), QStringLiteral("stale runs: 1 (lease expired)"));

    // Nothing stale: only the count line.
    QVERIFY(db.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() + "
                                   "interval '1 minute'"))
                .isEmpty());
    const Run none = stale(db, {});
    QVERIFY2(none.exitCode == 0, qPrintable(none.err));
    QCOMPARE(none.out, QStringLiteral("stale runs: 0 (lease expired)\n"));
}

void TestStale::olderThanAddsLongRunningRuns_data() {
    QTest::addColumn<QString>("olderThan");
    QTest::addColumn<QList<int>>("expected"); // indexes into the runs below, in output order
    QTest::newRow("no threshold") << QString() << QList<int>{0};
    QTest::newRow("2h") << QStringLiteral("2h") << QList<int>{0, 1};
    QTest::newRow("20m") << QStringLiteral("20m") << QList<int>{0, 1, 2};
    QTest::newRow("1200s") << QStringLiteral("1200s") << QList<int>{0, 1, 2};
    QTest::newRow("4h") << QStringLiteral("4h") << QList<int>{0};
    QTest::newRow("1d") << QStringLiteral("1d") << QList<int>{0};
    QTest::newRow("1w") << QStringLiteral("1w") << QList<int>{0};
}

void TestStale::olderThanAddsLongRunningRuns() {
    QFETCH(QString, olderThan);
    QFETCH(QList<int>, expected);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    // 0: lease expired a minute ago, acquired 5 minutes ago;
    // 1: live lease (heartbeating, 10 min left), processing for 3 hours; 2: live (20 min left),
    // for 30 minutes; 3: live, just acquired. Listed by lease expiry.
    QList<qint64> runs;
    for (int i = 0; i < 4; ++i)
        runs << claim(*conn, QStringLiteral("k%1").arg(i), QStringLiteral("w%1").arg(i));
    QVERIFY(!runs.contains(-1));
    QVERIFY(age(*conn, runs[0], 60, 300));
    QVERIFY(age(*conn, runs[1], -600, 3 * 3600));
    QVERIFY(age(*conn, runs[2], -1200, 30 * 60));

    QStringList args{QStringLiteral("--json")};
    if (!olderThan.isEmpty())
        args << QStringLiteral("--older-than") << olderThan;
    const Run run = stale(db, args);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QList<qint64> want;
    for (int index : expected)
        want << runs[index];
    QCOMPARE(ids(report), want);
    QCOMPARE(report.value(QStringLiteral("count")).toInteger(), expected.size());
    if (expected.size() > 1) {
        const QJsonObject live = report.value(QStringLiteral("runs")).toArray().at(1).toObject();
        QVERIFY(!live.value(QStringLiteral("lease_expired")).toBool());
        QVERIFY(live.value(QStringLiteral("lease_expired_seconds")).toInteger() < 0);
    }
}

void TestStale::limitShowsOldestButCountsAll() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    QList<qint64> runs;
    for (int i = 0; i < 5; ++i) {
        runs << claim(*conn, QStringLiteral("k%1").arg(i), QStringLiteral("w"));
        QVERIFY(runs.last() > 0);
        QVERIFY(age(*conn, runs.last(), 100 * (i + 1)));
    }
    const Run json =
        stale(db, {QStringLiteral("--limit"), QStringLiteral("2"), QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(ids(report), (QList<qint64>{runs[4], runs[3]}));
    QCOMPARE(report.value(QStringLiteral("count")).toInteger(), 5);
    QCOMPARE(report.value(QStringLiteral("shown")).toInteger(), 2);

    const Run text = stale(db, {QStringLiteral("--limit"), QStringLiteral("2")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QStringLiteral("stale runs: 5, showing the oldest 2")),
             qPrintable(text.out));
}

void TestStale::badArguments_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString olderThan = QStringLiteral("--older-than");
    const QString limit = QStringLiteral("--limit");
    for (const char *value :
         {"15", "m", "0m", "-5m", "1.5h", "5x", "15 m", "2H", "", "1y", "99999999999w"})
        QTest::newRow(qPrintable(QStringLiteral("older-than '%1'").arg(QLatin1String(value))))
            << QStringList{olderThan, QLatin1String(value)}
            << QStringLiteral("invalid --older-than '%1'").arg(QLatin1String(value));
    for (const char *value : {"0", "-1", "abc", "100001"})
        QTest::newRow(qPrintable(QStringLiteral("limit '%1'").arg(QLatin1String(value))))
            << QStringList{limit, QLatin1String(value)}
            << QStringLiteral("invalid --limit '%1'").arg(QLatin1String(value));
    QTest::newRow("missing value") << QStringList{olderThan} << QStringLiteral("older-than");
}

void TestStale::badArguments() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    // An unreachable database: usage errors are reported before connecting (exit 2, not 3).
    const Run run = dedupctl(QStringList{QStringLiteral("stale"), QStringLiteral("--db"),
                                         QStringLiteral("host=/nonexistent port=1")} +
                             args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

void TestStale::plansUseTheStaleIndex() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // 6,000 runs: 5,900 finished, 60 processing with an expired lease, 40 live (10 of them
    // acquired two hours ago). Statistics first, so the planner sees the real proportions.
    const QString load = QStringLiteral(R"(
        INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, attempt,
                                lease_token, lease_owner, lease_expires_at, heartbeat_at,
                                created_at, updated_at, finished_at, expires_at)
        SELECT 'bulk', 'key-' || g, 'wf-' || (g % 7), 'fp',
               CASE WHEN g <= 100 THEN 'processing' ELSE 'succeeded' END, 1, 1,
               CASE WHEN g <= 100 THEN 'worker-' || g END,
               CASE WHEN g <= 60 THEN now() - g * interval '1 minute'
                    WHEN g <= 100 THEN now() + interval '30 seconds' END,
               now() - interval '1 minute',
               now() - g * interval '1 second',
               CASE WHEN g BETWEEN 61 AND 70 THEN now() - interval '2 hours'
                    ELSE now() - g * interval '1 second' END,
               CASE WHEN g > 100 THEN now() END,
               CASE WHEN g > 100 THEN now() + interval '90 days' END
          FROM generate_series(1, 6000) AS g;
        ANALYZE dedup.runs;)");
    const QString loadError = db.exec(load);
    QVERIFY2(loadError.isEmpty(), qPrintable(loadError));

    for (const QStringList &extra :
         {QStringList{}, QStringList{QStringLiteral("--older-than"), QStringLiteral("1h")}}) {
        const Run plans = stale(db, QStringList{QStringLiteral("--explain")} + extra);
        QVERIFY2(plans.exitCode == 0, qPrintable(plans.err));
        QVERIFY2(!plans.out.contains(QStringLiteral("Seq Scan")), qPrintable(plans.out));
        // both statements (list and count: the console's StuckQueries) read the partial index;
        // the list reads it once per range it merges, so only "each plan" is pinned
        const QStringList each = plans.out.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts);
        QCOMPARE(each.size(), 2);
        for (const QString &plan : each)
            QVERIFY2(plan.contains(QStringLiteral("runs_stale_lease_idx")), qPrintable(plan));
    }
    const Run expired = stale(db, {QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(expired.out.toUtf8())
                 .object()
                 .value(QStringLiteral("count"))
                 .toInteger(),
             60);
    const Run older =
        stale(db, {QStringLiteral("--json"), QStringLiteral("--older-than"), QStringLiteral("1h")});
    const QJsonObject report = QJsonDocument::fromJson(older.out.toUtf8()).object();
    QCOMPARE(report.value(QStringLiteral("count")).toInteger(), 70);
    QCOMPARE(report.value(QStringLiteral("older_than_seconds")).toInteger(), 3600);
    // oldest lease first: key-60 expired an hour ago
    QCOMPARE(report.value(QStringLiteral("runs"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("idem_key"))
                 .toString(),
             QStringLiteral("key-60"));
}

void TestStale::rolesAndFailures() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto conn = db.connect();
    QVERIFY(conn);
    const qint64 id =
        claim(*conn, QStringLiteral("patient:P4:k"), QStringLiteral("w"), QStringLiteral("req-4"));
    QVERIFY(id > 0 && age(*conn, id, 90));

    // a viewer may read the list (read-only access is all it needs); the key and the
    // correlation id only redacted (a keyed hash), in the JSON and in the table
    const Run viewer = stale(db, {QStringLiteral("--json")}, QStringLiteral("t_viewer"));
    QVERIFY2(viewer.exitCode == 0, qPrintable(viewer.err));
    const QJsonObject seen = QJsonDocument::fromJson(viewer.out.toUtf8()).object();
    QCOMPARE(ids(seen), (QList<qint64>{id}));
    const QRegularExpression hash(QStringLiteral("^h:[0-9a-f]{16}$"));
    const QJsonObject row = seen.value(QStringLiteral("runs")).toArray().at(0).toObject();
    for (const char *field : {"idem_key", "correlation_id"}) {
        const QString value = row.value(QLatin1String(field)).toString();
        QVERIFY2(hash.match(value).hasMatch(), qPrintable(value));
    }
    QVERIFY(!viewer.out.contains(QStringLiteral("P4")));
    // (another process: another salt, so other hashes than the JSON's)
    const Run table = stale(db, {}, QStringLiteral("t_viewer"));
    QCOMPARE(table.exitCode, 0);
    QVERIFY2(table.out.contains(QRegularExpression(QStringLiteral("\\bh:[0-9a-f]{16}\\b"))),
             qPrintable(table.out));
    QVERIFY(!table.out.contains(QStringLiteral("P4")));
    QVERIFY(!table.out.contains(QStringLiteral("req-4")));

    // a worker may not read tables: a database error, exit 4
    const Run worker = stale(db, {}, QStringLiteral("t_worker"));
    QCOMPARE(worker.exitCode, 4);
    QVERIFY2(worker.err.contains(QStringLiteral("permission denied")), qPrintable(worker.err));
    QVERIFY(worker.out.isEmpty());

    // no dedup schema: exit 4
    TestDatabase empty(false);
    QVERIFY2(empty.isValid(), qPrintable(empty.error()));
    const Run unmigrated = stale(empty, {});
    QCOMPARE(unmigrated.exitCode, 4);
    QVERIFY2(unmigrated.err.contains(QStringLiteral("dedup.runs")), qPrintable(unmigrated.err));

    const Run unreachable = dedupctl({QStringLiteral("stale"), QStringLiteral("--db"),
                                      QStringLiteral("host=/nonexistent port=1")});
    QCOMPARE(unreachable.exitCode, 3);
    QVERIFY2(unreachable.err.contains(QStringLiteral("cannot connect")),
             qPrintable(unreachable.err));
}

QTEST_GUILESS_MAIN(TestStale)
#include "tst_stale.moc"
