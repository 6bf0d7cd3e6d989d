// The migrator against real, empty databases: applies everything once, is a no-op the
// second time, survives a concurrent migrator, and refuses schemas it does not know.
#include "TestDatabase.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QtTest>

#include <future>

using namespace dedup::store;

class TestMigrator : public QObject {
    Q_OBJECT

private slots:
    void bundledMigrationsAreOrdered();
    void migrateTwiceIsNoOp();
    void concurrentMigratorsBothSucceed();
    void refusesNewerSchema();
    void refusesEditedMigration();
};

void TestMigrator::bundledMigrationsAreOrdered() {
    const auto &migrations = Migrator::bundled();
    QVERIFY(!migrations.isEmpty());
    int previous = 0;
    for (const auto &m : migrations) {
        QVERIFY2(m.version > previous, qPrintable(m.name));
        QVERIFY(!m.sql.trimmed().isEmpty());
        QCOMPARE(m.checksum.size(), 64);
        previous = m.version;
    }
    QCOMPARE(Migrator::latestVersion(), previous);
}

void TestMigrator::migrateTwiceIsNoOp() {
    TestDatabase db(false);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    Migrator migrator(*conn);
    QString error;
    QCOMPARE(migrator.currentVersion(&error), 0);
    Migrator::Report first;
    QVERIFY2(migrator.migrate(&first, &error), qPrintable(error));
    QCOMPARE(first.versionBefore, 0);
    QCOMPARE(first.versionAfter, Migrator::latestVersion());
    QCOMPARE(first.applied.size(), Migrator::bundled().size());
    QCOMPARE(migrator.currentVersion(&error), Migrator::latestVersion());
    const PgResult tables = conn->exec(
        QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'dedup' AND tablename IN "
                       "('runs', 'steps', 'events', 'commands', 'audit_log')"));
    QVERIFY2(tables.ok(), qPrintable(tables.error().toString()));
    QCOMPARE(tables.toInt64(0, 0), 5);

    Migrator::Report second;
    QVERIFY2(migrator.migrate(&second, &error), qPrintable(error));
    QVERIFY(second.applied.isEmpty());
    QCOMPARE(second.versionBefore, Migrator::latestVersion());
}

void TestMigrator::concurrentMigratorsBothSucceed() {
    TestDatabase db(false);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto a = db.connect();
    auto b = db.connect();
    QVERIFY(a && b);
    auto migrate = [](PgConnection *conn) {
        Migrator migrator(*conn);
        Migrator::Report report;
        QString error;
        const bool ok = migrator.migrate(&report, &error);
        return std::make_tuple(ok, report.applied.size(), error);
    };
    auto fa = std::async(std::launch::async, migrate, a.get());
    auto fb = std::async(std::launch::async, migrate, b.get());
    const auto [okA, appliedA, errorA] = fa.get();
    const auto [okB, appliedB, errorB] = fb.get();
    QVERIFY2(okA, qPrintable(errorA));
    QVERIFY2(okB, qPrintable(errorB));
    // Exactly one of them did the work; the other found it done.
    QCOMPARE(appliedA + appliedB, Migrator::bundled().size());
    QVERIFY(appliedA == 0 || appliedB == 0);
}

void TestMigrator::refusesNewerSchema() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(QStringLiteral("INSERT INTO dedup.schema_migrations (version, name, checksum)"
                                    " VALUES (9999, '9999_future', 'x')")),
             QString());
    auto conn = db.connect();
    QVERIFY(conn);
    Migrator migrator(*conn);
    QString error;
    QVERIFY(!migrator.migrate(nullptr, &error));
    QVERIFY2(error.contains(QStringLiteral("newer")), qPrintable(error));
    QVERIFY(error.contains(QStringLiteral("9999")));
}

void TestMigrator::refusesEditedMigration() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(QStringLiteral(
                 "UPDATE dedup.schema_migrations SET checksum = 'edited' WHERE version = 1")),
             QString());
    auto conn = db.connect();
    QVERIFY(conn);
    Migrator migrator(*conn);
    QString error;
    QVERIFY(!migrator.migrate(nullptr, &error));
    QVERIFY2(error.contains(QStringLiteral("checksum")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestMigrator)
#include "tst_migrator.moc"
