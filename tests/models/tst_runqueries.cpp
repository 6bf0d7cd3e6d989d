// The runs list's SQL (store/RunQueries) and filter (store/RunFilter): validation, LIKE
// escaping, the keyset cursor's exactness, counts, and the query plans on a generated store
// of 200,000 runs: no statement the list sends may read the runs table sequentially or sort a
// large part of it.
#include "TestDatabase.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace dedup;
using namespace dedup::store;

namespace {

std::optional<QString> text(const char *value) {
    return QString::fromUtf8(value);
}

struct PlanProblem {
    QString what;
};

// Walks an EXPLAIN (FORMAT JSON) plan; collects sequential scans of dedup.runs and sorts
// estimated to take more than `maxSortRows` rows.
void checkPlanNode(const QJsonObject &node, double maxSortRows, QStringList *problems) {
    const QString type = node.value(QLatin1String("Node Type")).toString();
    if (type == QLatin1String("Seq Scan") &&
        node.value(QLatin1String("Relation Name")).toString() == QLatin1String("runs"))
        problems->append(QStringLiteral("Seq Scan on runs"));
    if (type == QLatin1String("Sort") || type == QLatin1String("Incremental Sort")) {
        const double rows = node.value(QLatin1String("Plan Rows")).toDouble();
        if (rows > maxSortRows)
            problems->append(QStringLiteral("%1 of %2 rows").arg(type).arg(rows));
    }
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        checkPlanNode(child.toObject(), maxSortRows, problems);
}

} // namespace

class TestRunQueries : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void likePrefixPattern_data();
    void likePrefixPattern();
    void filterValidation_data();
    void filterValidation();
    void effectiveStatuses();
    void makeCount();
    void severalStatusesAreOneBranchEach();

    void keysetCursorIsExactToTheMicrosecond();
    void likePrefixIsLiteral();
    void countIsExactUpToTheCap();
    void queryPlansUseIndexes_data();
    void queryPlansUseIndexes();

private:
    std::unique_ptr<TestDatabase> m_big; // 200,000 runs, analysed; shared by the plan tests
    RunKey m_middle;                     // a run in the middle of m_big, as a cursor
    QList<qint64> m_someIds;
};

void TestRunQueries::initTestCase() {
    m_big = std::make_unique<TestDatabase>();
    QVERIFY2(m_big->isValid(), qPrintable(m_big->error()));
    // Independent, realistic distributions (hashes, not g % n, so that columns do not
    // correlate): 80% succeeded, 10% failed, 5% processing, 3% manual_review, 2% cancelled;
    // 10 workflows, 50 scopes, a correlation id on a third of the runs.
    const QString error = m_big->exec(QStringLiteral(R"(
INSERT INTO dedup.runs (scope, idem_key, workflow, correlation_id, fingerprint, status, attempt,
                        lease_owner, lease_token, lease_expires_at, created_at, updated_at,
                        finished_at)
SELECT 'scope-' || (abs(hashint4(g + 1)) % 50),
       'key-' || lpad(g::text, 7, '0'),
       'wf-' || (abs(hashint4(g + 2)) % 10),
       CASE WHEN g % 3 = 0 THEN 'corr-' || (g / 3) END,
       'fp', st, 1,
       CASE WHEN st = 'processing' THEN 'worker' END, 1,
       CASE WHEN st = 'processing' THEN now() + interval '1 hour' END,
       ts, ts, CASE WHEN st IN ('succeeded', 'failed', 'cancelled') THEN ts END
FROM generate_series(1, 200000) AS g,
     LATERAL (SELECT CASE WHEN h < 80 THEN 'succeeded' WHEN h < 90 THEN 'failed'
                          WHEN h < 95 THEN 'processing' WHEN h < 98 THEN 'manual_review'
                          ELSE 'cancelled' END AS st,
                     timestamptz '2025-01-01 00:00:00+00' + g * interval '1.234567 second' AS ts
              FROM (SELECT abs(hashint4(g)) % 100 AS h) AS hh) AS x;
)"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto conn = m_big->connect();
    QVERIFY(conn);
    const PgResult vacuum = conn->exec(QStringLiteral("VACUUM ANALYZE dedup.runs"));
    QVERIFY2(vacuum.ok(), qPrintable(vacuum.error().toString()));
    const RunQuery middle = RunQueries::page({}, {}, 1);
    // The run in the middle by time: a cursor that leaves half of the store on each side.
    const PgResult result = conn->exec(QStringLiteral("SELECT * FROM (") + middle.sql +
                                           QStringLiteral(" OFFSET 100000) AS m"),
                                       middle.params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    const QList<RunRow> rows = RunQueries::readRows(result);
    QCOMPARE(rows.size(), 1);
    m_middle = rows.first().key();
    for (qint64 id = 1000; id < 200000; id += 997)
        m_someIds.append(id);
}

void TestRunQueries::cleanupTestCase() {
    m_big.reset();
}

void TestRunQueries::likePrefixPattern_data() {
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("pattern");
    QTest::newRow("plain") << QStringLiteral("order-1") << QStringLiteral("order-1%");
    QTest::newRow("percent") << QStringLiteral("50%") << QStringLiteral("50\\%%");
    QTest::newRow("underscore") << QStringLiteral("a_b") << QStringLiteral("a\\_b%");
    QTest::newRow("backslash") << QStringLiteral("a\\b") << QStringLiteral("a\\\\b%");
    QTest::newRow("all three") << QStringLiteral("\\%_") << QStringLiteral("\\\\\\%\\_%");
}

void TestRunQueries::likePrefixPattern() {
    QFETCH(QString, prefix);
    QFETCH(QString, pattern);
    QCOMPARE(RunQueries::likePrefixPattern(prefix), pattern);
}

void TestRunQueries::filterValidation_data() {
    QTest::addColumn<RunFilter>("filter");
    QTest::addColumn<QString>("error");
    const QDateTime t0(QDate(2025, 1, 1), QTime(12, 0), Qt::UTC);

    QTest::newRow("empty filter") << RunFilter{} << QString();
    RunFilter f;
    f.keyPrefix = QString();
    QTest::newRow("empty prefix") << f << QStringLiteral("The key prefix must not be empty.");
    f = {};
    f.keyPrefix = text("a");
    f.exactKey = text("a");
    QTest::newRow("key and prefix")
        << f << QStringLiteral("Search by exact key or by key prefix, not both.");
    f = {};
    f.createdFrom = t0.addSecs(1);
    f.createdTo = t0;
    QTest::newRow("from after to") << f
                                   << QStringLiteral("The time range starts "
                                                     "(2025-01-01T12:00:01.000Z) after it ends "
                                                     "(2025-01-01T12:00:00.000Z).");
    f.createdFrom = t0;
    QTest::newRow("from equals to") << f << QString();
    f = {};
    f.workflow = QString();
    QTest::newRow("empty workflow")
        << f
        << QStringLiteral(
               "The workflow filter is empty: enter a workflow name or clear the filter.");
    f = {};
    f.scope = QString();
    QTest::newRow("empty scope")
        << f << QStringLiteral("The scope filter is empty: enter a scope or clear the filter.");
    f = {};
    f.correlationId = QString();
    QTest::newRow("empty correlation")
        << f << QStringLiteral("The correlation id to search for is empty.");
    f = {};
    f.exactKey = QStringLiteral("ab") + QChar(0) + QStringLiteral("c");
    QTest::newRow("NUL in key") << f << QStringLiteral("The key contains a NUL character.");
}

void TestRunQueries::filterValidation() {
    QFETCH(RunFilter, filter);
    QFETCH(QString, error);
    QCOMPARE(filter.validationError(), error);
    QCOMPARE(filter.isValid(), error.isEmpty());
}

void TestRunQueries::effectiveStatuses() {
    RunFilter f;
    QVERIFY(f.effectiveStatuses().isEmpty());
    QVERIFY(f.isEmpty());
    f.statuses = {core::RunStatus::Cancelled, core::RunStatus::Failed, core::RunStatus::Failed};
    QVERIFY(f.effectiveStatuses() ==
            (QList<core::RunStatus>{core::RunStatus::Failed, core::RunStatus::Cancelled}));
    QVERIFY(!f.isEmpty());
    f.statuses = core::allRunStatuses();
    QVERIFY2(f.effectiveStatuses().isEmpty(), "every status is no restriction");
    QVERIFY(f.isEmpty());
}

void TestRunQueries::makeCount() {
    RunCount c = RunQueries::makeCount(42, 100, -1);
    QVERIFY(c.exact);
    QCOMPARE(c.value, 42);
    c = RunQueries::makeCount(101, 100, 2500);
    QVERIFY(!c.exact);
    QVERIFY(c.hasEstimate);
    QCOMPARE(c.value, 2500);
    // Statistics older than the rows: the estimate is below what was counted.
    c = RunQueries::makeCount(101, 100, 60);
    QVERIFY(!c.exact);
    QVERIFY(!c.hasEstimate);
    QCOMPARE(c.value, 101);
}

void TestRunQueries::severalStatusesAreOneBranchEach() {
    RunFilter f;
    f.statuses = {core::RunStatus::Failed, core::RunStatus::ManualReview,
                  core::RunStatus::Cancelled};
    const RunQuery page = RunQueries::page(f, {}, 100);
    QCOMPARE(page.sql.count(QStringLiteral("UNION ALL")), 2);
    QVERIFY(!page.sql.contains(QStringLiteral("ANY(")));
    QCOMPARE(page.params.size(), 4); // the limit once, one parameter per status
    f.statuses = {core::RunStatus::Failed};
    QVERIFY(!RunQueries::page(f, {}, 100).sql.contains(QStringLiteral("UNION")));
}

void TestRunQueries::keysetCursorIsExactToTheMicrosecond() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Six runs within one millisecond, two of them sharing a timestamp: a cursor rounded to
    // milliseconds (QDateTime) would skip or repeat runs.
    const QString error = db.exec(QStringLiteral(
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, "
        "lease_expires_at, created_at) "
        "SELECT 's', 'k' || g, 'w', 'f', 'succeeded', NULL, "
        "timestamptz '2025-06-01 10:00:00.123000+00' + (g / 2 * 3) * interval '1 microsecond' "
        "FROM generate_series(1, 6) AS g"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto conn = db.connect();
    QVERIFY(conn);
    QList<qint64> seen;
    RunKey cursor;
    for (int i = 0; i < 10; ++i) {
        const RunQuery q = RunQueries::page({}, cursor, 1);
        const PgResult result = conn->exec(q.sql, q.params);
        QVERIFY2(result.ok(), qPrintable(result.error().toString()));
        const QList<RunRow> rows = RunQueries::readRows(result);
        if (rows.isEmpty())
            break;
        if (cursor.isValid())
            QVERIFY(cursor.isNewerThan(rows.first().key()));
        seen.append(rows.first().id);
        cursor = rows.first().key();
    }
    QCOMPARE(seen, (QList<qint64>{6, 5, 4, 3, 2, 1}));
    QCOMPARE(cursor.createdAtMicros,
             QDateTime(QDate(2025, 6, 1), QTime(10, 0, 0, 123), Qt::UTC).toMSecsSinceEpoch() *
                 1000);
}

void TestRunQueries::likePrefixIsLiteral() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString error = db.exec(QStringLiteral(
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status) VALUES "
        "('s', 'a_1', 'w', 'f', 'failed'), ('s', 'ab1', 'w', 'f', 'failed'), "
        "('s', 'a%1', 'w', 'f', 'failed'), ('s', 'a%%', 'w', 'f', 'failed'), "
        "('s', 'a\\1', 'w', 'f', 'failed'), ('s', 'A_1', 'w', 'f', 'failed')"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto conn = db.connect();
    QVERIFY(conn);
    const auto keysFor = [&conn](const QString &prefix) {
        RunFilter f;
        f.keyPrefix = prefix;
        const RunQuery q = RunQueries::page(f, {}, 100);
        QStringList keys;
        for (const RunRow &row : RunQueries::readRows(conn->exec(q.sql, q.params)))
            keys << row.idemKey;
        keys.sort();
        return keys;
    };
    QCOMPARE(keysFor(QStringLiteral("a_")), QStringList{QStringLiteral("a_1")});
    QCOMPARE(keysFor(QStringLiteral("a%")),
             (QStringList{QStringLiteral("a%%"), QStringLiteral("a%1")}));
    QCOMPARE(keysFor(QStringLiteral("a\\")), QStringList{QStringLiteral("a\\1")});
    QCOMPARE(keysFor(QStringLiteral("a")).size(), 5); // byte order: 'A_1' is not 'a...'
}

void TestRunQueries::countIsExactUpToTheCap() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString error = db.exec(QStringLiteral(
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status) "
        "SELECT 's', 'k' || g, 'w' || (g % 2), 'f', 'failed' FROM generate_series(1, 300) AS g; "
        "ANALYZE dedup.runs"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto conn = db.connect();
    QVERIFY(conn);
    RunFilter f;
    f.workflow = QStringLiteral("w1");
    const RunQuery exact = RunQueries::cappedCount(f, 1000);
    PgResult result = conn->exec(exact.sql, exact.params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.toInt64(0, 0), 150);
    const RunQuery capped = RunQueries::cappedCount({}, 100);
    result = conn->exec(capped.sql, capped.params);
    QCOMPARE(result.toInt64(0, 0), 101); // stops after cap + 1
    const RunQuery guess = RunQueries::estimate(f);
    result = conn->exec(guess.sql, guess.params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    const qint64 estimated = RunQueries::readEstimate(result);
    QVERIFY2(estimated >= 100 && estimated <= 200, qPrintable(QString::number(estimated)));
}

void TestRunQueries::queryPlansUseIndexes_data() {
    QTest::addColumn<RunFilter>("filter");
    using S = core::RunStatus;
    const auto make = [](auto &&setup) {
        RunFilter f;
        setup(f);
        return f;
    };
    const QDateTime from(QDate(2025, 1, 2), QTime(0, 0), Qt::UTC);
    const QDateTime to(QDate(2025, 1, 3), QTime(0, 0), Qt::UTC);
    QTest::newRow("everything") << RunFilter{};
    QTest::newRow("common status") << make([](RunFilter &f) { f.statuses = {S::Succeeded}; });
    QTest::newRow("rare status") << make([](RunFilter &f) { f.statuses = {S::Cancelled}; });
    QTest::newRow("two statuses") << make([](RunFilter &f) {
        f.statuses = {S::Failed, S::ManualReview};
    });
    QTest::newRow("four statuses") << make([](RunFilter &f) {
        f.statuses = {S::Processing, S::Failed, S::ManualReview, S::Cancelled};
    });
    QTest::newRow("workflow") << make([](RunFilter &f) { f.workflow = text("wf-3"); });
    QTest::newRow("workflow+status") << make([](RunFilter &f) {
        f.workflow = text("wf-3");
        f.statuses = {S::Cancelled};
    });
    // Succeeded runs are not in the status indexes (partial since 0027): their pages read the
    // time-ordered index of the other criterion, keeping the succeeded runs.
    QTest::newRow("workflow+common status") << make([](RunFilter &f) {
        f.workflow = text("wf-3");
        f.statuses = {S::Succeeded};
    });
    QTest::newRow("common+rare status") << make([](RunFilter &f) {
        f.statuses = {S::Succeeded, S::Cancelled};
    });
    QTest::newRow("workflow+statuses") << make([](RunFilter &f) {
        f.workflow = text("wf-3");
        f.statuses = {S::Failed, S::Cancelled};
    });
    QTest::newRow("scope") << make([](RunFilter &f) { f.scope = text("scope-7"); });
    QTest::newRow("scope+status") << make([](RunFilter &f) {
        f.scope = text("scope-7");
        f.statuses = {S::Failed};
    });
    QTest::newRow("scope+statuses") << make([](RunFilter &f) {
        f.scope = text("scope-7");
        f.statuses = {S::Failed, S::ManualReview};
    });
    QTest::newRow("time range") << make([&](RunFilter &f) {
        f.createdFrom = from;
        f.createdTo = to;
    });
    QTest::newRow("time range+status") << make([&](RunFilter &f) {
        f.createdFrom = from;
        f.createdTo = to;
        f.statuses = {S::ManualReview};
    });
    QTest::newRow("exact key") << make([](RunFilter &f) { f.exactKey = text("key-0001234"); });
    QTest::newRow("exact key in scope") << make([](RunFilter &f) {
        f.exactKey = text("key-0001234");
        f.scope = text("scope-7");
    });
    QTest::newRow("narrow prefix") << make([](RunFilter &f) { f.keyPrefix = text("key-00012"); });
    QTest::newRow("broad prefix") << make([](RunFilter &f) { f.keyPrefix = text("key-0"); });
    QTest::newRow("prefix in scope") << make([](RunFilter &f) {
        f.keyPrefix = text("key-001");
        f.scope = text("scope-7");
    });
    QTest::newRow("correlation") << make([](RunFilter &f) { f.correlationId = text("corr-4242"); });
    QTest::newRow("correlation+status") << make([](RunFilter &f) {
        f.correlationId = text("corr-4242");
        f.statuses = {S::Failed, S::Succeeded};
    });
}

void TestRunQueries::queryPlansUseIndexes() {
    QFETCH(RunFilter, filter);
    QVERIFY(m_big);
    auto conn = m_big->connect();
    QVERIFY(conn);
    // A sort of a few thousand rows (2% of this store) is cheap; a sort of "every matching
    // run" on a real store (10 million runs) is not. The window re-reads the range the model
    // has loaded, at most its 20,000 rows: sorting those is bounded by the model, not by the
    // store. The count's cap is scaled to this store like the store to the target's
    // (10,000 of 10 million runs ~ 200 of 200,000): with a cap near the number of matching
    // runs the planner rightly sorts them all instead of walking an index in order.
    const struct {
        const char *kind;
        RunQuery query;
        double maxSortRows;
    } queries[] = {
        {"first page", RunQueries::page(filter, {}, 201), 4000},
        {"next page", RunQueries::page(filter, m_middle, 201), 4000},
        {"window", RunQueries::window(filter, m_middle, 20001), 20001},
        {"rows by id", RunQueries::rowsById(filter, m_someIds), 4000},
        {"capped count", RunQueries::cappedCount(filter, 200), 4000},
    };
    for (const auto &q : queries) {
        const PgResult plan =
            conn->exec(QStringLiteral("EXPLAIN (FORMAT JSON) ") + q.query.sql, q.query.params);
        QVERIFY2(plan.ok(), qPrintable(plan.error().toString()));
        const QJsonObject top = QJsonDocument::fromJson(plan.text(0, 0).toUtf8())
                                    .array()
                                    .at(0)
                                    .toObject()
                                    .value(QLatin1String("Plan"))
                                    .toObject();
        QVERIFY(!top.isEmpty());
        QStringList problems;
        checkPlanNode(top, q.maxSortRows, &problems);
        if (qEnvironmentVariableIsSet("DEDUP_SHOW_PLANS") || !problems.isEmpty()) {
            const PgResult textPlan =
                conn->exec(QStringLiteral("EXPLAIN ") + q.query.sql, q.query.params);
            QString lines;
            for (int i = 0; i < textPlan.rows(); ++i)
                lines += textPlan.text(i, 0) + QLatin1Char('\n');
            qInfo("%s:\n%s", q.kind, qPrintable(lines));
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1: %2").arg(QString::fromUtf8(q.kind),
                                                         problems.join(QStringLiteral(", ")))));
    }
}

QTEST_GUILESS_MAIN(TestRunQueries)
#include "tst_runqueries.moc"
