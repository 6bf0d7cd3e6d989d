// Key-prefix lists (RunQueries, 0009_performance.sql): newest first, walked in six-hour
// buckets through runs_bucket_key_idx. The walk must return exactly what the plain query
// `... WHERE idem_key LIKE 'p%' ORDER BY created_at DESC, id DESC` returns, page after page,
// across bucket boundaries and timestamp ties, with every other criterion, and whatever the
// session's time zone; and it must not read the newer runs that do not match.
#include "TestDatabase.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <memory>

using namespace dedup::store;
using S = dedup::core::RunStatus;

namespace {

QString text(const char *value) {
    return QString::fromUtf8(value);
}

// Rows produced by the scans of dedup.runs in an EXPLAIN (ANALYZE, FORMAT JSON) plan, and
// the indexes of the scans that ran.
void scanTotals(const QJsonObject &node, double *rows, QStringList *indexes) {
    if (node.value(QLatin1String("Relation Name")).toString() == QLatin1String("runs") &&
        node.value(QLatin1String("Actual Loops")).toDouble() > 0) {
        *rows += node.value(QLatin1String("Actual Rows")).toDouble() *
                 node.value(QLatin1String("Actual Loops")).toDouble();
        const QString index = node.value(QLatin1String("Index Name")).toString();
        if (!index.isEmpty() && !indexes->contains(index))
            indexes->append(index);
    }
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        scanTotals(child.toObject(), rows, indexes);
}

} // namespace

class TestPrefixWalk : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void pagesMatchThePlainQuery_data();
    void pagesMatchThePlainQuery();
    void windowStopsAtItsBottom();
    void countsStopAtTheCap();
    void sessionTimeZoneDoesNotMatter();
    void emptyStoreAndEmptyRange();
    void oldPrefixSkipsNewerRuns();

private:
    QList<qint64> expectedIds(const QString &where);
    QList<qint64> pagedIds(PgConnection &conn, const RunFilter &filter, int pageSize);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_conn;
};

void TestPrefixWalk::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    // Ten days, a run every five minutes, two runs per timestamp every seventh minute slot
    // (ties broken by id). Keys: 'old:' only in the oldest two days, 'new:' only in the newest
    // day, 'mix:' everywhere, 'odd_' (a LIKE wildcard in the prefix) now and then. Three runs
    // sit exactly on and around a bucket boundary (06:00 UTC).
    const QString error = m_db->exec(QStringLiteral(R"(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, lease_owner,
                        lease_expires_at, created_at, updated_at)
SELECT 'scope-' || (g % 3), key, 'wf-' || (g % 4), 'fp', st,
       CASE WHEN st = 'processing' THEN 'w' END,
       CASE WHEN st = 'processing' THEN now() + interval '1 hour' END, ts, ts
FROM generate_series(1, 2880) AS g,
     LATERAL (SELECT timestamptz '2025-03-11 00:00:00+00' - (g - g % 7 / 6) * interval '5 minutes'
                         AS ts,
                     CASE WHEN g % 5 = 0 THEN 'succeeded' WHEN g % 5 = 1 THEN 'failed'
                          WHEN g % 5 = 2 THEN 'processing' WHEN g % 5 = 3 THEN 'manual_review'
                          ELSE 'cancelled' END AS st,
                     CASE WHEN g > 2300 AND g % 3 <> 0 THEN 'old:' || g
                          WHEN g < 250 AND g % 2 = 0 THEN 'new:' || g
                          WHEN g % 11 = 0 THEN 'odd_' || g
                          WHEN g % 11 = 1 THEN 'oddx' || g
                          ELSE 'mix:' || g END AS key) AS x;
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at, updated_at)
VALUES ('scope-0', 'mix:edge-a', 'wf-0', 'fp', 'failed', '2025-03-05 05:59:59.999999+00', now()),
       ('scope-0', 'mix:edge-b', 'wf-0', 'fp', 'failed', '2025-03-05 06:00:00+00', now()),
       ('scope-0', 'mix:edge-c', 'wf-0', 'fp', 'failed', '2025-03-05 06:00:00+00', now());
ANALYZE dedup.runs;
)"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_conn = m_db->connect();
    QVERIFY(m_conn);
}

void TestPrefixWalk::cleanupTestCase() {
    m_conn.reset();
    m_db.reset();
}

QList<qint64> TestPrefixWalk::expectedIds(const QString &where) {
    const PgResult result =
        m_conn->exec(QStringLiteral("SELECT id FROM dedup.runs WHERE ") + where +
                     QStringLiteral(" ORDER BY created_at DESC, id DESC"));
    QList<qint64> ids;
    if (!result.ok()) {
        qWarning("%s", qPrintable(result.error().toString()));
        return ids;
    }
    for (int i = 0; i < result.rows(); ++i)
        ids.append(result.toInt64(i, 0));
    return ids;
}

QList<qint64> TestPrefixWalk::pagedIds(PgConnection &conn, const RunFilter &filter, int pageSize) {
    QList<qint64> ids;
    RunKey cursor;
    for (int guard = 0; guard < 10000; ++guard) {
        const RunQuery query = RunQueries::page(filter, cursor, pageSize);
        const PgResult result = conn.exec(query.sql, query.params);
        if (!result.ok()) {
            qWarning("%s", qPrintable(result.error().toString()));
            return {};
        }
        const QList<RunRow> rows = RunQueries::readRows(result);
        for (const RunRow &row : rows)
            ids.append(row.id);
        if (rows.size() < pageSize)
            break;
        cursor = rows.last().key();
    }
    return ids;
}

void TestPrefixWalk::pagesMatchThePlainQuery_data() {
    QTest::addColumn<RunFilter>("filter");
    QTest::addColumn<QString>("where");
    const auto make = [](auto &&setup) {
        RunFilter f;
        setup(f);
        return f;
    };
    const QDateTime from(QDate(2025, 3, 4), QTime(6, 0), Qt::UTC);
    const QDateTime to(QDate(2025, 3, 6), QTime(17, 31, 12), Qt::UTC);
    QTest::newRow("old prefix") << make([](RunFilter &f) { f.keyPrefix = text("old:"); })
                                << QStringLiteral("idem_key LIKE 'old:%'");
    QTest::newRow("new prefix") << make([](RunFilter &f) { f.keyPrefix = text("new:"); })
                                << QStringLiteral("idem_key LIKE 'new:%'");
    QTest::newRow("everywhere") << make([](RunFilter &f) { f.keyPrefix = text("mix:"); })
                                << QStringLiteral("idem_key LIKE 'mix:%'");
    QTest::newRow("narrow") << make([](RunFilter &f) { f.keyPrefix = text("old:24"); })
                            << QStringLiteral("idem_key LIKE 'old:24%'");
    QTest::newRow("underscore is literal") << make([](RunFilter &f) { f.keyPrefix = text("odd_"); })
                                           << QStringLiteral("left(idem_key, 4) = 'odd_'");
    QTest::newRow("no match") << make([](RunFilter &f) { f.keyPrefix = text("zzz"); })
                              << QStringLiteral("false");
    QTest::newRow("status") << make([](RunFilter &f) {
        f.keyPrefix = text("old:");
        f.statuses = {S::Cancelled};
    }) << QStringLiteral("idem_key LIKE 'old:%' AND status = 'cancelled'");
    QTest::newRow("statuses") << make([](RunFilter &f) {
        f.keyPrefix = text("mix:");
        f.statuses = {S::Failed, S::ManualReview};
    }) << QStringLiteral("idem_key LIKE 'mix:%' AND status IN ('failed', 'manual_review')");
    QTest::newRow("workflow and scope") << make([](RunFilter &f) {
        f.keyPrefix = text("mix:");
        f.workflow = text("wf-1");
        f.scope = text("scope-2");
    }) << QStringLiteral("idem_key LIKE 'mix:%' AND workflow = 'wf-1' AND scope = 'scope-2'");
    QTest::newRow("time range") << make([&](RunFilter &f) {
        f.keyPrefix = text("mix:");
        f.createdFrom = from;
        f.createdTo = to;
    })
                                << QStringLiteral(
                                       "idem_key LIKE 'mix:%' AND created_at BETWEEN "
                                       "'2025-03-04 06:00:00+00' AND '2025-03-06 17:31:12+00'");
    QTest::newRow("time range and status")
        << make([&](RunFilter &f) {
               f.keyPrefix = text("mix:");
               f.createdFrom = from;
               f.statuses = {S::Processing};
           })
        << QStringLiteral("idem_key LIKE 'mix:%' AND created_at >= '2025-03-04 06:00:00+00' "
                          "AND status = 'processing'");
}

void TestPrefixWalk::pagesMatchThePlainQuery() {
    QFETCH(RunFilter, filter);
    QFETCH(QString, where);
    const QList<qint64> expected = expectedIds(where);
    if (where != QLatin1String("false"))
        QVERIFY2(expected.size() > 20, "the test data must contain enough matching runs");
    QVERIFY2(RunQueries::page(filter, {}, 7).sql.contains(QStringLiteral("date_bin")),
             "a prefix list walks the buckets");
    // Page sizes that end pages inside ties, inside buckets and on their edges.
    for (const int pageSize : {7, 200, 5000})
        QCOMPARE(pagedIds(*m_conn, filter, pageSize), expected);
    // The count as the model asks for it: exact below the cap, cap + 1 above it.
    const RunQuery count = RunQueries::cappedCount(filter, 100000);
    const PgResult counted = m_conn->exec(count.sql, count.params);
    QVERIFY2(counted.ok(), qPrintable(counted.error().toString()));
    QCOMPARE(counted.toInt64(0, 0), qint64(expected.size()));
}

void TestPrefixWalk::windowStopsAtItsBottom() {
    RunFilter f;
    f.keyPrefix = text("mix:");
    const QList<qint64> expected = expectedIds(QStringLiteral("idem_key LIKE 'mix:%'"));
    QVERIFY(expected.size() > 600);
    // The first 500 rows as the model has them, then re-read down to the 500th inclusive.
    const RunQuery first = RunQueries::page(f, {}, 500);
    const QList<RunRow> loaded = RunQueries::readRows(m_conn->exec(first.sql, first.params));
    QCOMPARE(loaded.size(), 500);
    const RunQuery window = RunQueries::window(f, loaded.last().key(), 20000);
    QList<qint64> ids;
    for (const RunRow &row : RunQueries::readRows(m_conn->exec(window.sql, window.params)))
        ids.append(row.id);
    QCOMPARE(ids, expected.mid(0, 500));
    // A window larger than its limit returns the newest `limit` runs.
    const RunQuery capped = RunQueries::window(f, loaded.last().key(), 120);
    ids.clear();
    for (const RunRow &row : RunQueries::readRows(m_conn->exec(capped.sql, capped.params)))
        ids.append(row.id);
    QCOMPARE(ids, expected.mid(0, 120));
}

void TestPrefixWalk::countsStopAtTheCap() {
    RunFilter f;
    f.keyPrefix = text("old:");
    const RunQuery capped = RunQueries::cappedCount(f, 99);
    const PgResult result = m_conn->exec(capped.sql, capped.params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.toInt64(0, 0), 100);
    f.statuses = {S::Failed, S::Succeeded};
    const RunQuery withStatus = RunQueries::cappedCount(f, 99);
    QCOMPARE(m_conn->exec(withStatus.sql, withStatus.params).toInt64(0, 0), 100);
}

void TestPrefixWalk::sessionTimeZoneDoesNotMatter() {
    // Buckets are UTC in the index and in the query: a console in another time zone (here
    // +13:45, not a multiple of six hours) pages the same runs.
    auto conn = m_db->connect();
    QVERIFY(conn);
    QVERIFY(conn->exec(QStringLiteral("SET TimeZone = 'Pacific/Chatham'")).ok());
    RunFilter f;
    f.keyPrefix = text("mix:");
    QCOMPARE(pagedIds(*conn, f, 97), expectedIds(QStringLiteral("idem_key LIKE 'mix:%'")));
}

void TestPrefixWalk::emptyStoreAndEmptyRange() {
    TestDatabase empty;
    QVERIFY2(empty.isValid(), qPrintable(empty.error()));
    auto conn = empty.connect();
    QVERIFY(conn);
    RunFilter f;
    f.keyPrefix = text("a");
    const RunQuery page = RunQueries::page(f, {}, 10);
    const PgResult none = conn->exec(page.sql, page.params);
    QVERIFY2(none.ok(), qPrintable(none.error().toString()));
    QCOMPARE(none.rows(), 0);
    // A time range before the oldest run: nothing, and no error from an inverted series.
    f.keyPrefix = text("mix:");
    f.createdTo = QDateTime(QDate(2020, 1, 1), QTime(0, 0), Qt::UTC);
    const RunQuery before = RunQueries::page(f, {}, 10);
    const PgResult result = m_conn->exec(before.sql, before.params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.rows(), 0);
}

void TestPrefixWalk::oldPrefixSkipsNewerRuns() {
    // 'old:' runs are all older than 2,300 other runs. Walking runs_created_idx and filtering
    // the key (the plan before 0009) reads those first; the bucket walk reads one probe per
    // newer bucket, the matching runs of the buckets it needs, and the page's rows.
    RunFilter f;
    f.keyPrefix = text("old:");
    const RunQuery page = RunQueries::page(f, {}, 101);
    const PgResult plan =
        m_conn->exec(QStringLiteral("EXPLAIN (ANALYZE, FORMAT JSON) ") + page.sql, page.params);
    QVERIFY2(plan.ok(), qPrintable(plan.error().toString()));
    const QJsonObject top = QJsonDocument::fromJson(plan.text(0, 0).toUtf8())
                                .array()
                                .at(0)
                                .toObject()
                                .value(QLatin1String("Plan"))
                                .toObject();
    double rows = 0;
    QStringList indexes;
    scanTotals(top, &rows, &indexes);
    QVERIFY2(indexes.contains(QStringLiteral("runs_bucket_key_idx")),
             qPrintable(indexes.join(u',')));
    // The old plan reads more than 2,300 rows; this one about 260: three buckets of matches,
    // the page's rows by id, and one entry each for min and max of created_at.
    QVERIFY2(rows < 600, qPrintable(QString::number(rows)));
}

QTEST_GUILESS_MAIN(TestPrefixWalk)
#include "tst_prefixwalk.moc"
