// dedupctl black-box: help, usage errors, exit codes, and migrate against real databases.
#include "DedupctlRun.h"
#include "TestDatabase.h"
#include "store/Migrator.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

namespace {

using Run = DedupctlRun;

Run dedupctl(const QStringList &args) {
    return runDedupctl(args);
}

} // namespace

class TestDedupctl : public QObject {
    Q_OBJECT

private slots:
    void usage_data();
    void usage();
    void migrateFreshDatabaseThenNoOp();
    void migrateUnreachableDatabase();
};

void TestDedupctl::usage_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");
    QTest::newRow("help") << QStringList{QStringLiteral("--help")} << 0
                          << QStringLiteral("migrate");
    QTest::newRow("version") << QStringList{QStringLiteral("--version")} << 0
                             << QStringLiteral(DEDUP_VERSION);
    QTest::newRow("no command") << QStringList{} << 2 << QStringLiteral("Usage");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << 2
                                     << QStringLiteral("unknown command 'frobnicate'");
    QTest::newRow("command help") << QStringList{QStringLiteral("migrate"),
                                                 QStringLiteral("--help")}
                                  << 0 << QStringLiteral("dedupctl migrate [options]");
    QTest::newRow("unknown option")
        << QStringList{QStringLiteral("migrate"), QStringLiteral("--bogus")} << 2
        << QStringLiteral("bogus");
    // A password on the command line is refused before anything connects, and not echoed.
    QTest::newRow("password in conninfo")
        << QStringList{QStringLiteral("stale"), QStringLiteral("--db"),
                       QStringLiteral("host=/nonexistent dbname=x password=hunter2")}
        << 2 << QStringLiteral(".pgpass");
    QTest::newRow("password in a URI")
        << QStringList{QStringLiteral("report"),
                       QStringLiteral("--db=postgresql://alice:hunter2@db.invalid/store")}
        << 2 << QStringLiteral("PGPASSWORD");
    QTest::newRow("sslpassword") << QStringList{QStringLiteral("migrate"), QStringLiteral("-d"),
                                                QStringLiteral(
                                                    "host=/nonexistent sslpassword=hunter2")}
                                 << 2 << QStringLiteral("--db holds a sslpassword");
    QTest::newRow("stray argument")
        << QStringList{QStringLiteral("migrate"), QStringLiteral("extra")} << 2
        << QStringLiteral("unexpected argument 'extra'");
}

void TestDedupctl::usage() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    const Run run = dedupctl(args);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2((run.out + run.err).contains(expected), qPrintable(run.out + run.err));
    QVERIFY2(!(run.out + run.err).contains(QLatin1String("hunter2")), qPrintable(run.err));
}

void TestDedupctl::migrateFreshDatabaseThenNoOp() {
    TestDatabase db(false);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run first = dedupctl({QStringLiteral("migrate"), QStringLiteral("--db"), db.conninfo(),
                                QStringLiteral("--json")});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QJsonObject report = QJsonDocument::fromJson(first.out.toUtf8()).object();
    QCOMPARE(report.value(QStringLiteral("version_before")).toInt(), 0);
    QCOMPARE(report.value(QStringLiteral("version_after")).toInt(),
             dedup::store::Migrator::latestVersion());
    const Run second = dedupctl({QStringLiteral("migrate"), QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QVERIFY2(second.out.contains(QStringLiteral("nothing to do")), qPrintable(second.out));
}

void TestDedupctl::migrateUnreachableDatabase() {
    const Run run = dedupctl({QStringLiteral("migrate"), QStringLiteral("--db"),
                              QStringLiteral("host=/nonexistent port=1 connect_timeout=2")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("cannot connect")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestDedupctl)
#include "tst_dedupctl.moc"
