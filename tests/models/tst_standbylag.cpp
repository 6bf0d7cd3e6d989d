// Standby reads in the models (docs/SCALING.md section 1), against a real primary + streaming
// standby on loopback (TestStandby): the lag poller, a runs list reading the standby while its
// replay is paused, and an action preview (read from the primary) that refuses what the standby
// showed.
#include "TestStandby.h"
#include "actions/ActionPreview.h"
#include "actions/ActionPreviewLoader.h"
#include "models/RunListModel.h"
#include "models/StandbyLagPoller.h"
#include "store/PgConnection.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using dedup::actions::ActionPreview;
using dedup::actions::ActionPreviewLoader;
using dedup::actions::OperatorAction;
using dedup::actions::PreviewRequest;
using dedup::core::RunStatus;
using dedup::models::RunListModel;
using dedup::models::StandbyLagPoller;
using dedup::store::PgError;

namespace {

// A claim of scope 'lag' and key `key` by worker `worker`.
QString claimSql(const QString &key, const QString &worker) {
    return QStringLiteral("SELECT dedup.claim(p_scope => 'lag', p_key => '%1', p_workflow => 'wf',"
                          " p_fingerprint => 'fp', p_worker => '%2', p_steps => '{a,b}')")
        .arg(key, worker);
}

} // namespace

class TestStandbyLag : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void pollerSeesCaughtUp();
    void pausedReplayIsStaleEverywhere();
    void unreachableStandby();
    void updatedAtCountsAsAChange();

private:
    std::unique_ptr<TestStandby> m_pair;
};

void TestStandbyLag::initTestCase() {
    m_pair = std::make_unique<TestStandby>();
    QVERIFY2(m_pair->isValid(), qPrintable(m_pair->error()));
    QCOMPARE(m_pair->grantTestLogins(), QString());
    QVERIFY(m_pair->waitForReplay());
}

void TestStandbyLag::cleanup() {
    m_pair->execStandby(
        QStringLiteral("SELECT pg_wal_replay_resume() WHERE pg_is_wal_replay_paused()"));
    QVERIFY(m_pair->waitForReplay());
}

void TestStandbyLag::pollerSeesCaughtUp() {
    StandbyLagPoller poller(m_pair->primaryConninfo(QStringLiteral("t_viewer")),
                            m_pair->standbyConninfo(QStringLiteral("t_viewer")));
    QSignalSpy updates(&poller, &StandbyLagPoller::updated);
    poller.setInterval(200);
    QVERIFY(!poller.latest());
    poller.start();
    QVERIFY(poller.isActive());
    QTRY_VERIFY_WITH_TIMEOUT(poller.latest() && poller.latest()->caughtUp(), 15000);
    QVERIFY(poller.isStandbyReachable());
    QVERIFY(poller.latest()->inRecovery);
    QVERIFY(poller.latest()->comparedWithPrimary());
    QCOMPARE(poller.latest()->lagText(), QStringLiteral("caught up"));
    // It keeps polling on its own.
    const qsizetype seen = updates.count();
    QTRY_VERIFY_WITH_TIMEOUT(updates.count() >= seen + 2, 10000);
    poller.stop();
    QVERIFY(!poller.isActive());
}

void TestStandbyLag::pausedReplayIsStaleEverywhere() {
    // A failed run (token 1) that both servers show.
    QCOMPARE(m_pair->execPrimary(
                 QStringLiteral("DO $$ DECLARE c record; BEGIN"
                                " SELECT * INTO c FROM dedup.claim(p_scope => 'lag', p_key => 'k1',"
                                "   p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w1',"
                                "   p_steps => '{a,b}');"
                                " PERFORM dedup.fail(c.run_id, c.lease_token, c.lease_secret,"
                                "  'timeout', 'seeded', true);"
                                " END $$")),
             QString());
    QVERIFY(m_pair->waitForReplay());

    StandbyLagPoller poller(m_pair->primaryConninfo(QStringLiteral("t_operator")),
                            m_pair->standbyConninfo(QStringLiteral("t_operator")));
    poller.setInterval(200);
    poller.start();
    RunListModel list(m_pair->standbyConninfo(QStringLiteral("t_operator")));
    QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // As the console does for a login that is not the owner (0016_protected_columns.sql).
    list.setReadRegions(dedup::store::ReadRegions{dedup::store::ReadRegion{}});
    QVERIFY(list.setFilter({}));
    QTRY_COMPARE_WITH_TIMEOUT(list.rowCount(), 1, 15000);
    QTRY_VERIFY(!list.isLoading());
    const dedup::store::RunRow seen = list.runAt(0);
    QCOMPARE(seen.statusName, QStringLiteral("failed"));
    QCOMPARE(seen.leaseToken, qint64(1));

    // Replay stops; the primary moves on: a redelivery takes the run over (token 2).
    QCOMPARE(m_pair->execStandby(QStringLiteral("SELECT pg_wal_replay_pause()")), QString());
    QCOMPARE(m_pair->execPrimary(claimSql(QStringLiteral("k1"), QStringLiteral("w2"))), QString());
    QTRY_VERIFY_WITH_TIMEOUT(poller.latest() && poller.latest()->replayPaused &&
                                 poller.latest()->lagBytes.value_or(0) > 0,
                             15000);
    QVERIFY(!poller.latest()->caughtUp());
    const QString lag = poller.latest()->lagText();
    QVERIFY2(lag.startsWith(QStringLiteral("replay paused, ")), qPrintable(lag));

    // The list, read again from the standby, still shows what the standby has.
    list.reload();
    QTRY_VERIFY(!list.isLoading());
    QCOMPARE(list.rowCount(), 1);
    QCOMPARE(list.runAt(0).statusName, QStringLiteral("failed"));
    QCOMPARE(list.runAt(0).leaseToken, qint64(1));

    // The preview reads the primary and refuses to act on what the standby showed.
    PreviewRequest request;
    request.action = OperatorAction::RouteToReview;
    request.runId = seen.id;
    request.seenToken = seen.leaseToken;
    request.seenStatus = RunStatus::Failed;
    request.seenUpdatedAt = seen.updatedAt;
    request.seenOnStandby = true;
    request.standbyLag = lag;
    ActionPreviewLoader loader(m_pair->primaryConninfo(QStringLiteral("t_operator")));
    QSignalSpy loaded(&loader, &ActionPreviewLoader::loaded);
    const int id = loader.load(request);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 15000);
    QCOMPARE(loaded.at(0).at(0).toInt(), id);
    const auto preview = loaded.at(0).at(1).value<ActionPreview>();
    QVERIFY(preview.found);
    QCOMPARE(preview.statusName, QStringLiteral("processing"));
    QCOMPARE(preview.leaseToken, qint64(2));
    QVERIFY(preview.changedSinceSeen);
    QVERIFY(!preview.canConfirm());
    const QString blocked = preview.blockedText();
    QVERIFY2(blocked.startsWith(QStringLiteral("Changed since you looked: the list you acted "
                                               "from reads from the standby (replay paused, ")),
             qPrintable(blocked));
    QVERIFY2(blocked.contains(QStringLiteral("(failed, lease token 1) is not the run on the "
                                             "primary (processing, lease token 2)")),
             qPrintable(blocked));
    // The same run seen on the primary is not stale.
    request.seenToken = preview.leaseToken;
    request.seenStatus = preview.status;
    request.seenUpdatedAt = preview.updatedAt;
    request.seenOnStandby = false;
    auto primary = m_pair->connectPrimary(QStringLiteral("t_operator"));
    QVERIFY(primary);
    PgError error;
    const auto fresh = ActionPreviewLoader::read(*primary, request, &error);
    QVERIFY2(fresh, qPrintable(error.toString()));
    QVERIFY(!fresh->changedSinceSeen);
    QVERIFY(fresh->canConfirm());

    // Replay resumes: the standby catches up, the list shows the primary's state.
    QCOMPARE(m_pair->execStandby(QStringLiteral("SELECT pg_wal_replay_resume()")), QString());
    QTRY_VERIFY_WITH_TIMEOUT(poller.latest() && poller.latest()->caughtUp(), 15000);
    list.reload();
    QTRY_VERIFY(!list.isLoading());
    QCOMPARE(list.rowCount(), 1);
    QCOMPARE(list.runAt(0).statusName, QStringLiteral("processing"));
    QCOMPARE(list.runAt(0).leaseToken, qint64(2));
}

void TestStandbyLag::unreachableStandby() {
    StandbyLagPoller poller(
        m_pair->primaryConninfo(QStringLiteral("t_viewer")),
        QStringLiteral("host=127.0.0.1 port=1 connect_timeout=5 user=t_viewer dbname=dedup"));
    QSignalSpy unreachable(&poller, &StandbyLagPoller::standbyUnreachable);
    QSignalSpy updates(&poller, &StandbyLagPoller::updated);
    poller.setInterval(200);
    poller.start();
    QTRY_VERIFY_WITH_TIMEOUT(!poller.isStandbyReachable(), 15000);
    QVERIFY(unreachable.count() >= 1);
    QVERIFY(!poller.unreachableReason().isEmpty());
    QCOMPARE(updates.count(), 0);
    QVERIFY(!poller.latest());
}

void TestStandbyLag::updatedAtCountsAsAChange() {
    // Same token and status, another updated_at: the run moved on (e.g. a heartbeat-free
    // transition) and the preview says so.
    ActionPreview preview;
    preview.request.action = OperatorAction::Cancel;
    preview.request.runId = 7;
    preview.request.seenToken = 3;
    preview.request.seenStatus = RunStatus::Failed;
    preview.request.seenUpdatedAt = QDateTime::fromSecsSinceEpoch(1000, Qt::UTC);
    preview.found = true;
    preview.status = RunStatus::Failed;
    preview.statusName = QStringLiteral("failed");
    preview.leaseToken = 3;
    preview.updatedAt = QDateTime::fromSecsSinceEpoch(1000, Qt::UTC);
    preview.evaluate();
    QVERIFY(!preview.changedSinceSeen);
    preview.updatedAt = QDateTime::fromSecsSinceEpoch(1001, Qt::UTC);
    preview.evaluate();
    QVERIFY(preview.changedSinceSeen);
    QVERIFY(preview.blockedText().startsWith(QStringLiteral("The run changed since you looked")));
    preview.request.seenOnStandby = true;
    preview.request.standbyLag = QStringLiteral("12 kB behind (4.0 s)");
    QVERIFY(preview.blockedText().startsWith(
        QStringLiteral("Changed since you looked: the list you acted from reads from the standby "
                       "(12 kB behind (4.0 s))")));
    // Without an updated_at from the view, only token and status count.
    preview.request.seenUpdatedAt = QDateTime();
    preview.evaluate();
    QVERIFY(!preview.changedSinceSeen);
}

QTEST_GUILESS_MAIN(TestStandbyLag)
#include "tst_standbylag.moc"
