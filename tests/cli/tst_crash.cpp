// dedupctl crash-test and dedupctl work, black-box: worker processes killed with SIGKILL,
// by themselves right after a provider call and by the driver at random moments; then the
// ledger and dedup.runs must show no duplicated deduplicated side effect and no lost intent.
#include "TestDatabase.h"
#include "sim/CrashQueue.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "store/PgConnection.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    bool crashed = false;
    QString out;
    QString err;
};

Run dedupctl(const TestDatabase &db, const QString &command, const QStringList &args,
             const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment()) {
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(DEDUPCTL_PATH),
                  QStringList{command, QStringLiteral("--db"), db.conninfo()} + args);
    Run run;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = run.crashed ? -1 : process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QString scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    if (!conn)
        return QStringLiteral("(no connection)");
    const auto result = conn->exec(sql);
    return result.ok() ? result.text(0, 0) : QStringLiteral("ERROR: ") + result.error().message;
}

} // namespace

class TestCrash : public QObject {
    Q_OBJECT

private slots:
    void selfKillAfterProvider_data();
    void selfKillAfterProvider();
    void crashTest();
    void badOptions();
};

void TestCrash::selfKillAfterProvider_data() {
    QTest::addColumn<QString>("workflow");
    QTest::addColumn<QString>("finalStatus");
    // Records honour downstream keys: the takeover re-executes with the same key and the
    // provider answers with the first record. Messaging does not: the run goes to review.
    QTest::newRow("dedup step re-executed")
        << QStringLiteral("lab-sample-sync") << QStringLiteral("succeeded");
    QTest::newRow("non-dedup step to review")
        << QStringLiteral("lab-results-notification") << QStringLiteral("manual_review");
}

// The exact crash of the issue: the provider committed, the worker died before complete_step.
void TestCrash::selfKillAfterProvider() {
    QFETCH(QString, workflow);
    QFETCH(QString, finalStatus);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    QString error;
    (void)conn->exec(QStringLiteral("SET client_min_messages = warning"));
    QVERIFY2(dedup::sim::SimSchema::install(*conn, &error), qPrintable(error));
    dedup::sim::CrashQueue queue(*conn);
    QVERIFY2(queue.install(&error), qPrintable(error));
    QVERIFY2(queue.install(&error), qPrintable(error)); // idempotent
    dedup::sim::TrafficIntent intent = dedup::sim::ScenarioWorkflows::intent(workflow, 0);
    intent.intent.scope = QStringLiteral("crash/t/") + intent.intent.scope;
    QVERIFY2(queue.enqueue(QStringLiteral("t"), intent, &error), qPrintable(error));

    const QStringList common{QStringLiteral("--label"),          QStringLiteral("t"),
                             QStringLiteral("--lease-ms"),       QStringLiteral("300"),
                             QStringLiteral("--visibility-ms"),  QStringLiteral("400"),
                             QStringLiteral("--exit-when-empty")};
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DEDUP_CRASH_AFTER_PROVIDER"), QStringLiteral("1"));
    const Run doomed = dedupctl(db, QStringLiteral("work"), common, env);
    QVERIFY2(doomed.crashed, qPrintable(doomed.err));
    // Dead between the provider's commit and complete_step: one side effect, the step still
    // in progress, the delivery still in the queue.
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM sim.ledger WHERE label = 't'")),
             QStringLiteral("1"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(s.status, ',') FROM dedup.steps s")),
             QStringLiteral("in_progress"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT attempts FROM sim.deliveries WHERE label = 't'")),
             QStringLiteral("1"));

    const Run survivor = dedupctl(db, QStringLiteral("work"), common);
    QVERIFY2(survivor.exitCode == 0, qPrintable(survivor.err));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM sim.deliveries")),
             QStringLiteral("0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(status, ',') FROM dedup.runs")),
             finalStatus);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM sim.ledger WHERE label = 't'")),
             QStringLiteral("1"));
}

void TestCrash::crashTest() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run =
        dedupctl(db, QStringLiteral("crash-test"),
                 {QStringLiteral("--intents"), QStringLiteral("40"), QStringLiteral("--workers"),
                  QStringLiteral("3"), QStringLiteral("--kills"), QStringLiteral("24"),
                  QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QVERIFY2(!report.isEmpty(), qPrintable(run.out));
    const auto figure = [&report](const char *name) {
        return report.value(QLatin1String(name)).toInteger(-1);
    };
    QCOMPARE(figure("kills"), 24);
    QCOMPARE(figure("duplicates_dedup_steps"), 0);
    QCOMPARE(figure("lost"), 0);
    QVERIFY(report.value(QStringLiteral("drained")).toBool());
    const qint64 intents = figure("intents");
    QVERIFY(intents >= 40); // more are added if the queue runs dry before the last kill
    QCOMPARE(figure("succeeded") + figure("manual_review") + figure("failed_non_retryable"),
             intents);
    QVERIFY(figure("deliveries") >= intents);
    // The report agrees with the database.
    const QString label = report.value(QStringLiteral("label")).toString();
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE starts_with(scope, "
                                       "'crash/%1/')")
                            .arg(label)),
             QString::number(intents));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = "
                                       "'succeeded' AND starts_with(scope, 'crash/%1/')")
                            .arg(label)),
             QString::number(figure("succeeded")));
    QCOMPARE(
        scalar(db,
               QStringLiteral("SELECT count(*) FROM sim.deliveries WHERE label = '%1'").arg(label)),
        QStringLiteral("0"));
    // Deduplicating providers (payments, scheduling, records): at most one effect per intent
    // and operation, counted straight from the ledger.
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM sim.ledger WHERE "
                                       "label = '%1' AND provider IN ('payments', 'scheduling', "
                                       "'records') AND NOT provider_copy GROUP BY provider, "
                                       "operation, intent HAVING count(*) > 1) d")
                            .arg(label)),
             QStringLiteral("0"));
}

void TestCrash::badOptions() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(dedupctl(db, QStringLiteral("crash-test"),
                      {QStringLiteral("--kills"), QStringLiteral("-1")})
                 .exitCode,
             2);
    QCOMPARE(dedupctl(db, QStringLiteral("work"), {}).exitCode, 2); // no --label
}

QTEST_GUILESS_MAIN(TestCrash)
#include "tst_crash.moc"
