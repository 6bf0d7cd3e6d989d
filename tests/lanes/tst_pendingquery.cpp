// PendingQuery's own rules, on a real QueryRunner: one read in flight, re-reads asked for
// meanwhile coalesce into one, loadingChanged only on edges, stale answers ignored, a failed
// read still followed by the wanted re-read, cancel reported as an error.
#include "TestDatabase.h"
#include "lanes/PendingQuery.h"
#include "lanes/QueryRunner.h"
#include "store/PgConnection.h"

#include <QSignalSpy>
#include <QtTest>

#include <atomic>
#include <memory>

using namespace dedup;
using dedup::lanes::PendingQuery;
using dedup::lanes::QueryRunner;

namespace {

// A runner and a tracker whose read runs `sql` (the next one in `sqls`, the last one
// repeating) and counts reads and applied answers.
struct Fixture {
    explicit Fixture(const QString &conninfo, QStringList statements)
        : runner(conninfo)
        , sqls(std::move(statements))
        , query(
              runner,
              [this] {
                  const QString sql = sqls.at(qMin(reads, int(sqls.size()) - 1));
                  ++reads;
                  return runner.submit([sql](store::PgConnection &conn, store::PgError *error) {
                      const store::PgResult result = conn.exec(sql);
                      if (!result.ok()) {
                          *error = result.error();
                          return QVariant();
                      }
                      return QVariant(true);
                  });
              },
              [this](const QVariant &) { ++applied; }) {}

    QueryRunner runner;
    QStringList sqls;
    int reads = 0;
    int applied = 0;
    PendingQuery query;
};

QList<bool> loadingEdges(const QSignalSpy &spy) {
    QList<bool> edges;
    for (const QList<QVariant> &args : spy)
        edges.append(args.at(0).toBool());
    return edges;
}

} // namespace

class TestPendingQuery : public QObject {
    Q_OBJECT

private slots:
    void refreshesCoalesceIntoOneReread();
    void discardIgnoresTheStaleAnswer();
    void failureReportsThenRereads();
    void cancelReportsTheOwnersMessage();
};

void TestPendingQuery::refreshesCoalesceIntoOneReread() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    Fixture f(db.conninfo(), {QStringLiteral("SELECT pg_sleep(0.3)")});
    QSignalSpy loading(&f.query, &PendingQuery::loadingChanged);

    f.query.refresh();
    f.query.refresh();
    f.query.refresh();
    QCOMPARE(f.reads, 1);
    QVERIFY(f.query.isLoading());

    // The first answer, then exactly one re-read for the two refreshes that waited.
    QTRY_COMPARE_WITH_TIMEOUT(f.applied, 2, 10000);
    QCOMPARE(f.reads, 2);
    QVERIFY(!f.query.isLoading());
    QCOMPARE(loadingEdges(loading), (QList<bool>{true, false, true, false}));
    QVERIFY(f.query.errorText().isEmpty());
}

void TestPendingQuery::discardIgnoresTheStaleAnswer() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    Fixture f(db.conninfo(), {QStringLiteral("SELECT pg_sleep(0.2)")});
    QSignalSpy loading(&f.query, &PendingQuery::loadingChanged);
    QSignalSpy errors(&f.query, &PendingQuery::errorOccurred);

    f.query.refresh();
    f.query.refresh(); // wanted, then dropped with the read
    f.query.discard();
    QVERIFY(!f.query.isLoading());
    // A read sent after the discard is answered; the discarded one never is.
    f.query.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(f.applied, 1, 10000);
    QTest::qWait(500);
    QCOMPARE(f.applied, 1);
    QCOMPARE(f.reads, 2);
    QCOMPARE(loadingEdges(loading), (QList<bool>{true, false, true, false}));
    QCOMPARE(errors.count(), 0);
}

void TestPendingQuery::failureReportsThenRereads() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    Fixture f(db.conninfo(),
              {QStringLiteral("SELECT pg_sleep(0.2), 1 / 0"), QStringLiteral("SELECT 1")});
    QString textWhenReported;
    connect(&f.query, &PendingQuery::errorOccurred, this,
            [&](const QString &) { textWhenReported = f.query.errorText(); });
    QSignalSpy errors(&f.query, &PendingQuery::errorOccurred);

    f.query.refresh();
    f.query.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 1, 10000);
    QVERIFY2(errors.at(0).at(0).toString().contains(QStringLiteral("22012")),
             qPrintable(errors.at(0).at(0).toString()));
    QCOMPARE(textWhenReported, errors.at(0).at(0).toString());
    // The wanted re-read went out at once, and its answer clears the error.
    QCOMPARE(f.reads, 2);
    QTRY_COMPARE_WITH_TIMEOUT(f.applied, 1, 10000);
    QVERIFY(f.query.errorText().isEmpty());
    QCOMPARE(errors.count(), 1);
}

void TestPendingQuery::cancelReportsTheOwnersMessage() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    Fixture f(db.conninfo(), {QStringLiteral("SELECT pg_sleep(30)")});
    QSignalSpy loading(&f.query, &PendingQuery::loadingChanged);
    QSignalSpy errors(&f.query, &PendingQuery::errorOccurred);

    QVERIFY(!f.query.cancel(QStringLiteral("stopped"))); // nothing in flight
    QCOMPARE(errors.count(), 0);
    f.query.refresh();
    f.query.refresh();
    QVERIFY(f.query.cancel(QStringLiteral("stopped")));
    QVERIFY(!f.query.isLoading());
    QCOMPARE(f.query.errorText(), QStringLiteral("stopped"));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(errors.at(0).at(0).toString(), QStringLiteral("stopped"));
    // The wanted re-read went with it: nothing more is read, nothing applied.
    QTest::qWait(500);
    QCOMPARE(f.reads, 1);
    QCOMPARE(f.applied, 0);
    QCOMPARE(errors.count(), 1);
    QCOMPARE(loadingEdges(loading), (QList<bool>{true, false}));
}

QTEST_GUILESS_MAIN(TestPendingQuery)
#include "tst_pendingquery.moc"
