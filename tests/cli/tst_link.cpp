// dedupctl link, black-box against a private PostgreSQL (docs/CLI.md "link"): the links it
// prints name this store's id and read back as what was asked; a run the login may not read
// is not linked (exit 1); `link key` names a key's deliveries by its run, never by the key;
// `check` accepts this store's links and refuses another store's; bad command lines exit 2
// before connecting; a filter never carries a key.
#include "DedupctlRun.h"
#include "TestDatabase.h"
#include "core/DedupLink.h"
#include "store/PgConnection.h"

#include <QtTest>

using dedup::core::DedupLink;
using namespace Qt::StringLiterals;

namespace {

DedupctlRun dedupctl(const TestDatabase &db, const QStringList &args,
                     const QString &user = u"t_viewer"_s) {
    return runDedupctl(QStringList{u"link"_s, u"--db"_s, db.conninfo(user)} + args);
}

QString scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const auto result = conn ? conn->exec(sql) : dedup::store::PgResult();
    return result.ok() && result.rows() == 1 ? result.text(0, 0) : QString();
}

} // namespace

class TestLink : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void links_data();
    void links();
    void runFilter();
    void unreadableRunIsNotLinked();
    void check();
    void badCommandLines_data();
    void badCommandLines();

private:
    std::unique_ptr<TestDatabase> m_db;
    QString m_store;
    qint64 m_run = 0;
};

void TestLink::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->exec(u"UPDATE dedup.store_settings SET store_id = gen_random_uuid()"_s),
             QString());
    QCOMPARE(m_db->exec(u"INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status)"
                        u" VALUES ('clinic-1', 'patient:MRN-7', 'billing', 'fp', 'failed'),"
                        u"        ('clinic-2', 'patient:MRN-8', 'billing', 'fp', 'failed')"_s),
             QString());
    // The viewer reads clinic-1 only.
    QCOMPARE(m_db->grant(u"t_viewer"_s, u"viewer"_s, {}, {u"clinic-1"_s}), QString());
    m_store = scalar(*m_db, u"SELECT store_id::text FROM dedup.store_settings"_s);
    QVERIFY(!QUuid::fromString(m_store).isNull());
    m_run = scalar(*m_db, u"SELECT id FROM dedup.runs WHERE scope = 'clinic-1'"_s).toLongLong();
}

void TestLink::links_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("path");
    QTest::newRow("stuck") << QStringList{u"stuck"_s} << u"/stuck"_s;
    QTest::newRow("review") << QStringList{u"review"_s} << u"/review"_s;
    QTest::newRow("workflows") << QStringList{u"workflows"_s} << u"/workflows"_s;
    QTest::newRow("runs") << QStringList{u"runs"_s} << u"/runs"_s;
    QTest::newRow("audit") << QStringList{u"audit"_s} << u"/audit"_s;
    QTest::newRow("stuck over an hour")
        << QStringList{u"stuck"_s, u"--threshold"_s, u"60"_s} << u"/stuck?threshold=60"_s;
    QTest::newRow("stuck at the default threshold")
        << QStringList{u"stuck"_s, u"--threshold"_s, u"15"_s} << u"/stuck"_s;
    QTest::newRow("review filtered")
        << QStringList{u"review"_s,  u"--assignee"_s, u"nobody"_s,  u"--workflow"_s,
                       u"billing"_s, u"--scope"_s,    u"clinic 1"_s}
        << u"/review?workflow=billing&scope=clinic%201&assignee=nobody"_s;
    QTest::newRow("audit filtered")
        << QStringList{u"audit"_s,     u"--run"_s,   u"42"_s,    u"--action"_s,
                       u"op_cancel"_s, u"--role"_s,  u"alice"_s, u"--outcome"_s,
                       u"changed"_s,   u"--range"_s, u"30d"_s}
        << u"/audit?run=42&action=op_cancel&role=alice&outcome=changed&range=30d"_s;
}

void TestLink::links() {
    QFETCH(QStringList, args);
    QFETCH(QString, path);
    const DedupctlRun run = dedupctl(*m_db, args);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, u"dedup://%1%2\n"_s.arg(m_store, path));
    QCOMPARE(run.err, QString());
    // And the run the viewer may read, and its correlation.
    const DedupctlRun one = dedupctl(*m_db, {u"run"_s, QString::number(m_run)});
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(one.out, u"dedup://%1/run/%2\n"_s.arg(m_store).arg(m_run));
    const DedupctlRun correlation = dedupctl(*m_db, {u"correlation"_s, QString::number(m_run)});
    QCOMPARE(correlation.exitCode, 0);
    QCOMPARE(correlation.out, u"dedup://%1/run/%2/correlation\n"_s.arg(m_store).arg(m_run));
    // And its key's deliveries, named by the run: the key is not in the link.
    const DedupctlRun key = dedupctl(*m_db, {u"key"_s, QString::number(m_run)});
    QCOMPARE(key.exitCode, 0);
    QCOMPARE(key.err, QString());
    QCOMPARE(key.out, u"dedup://%1/run/%2/key\n"_s.arg(m_store).arg(m_run));
    QVERIFY(!key.out.contains(u"MRN"_s));
    const auto parsed = DedupLink::parse(key.out.trimmed());
    QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
    QVERIFY(parsed.value() == DedupLink::keyOf(QUuid::fromString(m_store), m_run));
}

void TestLink::runFilter() {
    const DedupctlRun run =
        dedupctl(*m_db, {u"runs"_s, u"--status"_s, u"failed"_s, u"--status"_s, u"processing"_s,
                         u"--workflow"_s, u"billing"_s, u"--scope"_s, u"clinic 1&2"_s, u"--range"_s,
                         u"24h"_s});
    QCOMPARE(run.exitCode, 0);
    const auto parsed = DedupLink::parse(run.out.trimmed());
    QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
    const DedupLink &link = parsed.value();
    QCOMPARE(link.store, QUuid::fromString(m_store));
    QCOMPARE(link.statuses.size(), 2);
    QCOMPARE(dedup::core::toString(link.statuses.at(0)), u"processing"_s);
    QCOMPARE(dedup::core::toString(link.statuses.at(1)), u"failed"_s);
    QCOMPARE(link.workflow, u"billing"_s);
    QCOMPARE(link.scope, u"clinic 1&2"_s);
    QCOMPARE(link.range, DedupLink::Range::Last24Hours);
}

void TestLink::unreadableRunIsNotLinked() {
    const QString other = scalar(*m_db, u"SELECT id FROM dedup.runs WHERE scope = 'clinic-2'"_s);
    for (const QString &what : {u"run"_s, u"correlation"_s, u"key"_s}) {
        const DedupctlRun run = dedupctl(*m_db, {what, other});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, u"no run %1 in this store that login t_viewer may read\n"_s.arg(other));
    }
    // The owner reads it.
    QCOMPARE(dedupctl(*m_db, {u"run"_s, other}, u"postgres"_s).exitCode, 0);
}

void TestLink::check() {
    const QString mine = u"dedup://%1/run/%2"_s.arg(m_store).arg(m_run);
    DedupctlRun run = dedupctl(*m_db, {u"check"_s, mine});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, u"ok: run %1 in this store\n"_s.arg(m_run));
    run = dedupctl(*m_db, {u"check"_s, mine + u"/key"_s});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, u"ok: the deliveries of run %1's key in this store\n"_s.arg(m_run));
    run = dedupctl(*m_db, {u"check"_s, u"dedup://%1/run/999999/key"_s.arg(m_store)});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, u"no run 999999 in this store that login t_viewer may read\n"_s);
    run = dedupctl(*m_db, {u"check"_s, u"dedup://%1/stuck"_s.arg(m_store)});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, u"ok: the Stuck list in this store\n"_s);
    run = dedupctl(*m_db, {u"check"_s, u"dedup://%1/audit?run=999999&range=7d"_s.arg(m_store)});
    QCOMPARE(run.exitCode, 0); // a filter, not a run to read
    QCOMPARE(run.out, u"ok: the audit log in this store\n"_s);
    const QString elsewhere = QUuid::createUuid().toString(QUuid::WithoutBraces);
    run = dedupctl(*m_db, {u"check"_s, u"dedup://%1/run/%2"_s.arg(elsewhere).arg(m_run)});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, u"another store: the link names store %1, this is store %2\n"_s.arg(elsewhere,
                                                                                          m_store));
    run = dedupctl(*m_db, {u"check"_s, u"dedup://%1/run/999999"_s.arg(m_store)});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, u"no run 999999 in this store that login t_viewer may read\n"_s);
}

void TestLink::badCommandLines_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("nothing") << QStringList{} << u"say what to link to"_s;
    QTest::newRow("unknown target") << QStringList{u"keys"_s} << u"unknown link target 'keys'"_s;
    QTest::newRow("run without id") << QStringList{u"run"_s} << u"give the run's id"_s;
    QTest::newRow("run id text") << QStringList{u"run"_s, u"abc"_s} << u"'abc' is not a run id"_s;
    QTest::newRow("run id zero") << QStringList{u"run"_s, u"0"_s} << u"'0' is not a run id"_s;
    QTest::newRow("key without id") << QStringList{u"key"_s} << u"give the run's id: key ID"_s;
    QTest::newRow("key by the key")
        << QStringList{u"key"_s, u"patient:MRN-7"_s} << u"link key takes the run's id"_s;
    QTest::newRow("key id zero") << QStringList{u"key"_s, u"0"_s}
                                 << u"link key takes the run's id"_s;
    QTest::newRow("key extra word")
        << QStringList{u"key"_s, u"1"_s, u"2"_s} << u"unexpected argument '2'"_s;
    QTest::newRow("filter on key") << QStringList{u"key"_s, u"1"_s, u"--scope"_s, u"a"_s}
                                   << u"--scope applies to \"runs\" and \"review\" only"_s;
    QTest::newRow("extra word") << QStringList{u"stuck"_s, u"now"_s}
                                << u"unexpected argument 'now'"_s;
    QTest::newRow("filter on stuck") << QStringList{u"stuck"_s, u"--workflow"_s, u"a"_s}
                                     << u"--workflow applies to \"runs\" and \"review\" only"_s;
    QTest::newRow("status on review") << QStringList{u"review"_s, u"--status"_s, u"failed"_s}
                                      << u"--status applies to \"runs\" only"_s;
    QTest::newRow("threshold on runs") << QStringList{u"runs"_s, u"--threshold"_s, u"5"_s}
                                       << u"--threshold applies to \"stuck\" only"_s;
    QTest::newRow("run on workflows")
        << QStringList{u"workflows"_s, u"--run"_s, u"5"_s} << u"--run applies to \"audit\" only"_s;
    QTest::newRow("range on stuck") << QStringList{u"stuck"_s, u"--range"_s, u"1h"_s}
                                    << u"--range applies to \"runs\" and \"audit\" only"_s;
    QTest::newRow("threshold too large")
        << QStringList{u"stuck"_s, u"--threshold"_s, u"10081"_s} << u"from 0 to 10080"_s;
    QTest::newRow("threshold twice")
        << QStringList{u"stuck"_s, u"--threshold"_s, u"5"_s, u"--threshold"_s, u"6"_s}
        << u"given once"_s;
    QTest::newRow("assignee a login")
        << QStringList{u"review"_s, u"--assignee"_s, u"alice"_s} << u"me or nobody"_s;
    QTest::newRow("audit outcome")
        << QStringList{u"audit"_s, u"--outcome"_s, u"refused"_s} << u"applied or changed"_s;
    QTest::newRow("audit range") << QStringList{u"audit"_s, u"--range"_s, u"90d"_s}
                                 << u"1h, 24h, 7d or 30d"_s;
    QTest::newRow("audit run zero")
        << QStringList{u"audit"_s, u"--run"_s, u"0"_s} << u"one run id"_s;
    QTest::newRow("audit from") << QStringList{u"audit"_s, u"--from"_s, u"2026-12-04T06:00:00Z"_s}
                                << u"--from applies to \"runs\" only"_s;
    QTest::newRow("unknown status")
        << QStringList{u"runs"_s, u"--status"_s, u"stuck"_s} << u"unknown status \"stuck\""_s;
    QTest::newRow("bad range") << QStringList{u"runs"_s, u"--range"_s, u"2h"_s}
                               << u"1h, 24h or 7d"_s;
    QTest::newRow("time without offset")
        << QStringList{u"runs"_s, u"--from"_s, u"2026-12-04T06:00:00"_s} << u"with its offset"_s;
    QTest::newRow("check without link") << QStringList{u"check"_s} << u"give the link to check"_s;
    QTest::newRow("check of a web address")
        << QStringList{u"check"_s, u"https://example.org"_s} << u"not a dedup:// link"_s;
}

void TestLink::badCommandLines() {
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    // Refused before connecting: the --db names a server that does not exist.
    const DedupctlRun run = runDedupctl(
        QStringList{u"link"_s, u"--db"_s, u"host=/nonexistent port=1 dbname=none"_s} + args);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QString());
    QVERIFY2(run.err.contains(says), qPrintable(run.err));
    QVERIFY2(!run.err.contains(u"MRN"_s), qPrintable(run.err)); // a key typed is not echoed
}

QTEST_GUILESS_MAIN(TestLink)
#include "tst_link.moc"
