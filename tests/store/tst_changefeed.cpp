// The change feed against the store (0020_change_feed.sql, store::ChangeFeed): a reader
// starts at the newest event, gets each changed run once, still gets a run whose
// transaction drew its event id before a later one committed, learns of purges as "re-read
// everything", sees only its own runs under row-level security; and the workers' changes
// send no NOTIFY unless dedup.notify = 'on' asks for it.
#include "TestDatabase.h"
#include "store/ChangeFeed.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QtTest>

using namespace dedup::store;

namespace {

QString viewerName() {
    return QStringLiteral("t_feed_viewer_%1").arg(QCoreApplication::applicationPid());
}

} // namespace

class TestChangeFeed : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void startsAtTheNewestEvent();
    void eachChangedRunOnce();
    void lateCommitStillDelivered();
    void purgeSaysReReadEverything();
    void restrictedReaderSeesItsOwnRuns();
    void routineChangesWithoutEventsAreInTheFeed();
    void pruneTellsOnlyAReaderBehindToReRead();
    void noNotificationUnlessAsked();
    void argumentsChecked_data();
    void argumentsChecked();

private:
    // The run id of a new run claimed on `conn` (in its current transaction, if one is open).
    qint64 claim(PgConnection &conn, const QString &scope, const QString &key);
    ChangeCursor::Batch poll(ChangeFeed &feed, PgConnection &conn);
    // A one-step run taken through begin_step, complete_step and succeed on m_su, each call
    // its own transaction, polling `feed` on `reader` after each: the runs each poll named.
    QList<QSet<qint64>> runOneStep(const QString &scope, const QString &key, ChangeFeed &feed,
                                   PgConnection &reader, qint64 *runId);
    // The notifications on dedup_events received before a marker sent after everything else.
    QStringList notificationsUntilMarker(PgConnection &listener);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    int m_key = 0;
};

void TestChangeFeed::initTestCase() {
    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.load(&error), qPrintable(error));
    PgConnection admin;
    QVERIFY(admin.open(cluster.conninfo(QStringLiteral("postgres"))));
    admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
    const auto made =
        admin.exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_viewer").arg(viewerName()));
    QVERIFY2(made.ok(), qPrintable(made.error().toString()));
}

void TestChangeFeed::cleanupTestCase() {
    m_su.reset();
    m_db.reset();
    TestCluster cluster;
    QString error;
    PgConnection admin;
    if (cluster.load(&error) && admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
}

void TestChangeFeed::init() {
    m_su.reset();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_su = m_db->connect();
    QVERIFY(m_su);
}

qint64 TestChangeFeed::claim(PgConnection &conn, const QString &scope, const QString &key) {
    const auto claimed =
        conn.exec(QStringLiteral("SELECT run_id FROM dedup.claim(p_scope => $1, p_key => $2, "
                                 "p_workflow => 'invoice', p_fingerprint => 'fp-1')"),
                  PgParams().add(scope).add(key));
    if (!claimed.ok() || claimed.rows() != 1) {
        qWarning("claim: %s", qPrintable(claimed.error().toString()));
        return 0;
    }
    return claimed.toInt64(0, 0);
}

ChangeCursor::Batch TestChangeFeed::poll(ChangeFeed &feed, PgConnection &conn) {
    PgError error;
    const auto batch = feed.poll(conn, &error);
    if (!batch)
        qWarning("poll: %s", qPrintable(error.toString()));
    return batch.value_or(ChangeCursor::Batch{{}, true});
}

QList<QSet<qint64>> TestChangeFeed::runOneStep(const QString &scope, const QString &key,
                                               ChangeFeed &feed, PgConnection &reader,
                                               qint64 *runId) {
    QList<QSet<qint64>> named;
    const auto claimed = m_su->exec(
        QStringLiteral("SELECT run_id, lease_token, lease_secret FROM dedup.claim(p_scope => $1,"
                       " p_key => $2, p_workflow => 'invoice', p_fingerprint => 'fp-1',"
                       " p_steps => '{a}')"),
        PgParams().add(scope).add(key));
    if (!claimed.ok() || claimed.rows() != 1) {
        qWarning("claim: %s", qPrintable(claimed.error().toString()));
        return named;
    }
    *runId = claimed.toInt64(0, 0);
    named << poll(feed, reader).runIds;
    PgParams lease;
    lease.add(*runId).add(claimed.toInt64(0, 1)).add(claimed.text(0, 2));
    for (const QString &call : {QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'a')"),
                                QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, 'a')"),
                                QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid)")}) {
        const PgResult done = m_su->exec(call, lease);
        if (!done.ok())
            qWarning("%s: %s", qPrintable(call), qPrintable(done.error().toString()));
        named << poll(feed, reader).runIds;
    }
    return named;
}

QStringList TestChangeFeed::notificationsUntilMarker(PgConnection &listener) {
    const QString marker = QStringLiteral("marker-%1").arg(++m_key);
    m_su->exec(QStringLiteral("SELECT pg_notify('dedup_events', $1)"), PgParams().add(marker));
    QStringList payloads;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 10000) {
        listener.consumeInput();
        for (const PgNotification &n : listener.takeNotifications()) {
            if (n.payload == marker)
                return payloads;
            payloads.append(n.payload);
        }
        QThread::msleep(10);
    }
    payloads.append(QStringLiteral("(the marker never came)"));
    return payloads;
}

void TestChangeFeed::startsAtTheNewestEvent() {
    const qint64 before = claim(*m_su, QStringLiteral("clinic-a/1"), QStringLiteral("old"));
    QVERIFY(before > 0);
    ChangeFeed feed;
    const auto first = poll(feed, *m_su);
    QVERIFY(first.runIds.isEmpty() && !first.more); // the past is the views' to read
    QVERIFY(feed.isStarted());
    const qint64 newest =
        m_su->exec(QStringLiteral("SELECT max(id) FROM dedup.events")).toInt64(0, 0);
    QCOMPARE(feed.cursor().readAfter(), newest);
    const auto second = poll(feed, *m_su);
    QVERIFY(second.runIds.isEmpty() && !second.more);
}

void TestChangeFeed::eachChangedRunOnce() {
    ChangeFeed feed;
    poll(feed, *m_su);
    const qint64 a = claim(*m_su, QStringLiteral("clinic-a/1"), QStringLiteral("a"));
    const qint64 b = claim(*m_su, QStringLiteral("clinic-a/1"), QStringLiteral("b"));
    QVERIFY(a > 0 && b > 0);
    QCOMPARE(poll(feed, *m_su).runIds, (QSet<qint64>{a, b}));
    const auto again = poll(feed, *m_su);
    QVERIFY(again.runIds.isEmpty() && !again.more);
    // An observation is a change of its run too (the Dashboard counts duplicates): the run
    // is named, for a mismatch (an event) ...
    const PgResult mismatch = m_su->exec(
        QStringLiteral("SELECT outcome FROM dedup.claim(p_scope => 'clinic-a/1', p_key => 'b',"
                       " p_workflow => 'invoice', p_fingerprint => 'fp-other')"));
    QVERIFY2(mismatch.ok(), qPrintable(mismatch.error().toString()));
    QCOMPARE(mismatch.text(0, 0), QStringLiteral("mismatch"));
    QCOMPARE(poll(feed, *m_su).runIds, (QSet<qint64>{b}));
    // ... and for a suppressed duplicate, counted on its run since 0025 (no event)
    QCOMPARE(claim(*m_su, QStringLiteral("clinic-a/1"), QStringLiteral("a")), a);
    QCOMPARE(m_su->exec(QStringLiteral("SELECT in_progress FROM dedup.duplicate_deliveries"
                                       " WHERE run_id = $1"),
                        PgParams().add(a))
                 .toInt64(0, 0),
             qint64(1));
    QCOMPARE(poll(feed, *m_su).runIds, (QSet<qint64>{a}));
}

void TestChangeFeed::lateCommitStillDelivered() {
    auto early = m_db->connect();
    auto reader = m_db->connect();
    QVERIFY(early && reader);
    ChangeFeed feed;
    poll(feed, *reader);
    // `early` draws its event id first and commits last.
    QVERIFY(early->exec(QStringLiteral("BEGIN")).ok());
    const qint64 first = claim(*early, QStringLiteral("clinic-a/1"), QStringLiteral("early"));
    const qint64 second = claim(*m_su, QStringLiteral("clinic-a/1"), QStringLiteral("later"));
    QVERIFY(first > 0 && second > 0);
    QCOMPARE(poll(feed, *reader).runIds, (QSet<qint64>{second}));
    QCOMPARE(poll(feed, *reader).runIds, QSet<qint64>{}); // still open: nothing yet
    QVERIFY(early->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(poll(feed, *reader).runIds, (QSet<qint64>{first}));
    QCOMPARE(poll(feed, *reader).runIds, QSet<qint64>{});
    // And the reader's horizon moves past both once no transaction older than them runs
    // (other tests' transactions share the cluster's snapshot horizon: poll until then).
    const qint64 newest =
        m_su->exec(QStringLiteral("SELECT max(id) FROM dedup.events")).toInt64(0, 0);
    QTRY_VERIFY_WITH_TIMEOUT(
        poll(feed, *reader).runIds.isEmpty() && feed.cursor().readAfter() == newest, 20000);
}

void TestChangeFeed::purgeSaysReReadEverything() {
    ChangeFeed feed;
    poll(feed, *m_su);
    const auto expired = m_su->exec(QStringLiteral(
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, "
        "lease_expires_at, finished_at, expires_at) VALUES ('clinic-a/1', 'gone', 'invoice', "
        "'fp', 'succeeded', NULL, now() - interval '2 days', now() - interval '1 day')"));
    QVERIFY2(expired.ok(), qPrintable(expired.error().toString()));
    const auto purged = m_su->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired(10)"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
    QCOMPARE(purged.toInt64(0, 0), qint64(1));
    const auto batch = poll(feed, *m_su);
    QVERIFY(batch.more);
    QVERIFY(batch.runIds.isEmpty());
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.feed_marks")).toInt64(0, 0),
             qint64(1));
    const auto after = poll(feed, *m_su);
    QVERIFY(!after.more);
    // A purge that deletes nothing leaves no mark.
    QVERIFY(m_su->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired(10)")).ok());
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.feed_marks")).toInt64(0, 0),
             qint64(1));
}

void TestChangeFeed::restrictedReaderSeesItsOwnRuns() {
    QCOMPARE(m_db->grant(viewerName(), QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
             QString());
    auto viewer = m_db->connect(viewerName());
    QVERIFY(viewer);
    ChangeFeed feed;
    poll(feed, *viewer);
    const qint64 mine = claim(*m_su, QStringLiteral("clinic-a/7"), QStringLiteral("mine"));
    const qint64 theirs = claim(*m_su, QStringLiteral("clinic-b/7"), QStringLiteral("theirs"));
    QVERIFY(mine > 0 && theirs > 0);
    QCOMPARE(poll(feed, *viewer).runIds, (QSet<qint64>{mine}));
}

// 0021: a plain start, a completion and a success write no event, but the feed names the run
// after each, from dedup.run_changes, under the same row-level security.
void TestChangeFeed::routineChangesWithoutEventsAreInTheFeed() {
    QCOMPARE(m_db->grant(viewerName(), QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
             QString());
    auto viewer = m_db->connect(viewerName());
    QVERIFY(viewer);
    ChangeFeed feed;
    poll(feed, *m_su);
    qint64 run = 0;
    const auto named =
        runOneStep(QStringLiteral("clinic-a/1"), QStringLiteral("r1"), feed, *m_su, &run);
    QCOMPARE(named, (QList<QSet<qint64>>{{run}, {run}, {run}, {run}}));
    PgParams id;
    id.add(run);
    QCOMPARE(m_su->exec(QStringLiteral("SELECT string_agg(kind, ',') FROM dedup.events"
                                       " WHERE run_id = $1"),
                        id)
                 .text(0, 0),
             QStringLiteral("claimed"));
    QCOMPARE(
        m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.run_changes WHERE run_id = $1"), id)
            .toInt64(0, 0),
        qint64(3));
    // The viewer of clinic-a/ is told of its run's steps, not of clinic-b's.
    ChangeFeed viewerFeed;
    poll(viewerFeed, *viewer);
    qint64 theirs = 0;
    QCOMPARE(runOneStep(QStringLiteral("clinic-b/1"), QStringLiteral("r2"), viewerFeed, *viewer,
                        &theirs),
             (QList<QSet<qint64>>{{}, {}, {}, {}}));
    qint64 mine = 0;
    const auto mineNamed =
        runOneStep(QStringLiteral("clinic-a/2"), QStringLiteral("r3"), viewerFeed, *viewer, &mine);
    QCOMPARE(mineNamed, (QList<QSet<qint64>>{{mine}, {mine}, {mine}, {mine}}));
    QVERIFY(theirs > 0 && mine > 0);
    // Neither the viewer nor a worker writes the table; the viewer reads its own rows only.
    QCOMPARE(viewer->exec(QStringLiteral("SELECT count(DISTINCT run_id) FROM dedup.run_changes"))
                 .toInt64(0, 0),
             qint64(2));
    QVERIFY(!viewer->exec(QStringLiteral("INSERT INTO dedup.run_changes VALUES (1, 1)")).ok());
}

// The change rows are pruned to the newest 200,000 ids: a reader further behind is told to
// re-read everything (a 'prune' mark), a reader within them is not.
void TestChangeFeed::pruneTellsOnlyAReaderBehindToReRead() {
    ChangeFeed behind;
    poll(behind, *m_su);
    qint64 early = 0;
    runOneStep(QStringLiteral("clinic-a/1"), QStringLiteral("early"), behind, *m_su, &early);
    // Jump the ids forward: the late claim's event draws next - 1, its step's change row
    // next, a multiple of 8192, whose call prunes the rows below next - 200,000.
    const qint64 next = 8192 * 40;
    QVERIFY(m_su->exec(QStringLiteral("SELECT setval('dedup.events_id_seq', $1)"),
                       PgParams().add(next - 2))
                .ok());
    const auto claimed = m_su->exec(
        QStringLiteral("SELECT run_id, lease_token, lease_secret FROM dedup.claim('clinic-a/1',"
                       " 'late', 'invoice', 'fp-1', p_steps => '{a}')"));
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    ChangeFeed recent; // starts after the claim's event
    poll(recent, *m_su);
    QCOMPARE(recent.cursor().readAfter(), next - 1);
    PgParams lease;
    lease.add(claimed.toInt64(0, 0)).add(claimed.toInt64(0, 1)).add(claimed.text(0, 2));
    QVERIFY(
        m_su->exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'a')"), lease).ok());
    PgParams earlyId;
    earlyId.add(early);
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.run_changes WHERE run_id = $1"),
                        earlyId)
                 .toInt64(0, 0),
             qint64(0));
    const auto mark = m_su->exec(
        QStringLiteral("SELECT kind, runs, below FROM dedup.feed_marks WHERE kind = 'prune'"));
    QCOMPARE(mark.rows(), 1);
    QCOMPARE(mark.toInt64(0, 1), qint64(3)); // the early run's three change rows
    QCOMPARE(mark.toInt64(0, 2), next - 200000);
    // The reader that had read up to the early run is told to re-read; the recent one only
    // learns of the late run.
    const auto behindBatch = poll(behind, *m_su);
    QVERIFY(behindBatch.more);
    const auto recentBatch = poll(recent, *m_su);
    QVERIFY(!recentBatch.more);
    QCOMPARE(recentBatch.runIds, (QSet<qint64>{claimed.toInt64(0, 0)}));
}

void TestChangeFeed::noNotificationUnlessAsked() {
    auto listener = m_db->connect();
    auto worker = m_db->connect();
    QVERIFY(listener && worker);
    QVERIFY(listener->exec(QStringLiteral("LISTEN dedup_events")).ok());
    QVERIFY(claim(*worker, QStringLiteral("clinic-a/1"), QStringLiteral("quiet")) > 0);
    QCOMPARE(notificationsUntilMarker(*listener), QStringList{});
    QVERIFY(worker->exec(QStringLiteral("SET dedup.notify = 'off'")).ok());
    QVERIFY(claim(*worker, QStringLiteral("clinic-a/1"), QStringLiteral("quiet-2")) > 0);
    QCOMPARE(notificationsUntilMarker(*listener), QStringList{});
    QVERIFY(worker->exec(QStringLiteral("SET dedup.notify = 'on'")).ok());
    const qint64 loud = claim(*worker, QStringLiteral("clinic-a/1"), QStringLiteral("loud"));
    QVERIFY(loud > 0);
    QCOMPARE(notificationsUntilMarker(*listener),
             QStringList{QStringLiteral("{\"runs\":[%1],\"more\":false}").arg(loud)});
}

void TestChangeFeed::argumentsChecked_data() {
    QTest::addColumn<QString>("call");
    QTest::newRow("negative after") << QStringLiteral("SELECT * FROM dedup.changes(-1)");
    QTest::newRow("limit 0") << QStringLiteral("SELECT * FROM dedup.changes(0, 0)");
    QTest::newRow("limit too big") << QStringLiteral("SELECT * FROM dedup.changes(0, 10001)");
    QTest::newRow("limit NULL") << QStringLiteral("SELECT * FROM dedup.changes(0, NULL)");
}

void TestChangeFeed::argumentsChecked() {
    QFETCH(QString, call);
    QCOMPARE(m_su->exec(call).error().sqlState, QStringLiteral("DD004"));
}

QTEST_GUILESS_MAIN(TestChangeFeed)
#include "tst_changefeed.moc"
