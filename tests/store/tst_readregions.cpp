// A restricted login's lists (RunFilter::readable, AccessScope::readRegions()): the console
// adds the login's grants to its queries so that the planner reads only the runs row-level
// security keeps. That must change nothing in what the login sees: for every set of grants
// and every kind of filter, the pages, windows, rows by id and counts with the regions equal
// those without them (row-level security alone), and both equal the owner's list of the runs
// the grants cover. Overlapping grants must not return a run twice.
#include "TestDatabase.h"
#include "store/AccessScope.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"
#include "store/StuckQueries.h"

#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace dedup::store;
using S = dedup::core::RunStatus;

namespace {

QString text(const char *value) {
    return QString::fromUtf8(value);
}

AccessGrant grantOf(const char *capability, const char *workflow, const char *scopePrefix) {
    AccessGrant grant;
    grant.capability = text(capability);
    if (workflow)
        grant.workflow = text(workflow);
    if (scopePrefix)
        grant.scopePrefix = text(scopePrefix);
    return grant;
}

struct Grants {
    QList<AccessGrant> list;
};

} // namespace

Q_DECLARE_METATYPE(Grants)

class TestReadRegions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void readRegionsOfAScope();
    void listsEqualRowLevelSecurity_data();
    void listsEqualRowLevelSecurity();
    void keyPrefixPageRefusals();
    void stuckListUnderRowLevelSecurity();
    void filterOutsideTheGrantsReadsNothing();

private:
    QString setGrants(const QList<AccessGrant> &grants);
    QList<qint64> pagedIds(PgConnection &conn, const RunFilter &filter, int pageSize);
    QList<qint64> ids(PgConnection &conn, const RunQuery &query);
    QString analyzed(const RunQuery &query);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_owner;
    std::unique_ptr<PgConnection> m_viewer;
};

void TestReadRegions::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    // Three days, a run every four minutes, ties every seventh slot. Scopes where a prefix
    // test matters: 'clinic-1/' is not a prefix of 'clinic-10/a', 'clinic-1' is.
    const QString error = m_db->exec(QStringLiteral(R"(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, lease_owner,
                        lease_expires_at, correlation_id, created_at, updated_at)
SELECT (ARRAY['clinic-1/a', 'clinic-1/b', 'clinic-10/a', 'clinic-2/x', 'clinic-2/y',
              'other'])[1 + g % 6],
       CASE WHEN g % 4 = 0 THEN 'p:' || g ELSE 'k:' || g END, 'wf-' || (g % 4), 'fp', st,
       CASE WHEN st = 'processing' THEN 'w' END,
       CASE WHEN st = 'processing' THEN now() + interval '1 hour' END,
       'corr-' || (g % 50), ts, ts
FROM generate_series(1, 1080) AS g,
     LATERAL (SELECT timestamptz '2025-06-03 00:00:00+00' - (g - g % 7 / 6) * interval '4 minutes'
                         AS ts,
                     CASE WHEN g % 5 = 0 THEN 'succeeded' WHEN g % 5 = 1 THEN 'failed'
                          WHEN g % 5 = 2 THEN 'processing' WHEN g % 5 = 3 THEN 'manual_review'
                          ELSE 'cancelled' END AS st) AS x;
ANALYZE dedup.runs;
)"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_owner = m_db->connect();
    QVERIFY(m_owner);
    m_viewer = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(m_viewer);
}

void TestReadRegions::cleanupTestCase() {
    m_viewer.reset();
    m_owner.reset();
    m_db.reset();
}

// Viewer grants only: access_grant of another capability would make t_viewer a member of
// that group role, cluster-wide, for every test process sharing the cluster.
QString TestReadRegions::setGrants(const QList<AccessGrant> &grants) {
    const QString cleared = m_db->exec(QStringLiteral("DELETE FROM dedup.access_grants"));
    if (!cleared.isEmpty())
        return cleared;
    for (const AccessGrant &grant : grants) {
        const QString error =
            m_db->grant(QStringLiteral("t_viewer"), grant.capability,
                        grant.workflow ? QStringList{*grant.workflow} : QStringList(),
                        grant.scopePrefix ? QStringList{*grant.scopePrefix} : QStringList());
        if (!error.isEmpty())
            return error;
    }
    return {};
}

QList<qint64> TestReadRegions::ids(PgConnection &conn, const RunQuery &query) {
    const PgResult result = conn.exec(query.sql, query.params);
    if (!result.ok()) {
        qWarning("%s\n%s", qPrintable(result.error().toString()), qPrintable(query.sql));
        return {-1};
    }
    QList<qint64> out;
    for (const RunRow &row : RunQueries::readRows(result))
        out.append(row.id);
    return out;
}

QList<qint64> TestReadRegions::pagedIds(PgConnection &conn, const RunFilter &filter, int pageSize) {
    QList<qint64> out;
    RunKey cursor;
    for (int guard = 0; guard < 1000; ++guard) {
        const RunQuery query = RunQueries::page(filter, cursor, pageSize);
        const PgResult result = conn.exec(query.sql, query.params);
        if (!result.ok()) {
            qWarning("%s\n%s", qPrintable(result.error().toString()), qPrintable(query.sql));
            return {-1};
        }
        const QList<RunRow> rows = RunQueries::readRows(result);
        for (const RunRow &row : rows)
            out.append(row.id);
        if (rows.size() < pageSize)
            break;
        cursor = rows.last().key();
    }
    return out;
}

void TestReadRegions::readRegionsOfAScope() {
    QCOMPARE(AccessScope::owner().readRegions(), std::nullopt);
    QCOMPARE(AccessScope().readRegions(), std::optional<ReadRegions>(ReadRegions{}));
    // A grant for everything reads everything, whatever else is granted: one region.
    QCOMPARE(AccessScope::fromGrants(
                 {grantOf("viewer", "wf-1", nullptr), grantOf("operator", nullptr, nullptr)})
                 .readRegions(),
             std::optional<ReadRegions>(ReadRegions{ReadRegion{}}));
    // Worker grants read nothing; a grant inside another one adds no region.
    const AccessScope scope = AccessScope::fromGrants(
        {grantOf("worker", nullptr, nullptr), grantOf("viewer", "wf-1", "clinic-1/a"),
         grantOf("operator", nullptr, "clinic-1/"), grantOf("viewer", "wf-2", nullptr)});
    const ReadRegions expected{{std::nullopt, text("clinic-1/")}, {text("wf-2"), std::nullopt}};
    QCOMPARE(scope.readRegions(), std::optional<ReadRegions>(expected));
}

void TestReadRegions::listsEqualRowLevelSecurity_data() {
    QTest::addColumn<Grants>("grants");
    QTest::addColumn<RunFilter>("filter");
    const QList<std::pair<const char *, Grants>> grantSets{
        {"scope prefix", {{grantOf("viewer", nullptr, "clinic-1/")}}},
        {"prefix of several scopes", {{grantOf("viewer", nullptr, "clinic-1")}}},
        {"workflow", {{grantOf("viewer", "wf-1", nullptr)}}},
        {"workflow in a scope", {{grantOf("viewer", "wf-2", "clinic-2/")}}},
        {"overlapping",
         {{grantOf("viewer", "wf-1", nullptr), grantOf("viewer", nullptr, "clinic-1/"),
           grantOf("viewer", "wf-2", "clinic-2/x"), grantOf("viewer", "wf-1", "clinic-1/b")}}},
        {"everything", {{grantOf("viewer", nullptr, nullptr)}}},
        {"none", {}},
    };
    const auto make = [](auto &&setup) {
        RunFilter f;
        setup(f);
        return f;
    };
    const QList<std::pair<const char *, RunFilter>> filters{
        {"everything", RunFilter{}},
        {"one status", make([](RunFilter &f) { f.statuses = {S::Failed}; })},
        {"two statuses", make([](RunFilter &f) {
             f.statuses = {S::Failed, S::ManualReview};
         })},
        {"workflow", make([](RunFilter &f) { f.workflow = text("wf-1"); })},
        {"other workflow", make([](RunFilter &f) { f.workflow = text("wf-3"); })},
        {"scope inside", make([](RunFilter &f) { f.scope = text("clinic-1/a"); })},
        {"scope outside", make([](RunFilter &f) { f.scope = text("other"); })},
        {"scope and status", make([](RunFilter &f) {
             f.scope = text("clinic-2/x");
             f.statuses = {S::Processing, S::Cancelled};
         })},
        {"key prefix", make([](RunFilter &f) { f.keyPrefix = text("p:"); })},
        {"key prefix and workflow", make([](RunFilter &f) {
             f.keyPrefix = text("p:");
             f.workflow = text("wf-2");
         })},
        {"key prefix and statuses", make([](RunFilter &f) {
             f.keyPrefix = text("p:");
             f.statuses = {S::Failed, S::Succeeded};
         })},
        {"key prefix and scope", make([](RunFilter &f) {
             f.keyPrefix = text("p:1");
             f.scope = text("clinic-2/x");
         })},
        {"key prefix in a time range", make([](RunFilter &f) {
             f.keyPrefix = text("k:");
             f.createdFrom = QDateTime(QDate(2025, 6, 1), QTime(5, 59, 0), Qt::UTC);
             f.createdTo = QDateTime(QDate(2025, 6, 2), QTime(12, 0), Qt::UTC);
         })},
        {"key prefix of white space", make([](RunFilter &f) { f.keyPrefix = text(" "); })},
        {"exact key", make([](RunFilter &f) { f.exactKey = text("k:13"); })},
        {"correlation", make([](RunFilter &f) { f.correlationId = text("corr-7"); })},
        {"time range", make([](RunFilter &f) {
             f.createdFrom = QDateTime(QDate(2025, 6, 1), QTime(3, 0), Qt::UTC);
             f.createdTo = QDateTime(QDate(2025, 6, 2), QTime(1, 30), Qt::UTC);
         })},
    };
    for (const auto &[grantName, grants] : grantSets) {
        for (const auto &[filterName, filter] : filters)
            QTest::addRow("%s, %s", grantName, filterName) << grants << filter;
    }
}

void TestReadRegions::listsEqualRowLevelSecurity() {
    QFETCH(Grants, grants);
    QFETCH(RunFilter, filter);
    QCOMPARE(setGrants(grants.list), QString());
    const AccessScope access = AccessScope::fromGrants(grants.list);
    RunFilter withRegions = filter;
    withRegions.readable = access.readRegions();
    QVERIFY(withRegions.readable.has_value());

    // The owner's list of the runs the grants cover, by the console's own rule.
    QList<qint64> expected;
    {
        const RunQuery all = RunQueries::page(filter, {}, 100000);
        const PgResult result = m_owner->exec(all.sql, all.params);
        QVERIFY2(result.ok(), qPrintable(result.error().toString()));
        for (const RunRow &row : RunQueries::readRows(result)) {
            if (access.mayRead(row.workflow, row.scope))
                expected.append(row.id);
        }
    }
    // Row-level security alone: a login that claims to read everything (one region without
    // bounds), so the console prunes nothing. (A filter without `readable` is the owner's:
    // it names columns a viewer may not read, 0016_protected_columns.sql.)
    RunFilter policyFilter = filter;
    policyFilter.readable = ReadRegions{ReadRegion{}};
    const QList<qint64> policyOnly = pagedIds(*m_viewer, policyFilter, 37);
    QCOMPARE(policyOnly, expected);
    const QList<qint64> paged = pagedIds(*m_viewer, withRegions, 37);
    QCOMPARE(paged, expected);
    if (filter.keyPrefix && !withRegions.readable->isEmpty() && !expected.isEmpty()) {
        QVERIFY2(
            RunQueries::page(withRegions, {}, 10).sql.contains(QStringLiteral("key_prefix_page")),
            "under row-level security the store walks a key prefix");
    }
    // A window from a run in the middle, rows by id, and the capped count.
    if (expected.size() > 4) {
        const qint64 middleId = expected.at(expected.size() / 2);
        const RunQuery one = RunQueries::rowsById({}, {middleId});
        const PgResult middle = m_owner->exec(one.sql, one.params);
        QVERIFY2(middle.ok() && middle.rows() == 1, "the middle run");
        const RunKey bottom = RunQueries::readRows(middle).first().key();
        QCOMPARE(ids(*m_viewer, RunQueries::window(withRegions, bottom, 100000)),
                 expected.mid(0, expected.size() / 2 + 1));
    }
    QList<qint64> someIds;
    {
        const RunQuery all = RunQueries::page({}, {}, 100000);
        const PgResult result = m_owner->exec(all.sql, all.params);
        QVERIFY(result.ok());
        for (const RunRow &row : RunQueries::readRows(result)) {
            if (row.id % 3 == 0)
                someIds.append(row.id);
        }
    }
    QList<qint64> expectedSome;
    for (const qint64 id : expected) {
        if (id % 3 == 0)
            expectedSome.append(id);
    }
    QCOMPARE(ids(*m_viewer, RunQueries::rowsById(withRegions, someIds)), expectedSome);
    for (const qint64 cap : {qint64(5), qint64(100000)}) {
        const RunQuery count = RunQueries::cappedCount(withRegions, cap);
        const PgResult counted = m_viewer->exec(count.sql, count.params);
        QVERIFY2(counted.ok(), qPrintable(counted.error().toString()));
        QCOMPARE(counted.toInt64(0, 0), qMin<qint64>(expected.size(), cap + 1));
    }
    // The estimate runs and, with the regions, takes them into account.
    const RunQuery estimate = RunQueries::estimate(withRegions);
    const PgResult estimated = m_viewer->exec(estimate.sql, estimate.params);
    QVERIFY2(estimated.ok(), qPrintable(estimated.error().toString()));
    // A key prefix alone cannot be estimated for a login that may not read keys
    // (0016_protected_columns.sql): the count then says "more than the cap".
    const bool prefixOnly = filter.keyPrefix && !filter.exactKey && !filter.correlationId;
    QCOMPARE(RunQueries::readEstimate(estimated) >= 0, !prefixOnly);
}

void TestReadRegions::keyPrefixPageRefusals() {
    QCOMPARE(setGrants({grantOf("viewer", nullptr, nullptr)}), QString());
    const struct {
        const char *sql;
        const char *state;
    } refused[] = {
        {"SELECT * FROM dedup.key_prefix_page('', 10)", "DD004"},
        {"SELECT * FROM dedup.key_prefix_page(NULL, 10)", "DD004"},
        {"SELECT * FROM dedup.key_prefix_page('p:', -1)", "DD004"},
        {"SELECT * FROM dedup.key_prefix_page('p:', 10, p_below_at => now())", "DD004"},
        {"SELECT * FROM dedup.key_prefix_page(repeat('k', 513), 10)", "DD009"},
        {"SELECT * FROM dedup.key_prefix_page('p:', 10, p_scope => ' ')", "DD004"},
    };
    for (const auto &c : refused) {
        const PgResult result = m_viewer->exec(QString::fromUtf8(c.sql));
        QVERIFY2(!result.ok(), c.sql);
        QCOMPARE(result.error().sqlState, QString::fromUtf8(c.state));
    }
    // Workers read no runs: they may not call it at all.
    auto worker = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(worker);
    const PgResult denied =
        worker->exec(QStringLiteral("SELECT * FROM dedup.key_prefix_page('p:', 10)"));
    QVERIFY(!denied.ok());
    QCOMPARE(denied.error().sqlState, QStringLiteral("42501"));
    // A login without grants gets nothing, a reader of everything every match.
    QCOMPARE(setGrants({}), QString());
    const PgResult none =
        m_viewer->exec(QStringLiteral("SELECT count(*) FROM dedup.key_prefix_page('p:', 100000)"));
    QVERIFY2(none.ok(), qPrintable(none.error().toString()));
    QCOMPARE(none.toInt64(0, 0), qint64(0));
    QCOMPARE(setGrants({grantOf("viewer", nullptr, nullptr)}), QString());
    const PgResult all =
        m_viewer->exec(QStringLiteral("SELECT count(*) FROM dedup.key_prefix_page('p:', 100000)"));
    QVERIFY2(all.ok(), qPrintable(all.error().toString()));
    QCOMPARE(all.toInt64(0, 0), qint64(1080 / 4));
}

// The Stuck view's list (expired leases picked by id from runs_stale_lease_idx, then the
// runs past the age threshold) as a restricted login: exactly the owner's list of the runs
// its grants cover, in the same order.
void TestReadRegions::stuckListUnderRowLevelSecurity() {
    const QList<AccessGrant> grants{grantOf("viewer", nullptr, "clinic-1/"),
                                    grantOf("viewer", "wf-2", nullptr)};
    QCOMPARE(setGrants(grants), QString());
    // A third of the processing runs' leases expired, at different times (put back at the
    // end: the other tests expect the seed's leases, an hour ahead).
    const PgResult expired = m_owner->exec(
        QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - id * interval '1 second'"
                       " WHERE status = 'processing' AND id % 3 <> 0"));
    QVERIFY2(expired.ok(), qPrintable(expired.error().toString()));
    const AccessScope access = AccessScope::fromGrants(grants);
    const auto stuckIds = [](PgConnection &conn, std::chrono::milliseconds threshold,
                             const AccessScope *only) {
        const RunQuery list = StuckQueries::list(threshold, 100000);
        const PgResult result = conn.exec(list.sql, list.params);
        bool more = false;
        QList<qint64> ids;
        for (const StuckRun &run : StuckQueries::readRuns(result, 100000, &more)) {
            if (!only || only->mayRead(run.workflow, run.scope))
                ids << run.id;
        }
        return result.ok() ? ids : QList<qint64>{-1};
    };
    // Only the expired leases (no age threshold: in lease order, each lease its own time),
    // then with the runs idle for an hour too (the seed's leases share one time: compared as
    // sets).
    const QList<qint64> expired0 = stuckIds(*m_owner, std::chrono::milliseconds(0), &access);
    QVERIFY(expired0.size() > 10);
    QCOMPARE(stuckIds(*m_viewer, std::chrono::milliseconds(0), nullptr), expired0);
    QList<qint64> idle = stuckIds(*m_owner, std::chrono::hours(1), &access);
    QList<qint64> idleSeen = stuckIds(*m_viewer, std::chrono::hours(1), nullptr);
    QVERIFY(idle.size() > expired0.size());
    std::sort(idle.begin(), idle.end());
    std::sort(idleSeen.begin(), idleSeen.end());
    QCOMPARE(idleSeen, idle);
    // Back to the seed's leases (an hour ahead) for the other tests.
    QVERIFY(m_owner
                ->exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() + interval"
                                      " '1 hour' WHERE status = 'processing'"))
                .ok());
}

// The executed plan as text ("ERROR: ..." when it fails).
QString TestReadRegions::analyzed(const RunQuery &query) {
    const PgResult plan = m_viewer->exec(
        QStringLiteral("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ") + query.sql,
        query.params);
    if (!plan.ok())
        return QStringLiteral("ERROR: ") + plan.error().toString();
    QStringList lines;
    for (int i = 0; i < plan.rows(); ++i)
        lines << plan.text(i, 0);
    return lines.join(QLatin1Char('\n'));
}

void TestReadRegions::filterOutsideTheGrantsReadsNothing() {
    QCOMPARE(setGrants({grantOf("viewer", nullptr, "clinic-1/")}), QString());
    RunFilter filter;
    filter.scope = text("clinic-10/a");
    filter.readable =
        AccessScope::fromGrants({grantOf("viewer", nullptr, "clinic-1/")}).readRegions();
    for (const RunQuery &query :
         {RunQueries::page(filter, {}, 100), RunQueries::cappedCount(filter, 10000)}) {
        const QString plan = analyzed(query);
        QVERIFY2(plan.contains(QStringLiteral("One-Time Filter: false")), qPrintable(plan));
        // The scan of runs never ran.
        QVERIFY2(
            !plan.contains(QRegularExpression(QStringLiteral("Scan.*on runs r .*loops=[1-9]"))),
            qPrintable(plan));
    }
    // With regions that prune nothing (row-level security alone), the same filter reads
    // every run of the scope and rejects it.
    filter.readable = ReadRegions{ReadRegion{}};
    const QString plan = analyzed(RunQueries::page(filter, {}, 100));
    QVERIFY2(plan.contains(QStringLiteral("Rows Removed by Filter")), qPrintable(plan));
}

QTEST_GUILESS_MAIN(TestReadRegions)
#include "tst_readregions.moc"
