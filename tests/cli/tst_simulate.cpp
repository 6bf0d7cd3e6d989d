// dedupctl simulate, black-box: a separate process against a fresh migrated database, its
// exit codes, its JSON, and what it left in the ledger and the store.
#include "DedupctlRun.h"
#include "SimulateReport.h"
#include "TestDatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using dedup::store::PgConnection;

namespace {

using Run = DedupctlRun;

Run simulate(const TestDatabase &db, const QStringList &args) {
    return runDedupctl(
        QStringList{QStringLiteral("simulate"), QStringLiteral("--db"), db.conninfo()} + args,
        120000);
}

QString scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    if (!conn)
        return QStringLiteral("(no connection)");
    const auto result = conn->exec(sql);
    return result.ok() ? result.text(0, 0) : QStringLiteral("ERROR: ") + result.error().message;
}

} // namespace

class TestSimulate : public QObject {
    Q_OBJECT

private slots:
    void compareJson();
    void compareTable();
    void scenario();
    void allScenariosJson();
    void badOptions_data();
    void badOptions();
    void unmigratedDatabase();
    void unreachableDatabase();
};

void TestSimulate::compareJson() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run = simulate(db, {QStringLiteral("--compare"), QStringLiteral("--intents"),
                                  QStringLiteral("60"), QStringLiteral("--seed"),
                                  QStringLiteral("7"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8(), &parseError);
    QVERIFY2(document.isObject(), qPrintable(parseError.errorString() + run.out));
    const QJsonObject report = document.object();
    QCOMPARE(report.value(QStringLiteral("intents")).toInt(), 60);
    QCOMPARE(report.value(QStringLiteral("seed")).toInteger(), 7);
    QCOMPARE(report.value(QStringLiteral("strategies")).toArray().size(), 4);
    QVERIFY(report.value(QStringLiteral("full_protocol_held")).toBool());

    const QJsonObject full = strategyNamed(report, QStringLiteral("full"));
    const QJsonObject noKey = strategyNamed(report, QStringLiteral("no-key"));
    QCOMPARE(full.value(QStringLiteral("duplicate_side_effects")).toInteger(-1), 0);
    QVERIFY2(noKey.value(QStringLiteral("duplicate_side_effects")).toInteger() > 0,
             qPrintable(run.out));
    QCOMPARE(full.value(QStringLiteral("intents")).toInt(), 60);
    QVERIFY(full.value(QStringLiteral("deliveries")).toInt() > 60);
    QVERIFY(noKey.value(QStringLiteral("runs")).isNull());
    const QJsonObject runs = full.value(QStringLiteral("runs")).toObject();
    QCOMPARE(runs.value(QStringLiteral("processing")).toInt(-1), 0);
    QCOMPARE(runs.value(QStringLiteral("succeeded")).toInt() +
                 runs.value(QStringLiteral("failed")).toInt() +
                 runs.value(QStringLiteral("manual_review")).toInt(),
             60);

    // What the JSON says is what the database holds.
    const QString label = full.value(QStringLiteral("label")).toString();
    const QString prefix = full.value(QStringLiteral("scope_prefix")).toString();
    QVERIFY(label.endsWith(QStringLiteral("/full")));
    auto conn = db.connect();
    QVERIFY(conn);
    dedup::store::PgParams params;
    params.add(label);
    const auto ledger =
        conn->exec(QStringLiteral("SELECT count(*) FROM sim.ledger WHERE label = $1"), params);
    QVERIFY(ledger.ok());
    QCOMPARE(ledger.toInt64(0, 0), full.value(QStringLiteral("side_effects")).toInteger());
    dedup::store::PgParams scope;
    scope.add(prefix + QLatin1Char('%'));
    const auto stored =
        conn->exec(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope LIKE $1"), scope);
    QVERIFY(stored.ok());
    QCOMPARE(stored.toInt64(0, 0), 60);
}

void TestSimulate::compareTable() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Twice on the same database: each run keeps to its own labels and scopes.
    for (int i = 0; i < 2; ++i) {
        const Run run =
            simulate(db, {QStringLiteral("--compare"), QStringLiteral("--intents"),
                          QStringLiteral("20"), QStringLiteral("--faults"), QStringLiteral("none"),
                          QStringLiteral("--workers"), QStringLiteral("2")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err)); // no NOTICE noise
        QVERIFY(run.out.contains(QStringLiteral("duplicate side effects")));
        QVERIFY(run.out.contains(QStringLiteral("manual_review")));
        QStringList fullLine;
        for (const QString &line : run.out.split(QLatin1Char('\n'))) {
            if (line.startsWith(QStringLiteral("full ")))
                fullLine = line.simplified().split(QLatin1Char(' '));
        }
        // full | intents | deliveries | side effects | duplicates | succeeded | failed | review |
        // in progress
        QCOMPARE(fullLine.size(), 9);
        QCOMPARE(fullLine.at(1), QStringLiteral("20"));
        QCOMPARE(fullLine.at(4), QStringLiteral("0"));
        QCOMPARE(fullLine.at(5), QStringLiteral("20"));
    }
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT count(*) FROM dedup.runs WHERE scope LIKE 'sim/%/full/%'")),
             QStringLiteral("40"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(DISTINCT label) FROM sim.ledger")),
             QStringLiteral("8"));
}

void TestSimulate::scenario() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run =
        simulate(db, {QStringLiteral("--scenario"), QStringLiteral("lab-results-notification")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    QVERIFY(run.out.startsWith(QStringLiteral("PASS lab-results-notification")));
    QVERIFY(!run.out.contains(QStringLiteral("FAILED")));
    // Two reports, one message each.
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) || '/' || count(DISTINCT intent)"
                                       " FROM sim.ledger WHERE operation = 'send_message'")),
             QStringLiteral("2/2"));
}

void TestSimulate::allScenariosJson() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run = simulate(
        db, {QStringLiteral("--scenario"), QStringLiteral("all"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QVERIFY(report.value(QStringLiteral("passed")).toBool());
    const QJsonArray scenarios = report.value(QStringLiteral("scenarios")).toArray();
    QCOMPARE(scenarios.size(), 6); // docs/SIMULATOR.md, "Scenarios"
    for (const QJsonValue &value : scenarios) {
        const QJsonObject scenario = value.toObject();
        QVERIFY2(scenario.value(QStringLiteral("passed")).toBool(),
                 qPrintable(QString::fromUtf8(QJsonDocument(scenario).toJson())));
        QVERIFY(!scenario.value(QStringLiteral("checks")).toArray().isEmpty());
    }
}

void TestSimulate::badOptions_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("faults above 1")
        << QStringList{QStringLiteral("--faults"), QStringLiteral("timeout=2")}
        << QStringLiteral("--faults");
    QTest::newRow("unknown fault")
        << QStringList{QStringLiteral("--faults"), QStringLiteral("gremlins=0.1")}
        << QStringLiteral("gremlins");
    QTest::newRow("faults sum") << QStringList{QStringLiteral("--faults"),
                                               QStringLiteral("outage=0.7,timeout=0.7")}
                                << QStringLiteral("--faults");
    QTest::newRow("intents 0") << QStringList{QStringLiteral("--intents"), QStringLiteral("0")}
                               << QStringLiteral("--intents");
    QTest::newRow("intents text") << QStringList{QStringLiteral("--intents"),
                                                 QStringLiteral("many")}
                                  << QStringLiteral("--intents");
    QTest::newRow("duplicates 0") << QStringList{QStringLiteral("--duplicates"),
                                                 QStringLiteral("0")}
                                  << QStringLiteral("--duplicates");
    QTest::newRow("workers 1000") << QStringList{QStringLiteral("--workers"),
                                                 QStringLiteral("1000")}
                                  << QStringLiteral("--workers");
    QTest::newRow("rate 0") << QStringList{QStringLiteral("--rate"), QStringLiteral("0")}
                            << QStringLiteral("--rate");
    QTest::newRow("duration -1") << QStringList{QStringLiteral("--duration"), QStringLiteral("-1")}
                                 << QStringLiteral("--duration");
    QTest::newRow("three of intents/rate/duration")
        << QStringList{QStringLiteral("--intents"),  QStringLiteral("5"),
                       QStringLiteral("--rate"),     QStringLiteral("5"),
                       QStringLiteral("--duration"), QStringLiteral("1")}
        << QStringLiteral("at most two");
    QTest::newRow("seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("x")}
                          << QStringLiteral("--seed");
    QTest::newRow("strategy") << QStringList{QStringLiteral("--strategy"), QStringLiteral("yolo")}
                              << QStringLiteral("yolo");
    QTest::newRow("compare and strategy")
        << QStringList{QStringLiteral("--compare"), QStringLiteral("--strategy"),
                       QStringLiteral("full")}
        << QStringLiteral("--strategy");
    QTest::newRow("scenario unknown")
        << QStringList{QStringLiteral("--scenario"), QStringLiteral("nope")}
        << QStringLiteral("nope");
    QTest::newRow("scenario with traffic")
        << QStringList{QStringLiteral("--scenario"), QStringLiteral("all"),
                       QStringLiteral("--intents"), QStringLiteral("5")}
        << QStringLiteral("--intents");
}

void TestSimulate::badOptions() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run = simulate(db, args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
    // Refused before touching the database.
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM pg_namespace WHERE nspname = 'sim'")),
             QStringLiteral("0"));
}

void TestSimulate::unmigratedDatabase() {
    TestDatabase db(false);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run = simulate(db, {QStringLiteral("--intents"), QStringLiteral("5")});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QStringLiteral("dedupctl migrate")), qPrintable(run.err));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM pg_namespace WHERE nspname = 'sim'")),
             QStringLiteral("0"));
}

void TestSimulate::unreachableDatabase() {
    QProcess process;
    process.start(QStringLiteral(DEDUPCTL_PATH),
                  {QStringLiteral("simulate"), QStringLiteral("--db"),
                   QStringLiteral("host=/nonexistent/socket/dir port=1 connect_timeout=2")});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 3);
}

QTEST_GUILESS_MAIN(TestSimulate)
#include "tst_simulate.moc"
