// Live updates of the runs list: ChangeListener (polling the change feed dedup.changes,
// coalescing, pause, reconnection) and RunListModel's in-place refresh. Changes are made
// through the protocol and operator functions on other connections, as workers and operators
// make them (the feed reads the events they write; no notification is involved); the model
// must show them without a reset, so the view's selection (a persistent index) stays on the
// same run. The listeners poll every 50 ms to keep the tests quick.
#include "RunTestData.h"
#include "TestDatabase.h"
#include "lanes/ChangeListener.h"
#include "models/RunListModel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using store::PgParams;
using store::RunFilter;

namespace {

struct Claimed {
    qint64 runId = 0;
    qint64 token = 0;
    QString secret; // the lease secret: every write under the lease presents it
};

// claim() of a new key as a worker: the run is processing, created now (newer than every
// generated run).
Claimed claim(store::PgConnection &worker, const QString &key,
              const QString &scope = QStringLiteral("live")) {
    PgParams params;
    params.add(scope).add(key).add(QStringLiteral("wf-live")).add(QStringLiteral("fp-") + key);
    const auto result = worker.exec(
        QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret::text"
                       " FROM dedup.claim(p_scope => $1, "
                       "p_key => $2, p_workflow => $3, p_fingerprint => $4, p_worker => 'w1')"),
        params);
    if (!result.ok() || result.text(0, 0) != QLatin1String("acquired")) {
        qWarning("claim failed: %s", qPrintable(result.error().toString()));
        return {};
    }
    return {result.toInt64(0, 1), result.toInt64(0, 2), result.text(0, 3)};
}

bool call(store::PgConnection &conn, const QString &sql, const PgParams &params) {
    const auto result = conn.exec(sql, params);
    if (!result.ok())
        qWarning("%s: %s", qPrintable(sql), qPrintable(result.error().toString()));
    return result.ok();
}

bool succeed(store::PgConnection &worker, const Claimed &run) {
    PgParams params;
    params.add(run.runId).add(run.token).add(run.secret);
    return call(worker, QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{\"ok\": true}')"),
                params);
}

bool fail(store::PgConnection &worker, const Claimed &run) {
    PgParams params;
    params.add(run.runId).add(run.token).add(run.secret);
    return call(worker,
                QStringLiteral(
                    "SELECT dedup.fail($1, $2, $3::uuid, 'timeout', 'provider timed out', true)"),
                params);
}

// Puts the finished runs `ids` past their retention (as superuser: no event, so the feed
// sees nothing yet) and purges them the documented way, as an operator; the number purged.
qint64 expireAndPurge(const TestDatabase &db, const QList<qint64> &ids) {
    QStringList list;
    for (qint64 id : ids)
        list << QString::number(id);
    const QString failed =
        db.exec(QStringLiteral(
                    "UPDATE dedup.runs SET expires_at = now() - interval '1 day' WHERE id IN (%1)")
                    .arg(list.join(QLatin1Char(','))));
    if (!failed.isEmpty()) {
        qWarning("expire: %s", qPrintable(failed));
        return -1;
    }
    auto operatorConn = db.connect(QStringLiteral("t_operator"));
    if (!operatorConn)
        return -1;
    const auto purged =
        operatorConn->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired()"));
    if (!purged.ok()) {
        qWarning("purge: %s", qPrintable(purged.error().toString()));
        return -1;
    }
    return purged.toInt64(0, 0);
}

// A generated processing run: lease token 1, acquired by t_worker (RunTestData::insertRuns).
Claimed generatedLease(const TestDatabase &db, qint64 runId) {
    return {runId, 1, RunTestData::leaseSecret(db, runId)};
}

// A store with 100 generated runs, a model over it (under QAbstractItemModelTester) and a
// ChangeListener attached to it.
struct LiveList {
    LiveList() {
        if (!db.isValid() || !db.grantTestLogins().isEmpty() ||
            !RunTestData::insertRuns(db, 100).isEmpty())
            return;
        model = std::make_unique<RunListModel>(db.conninfo());
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        listener = std::make_unique<dedup::lanes::ChangeListener>(db.conninfo());
        listener->setPollInterval(50);
        model->attachListener(listener.get());
        worker = db.connect(QStringLiteral("t_worker"));
    }
    // Starts listening and shows `filter`, completely loaded.
    bool start(const RunFilter &filter = {}) {
        if (!model || !worker)
            return false;
        listener->start();
        QElapsedTimer timer;
        timer.start();
        while (!listener->isConnected() && timer.elapsed() < 10000)
            QTest::qWait(10);
        return listener->isConnected() && model->setFilter(filter) && RunTestData::fetchAll(*model);
    }
    QList<qint64> expected(const QString &where) const { return RunTestData::idsWhere(db, where); }

    TestDatabase db;
    std::unique_ptr<RunListModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
    std::unique_ptr<dedup::lanes::ChangeListener> listener;
    std::unique_ptr<store::PgConnection> worker;
};

} // namespace

class TestLiveList : public QObject {
    Q_OBJECT

private slots:
    void newRunAppearsAtTopAndSelectionStays();
    void changedRunIsUpdatedInPlace();
    void runsLeaveAndEnterTheFilter();
    void purgedRunIsRemoved();
    void pauseHoldsChangesBack();
    void burstIsCoalesced();
    void moreResyncsWithoutReset();
    void feedPurgeMarkSaysMore();
    void feedDeliversLateCommit();
    void reconnectsAfterBackendsAreTerminated();
    void unreachableDatabaseIsReported();
};

void TestLiveList::newRunAppearsAtTopAndSelectionStays() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    QCOMPARE(model.rowCount(), 100);
    const QPersistentModelIndex selected = model.index(5, RunListModel::StatusColumn);
    const qint64 selectedRun = selected.data(RunListModel::RunIdRole).toLongLong();
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changes(live.listener.get(), &dedup::lanes::ChangeListener::runsChanged);

    const Claimed run = claim(*live.worker, QStringLiteral("new-1"));
    QVERIFY(run.runId > 0);
    QTRY_COMPARE(model.rowCount(), 101);
    QCOMPARE(model.runAt(0).id, run.runId);
    QCOMPARE(model.index(0, RunListModel::StatusColumn).data().toString(),
             QStringLiteral("Processing"));
    QCOMPARE(model.runAt(0).leaseOwner, QStringLiteral("w1"));
    QCOMPARE(inserts.count(), 1);
    QCOMPARE(inserts.at(0).at(1).toInt(), 0); // at the top
    QCOMPARE(resets.count(), 0);
    QVERIFY(selected.isValid());
    QCOMPARE(selected.row(), 6);
    QCOMPARE(selected.data(RunListModel::RunIdRole).toLongLong(), selectedRun);
    QVERIFY(!changes.isEmpty());
    QVERIFY(changes.at(0).at(0).value<QSet<qint64>>().contains(run.runId));
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("true")));
}

void TestLiveList::changedRunIsUpdatedInPlace() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    const Claimed run = claim(*live.worker, QStringLiteral("upd-1"));
    QTRY_COMPARE(model.rowCount(), 101);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removes(&model, &QAbstractItemModel::rowsRemoved);
    const QPersistentModelIndex row(model.index(model.rowOfRun(run.runId), 0));

    QVERIFY(succeed(*live.worker, run));
    QTRY_COMPARE(model.index(row.row(), RunListModel::StatusColumn).data().toString(),
                 QStringLiteral("Succeeded"));
    QCOMPARE(row.data(RunListModel::RunIdRole).toLongLong(), run.runId);
    QCOMPARE(model.rowCount(), 101);
    QVERIFY(model.runAt(row.row()).leaseOwner.isEmpty());
    QVERIFY(!model.runAt(row.row()).leaseExpiresAt.isValid());
    QVERIFY(model.runAt(row.row()).finishedAt.isValid());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), row.row());
    QCOMPARE(inserts.count(), 0);
    QCOMPARE(removes.count(), 0);
    QCOMPARE(resets.count(), 0);
}

void TestLiveList::runsLeaveAndEnterTheFilter() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    RunFilter processing;
    processing.statuses = {core::RunStatus::Processing};
    QVERIFY(live.start(processing));
    RunListModel &model = *live.model;
    const QList<qint64> generated = live.expected(QStringLiteral("status = 'processing'"));
    QCOMPARE(RunTestData::modelIds(model), generated);
    QVERIFY(generated.size() >= 3);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);

    const Claimed fresh = claim(*live.worker, QStringLiteral("enter-1"));
    QTRY_COMPARE(model.rowCount(), generated.size() + 1);
    QCOMPARE(model.runAt(0).id, fresh.runId);

    // A generated processing run (lease token 1) fails: it leaves this filter...
    const qint64 leaving = generated.at(1);
    QVERIFY(fail(*live.worker, generatedLease(live.db, leaving)));
    QTRY_COMPARE(model.rowOfRun(leaving), -1);
    QVERIFY(succeed(*live.worker, fresh));
    QTRY_COMPARE(model.rowOfRun(fresh.runId), -1);
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("status = 'processing'")));

    // ... and enters "failed" at its place by creation time, not at the top.
    RunFilter failed;
    failed.statuses = {core::RunStatus::Failed};
    QVERIFY(model.setFilter(failed));
    QVERIFY(RunTestData::fetchAll(model));
    const int resetsBefore = int(resets.count());
    const qint64 entering = generated.at(2);
    QVERIFY(fail(*live.worker, generatedLease(live.db, entering)));
    QTRY_VERIFY(model.rowOfRun(entering) >= 0);
    QVERIFY(model.rowOfRun(entering) > 0);
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("status = 'failed'")));
    QCOMPARE(resets.count(), resetsBefore);
}

// Retention removes the row live: the purge leaves a mark in the feed ("more": re-read), and
// the re-read drops the row without a reset, the rows around it kept.
void TestLiveList::purgedRunIsRemoved() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(live.listener.get(), &dedup::lanes::ChangeListener::runsChanged);
    // A finished run past its retention, with a row below it.
    const QList<qint64> succeeded = live.expected(QStringLiteral("status = 'succeeded'"));
    qint64 victim = 0;
    for (qint64 id : succeeded)
        if (model.rowOfRun(id) >= 0 && model.rowOfRun(id) < model.rowCount() - 1) {
            victim = id;
            break;
        }
    QVERIFY(victim);
    const int victimRow = model.rowOfRun(victim);
    const QPersistentModelIndex below = model.index(victimRow + 1, 0);
    const qint64 belowRun = below.data(RunListModel::RunIdRole).toLongLong();
    QCOMPARE(expireAndPurge(live.db, {victim}), 1);
    QTRY_COMPARE(model.rowOfRun(victim), -1);
    QCOMPARE(model.rowCount(), 99);
    QCOMPARE(below.row(), victimRow);
    QCOMPARE(below.data(RunListModel::RunIdRole).toLongLong(), belowRun);
    QCOMPARE(resets.count(), 0);
    QVERIFY(!changes.isEmpty());
    QCOMPARE(changes.last().at(1).toBool(), true);
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("true")));
}

void TestLiveList::pauseHoldsChangesBack() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    dedup::lanes::ChangeListener &listener = *live.listener;
    QSignalSpy changes(&listener, &dedup::lanes::ChangeListener::runsChanged);
    listener.pause();
    QVERIFY(listener.isPaused());
    QSet<qint64> claimed;
    for (int i = 0; i < 3; ++i)
        claimed.insert(claim(*live.worker, QStringLiteral("paused-%1").arg(i)).runId);
    QTest::qWait(800); // four coalescing intervals
    QCOMPARE(changes.count(), 0);
    QCOMPARE(model.rowCount(), 100);

    listener.resume();
    QCOMPARE(changes.count(), 1); // everything that accumulated, at once
    QCOMPARE(changes.at(0).at(0).value<QSet<qint64>>(), claimed);
    QCOMPARE(changes.at(0).at(1).toBool(), false);
    QTRY_COMPARE(model.rowCount(), 103);
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("true")));
}

void TestLiveList::burstIsCoalesced() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    QSignalSpy changes(live.listener.get(), &dedup::lanes::ChangeListener::runsChanged);
    // 60 claims, each its own transaction and notification, from another thread.
    QSet<qint64> claimed;
    auto done = std::async(std::launch::async, [&] {
        auto worker = live.db.connect(QStringLiteral("t_worker"));
        QSet<qint64> ids;
        for (int i = 0; worker && i < 60; ++i)
            ids.insert(claim(*worker, QStringLiteral("burst-%1").arg(i)).runId);
        return ids;
    });
    while (done.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready)
        QTest::qWait(5);
    claimed = done.get();
    QCOMPARE(claimed.size(), 60);
    QTRY_COMPARE(model.rowCount(), 160);
    QSet<qint64> announced;
    for (const auto &change : changes)
        announced.unite(change.at(0).value<QSet<qint64>>());
    QCOMPARE(announced, claimed);
    QVERIFY2(changes.count() < 20, qPrintable(QString::number(changes.count())));
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("true")));
}

void TestLiveList::moreResyncsWithoutReset() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(live.listener.get(), &dedup::lanes::ChangeListener::runsChanged);
    const QPersistentModelIndex kept = model.index(20, 0);
    const qint64 keptRun = kept.data(RunListModel::RunIdRole).toLongLong();
    const qint64 removed = model.runAt(30).id;
    const QList<qint64> succeeded = live.expected(QStringLiteral("status = 'succeeded'"));
    const qint64 cancelled = succeeded.at(succeeded.size() / 2);
    const qint64 purged = succeeded.at(succeeded.size() / 2 + 1);
    QVERIFY(cancelled != removed && cancelled != keptRun && purged != removed && purged != keptRun);
    // Changes that wrote no event, so the feed names none of them: a new run, a deleted one,
    // a changed one. Then a purge: its mark says only "more", and the re-read brings all.
    QVERIFY(live.db
                .exec(QStringLiteral(
                          "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, "
                          "lease_expires_at) VALUES ('s', 'quiet', 'w', 'f', 'succeeded', NULL); "
                          "DELETE FROM dedup.runs WHERE id = %1; "
                          "UPDATE dedup.runs SET status = 'cancelled' WHERE id = %2")
                          .arg(removed)
                          .arg(cancelled))
                .isEmpty());
    QTest::qWait(300); // several polls: nothing announced
    QCOMPARE(changes.count(), 0);
    QVERIFY(model.rowOfRun(removed) >= 0); // still shown
    QCOMPARE(expireAndPurge(live.db, {purged}), 1);
    QVERIFY(changes.wait(5000));
    QCOMPARE(changes.at(0).at(1).toBool(), true);
    QTRY_COMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("true")));
    QCOMPARE(model.rowOfRun(removed), -1);
    QCOMPARE(model.rowOfRun(purged), -1);
    QCOMPARE(model.runAt(model.rowOfRun(cancelled)).statusName, QStringLiteral("cancelled"));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(kept.data(RunListModel::RunIdRole).toLongLong(), keptRun);
}

// The feed through the real listener, no model: a purge names no run, only "more" (it tells a
// restricted reader nothing about other scopes), after the ids of the changes before it.
void TestLiveList::feedPurgeMarkSaysMore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.grantTestLogins().isEmpty());
    dedup::lanes::ChangeListener listener(db.conninfo());
    listener.setPollInterval(50);
    listener.setCoalesceInterval(50);
    QSignalSpy connected(&listener, &dedup::lanes::ChangeListener::connectedChanged);
    listener.start();
    QVERIFY(connected.wait(10000));
    QSignalSpy changes(&listener, &dedup::lanes::ChangeListener::runsChanged);
    auto worker = db.connect(QStringLiteral("t_worker"));
    QVERIFY(worker);
    const Claimed run = claim(*worker, QStringLiteral("to-purge"));
    QVERIFY(run.runId && succeed(*worker, run));
    QTRY_VERIFY(!changes.isEmpty() &&
                changes.last().at(0).value<QSet<qint64>>() == QSet<qint64>{run.runId});
    QTest::qWait(200); // claim and succeed may come in two signals: both out
    for (const auto &change : changes) {
        QCOMPARE(change.at(0).value<QSet<qint64>>(), QSet<qint64>{run.runId});
        QCOMPARE(change.at(1).toBool(), false);
    }
    changes.clear();

    QCOMPARE(expireAndPurge(db, {run.runId}), 1);
    QVERIFY(changes.wait(5000));
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.at(0).at(0).value<QSet<qint64>>(), QSet<qint64>{});
    QCOMPARE(changes.at(0).at(1).toBool(), true);
    // delivered once: later polls do not repeat it
    QTest::qWait(300);
    QCOMPARE(changes.count(), 1);
}

// Event ids are drawn in time order but transactions commit in any order: a transaction that
// drew its event id first and commits after a later change is still delivered (the feed's
// horizon), and what was delivered is not delivered again.
void TestLiveList::feedDeliversLateCommit() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.grantTestLogins().isEmpty());
    dedup::lanes::ChangeListener listener(db.conninfo());
    listener.setPollInterval(50);
    listener.setCoalesceInterval(20);
    QSignalSpy connected(&listener, &dedup::lanes::ChangeListener::connectedChanged);
    listener.start();
    QVERIFY(connected.wait(10000));
    QSignalSpy changes(&listener, &dedup::lanes::ChangeListener::runsChanged);
    const auto delivered = [&changes] {
        QList<qint64> ids;
        for (const auto &change : changes) {
            const QSet<qint64> set = change.at(0).value<QSet<qint64>>();
            ids.append(QList<qint64>(set.cbegin(), set.cend()));
        }
        return ids;
    };
    auto slow = db.connect(QStringLiteral("t_worker"));
    auto fast = db.connect(QStringLiteral("t_worker"));
    QVERIFY(slow && fast);

    QVERIFY(slow->exec(QStringLiteral("BEGIN")).ok());
    const Claimed early = claim(*slow, QStringLiteral("early-id-late-commit"));
    QVERIFY(early.runId);
    const Claimed late = claim(*fast, QStringLiteral("late-id-early-commit"));
    QVERIFY(late.runId);
    // the fast one's event id is the higher one, and it is read first
    QTRY_COMPARE(delivered(), QList<qint64>{late.runId});
    QTest::qWait(300); // polls pass the later id while the early one is invisible
    QCOMPARE(delivered(), QList<qint64>{late.runId});

    QVERIFY(slow->exec(QStringLiteral("COMMIT")).ok());
    QTRY_COMPARE(delivered(), (QList<qint64>{late.runId, early.runId}));
    QTest::qWait(300);
    QCOMPARE(delivered(), (QList<qint64>{late.runId, early.runId})); // once each
    QVERIFY(changes.count() >= 2);
    for (const auto &change : changes)
        QCOMPARE(change.at(1).toBool(), false);
}

void TestLiveList::reconnectsAfterBackendsAreTerminated() {
    LiveList live;
    QVERIFY2(live.db.isValid(), qPrintable(live.db.error()));
    QVERIFY(live.start());
    RunListModel &model = *live.model;
    dedup::lanes::ChangeListener &listener = *live.listener;
    const int listenerPid = listener.backendPid();
    const int loaderPid = model.loaderBackendPid();
    QVERIFY(listenerPid != 0 && loaderPid != 0 && listenerPid != loaderPid);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy resynced(&listener, &dedup::lanes::ChangeListener::resynced);
    QSignalSpy connection(&listener, &dedup::lanes::ChangeListener::connectedChanged);

    // A change made while nobody listens: only the resync can bring it.
    QVERIFY(live.db
                .exec(QStringLiteral(
                    "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, "
                    "lease_expires_at) VALUES ('s', 'missed', 'w', 'f', 'failed', NULL)"))
                .isEmpty());
    QVERIFY(live.db
                .exec(QStringLiteral("SELECT pg_terminate_backend(%1), pg_terminate_backend(%2)")
                          .arg(listenerPid)
                          .arg(loaderPid))
                .isEmpty());
    QVERIFY(resynced.wait(15000));
    QCOMPARE(resynced.count(), 1);
    QVERIFY(connection.count() >= 2); // lost, then back
    QVERIFY(listener.isConnected());
    QVERIFY(listener.backendPid() != 0);
    QVERIFY(listener.backendPid() != listenerPid);
    QTRY_COMPARE(model.rowCount(), 101);
    QCOMPARE(model.runAt(0).idemKey, QStringLiteral("missed"));
    QVERIFY(model.loaderBackendPid() != loaderPid);

    // Changes flow again on the new connection.
    const Claimed after = claim(*live.worker, QStringLiteral("after-reconnect"));
    QTRY_COMPARE(model.rowCount(), 102);
    QCOMPARE(model.runAt(0).id, after.runId);
    QCOMPARE(RunTestData::modelIds(model), live.expected(QStringLiteral("true")));
    QCOMPARE(resets.count(), 0);
}

// A connection that fails is reported once per loss (the listener's lane reports it; it does
// not repeat the error at each attempt), and the lane keeps trying with its backoff: a
// database that appears later is connected to without anyone asking.
void TestLiveList::unreachableDatabaseIsReported() {
    {
        dedup::lanes::ChangeListener listener(
            QStringLiteral("host=/nonexistent-dedup-socket-dir port=1 dbname=dedup"));
        QSignalSpy errors(&listener, &dedup::lanes::ChangeListener::connectionError);
        listener.start();
        QVERIFY(errors.wait(10000));
        QVERIFY(!listener.isConnected());
        QCOMPARE(listener.backendPid(), 0);
    }
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString late = QStringLiteral("livelist_late_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(db.exec(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(late)).isEmpty());
    {
        // (the last dbname of a conninfo string wins)
        dedup::lanes::ChangeListener listener(db.conninfo() + QStringLiteral(" dbname=") + late);
        QSignalSpy errors(&listener, &dedup::lanes::ChangeListener::connectionError);
        QSignalSpy connection(&listener, &dedup::lanes::ChangeListener::connectedChanged);
        listener.start();
        QVERIFY(errors.wait(10000));
        QTest::qWait(600); // past the first retry
        QVERIFY(!listener.isConnected());
        // A store (the migrated template): in an empty database the feed's polls would fail
        // and the listener would rightly not count as connected.
        QVERIFY(db.exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2")
                            .arg(late, TestCluster::templateName()))
                    .isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 20000);
        QVERIFY(listener.backendPid() != 0);
        QVERIFY(!connection.isEmpty() && connection.last().at(0).toBool());
    }
    QVERIFY(db.exec(QStringLiteral("DROP DATABASE %1 WITH (FORCE)").arg(late)).isEmpty());
}

QTEST_GUILESS_MAIN(TestLiveList)
#include "tst_livelist.moc"
