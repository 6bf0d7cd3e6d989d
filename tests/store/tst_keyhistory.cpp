// A key's history (0025_key_deliveries.sql, store::KeyHistoryQueries) against the private
// PostgreSQL: claims answered replay / in_progress / in_review are counted in one row per run
// with the last three kept, never as an event each; acquisitions and mismatches stay events;
// counts, listed deliveries and the dashboard's duplicates agree; a login reads the history
// only of runs it may read, and finds a run by (scope, key) only within its grants.
#include "TestCluster.h"
#include "TestDatabase.h"
#include "store/KeyHistoryQueries.h"
#include "store/PgConnection.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::store;
using core::DeliveryOutcome;
using namespace Qt::StringLiterals;

namespace {

QString viewerName() {
    return QStringLiteral("t_keyhist_viewer_%1").arg(QCoreApplication::applicationPid());
}

QString claimSql(const QString &scope, const QString &key, const QString &fingerprint,
                 const QString &worker) {
    return QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret FROM dedup.claim("
                          "p_scope => '%1', p_key => '%2', p_workflow => 'wf-keys',"
                          " p_fingerprint => '%3', p_worker => '%4', p_max_attempts => 1)")
        .arg(scope, key, fingerprint, worker);
}

QStringList outcomes(const KeyHistory &history) {
    QStringList list;
    for (const KeyDelivery &d : history.deliveries)
        list << core::toString(d.outcome) + u':' + d.worker;
    return list;
}

} // namespace

class TestKeyHistory : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void duplicatesAreCountedNotAppended();
    void dashboardCountsTheDuplicates();
    void reviewAndMismatch();
    void olderDuplicateEventsStillCount();
    void readersSeeOnlyTheirRuns();
    void runsAreFoundByScopeAndKey();
    void purgedRunsCountedDuplicatesStay();

private:
    QString claim(const QString &scope, const QString &key, const QString &fingerprint,
                  const QString &worker, qint64 *runId = nullptr);
    qint64 scalar(const QString &sql);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_super;
    std::unique_ptr<PgConnection> m_viewer;
    qint64 m_replayed = 0; // the run of duplicatesAreCountedNotAppended
};

QString TestKeyHistory::claim(const QString &scope, const QString &key, const QString &fingerprint,
                              const QString &worker, qint64 *runId) {
    const PgResult result = m_super->exec(claimSql(scope, key, fingerprint, worker));
    if (!result.ok() || result.rows() != 1)
        return QStringLiteral("error: ") + result.error().toString();
    if (runId)
        *runId = result.toInt64(0, "run_id");
    return result.text(0, "outcome");
}

qint64 TestKeyHistory::scalar(const QString &sql) {
    const PgResult result = m_super->exec(sql);
    return result.ok() && result.rows() > 0 ? result.toInt64(0, 0, -1) : -1;
}

void TestKeyHistory::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_super = m_db->connect();
    QVERIFY(m_super);
    m_super->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
    const PgResult made = m_super->exec(
        QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_viewer").arg(viewerName()));
    QVERIFY2(made.ok(), qPrintable(made.error().toString()));
    QCOMPARE(m_db->grant(viewerName(), QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
             QString());
    m_viewer = m_db->connect(viewerName());
    QVERIFY(m_viewer);
}

void TestKeyHistory::cleanupTestCase() {
    m_viewer.reset();
    m_super.reset();
    m_db.reset();
    TestCluster cluster;
    QString error;
    PgConnection admin;
    if (cluster.load(&error) && admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
}

void TestKeyHistory::duplicatesAreCountedNotAppended() {
    qint64 id = 0;
    QCOMPARE(claim(u"clinic-a/1"_s, u"k-replay"_s, u"fp"_s, u"w-first"_s, &id), u"acquired"_s);
    QCOMPARE(claim(u"clinic-a/1"_s, u"k-replay"_s, u"fp"_s, u"w-busy"_s), u"in_progress"_s);
    QVERIFY(m_super
                ->exec(QStringLiteral("SELECT dedup.succeed(id, lease_token, lease_secret,"
                                      " '{\"status\": 201}') FROM dedup.runs WHERE id = %1")
                           .arg(id))
                .ok());
    const qint64 eventsFinished =
        scalar(QStringLiteral("SELECT count(*) FROM dedup.events WHERE run_id = %1").arg(id));
    for (int i = 1; i <= 7; ++i)
        QCOMPARE(
            claim(u"clinic-a/1"_s, u"k-replay"_s, u"fp"_s, QStringLiteral("w-replay-%1").arg(i)),
            u"replay"_s);
    // No event per duplicate: one row, counted, with the last three.
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM dedup.events WHERE run_id = %1").arg(id)),
             eventsFinished);
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM dedup.events WHERE run_id = %1"
                                   " AND kind = 'duplicate_suppressed'")
                        .arg(id)),
             0);
    const PgResult row = m_super->exec(
        QStringLiteral("SELECT replays, in_progress, in_review, jsonb_array_length(recent),"
                       " recent->0->>2, recent->0->>1, first_at < last_at"
                       " FROM dedup.duplicate_deliveries WHERE run_id = %1")
            .arg(id));
    QVERIFY2(row.ok() && row.rows() == 1, qPrintable(row.error().toString()));
    QCOMPARE(row.toInt64(0, 0), 7);
    QCOMPARE(row.toInt64(0, 1), 1);
    QCOMPARE(row.toInt64(0, 2), 0);
    QCOMPARE(row.toInt64(0, 3), KeyHistoryQueries::KeptDuplicates);
    QCOMPARE(row.text(0, 4), u"w-replay-7"_s);
    QCOMPARE(row.text(0, 5), u"replay"_s);

    PgError error;
    const auto history = KeyHistoryQueries::read(*m_super, id, 20, &error);
    QVERIFY2(history, qPrintable(error.toString()));
    QVERIFY(history->found);
    QCOMPARE(history->status, u"succeeded"_s);
    QCOMPARE(history->scope, u"clinic-a/1"_s);
    QCOMPARE(history->workflow, u"wf-keys"_s);
    QCOMPARE(history->total(), 9);
    QCOMPARE(history->count(DeliveryOutcome::Acquired), 1);
    QCOMPARE(history->count(DeliveryOutcome::Replay), 7);
    QCOMPARE(history->count(DeliveryOutcome::InProgress), 1);
    QCOMPARE(history->count(DeliveryOutcome::Mismatch), 0);
    QCOMPARE(history->counts.size(), 3); // outcomes never given are absent
    QVERIFY(history->counts.first().outcome == DeliveryOutcome::Acquired);
    // Listed: the acquisition (an event) and the last three duplicates, newest first; the
    // in-progress duplicate and the first four replays are only counted.
    QCOMPARE(outcomes(*history), (QStringList{u"replay:w-replay-7"_s, u"replay:w-replay-6"_s,
                                              u"replay:w-replay-5"_s, u"acquired:w-first"_s}));
    const KeyDelivery &newest = history->deliveries.first();
    QCOMPARE(newest.attempt, 1);
    QVERIFY(!newest.login.isEmpty()); // the login is kept for counted duplicates
    QVERIFY(newest.at.isValid() && newest.at <= history->serverNow);
    QCOMPARE(history->deliveries.last().via, u"new"_s);
    QVERIFY(history->deliveries.last().login.isEmpty()); // events carry no login
    for (int i = 1; i < history->deliveries.size(); ++i)
        QVERIFY(history->deliveries.at(i - 1).at >= history->deliveries.at(i).at);

    // The limit: the newest first.
    const auto two = KeyHistoryQueries::read(*m_super, id, 2, &error);
    QVERIFY(two);
    QCOMPARE(outcomes(*two), (QStringList{u"replay:w-replay-7"_s, u"replay:w-replay-6"_s}));
    QCOMPARE(two->total(), 9); // counts are not limited
    m_replayed = id;
}

void TestKeyHistory::dashboardCountsTheDuplicates() {
    QVERIFY(m_replayed > 0);
    // Each counted duplicate wrote the dashboard's delta itself (no event trigger fired).
    QCOMPARE(scalar(u"SELECT sum(n) FROM dedup.dashboard_deltas WHERE metric = 'duplicates'"
                    " AND scope = 'clinic-a/1' AND series = 'replay'"_s),
             7);
    QCOMPARE(scalar(u"SELECT sum(n) FROM dedup.dashboard_deltas WHERE metric = 'duplicates'"
                    " AND scope = 'clinic-a/1' AND series = 'in_progress'"_s),
             1);
    // A recount from scratch finds them in the counter row.
    QVERIFY(m_super->exec(u"SELECT dedup.dashboard_rebuild()"_s).ok());
    QCOMPARE(scalar(u"SELECT sum(n) FROM dedup.dashboard_scope_counts WHERE grain = 300"
                    " AND metric = 'duplicates' AND scope = 'clinic-a/1'"
                    " AND series = 'replay'"_s),
             7);
    QCOMPARE(scalar(u"SELECT sum(n) FROM dedup.dashboard_counts WHERE grain = 86400"
                    " AND metric = 'duplicates' AND series IN ('replay', 'in_progress')"_s),
             scalar(u"SELECT sum(replays + in_progress) FROM dedup.duplicate_deliveries"_s));
}

void TestKeyHistory::reviewAndMismatch() {
    qint64 id = 0;
    QCOMPARE(claim(u"clinic-a/2"_s, u"k-review"_s, u"fp"_s, u"w-1"_s, &id), u"acquired"_s);
    // Another request under the same key: 422, kept as an event.
    QCOMPARE(claim(u"clinic-a/2"_s, u"k-review"_s, u"fp-other"_s, u"w-2"_s), u"mismatch"_s);
    // A retryable failure with max_attempts 1: the next claim routes the run to review (an
    // acquisition that did not happen, recorded as its event), the one after is counted.
    QVERIFY(m_super
                ->exec(QStringLiteral("SELECT dedup.fail(id, lease_token, lease_secret, 'timeout',"
                                      " 'gateway', true) FROM dedup.runs WHERE id = %1")
                           .arg(id))
                .ok());
    QCOMPARE(claim(u"clinic-a/2"_s, u"k-review"_s, u"fp"_s, u"w-3"_s), u"in_review"_s);
    QCOMPARE(claim(u"clinic-a/2"_s, u"k-review"_s, u"fp"_s, u"w-4"_s), u"in_review"_s);
    PgError error;
    const auto history = KeyHistoryQueries::read(*m_super, id, 20, &error);
    QVERIFY2(history, qPrintable(error.toString()));
    QCOMPARE(history->status, u"manual_review"_s);
    QCOMPARE(history->count(DeliveryOutcome::Acquired), 1);
    QCOMPARE(history->count(DeliveryOutcome::Mismatch), 1);
    QCOMPARE(history->count(DeliveryOutcome::InReview), 2);
    QCOMPARE(history->total(), 4);
    QCOMPARE(outcomes(*history), (QStringList{u"in_review:w-4"_s, u"in_review:w-3"_s,
                                              u"mismatch:w-2"_s, u"acquired:w-1"_s}));
    QCOMPARE(core::httpAnswer(history->deliveries.at(0).outcome), u"409"_s);
    QCOMPARE(core::httpAnswer(history->deliveries.at(2).outcome), u"422"_s);
    QCOMPARE(core::httpAnswer(history->deliveries.at(3).outcome), u"first"_s);
}

void TestKeyHistory::olderDuplicateEventsStillCount() {
    // A store migrated from before 0025 holds duplicate_suppressed events: still read.
    qint64 id = 0;
    QCOMPARE(claim(u"clinic-a/3"_s, u"k-old"_s, u"fp"_s, u"w-old"_s, &id), u"acquired"_s);
    QVERIFY(m_super
                ->exec(QStringLiteral(
                           "INSERT INTO dedup.events (run_id, at, kind, actor, attempt, detail)"
                           " VALUES (%1, now() + interval '1 second', 'duplicate_suppressed',"
                           " 'w-legacy', 1, '{\"outcome\": \"in_progress\"}')")
                           .arg(id))
                .ok());
    PgError error;
    const auto history = KeyHistoryQueries::read(*m_super, id, 20, &error);
    QVERIFY2(history, qPrintable(error.toString()));
    QCOMPARE(history->count(DeliveryOutcome::InProgress), 1);
    QCOMPARE(outcomes(*history), (QStringList{u"in_progress:w-legacy"_s, u"acquired:w-old"_s}));
}

void TestKeyHistory::readersSeeOnlyTheirRuns() {
    qint64 other = 0;
    QCOMPARE(claim(u"clinic-b/1"_s, u"k-b"_s, u"fp"_s, u"w-b"_s, &other), u"acquired"_s);
    QCOMPARE(claim(u"clinic-b/1"_s, u"k-b"_s, u"fp"_s, u"w-b2"_s), u"in_progress"_s);
    PgError error;
    // clinic-a/ is the viewer's: the history comes whole.
    const auto mine = KeyHistoryQueries::read(*m_viewer, m_replayed, 20, &error);
    QVERIFY2(mine, qPrintable(error.toString()));
    QVERIFY(mine->found);
    QCOMPARE(mine->total(), 9);
    QCOMPARE(mine->deliveries.size(), 4);
    // clinic-b/ is not: nothing, not even that the run exists.
    const auto theirs = KeyHistoryQueries::read(*m_viewer, other, 20, &error);
    QVERIFY2(theirs, qPrintable(error.toString()));
    QVERIFY(!theirs->found);
    QVERIFY(theirs->counts.isEmpty() && theirs->deliveries.isEmpty());
    // Called directly, the functions and the table answer nothing of it either.
    for (const QString &sql :
         {QStringLiteral("SELECT count(*) FROM dedup.key_history_counts(%1)"),
          QStringLiteral("SELECT count(*) FROM dedup.key_history(%1, 100)"),
          QStringLiteral("SELECT count(*) FROM dedup.duplicate_deliveries WHERE run_id = %1")}) {
        const PgResult result = m_viewer->exec(sql.arg(other));
        QVERIFY2(result.ok(), qPrintable(result.error().toString()));
        QCOMPARE(result.toInt64(0, 0), 0);
        QVERIFY(scalar(sql.arg(other)) > 0); // the owner sees it
    }
    // Nobody but the claim writes the counter row.
    const PgResult write = m_viewer->exec(
        QStringLiteral("UPDATE dedup.duplicate_deliveries SET replays = 0 WHERE run_id = %1")
            .arg(m_replayed));
    QVERIFY(!write.ok());
}

void TestKeyHistory::runsAreFoundByScopeAndKey() {
    qint64 a = 0;
    qint64 b = 0;
    QCOMPARE(claim(u"clinic-a/9"_s, u"k-same"_s, u"fp"_s, u"w"_s, &a), u"acquired"_s);
    QCOMPARE(claim(u"clinic-b/9"_s, u"k-same"_s, u"fp"_s, u"w"_s, &b), u"acquired"_s);
    PgError error;
    QCOMPARE(KeyHistoryQueries::runIdByKey(*m_super, u"clinic-a/9"_s, u"k-same"_s, &error),
             std::optional<qint64>(a));
    QCOMPARE(KeyHistoryQueries::runIdByKey(*m_super, u"clinic-b/9"_s, u"k-same"_s, &error),
             std::optional<qint64>(b));
    QCOMPARE(KeyHistoryQueries::runIdByKey(*m_super, u"clinic-c/9"_s, u"k-same"_s, &error),
             std::optional<qint64>(0));
    QCOMPARE(KeyHistoryQueries::runIdByKey(*m_super, u"clinic-a/9"_s, u"k-none"_s, &error),
             std::optional<qint64>(0));
    // The viewer finds its own scope's run, never the other's (it exists, unseen).
    QCOMPARE(KeyHistoryQueries::runIdByKey(*m_viewer, u"clinic-a/9"_s, u"k-same"_s, &error),
             std::optional<qint64>(a));
    QCOMPARE(KeyHistoryQueries::runIdByKey(*m_viewer, u"clinic-b/9"_s, u"k-same"_s, &error),
             std::optional<qint64>(0));
}

void TestKeyHistory::purgedRunsCountedDuplicatesStay() {
    // The documented rule (PROTOCOL.md, Dashboard): a purge takes the counter row with the
    // run but leaves its counted duplicates in the rollup (they happened in their hour); a
    // recount from scratch no longer sees them.
    qint64 id = 0;
    QCOMPARE(claim(u"clinic-p/1"_s, u"k-purge"_s, u"fp"_s, u"w"_s, &id), u"acquired"_s);
    QCOMPARE(claim(u"clinic-p/1"_s, u"k-purge"_s, u"fp"_s, u"w2"_s), u"in_progress"_s);
    QCOMPARE(claim(u"clinic-p/1"_s, u"k-purge"_s, u"fp"_s, u"w3"_s), u"in_progress"_s);
    // The duplicates also named the run in the change feed (as their events did).
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM dedup.run_changes WHERE run_id = %1").arg(id)),
        2);
    const QString rolled = u"SELECT COALESCE(sum(n), 0) FROM (SELECT n FROM dedup.dashboard_deltas"
                           " WHERE metric = 'duplicates' AND scope = 'clinic-p/1'"
                           " UNION ALL SELECT n FROM dedup.dashboard_scope_counts"
                           " WHERE grain = 300 AND metric = 'duplicates'"
                           " AND scope = 'clinic-p/1') x"_s;
    QCOMPARE(scalar(rolled), 2);
    QVERIFY(m_super->exec(QStringLiteral("DELETE FROM dedup.runs WHERE id = %1").arg(id)).ok());
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM dedup.duplicate_deliveries WHERE run_id = %1")
                   .arg(id)),
        0);
    QCOMPARE(scalar(rolled), 2);
    QVERIFY(m_super->exec(u"SELECT dedup.dashboard_rebuild()"_s).ok());
    QCOMPARE(scalar(rolled), 0);
}

QTEST_GUILESS_MAIN(TestKeyHistory)
#include "tst_keyhistory.moc"
