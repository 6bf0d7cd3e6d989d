// What the console knows and does about replication and failover (docs/RELIABILITY.md,
// "Failover"): ReplicationMode reads whether the store's server replicates synchronously,
// ConnectionCheck reports it, and a connection string naming primary and standby
// (target_session_attrs=read-write) reaches whichever of them is the primary, before and after
// a failover.
#include "TestDatabase.h"
#include "TestStandby.h"
#include "store/ConnectionCheck.h"
#include "store/PgConnection.h"
#include "store/ReplicationMode.h"

#include <QtTest>

using dedup::store::ConnectionCheck;
using dedup::store::PgConnection;
using dedup::store::ReplicationMode;
using Kind = dedup::store::ReplicationMode::Kind;

namespace {

QString name(Kind kind) {
    switch (kind) {
    case Kind::None:
        return QStringLiteral("none");
    case Kind::Asynchronous:
        return QStringLiteral("asynchronous");
    case Kind::Synchronous:
        return QStringLiteral("synchronous");
    }
    return {};
}

std::optional<ReplicationMode> modeOf(const QString &conninfo) {
    PgConnection conn;
    if (!conn.open(conninfo))
        return std::nullopt;
    return ReplicationMode::read(conn, nullptr);
}

} // namespace

class TestFailover : public QObject {
    Q_OBJECT

private slots:
    void kindFromSettings_data();
    void kindFromSettings();
    void serverWithoutStandbyHasNoReplication();
    void asynchronousStandby();
    void synchronousStandbyAndFailover();
};

void TestFailover::kindFromSettings_data() {
    QTest::addColumn<QString>("standbyNames");
    QTest::addColumn<QString>("synchronousCommit");
    QTest::addColumn<int>("streaming");
    QTest::addColumn<QString>("expected");
    QTest::newRow("nothing") << ""
                             << "on" << 0 << "none";
    QTest::newRow("a standby, no names") << ""
                                         << "on" << 1 << "asynchronous";
    QTest::newRow("names, on") << "*"
                               << "on" << 1 << "synchronous";
    QTest::newRow("names, remote_apply") << "FIRST 1 (s1, s2)"
                                         << "remote_apply" << 2 << "synchronous";
    QTest::newRow("names, remote_write") << "ANY 1 (s1)"
                                         << "remote_write" << 1 << "synchronous";
    // Commits that do not wait for a standby, whatever the names say.
    QTest::newRow("names, local") << "*"
                                  << "local" << 1 << "asynchronous";
    QTest::newRow("names, off") << "*"
                                << "off" << 1 << "asynchronous";
    QTest::newRow("blank names") << "  "
                                 << "on" << 1 << "asynchronous";
    // Waited for, though nobody streams yet: synchronous (and a warning, see below).
    QTest::newRow("names, no standby") << "*"
                                       << "on" << 0 << "synchronous";
}

void TestFailover::kindFromSettings() {
    QFETCH(QString, standbyNames);
    QFETCH(QString, synchronousCommit);
    QFETCH(int, streaming);
    QFETCH(QString, expected);
    QCOMPARE(name(ReplicationMode::kindOf(standbyNames, synchronousCommit, streaming)), expected);
    ReplicationMode mode;
    mode.kind = ReplicationMode::kindOf(standbyNames, synchronousCommit, streaming);
    mode.streamingStandbys = streaming;
    QCOMPARE(mode.isWarning(), expected == QLatin1String("asynchronous") ||
                                   (expected == QLatin1String("synchronous") && streaming == 0));
}

void TestFailover::serverWithoutStandbyHasNoReplication() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const auto mode = modeOf(db.conninfo());
    QVERIFY(mode);
    QCOMPARE(name(mode->kind), QStringLiteral("none"));
    QCOMPARE(mode->streamingStandbys, 0);
    QCOMPARE(mode->shortText(), QStringLiteral("no replication"));
}

void TestFailover::asynchronousStandby() {
    TestStandby pair(TestStandby::Replication::Asynchronous);
    QVERIFY2(pair.isValid(), qPrintable(pair.error()));
    QCOMPARE(pair.grantTestLogins(), QString());
    QVERIFY(pair.waitForReplay());
    const auto mode = modeOf(pair.primaryConninfo());
    QVERIFY(mode);
    QCOMPARE(name(mode->kind), QStringLiteral("asynchronous"));
    QCOMPARE(mode->streamingStandbys, 1);
    QCOMPARE(mode->synchronousStandbys, std::optional<int>(0)); // the superuser sees sync_state
    QVERIFY(mode->isWarning());
    QVERIFY(mode->explanation().contains(QStringLiteral("side effect twice")));

    // What the console's viewer login is told: the same kind, without the sync_state details.
    const auto report = ConnectionCheck::run(pair.failoverConninfo(QStringLiteral("t_viewer")));
    QVERIFY2(report.ok(), qPrintable(report.message + QLatin1Char(' ') + report.detail));
    QVERIFY(report.replication);
    QCOMPARE(name(report.replication->kind), QStringLiteral("asynchronous"));
    QCOMPARE(report.replication->synchronousStandbys, std::nullopt);
    QVERIFY(report.message.contains(QStringLiteral("Asynchronous replication")));
}

void TestFailover::synchronousStandbyAndFailover() {
    TestStandby pair(TestStandby::Replication::Synchronous);
    QVERIFY2(pair.isValid(), qPrintable(pair.error()));
    QCOMPARE(pair.grantTestLogins(), QString());
    QVERIFY(pair.waitForReplay());
    const auto mode = modeOf(pair.primaryConninfo());
    QVERIFY(mode);
    QCOMPARE(name(mode->kind), QStringLiteral("synchronous"));
    QCOMPARE(mode->standbyNames, QStringLiteral("*"));
    QCOMPARE(mode->synchronousStandbys, std::optional<int>(1));
    QVERIFY(!mode->isWarning());

    // Both servers named, the primary reached (the standby is read-only).
    const QString conninfo = pair.failoverConninfo(QStringLiteral("t_viewer"));
    auto before = ConnectionCheck::run(conninfo);
    QVERIFY2(before.ok(), qPrintable(before.message + QLatin1Char(' ') + before.detail));
    QCOMPARE(name(before.replication->kind), QStringLiteral("synchronous"));
    QVERIFY(before.message.contains(QStringLiteral("Synchronous replication")));

    QString error;
    QVERIFY2(pair.failOver(&error), qPrintable(error));
    // The same connection string now reaches the promoted standby: a primary with no standby
    // of its own (until one is rebuilt), which the console says.
    const auto after = ConnectionCheck::run(conninfo);
    QVERIFY2(after.ok(), qPrintable(after.message + QLatin1Char(' ') + after.detail));
    QCOMPARE(name(after.replication->kind), QStringLiteral("none"));
    PgConnection conn;
    QVERIFY(conn.open(conninfo));
    QCOMPARE(conn.exec(QStringLiteral("SELECT pg_is_in_recovery()")).toBool(0, 0), false);
    QCOMPARE(conn.exec(QStringLiteral("SELECT count(*) FROM dedup.runs")).ok(), true);
}

QTEST_GUILESS_MAIN(TestFailover)
#include "tst_failover.moc"
