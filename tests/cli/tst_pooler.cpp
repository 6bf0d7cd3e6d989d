// dedupctl behind PgBouncer in transaction mode (docs/SCALING.md, "Behind a connection
// pooler"), black-box: the simulator and the worker runtime through the pooler, prepared
// statements included; the migration refuses it.
#include "DedupctlRun.h"
#include "SimulateReport.h"
#include "TestDatabase.h"
#include "TestPooler.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {

// A fresh database and PgBouncer in transaction mode in front of it, four server sessions.
struct PooledStore {
    explicit PooledStore(bool migrated = true)
        : db(migrated)
        , pooler(db.name(), 4) {}
    QString error() const { return db.isValid() ? pooler.error() : db.error(); }
    bool isValid() const { return db.isValid() && pooler.isValid(); }
    DedupctlRun run(const QString &command, const QStringList &args, int timeoutMs = 60000) const {
        return runDedupctl(QStringList{command, QStringLiteral("--db"), pooler.conninfo()} + args,
                           timeoutMs);
    }

    TestDatabase db;
    TestPooler pooler;
};

} // namespace

class TestCliPooler : public QObject {
    Q_OBJECT

private slots:
    void scenariosThroughThePooler();
    void compareThroughThePooler();
    void crashTestThroughThePooler();
    void migrateRefusesThePooler();
    void auditedCommandsRefuseThePooler();
};

// Every field scenario's checks hold through the pooler (before named statements were
// hashed, none did: "prepared statement dedup_1 already exists").
void TestCliPooler::scenariosThroughThePooler() {
    const PooledStore store;
    QVERIFY2(store.isValid(), qPrintable(store.error()));
    const DedupctlRun run = store.run(
        QStringLiteral("simulate"), {QStringLiteral("--scenario"), QStringLiteral("all")}, 120000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err + store.pooler.log().right(2000)));
    QVERIFY2(!run.out.contains(QStringLiteral("FAIL")), qPrintable(run.out));
}

// Four workers through four server sessions: the full protocol ends every run (none left in
// progress) and duplicates no side effect.
void TestCliPooler::compareThroughThePooler() {
    const PooledStore store;
    QVERIFY2(store.isValid(), qPrintable(store.error()));
    const DedupctlRun run = store.run(QStringLiteral("simulate"),
                                      {QStringLiteral("--compare"), QStringLiteral("--intents"),
                                       QStringLiteral("80"), QStringLiteral("--json")},
                                      180000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + store.pooler.log().right(2000)));
    const QJsonObject full =
        strategyNamed(QJsonDocument::fromJson(run.out.toUtf8()).object(), QStringLiteral("full"));
    QVERIFY2(!full.isEmpty(), qPrintable(run.out));
    QCOMPARE(full.value(QStringLiteral("duplicate_side_effects")).toInteger(-1), 0);
    const QJsonObject runs = full.value(QStringLiteral("runs")).toObject();
    QCOMPARE(runs.value(QStringLiteral("processing")).toInt(-1), 0);
    QCOMPARE(runs.value(QStringLiteral("succeeded")).toInt() +
                 runs.value(QStringLiteral("failed")).toInt() +
                 runs.value(QStringLiteral("manual_review")).toInt(),
             80);
}

// `dedupctl work` processes (the worker runtime) through the pooler, killed and restarted:
// nothing lost, no deduplicated side effect twice.
void TestCliPooler::crashTestThroughThePooler() {
    const PooledStore store;
    QVERIFY2(store.isValid(), qPrintable(store.error()));
    const DedupctlRun run =
        store.run(QStringLiteral("crash-test"),
                  {QStringLiteral("--intents"), QStringLiteral("30"), QStringLiteral("--workers"),
                   QStringLiteral("2"), QStringLiteral("--kills"), QStringLiteral("6"),
                   QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("--json")},
                  300000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out + store.pooler.log().right(2000)));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(report.value(QStringLiteral("duplicates_dedup_steps")).toInteger(-1), 0);
    QCOMPARE(report.value(QStringLiteral("lost")).toInteger(-1), 0);
    QVERIFY(report.value(QStringLiteral("drained")).toBool());
}

void TestCliPooler::migrateRefusesThePooler() {
    const PooledStore store(false);
    QVERIFY2(store.isValid(), qPrintable(store.error()));
    const DedupctlRun run = store.run(QStringLiteral("migrate"), {});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QStringLiteral("connection pooler")), qPrintable(run.err));
    // Straight to the server it works.
    const DedupctlRun direct =
        runDedupctl({QStringLiteral("migrate"), QStringLiteral("--db"), store.db.conninfo()});
    QVERIFY2(direct.exitCode == 0, qPrintable(direct.err));
}

// What writes the audit log needs the operator's session; reads go through the pooler.
void TestCliPooler::auditedCommandsRefuseThePooler() {
    const PooledStore store;
    QVERIFY2(store.isValid(), qPrintable(store.error()));
    const DedupctlRun report = store.run(QStringLiteral("report"),
                                         {QStringLiteral("--from"), QStringLiteral("2020-01-01")});
    QCOMPARE(report.exitCode, 4);
    QVERIFY2(report.err.contains(QStringLiteral("connection pooler")), qPrintable(report.err));
    QVERIFY2(report.out.isEmpty(), qPrintable(report.out));
    const DedupctlRun grant =
        store.run(QStringLiteral("access"), {QStringLiteral("grant"), QStringLiteral("t_viewer"),
                                             QStringLiteral("--as"), QStringLiteral("viewer")});
    QCOMPARE(grant.exitCode, 4);
    QVERIFY2(grant.err.contains(QStringLiteral("audit log")), qPrintable(grant.err));
    // Nothing was granted or recorded.
    auto direct = store.db.connect();
    QVERIFY(direct);
    const auto rows =
        direct->exec(QStringLiteral("SELECT (SELECT count(*) FROM dedup.access_grants)"
                                    " + (SELECT count(*) FROM dedup.audit_log)"));
    QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
    QCOMPARE(rows.toInt64(0, 0), qint64(0));
    // Reading commands work through it.
    const DedupctlRun stale = store.run(QStringLiteral("stale"), {QStringLiteral("--json")});
    QVERIFY2(stale.exitCode == 0, qPrintable(stale.err));
    const DedupctlRun list = store.run(QStringLiteral("access"), {QStringLiteral("list")});
    QVERIFY2(list.exitCode == 0, qPrintable(list.err));
}

QTEST_GUILESS_MAIN(TestCliPooler)
#include "tst_pooler.moc"
