// The Dashboard for logins limited to workflows or scope prefixes (0011_dashboard_scope.sql)
// against real PostgreSQL with several logins: for each login, every figure the console reads
// (DashboardQueries::read) equals the same aggregate computed by that login directly over
// dedup.runs and dedup.events under row-level security, with all deltas unfolded, all folded
// and a mix of both; the per-scope table follows status changes, purges and the rebuild; the
// store-wide table and the owner's figures are what they were; readers of everything never
// touch the per-scope table.
//
// The test creates its own login roles (named after this process: roles are cluster-wide and
// other tests share the cluster).
#include "DashboardExpected.h"
#include "TestCluster.h"
#include "TestDatabase.h"
#include "store/DashboardQueries.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QRegularExpression>
#include <QtTest>

#include <map>
#include <tuple>
#include <utility>

using namespace dedup::store;

namespace {

enum class Login {
    Owner,          // the store owner (superuser here)
    FullViewer,     // viewer of everything: reads the store-wide table
    ScopedOperator, // operator of every workflow, scopes starting with clinic-1/
    ScopedViewer,   // viewer of wf-a, scopes starting with clinic-2/
    WorkflowViewer, // viewer of wf-b, every scope
    NoGrants,       // member of the group roles, no grant in this store
};

const QList<Login> &allLogins() {
    static const QList<Login> logins{Login::Owner,          Login::FullViewer,
                                     Login::ScopedOperator, Login::ScopedViewer,
                                     Login::WorkflowViewer, Login::NoGrants};
    return logins;
}

const char *suffixOf(Login login) {
    switch (login) {
    case Login::Owner:
        return "owner";
    case Login::FullViewer:
        return "full_viewer";
    case Login::ScopedOperator:
        return "scoped_operator";
    case Login::ScopedViewer:
        return "scoped_viewer";
    case Login::WorkflowViewer:
        return "workflow_viewer";
    case Login::NoGrants:
        return "no_grants";
    }
    return "?";
}

// What AccessScope::readRegions() gives each login for its grants (set in init()).
std::optional<ReadRegions> regionsOf(Login login) {
    switch (login) {
    case Login::Owner:
        return std::nullopt;
    case Login::FullViewer:
        return ReadRegions{ReadRegion{}};
    case Login::ScopedOperator:
        return ReadRegions{{std::nullopt, QStringLiteral("clinic-1/")}};
    case Login::ScopedViewer:
        return ReadRegions{{QStringLiteral("wf-a"), QStringLiteral("clinic-2/")}};
    case Login::WorkflowViewer:
        return ReadRegions{{QStringLiteral("wf-b"), std::nullopt}};
    case Login::NoGrants:
        return ReadRegions{};
    }
    return std::nullopt;
}

// Roles are cluster-wide and other test processes share the cluster: this process's own.
QString loginName(Login login) {
    return QStringLiteral("dsc%1_%2")
        .arg(QCoreApplication::applicationPid())
        .arg(QLatin1String(suffixOf(login)));
}

// Runs in five scopes (clinic-10/ starts with "clinic-1" but not with "clinic-1/"), three
// workflows, every status, failure classes, spread over 7.5 days and 40 more; duplicate
// events (every outcome and mismatches) a minute after a third of them.
const QString kSeed = QStringLiteral(R"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, created_at,
                        lease_expires_at, last_error, review_at)
SELECT (ARRAY['clinic-1/a', 'clinic-1/b', 'clinic-10/x', 'clinic-2/a', 'clinic-3/z'])[1 + i % 5],
       'k' || i, (ARRAY['wf-a', 'wf-b', 'wf-c'])[1 + (i / 5) % 3], 'fp', s.status,
       now() - CASE WHEN i <= 900 THEN i * interval '11 minutes 13 seconds'
                    ELSE (i - 900) * interval '5 hours 11 minutes' END,
       CASE WHEN s.status = 'processing'
            THEN now() + CASE WHEN i % 2 = 0 THEN interval '-1 minute' ELSE interval '1 hour' END
       END,
       CASE WHEN s.status IN ('failed', 'manual_review') AND i % 4 <> 0
            THEN jsonb_build_object('class', (ARRAY['timeout', 'validation', 'provider_down'])[1 + i % 3])
       END,
       CASE WHEN s.status = 'manual_review' THEN date_trunc('second', now()) - i * interval '37 minutes' END
  FROM generate_series(1, 1100) i
 CROSS JOIN LATERAL (SELECT (ARRAY['succeeded', 'succeeded', 'failed', 'manual_review',
                                    'cancelled', 'processing', 'succeeded'])[1 + (i / 3) % 7] AS status) s;
INSERT INTO dedup.events (run_id, at, kind, detail)
SELECT r.id, r.created_at + interval '1 minute',
       CASE WHEN r.id % 4 = 0 THEN 'mismatch' ELSE 'duplicate_suppressed' END,
       jsonb_build_object('outcome', (ARRAY['replay', 'in_progress', 'in_review'])[1 + r.id % 3])
  FROM dedup.runs r WHERE r.id % 3 = 0;
)SQL");

// The per-scope table as the runs and events make it, at every grain (owner only).
const QString kScopeDirect = QStringLiteral(R"SQL(
SELECT coalesce(string_agg(concat_ws('|', grain, metric, b, scope, workflow, series, error_class,
                                     n), ';'
                           ORDER BY concat_ws('|', grain, metric, b, scope, workflow, series,
                                              error_class, n)), '')
  FROM (SELECT g.grain, f.metric, date_bin(g.grain * interval '1 second', f.at,
                                           timestamptz '2000-01-03 00:00:00+00') AS b,
               f.scope, f.workflow, f.series, f.error_class, sum(f.n) AS n
          FROM (SELECT r.created_at AS at, 'runs' AS metric, r.scope, r.workflow,
                       r.status AS series,
                       CASE WHEN r.status IN ('failed', 'manual_review')
                            THEN COALESCE(r.last_error->>'class', '') ELSE '' END AS error_class,
                       1 AS n
                  FROM dedup.runs r
                 WHERE r.status <> 'processing'   -- counted from their index since 0022
                UNION ALL
                SELECT e.at, 'duplicates', r.scope, r.workflow,
                       CASE WHEN e.kind = 'mismatch' THEN 'mismatch'
                            ELSE COALESCE(e.detail->>'outcome', 'replay') END, '', 1
                  FROM dedup.events e JOIN dedup.runs r ON r.id = e.run_id
                 WHERE e.kind IN ('duplicate_suppressed', 'mismatch')
                UNION ALL
                -- since 0025: a run's counted duplicates, at the time of its last one
                SELECT d.last_at, 'duplicates', r.scope, r.workflow, o.outcome, '', o.n
                  FROM dedup.duplicate_deliveries d JOIN dedup.runs r ON r.id = d.run_id
                 CROSS JOIN LATERAL (VALUES ('replay', d.replays),
                                            ('in_progress', d.in_progress),
                                            ('in_review', d.in_review)) AS o(outcome, n)
                 WHERE o.n > 0) f
         CROSS JOIN (VALUES (300), (3600), (86400)) g(grain)
         GROUP BY 1, 2, 3, 4, 5, 6, 7) t
)SQL");
const QString kScopeTable = QStringLiteral(
    "SELECT coalesce(string_agg(concat_ws('|', grain, metric, bucket, scope, workflow, series,"
    " error_class, n), ';' ORDER BY concat_ws('|', grain, metric, bucket, scope, workflow,"
    " series, error_class, n)), '') FROM dedup.dashboard_scope_counts");
const QString kAggregateTable = QStringLiteral(
    "SELECT coalesce(string_agg(concat_ws('|', grain, metric, bucket, workflow, series,"
    " error_class, n), ';' ORDER BY grain, metric, bucket, workflow, series, error_class), '')"
    " FROM dedup.dashboard_counts");

qint64 scalar(PgConnection &conn, const QString &sql) {
    const PgResult result = conn.exec(sql);
    return result.ok() ? result.toInt64(0, 0) : -999;
}

QString text(PgConnection &conn, const QString &sql) {
    const PgResult result = conn.exec(sql);
    return result.ok() ? result.text(0, 0) : QStringLiteral("error: ") + result.error().toString();
}

QList<DashboardRange> ranges() {
    DashboardRange wfA = DashboardRange::last7Days();
    wfA.workflow = QStringLiteral("wf-a");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return {DashboardRange::last24Hours(), DashboardRange::last7Days(),
            DashboardRange::last30Days(), wfA,
            DashboardRange::between(now.addDays(-50), now.addDays(-20))};
}

} // namespace

class TestDashboardScope : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void everyLoginSeesExactlyItsRuns();
    void scopeTableFollowsChangesPurgesAndRebuild();
    void tablesReadableByTheRunsRule();
    void readersOfEverythingSkipTheScopeTable();
    void restrictedLoginsGetLiveFiguresButNoHistory();
    void migrationBackfillsAnExistingStore();

private:
    PgConnection *as(Login login);
    // Every range's counts, read as each login, equal the direct aggregates as that login;
    // the restricted logins see some runs but not all (the store-wide figures are more).
    void compareAll(const char *when);
    QString refresh(Login login);

    std::unique_ptr<TestDatabase> m_db;
    std::map<Login, std::unique_ptr<PgConnection>> m_conns;
};

void TestDashboardScope::initTestCase() {
    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.load(&error), qPrintable(error));
    PgConnection admin;
    QVERIFY2(admin.open(cluster.conninfo(QStringLiteral("postgres"))),
             qPrintable(admin.openError().toString()));
    for (Login login : allLogins()) {
        if (login == Login::Owner)
            continue;
        // Names are this file's (process id and a fixed suffix), never input.
        const QString name = loginName(login);
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(name));
        const auto created = admin.exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(name));
        QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    }
    // Members of the group roles, so only the store's grants can refuse it.
    const auto granted = admin.exec(
        QStringLiteral("GRANT dedup_operator, dedup_viewer TO %1").arg(loginName(Login::NoGrants)));
    QVERIFY2(granted.ok(), qPrintable(granted.error().toString()));
}

void TestDashboardScope::cleanupTestCase() {
    m_conns.clear();
    m_db.reset();
    TestCluster cluster;
    QString error;
    if (!cluster.load(&error))
        return;
    PgConnection admin;
    if (!admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        return;
    for (Login login : allLogins()) {
        if (login != Login::Owner)
            admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(loginName(login)));
    }
}

void TestDashboardScope::init() {
    m_conns.clear();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    const QStringList wfA{QStringLiteral("wf-a")};
    const QStringList wfB{QStringLiteral("wf-b")};
    const QString viewer = QStringLiteral("viewer");
    QCOMPARE(m_db->grant(loginName(Login::FullViewer), viewer), QString());
    QCOMPARE(m_db->grant(loginName(Login::ScopedOperator), QStringLiteral("operator"), {},
                         {QStringLiteral("clinic-1/")}),
             QString());
    QCOMPARE(
        m_db->grant(loginName(Login::ScopedViewer), viewer, wfA, {QStringLiteral("clinic-2/")}),
        QString());
    QCOMPARE(m_db->grant(loginName(Login::WorkflowViewer), viewer, wfB), QString());
    QVERIFY(as(Login::Owner));
    const PgResult seeded = as(Login::Owner)->execScript(kSeed);
    QVERIFY2(seeded.ok(), qPrintable(seeded.error().toString()));
}

void TestDashboardScope::cleanup() {
    m_conns.clear();
}

PgConnection *TestDashboardScope::as(Login login) {
    auto &conn = m_conns[login];
    if (!conn)
        conn = m_db->connect(login == Login::Owner ? QString() : loginName(login));
    return conn.get();
}

QString TestDashboardScope::refresh(Login login) {
    PgError error;
    if (DashboardQueries::refresh(*as(login), &error) < 0)
        return error.toString();
    return {};
}

void TestDashboardScope::compareAll(const char *when) {
    for (const DashboardRange &range : ranges()) {
        QStringList storeWide;
        for (Login login : allLogins()) {
            PgConnection *conn = as(login);
            QVERIFY(conn);
            PgError error;
            const auto snapshot = DashboardQueries::read(*conn, range, &error);
            QVERIFY2(snapshot, qPrintable(error.toString()));
            PgParams params;
            params.add(range.strideSeconds).add(snapshot->from).add(snapshot->to);
            if (range.workflow.isEmpty())
                params.addNull();
            else
                params.add(range.workflow);
            const PgResult direct = conn->exec(dashboard_expected::directCounts(), params);
            QVERIFY2(direct.ok(), qPrintable(direct.error().toString()));
            const QStringList expected = dashboard_expected::column(direct);
            const QString where = QStringLiteral("%1, %2, %3 days, workflow '%4'")
                                      .arg(QLatin1String(when), QLatin1String(suffixOf(login)))
                                      .arg(range.spanSeconds() / 86400)
                                      .arg(range.workflow);
            QVERIFY2(dashboard_expected::lines(snapshot->counts) == expected,
                     qPrintable(
                         where + QStringLiteral(": read\n  ") +
                         dashboard_expected::lines(snapshot->counts).join(QStringLiteral("\n  ")) +
                         QStringLiteral("\nexpected\n  ") + expected.join(QStringLiteral("\n  "))));
            // The same with the login's read regions, as the console passes them
            // (DashboardRange::readable): they narrow the scan, never the figures.
            DashboardRange withRegions = range;
            withRegions.readable = regionsOf(login);
            const auto narrowed = DashboardQueries::read(*conn, withRegions, &error);
            QVERIFY2(narrowed, qPrintable(error.toString()));
            QVERIFY2(dashboard_expected::lines(narrowed->counts) == expected,
                     qPrintable(
                         where + QStringLiteral(" (with read regions): read\n  ") +
                         dashboard_expected::lines(narrowed->counts).join(QStringLiteral("\n  "))));
            // The live figures too (stuck now, the review queue's size, ages, oldest and
            // median), which read runs under the policy with the regions as conditions.
            QCOMPARE(narrowed->stuckNow, snapshot->stuckNow);
            QCOMPARE(narrowed->review.total, snapshot->review.total);
            QCOMPARE(narrowed->review.ageBins, snapshot->review.ageBins);
            QCOMPARE(narrowed->review.oldest, snapshot->review.oldest);
            QCOMPARE(narrowed->review.median, snapshot->review.median);
            // Neither vacuous nor everything: the seed puts runs of every restricted login in
            // every range, and runs it may not read too.
            switch (login) {
            case Login::Owner:
                storeWide = expected;
                QVERIFY2(!expected.isEmpty(), qPrintable(where));
                break;
            case Login::FullViewer:
                QVERIFY2(expected == storeWide, qPrintable(where));
                break;
            case Login::NoGrants:
                QVERIFY2(expected.isEmpty(), qPrintable(where));
                break;
            default:
                if (login != Login::WorkflowViewer || range.workflow.isEmpty() ||
                    range.workflow == QLatin1String("wf-b"))
                    QVERIFY2(!expected.isEmpty(), qPrintable(where));
                QVERIFY2(expected != storeWide, qPrintable(where));
                break;
            }
        }
    }
}

void TestDashboardScope::everyLoginSeesExactlyItsRuns() {
    PgConnection &owner = *as(Login::Owner);
    // Straight after the seed: everything is still a delta, each with its run's scope.
    QVERIFY(scalar(owner, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")) > 1100);
    QCOMPARE(scalar(owner, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas"
                                          " WHERE scope NOT LIKE 'clinic-%'")),
             0);
    compareAll("deltas only");
    if (QTest::currentTestFailed())
        return;

    // Folded by the scope-limited operator (the fold is store-wide whoever runs it).
    QCOMPARE(refresh(Login::ScopedOperator), QString());
    QCOMPARE(scalar(owner, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 0);
    compareAll("folded");
    if (QTest::currentTestFailed())
        return;

    // Changes on top: statuses move (in and out of the restricted logins' scopes), new runs
    // and duplicate deliveries arrive through the protocol, runs are purged with their
    // duplicate events. Not a run with counted duplicates (0025): those stay in the rollup
    // after a purge, which a recount cannot see (tst_keyhistory checks that rule).
    const PgResult changed = owner.execScript(QStringLiteral(R"SQL(
UPDATE dedup.runs SET status = 'succeeded', lease_expires_at = NULL, finished_at = now()
 WHERE status = 'processing' AND id % 4 = 1;
UPDATE dedup.runs SET status = 'failed', last_error = '{"class": "late_failure"}'
 WHERE status = 'succeeded' AND id % 10 = 0;
UPDATE dedup.runs SET last_error = '{"class": "reclassified"}' WHERE status = 'failed' AND id % 9 = 0;
SELECT * FROM dedup.claim('clinic-1/new', 'fresh-1', 'wf-a', 'fp1', p_worker => 'w');
SELECT * FROM dedup.claim('clinic-1/new', 'fresh-1', 'wf-a', 'fp1', p_worker => 'w2');
SELECT * FROM dedup.claim('clinic-2/new', 'fresh-2', 'wf-a', 'fp1', p_worker => 'w');
SELECT * FROM dedup.claim('clinic-2/new', 'fresh-2', 'wf-a', 'other', p_worker => 'w2');
SELECT * FROM dedup.claim('clinic-3/new', 'fresh-3', 'wf-b', 'fp1', p_worker => 'w');
SELECT * FROM dedup.claim('clinic-3/new', 'fresh-3', 'wf-b', 'fp1', p_worker => 'w2');
DELETE FROM dedup.runs r WHERE r.id % 13 = 0
   AND NOT EXISTS (SELECT 1 FROM dedup.duplicate_deliveries d WHERE d.run_id = r.id);
)SQL"));
    QVERIFY2(changed.ok(), qPrintable(changed.error().toString()));
    // The protocol's duplicates carry their run's workflow and scope; the purge's -1s too.
    QCOMPARE(text(owner,
                  QStringLiteral("SELECT string_agg(concat_ws('|', scope, workflow, series, n), ','"
                                 " ORDER BY scope) FROM dedup.dashboard_deltas"
                                 " WHERE metric = 'duplicates' AND n > 0")),
             QStringLiteral("clinic-1/new|wf-a|in_progress|1,clinic-2/new|wf-a|mismatch|1,"
                            "clinic-3/new|wf-b|in_progress|1"));
    QVERIFY(scalar(owner, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas"
                                         " WHERE metric = 'duplicates' AND n < 0"
                                         "   AND scope LIKE 'clinic-%'")) > 0);
    compareAll("folded + deltas");
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(refresh(Login::Owner), QString());
    compareAll("folded again");
}

void TestDashboardScope::scopeTableFollowsChangesPurgesAndRebuild() {
    PgConnection &owner = *as(Login::Owner);
    // The migration's backfill (a rebuild) and the fold agree with the runs.
    QCOMPARE(refresh(Login::Owner), QString());
    const QString seeded = text(owner, kScopeDirect);
    QVERIFY2(seeded.size() > 1000, qPrintable(seeded));
    QCOMPARE(text(owner, kScopeTable), seeded);
    const QString aggregateFolded = text(owner, kAggregateTable);

    // A status change moves one count from one key of the run's scope to another.
    const QString key = QStringLiteral(
        "SELECT coalesce(sum(n), 0) FROM dedup.dashboard_scope_counts WHERE grain = 86400"
        " AND metric = 'runs' AND scope = 'clinic-2/a' AND workflow = 'wf-a' AND series = '%1'");
    // Processing runs are not in the table (0022): leaving processing only adds.
    const qint64 succeeded = scalar(owner, key.arg(QStringLiteral("succeeded")));
    const qint64 cancelled = scalar(owner, key.arg(QStringLiteral("cancelled")));
    QCOMPARE(scalar(owner, key.arg(QStringLiteral("processing"))), 0);
    QVERIFY(succeeded > 0);
    const QString move =
        QStringLiteral("UPDATE dedup.runs SET status = 'cancelled', lease_expires_at = NULL"
                       " WHERE id = (SELECT min(id) FROM dedup.runs WHERE scope = 'clinic-2/a'"
                       " AND workflow = 'wf-a' AND status = '%1')");
    PgResult moved = owner.exec(move.arg(QStringLiteral("processing")));
    QVERIFY2(moved.ok() && moved.affectedRows() == 1, qPrintable(moved.error().toString()));
    moved = owner.exec(move.arg(QStringLiteral("succeeded")));
    QVERIFY2(moved.ok() && moved.affectedRows() == 1, qPrintable(moved.error().toString()));
    QCOMPARE(refresh(Login::Owner), QString());
    QCOMPARE(scalar(owner, key.arg(QStringLiteral("processing"))), 0);
    QCOMPARE(scalar(owner, key.arg(QStringLiteral("succeeded"))), succeeded - 1);
    QCOMPARE(scalar(owner, key.arg(QStringLiteral("cancelled"))), cancelled + 2);

    // Purges (duplicates leave with their runs) and more changes, folded: still the runs.
    const PgResult changed = owner.execScript(QStringLiteral(R"SQL(
DELETE FROM dedup.runs WHERE created_at < now() - interval '20 days' OR id % 11 = 0;
UPDATE dedup.runs SET status = 'manual_review', last_error = '{"class": "moved"}'
 WHERE status = 'failed' AND id % 2 = 0;
)SQL"));
    QVERIFY2(changed.ok(), qPrintable(changed.error().toString()));
    QCOMPARE(refresh(Login::Owner), QString());
    const QString incremental = text(owner, kScopeTable);
    QCOMPARE(incremental, text(owner, kScopeDirect));
    QCOMPARE(scalar(owner, QStringLiteral(
                               "SELECT count(*) FROM dedup.dashboard_scope_counts WHERE n = 0")),
             0);
    // The store-wide table is the per-scope one without the scope (duplicates under '').
    const QString aggregate = text(owner, kAggregateTable);
    QVERIFY(aggregate != aggregateFolded);
    QCOMPARE(text(owner, QStringLiteral(
                             "SELECT coalesce(string_agg(concat_ws('|', grain, metric, bucket, w,"
                             " series, error_class, n), ';' ORDER BY grain, metric, bucket, w,"
                             " series, error_class), '') FROM (SELECT grain, metric, bucket,"
                             " CASE WHEN metric = 'duplicates' THEN '' ELSE workflow END AS w,"
                             " series, error_class, sum(n) AS n"
                             " FROM dedup.dashboard_scope_counts GROUP BY 1, 2, 3, 4, 5, 6) s")),
             aggregate);
    // A recount from scratch gives the same rows in both tables.
    QVERIFY(owner.exec(QStringLiteral("SELECT dedup.dashboard_rebuild()")).ok());
    QCOMPARE(text(owner, kScopeTable), incremental);
    QCOMPARE(text(owner, kAggregateTable), aggregate);
    // TRUNCATE clears both with the runs.
    QVERIFY(owner.exec(QStringLiteral("TRUNCATE dedup.runs CASCADE")).ok());
    QCOMPARE(scalar(owner, QStringLiteral("SELECT (SELECT count(*) FROM dedup.dashboard_counts)"
                                          " + (SELECT count(*) FROM dedup.dashboard_scope_counts)"
                                          " + (SELECT count(*) FROM dedup.dashboard_deltas)")),
             0);
}

void TestDashboardScope::tablesReadableByTheRunsRule() {
    // Half folded, half pending: both tables hold rows of every scope.
    QCOMPARE(refresh(Login::Owner), QString());
    QVERIFY(as(Login::Owner)
                ->exec(QStringLiteral("UPDATE dedup.runs SET status = 'cancelled',"
                                      " lease_expires_at = NULL WHERE status = 'processing'"))
                .ok());
    struct Expected {
        Login login;
        QString rule; // the runs rule, written out (test code, not data)
    };
    const QList<Expected> expected{
        {Login::FullViewer, QStringLiteral("true")},
        {Login::ScopedOperator, QStringLiteral("starts_with(x.scope, 'clinic-1/')")},
        {Login::ScopedViewer,
         QStringLiteral("x.workflow = 'wf-a' AND starts_with(x.scope, 'clinic-2/')")},
        {Login::WorkflowViewer, QStringLiteral("x.workflow = 'wf-b'")},
        {Login::NoGrants, QStringLiteral("false")}};
    const QString keys = QStringLiteral(
        "SELECT coalesce(string_agg(k, ';' ORDER BY k), '') FROM (SELECT concat_ws('|', %1,"
        " x.metric, x.bucket, x.scope, x.workflow, x.series, x.error_class, x.n) AS k"
        " FROM dedup.%2 x WHERE %3) t");
    for (const Expected &e : expected) {
        for (const auto &[table, grain] :
             {std::pair{"dashboard_scope_counts", "x.grain"}, std::pair{"dashboard_deltas", "0"}}) {
            const QString read =
                text(*as(e.login),
                     keys.arg(QLatin1String(grain), QLatin1String(table), QStringLiteral("true")));
            const QString wanted = text(
                *as(Login::Owner), keys.arg(QLatin1String(grain), QLatin1String(table), e.rule));
            QVERIFY2(read == wanted,
                     qPrintable(QStringLiteral("%1 reading %2")
                                    .arg(QLatin1String(suffixOf(e.login)), QLatin1String(table))));
            QCOMPARE(read.isEmpty(), e.login == Login::NoGrants);
        }
        // The store-wide table: readers of everything only.
        const qint64 aggregate =
            scalar(*as(e.login), QStringLiteral("SELECT count(*) FROM dedup.dashboard_counts"));
        if (e.login == Login::FullViewer)
            QVERIFY(aggregate > 0);
        else
            QCOMPARE(aggregate, qint64(0));
    }
    // Nobody but the owner writes them.
    for (Login login : {Login::ScopedOperator, Login::FullViewer}) {
        for (const char *sql : {"DELETE FROM dedup.dashboard_scope_counts",
                                "INSERT INTO dedup.dashboard_scope_counts VALUES (300, 'runs',"
                                " now(), 'clinic-1/a', 'wf-a', 'succeeded', '', 1)",
                                "SELECT dedup.dashboard_rebuild()"}) {
            const PgResult refused = as(login)->exec(QString::fromLatin1(sql));
            QVERIFY2(!refused.ok(), sql);
        }
    }
}

void TestDashboardScope::readersOfEverythingSkipTheScopeTable() {
    // The console's counts statement, as the owner and as a scope-limited login: the branch
    // not taken is never executed (a one-time filter), so readers of everything pay nothing
    // for the per-scope table and restricted ones never read the aggregate.
    QCOMPARE(refresh(Login::Owner), QString());
    const DashboardRange range = DashboardRange::last7Days();
    const QDateTime to = QDateTime::currentDateTimeUtc();
    const RunQuery counts = DashboardQueries::counts(range, to.addDays(-7), to);
    for (const auto &[login, skipped, read] :
         {std::tuple{Login::Owner, "dashboard_scope_counts", "dashboard_counts"},
          std::tuple{Login::ScopedViewer, "dashboard_counts", "dashboard_scope_counts"}}) {
        const PgResult plan = as(login)->exec(
            QStringLiteral("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ") + counts.sql,
            counts.params);
        QVERIFY2(plan.ok(), qPrintable(plan.error().toString()));
        bool sawSkipped = false;
        bool sawRead = false;
        const QRegularExpression scanOf(QStringLiteral("Scan.* on (\\w+)"));
        for (const QString &line : dashboard_expected::column(plan)) {
            const QRegularExpressionMatch m = scanOf.match(line);
            if (!m.hasMatch())
                continue;
            if (m.captured(1) == QLatin1String(skipped)) {
                sawSkipped = true;
                QVERIFY2(line.contains(QLatin1String("never executed")), qPrintable(line));
            } else if (m.captured(1) == QLatin1String(read)) {
                sawRead = true;
                QVERIFY2(!line.contains(QLatin1String("never executed")), qPrintable(line));
            }
        }
        QVERIFY2(sawSkipped && sawRead, qPrintable(dashboard_expected::column(plan).join(u'\n')));
    }
}

void TestDashboardScope::restrictedLoginsGetLiveFiguresButNoHistory() {
    QCOMPARE(refresh(Login::Owner), QString());
    QVERIFY(scalar(*as(Login::Owner),
                   QStringLiteral("SELECT count(*) FROM dedup.dashboard_samples")) > 0);
    for (Login login : allLogins()) {
        PgConnection &conn = *as(login);
        PgError error;
        const auto snapshot = DashboardQueries::read(conn, DashboardRange::last24Hours(), &error);
        QVERIFY2(snapshot, qPrintable(error.toString()));
        const bool all = login == Login::Owner || login == Login::FullViewer;
        QCOMPARE(snapshot->storeWide, all);
        // The history is store-wide: all of it or none (not zeros).
        QCOMPARE(snapshot->samples.isEmpty(), !all);
        // Stuck now and the review queue: the runs this login may read.
        QCOMPARE(snapshot->stuckNow,
                 scalar(conn, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status ="
                                             " 'processing' AND lease_expires_at <= now()")));
        QCOMPARE(
            snapshot->review.total,
            scalar(conn, QStringLiteral(
                             "SELECT count(*) FROM dedup.runs WHERE status = 'manual_review'")));
        if (login == Login::ScopedOperator || login == Login::ScopedViewer) {
            QVERIFY(snapshot->review.total > 0);
            QVERIFY(snapshot->review.total <
                    scalar(*as(Login::Owner), QStringLiteral("SELECT count(*) FROM"
                                                             " dedup.runs WHERE status ="
                                                             " 'manual_review'")));
        }
    }
}

// A store at 0010 with runs, duplicates, folded counts and pending deltas: 0011 recounts it
// in its transaction; the store-wide table comes out as 0010's fold left it, the per-scope
// table as the runs make it.
void TestDashboardScope::migrationBackfillsAnExistingStore() {
    TestDatabase db(false);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    // What Migrator::migrate does, stopping after 0010.
    QVERIFY(conn->execScript(QStringLiteral("CREATE SCHEMA IF NOT EXISTS dedup;"
                                            "CREATE TABLE IF NOT EXISTS dedup.schema_migrations ("
                                            " version int PRIMARY KEY, name text NOT NULL,"
                                            " checksum text NOT NULL,"
                                            " applied_at timestamptz NOT NULL DEFAULT now());"))
                .ok());
    for (const Migrator::Migration &m : Migrator::bundled()) {
        if (m.version > 10)
            break;
        QVERIFY(conn->exec(QStringLiteral("BEGIN")).ok());
        const PgResult applied = conn->execScript(m.sql);
        QVERIFY2(applied.ok(), qPrintable(m.name + applied.error().toString()));
        PgParams params;
        params.add(m.version).add(m.name).add(m.checksum);
        QVERIFY(conn->exec(QStringLiteral("INSERT INTO dedup.schema_migrations (version, name,"
                                          " checksum) VALUES ($1, $2, $3)"),
                           params)
                    .ok());
        QVERIFY(conn->exec(QStringLiteral("COMMIT")).ok());
    }
    QCOMPARE(scalar(*conn, QStringLiteral("SELECT max(version) FROM dedup.schema_migrations")), 10);
    const PgResult seeded = conn->execScript(kSeed);
    QVERIFY2(seeded.ok(), qPrintable(seeded.error().toString()));
    QVERIFY(conn->exec(QStringLiteral("SELECT * FROM dedup.dashboard_refresh()")).ok());
    // Changes left pending: the migration must count them too.
    QVERIFY(conn->exec(QStringLiteral("UPDATE dedup.runs SET status = 'cancelled',"
                                      " lease_expires_at = NULL WHERE status = 'processing'"))
                .ok());
    QVERIFY(scalar(*conn, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")) > 0);
    // What 0010's fold makes of them (rolled back: the migration finds them pending).
    QVERIFY(conn->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(conn->exec(QStringLiteral("SELECT * FROM dedup.dashboard_refresh()")).ok());
    const QString folded010 = text(*conn, kAggregateTable);
    QVERIFY(conn->exec(QStringLiteral("ROLLBACK")).ok());
    QVERIFY(folded010.size() > 1000);

    Migrator migrator(*conn);
    Migrator::Report report;
    QString error;
    QVERIFY2(migrator.migrate(&report, &error), qPrintable(error));
    QVERIFY2(report.applied.value(0) == QLatin1String("0011_dashboard_scope"),
             qPrintable(report.applied.join(u',')));
    QCOMPARE(scalar(*conn, QStringLiteral("SELECT count(*) FROM dedup.dashboard_deltas")), 0);
    QCOMPARE(text(*conn, kAggregateTable), folded010);
    QCOMPARE(text(*conn, kScopeTable), text(*conn, kScopeDirect));
}

QTEST_GUILESS_MAIN(TestDashboardScope)
#include "tst_dashboardscope.moc"
