// RunDetailSource and its table models (steps, events, audit) against the private
// PostgreSQL, and the QueryRunner under them: a run built with the real protocol (an
// uncertain step, an operator action with its audit row) read as the viewer role; the
// uncertain step's presentation; live reloads by notification and by polling, applied in
// place; a purged run; cancel (PQcancel of a blocked read); statement timeout; recovery
// after the server terminated the source's backend. Every model runs under
// QAbstractItemModelTester.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "lanes/ChangeListener.h"
#include "lanes/QueryRunner.h"
#include "models/AuditTableModel.h"
#include "models/CappedCount.h"
#include "models/EventTableModel.h"
#include "models/RunDetailSource.h"
#include "models/StepStatusStyle.h"
#include "models/StepTableModel.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QFont>
#include <QtTest>

#include <libpq-fe.h>

using namespace dedup;
using namespace dedup::models;
using namespace DetailTestRuns;
using store::OperatorActions;
using store::OperatorRequest;

namespace {

// A source with a model tester on each of its models.
struct TestedSource {
    explicit TestedSource(const QString &conninfo)
        : source(conninfo)
        , steps(source.steps(), QAbstractItemModelTester::FailureReportingMode::QtTest)
        , events(source.events(), QAbstractItemModelTester::FailureReportingMode::QtTest)
        , audit(source.audit(), QAbstractItemModelTester::FailureReportingMode::QtTest) {}
    RunDetailSource source;
    QAbstractItemModelTester steps;
    QAbstractItemModelTester events;
    QAbstractItemModelTester audit;
};

const QString kArrow = QStringLiteral(" \u2192 ");

} // namespace

class TestRunDetailSource : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loadsEverythingAboutARun();
    void liveReloadByNotificationInPlace();
    void eventsPagedWithTheirCount();
    void pollingFollowsHeartbeats();
    void purgedRunIsNotFound();
    void switchingRunsDropsTheOldAnswer();
    void cancelStopsABlockedRead();
    void statementTimeoutIsReported();
    void recoversAfterTermination();
    void queryRunnerAnswersAndFailures();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super, m_worker, m_operator;
};

void TestRunDetailSource::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    m_operator = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_super && m_worker && m_operator);
}

void TestRunDetailSource::loadsEverythingAboutARun() {
    store::RunProtocol worker(*m_worker);
    const RunLease lease =
        claim(*m_worker,
              request(QStringLiteral("detail-1"),
                      {QStringLiteral("draft"), QStringLiteral("pay"), QStringLiteral("notify")}));
    QVERIFY(lease.runId > 0);
    QVERIFY(worker.beginStep(lease, QStringLiteral("draft"), QStringLiteral("dk-1")).ok());
    QVERIFY(worker.completeStep(lease, QStringLiteral("draft"), QStringLiteral("INV-77")).ok());
    QVERIFY(worker.beginStep(lease, QStringLiteral("pay"), QStringLiteral("pay-key-1")).ok());
    QVERIFY(expireLease(*m_super, lease.runId));
    OperatorActions ops(*m_operator);
    const auto cleared = ops.clearStaleLease(OperatorRequest{
        lease.runId, 1, QStringLiteral("worker pod OOM-killed"), QStringLiteral("detail-k1")});
    QVERIFY(cleared.ok() && cleared.value().isApplied());

    // The owner: this test reads raw keys and references (a viewer reads them redacted,
    // 0016_protected_columns.sql; tests/store/tst_protectedcolumns.cpp).
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    QSignalSpy loaded(&source, &RunDetailSource::loaded);
    QSignalSpy loading(&source, &RunDetailSource::loading);
    QCOMPARE(source.state(), RunDetailSource::State::Empty);
    source.setRunId(lease.runId);
    QCOMPARE(source.state(), RunDetailSource::State::Loading);
    QVERIFY(source.isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    QVERIFY(!source.isLoading());
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(loaded.at(0).at(0).toLongLong(), lease.runId);
    QCOMPARE(loading.count(), 1);
    QVERIFY(source.errorText().isEmpty());

    const store::RunDetail &run = source.detail();
    QCOMPARE(run.id, lease.runId);
    QCOMPARE(run.statusName, QStringLiteral("failed"));
    QCOMPARE(run.leaseToken, 2);
    QCOMPARE(run.lastErrorClass, QStringLiteral("lease_expired"));
    QVERIFY(!run.hasLease());
    QCOMPARE(source.leaseRemainingMs(), 0);
    QVERIFY(source.estimatedServerNow() >= run.serverNow);

    StepTableModel &steps = *source.steps();
    QCOMPARE(steps.rowCount(), 3);
    QCOMPARE(steps.uncertainCount(), 1);
    const QModelIndex payStatus = steps.index(1, StepTableModel::StatusColumn);
    QCOMPARE(payStatus.data().toString(), QStringLiteral("Uncertain"));
    QCOMPARE(payStatus.data(StepTableModel::StatusNameRole).toString(),
             QStringLiteral("uncertain"));
    QCOMPARE(payStatus.data(StepTableModel::UncertainRole).toBool(), true);
    // Stands out in every column: background, foreground, bold.
    for (int column = 0; column < StepTableModel::ColumnCount; ++column) {
        const QModelIndex cell = steps.index(1, column);
        QCOMPARE(cell.data(Qt::BackgroundRole).value<QBrush>().color(),
                 StepStatusStyle::uncertainBackground());
        QCOMPARE(cell.data(Qt::ForegroundRole).value<QBrush>().color(),
                 StepStatusStyle::uncertainForeground());
        QVERIFY(cell.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(
            cell.data(Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("Outcome unknown: the side effect may have happened")));
    }
    const QString why = steps.index(1, StepTableModel::WhyColumn).data().toString();
    QVERIFY2(why.contains(QStringLiteral("re-sends it with downstream key pay-key-1")),
             qPrintable(why));
    QVERIFY(why.contains(QStringLiteral("Recorded: lease 1 of w1 expired at ")));
    // Without a downstream key a continuation stops on it; a recorded reference is quoted.
    store::StepRow bare = steps.rowAt(1);
    bare.downstreamKey.clear();
    bare.sideEffectRef = QStringLiteral("PSP-9");
    const QString bareWhy = StepTableModel::why(bare);
    QVERIFY2(bareWhy.contains(QStringLiteral("before continuing (its reference: PSP-9).")),
             qPrintable(bareWhy));
    QVERIFY(bareWhy.contains(QStringLiteral("It has no downstream key, so a continuation stops")));
    QVERIFY(!bareWhy.contains(QStringLiteral("re-sends")));
    QCOMPARE(steps.index(1, StepTableModel::DownstreamKeyColumn).data().toString(),
             QStringLiteral("pay-key-1"));
    QCOMPARE(steps.index(1, StepTableModel::ErrorColumn).data().toString().left(24),
             QStringLiteral("outcome_unknown: lease 1"));
    // The done step does not: no background, the status colour on the status only.
    QVERIFY(!steps.index(0, StepTableModel::NameColumn).data(Qt::BackgroundRole).isValid());
    QVERIFY(!steps.index(0, StepTableModel::NameColumn).data(Qt::FontRole).isValid());
    QCOMPARE(steps.index(0, StepTableModel::StatusColumn)
                 .data(Qt::ForegroundRole)
                 .value<QBrush>()
                 .color(),
             StepStatusStyle::color(core::StepStatus::Done));
    QCOMPARE(steps.index(0, StepTableModel::SideEffectRefColumn).data().toString(),
             QStringLiteral("INV-77"));
    QCOMPARE(steps.index(0, StepTableModel::OrdinalColumn).data().toInt(), 1);
    QVERIFY(steps.index(0, StepTableModel::WhyColumn).data().toString().isEmpty());
    QCOMPARE(steps.index(2, StepTableModel::StatusColumn).data().toString(),
             QStringLiteral("Pending"));
    QCOMPARE(steps.headerData(StepTableModel::WhyColumn, Qt::Horizontal).toString(),
             QStringLiteral("Why"));

    EventTableModel &events = *source.events();
    QStringList kinds;
    for (int row = 0; row < events.rowCount(); ++row)
        kinds << events.index(row, EventTableModel::KindColumn).data().toString();
    QCOMPARE(kinds,
             (QStringList{QStringLiteral("claimed"), QStringLiteral("step_started"),
                          QStringLiteral("step_done"), QStringLiteral("step_started"),
                          QStringLiteral("step_uncertain"), QStringLiteral("lease_cleared")}));
    QCOMPARE(events.index(2, EventTableModel::DetailColumn).data().toString(),
             QStringLiteral("side_effect_ref: INV-77"));
    QCOMPARE(events.index(2, EventTableModel::StepColumn).data().toString(),
             QStringLiteral("draft"));
    QCOMPARE(events.index(2, EventTableModel::DetailColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("{\n    \"side_effect_ref\": \"INV-77\"\n}"));
    QCOMPARE(events.index(0, EventTableModel::AttemptColumn).data().toInt(), 1);
    // The starts and the completion are drawn from the step rows (0021): marked, explained.
    QList<bool> derived;
    for (int row = 0; row < events.rowCount(); ++row)
        derived << events.index(row, 0).data(EventTableModel::DerivedRole).toBool();
    QCOMPARE(derived, (QList<bool>{false, true, true, true, false, false}));
    QVERIFY(events.index(1, EventTableModel::KindColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("step's row")));
    QVERIFY(events.index(1, 0).data(Qt::FontRole).value<QFont>().italic());
    QVERIFY(!events.index(0, EventTableModel::KindColumn).data(Qt::ToolTipRole).isValid());

    AuditTableModel &audit = *source.audit();
    QCOMPARE(audit.rowCount(), 1);
    QCOMPARE(audit.index(0, AuditTableModel::ActionColumn).data().toString(),
             QStringLiteral("op_clear_stale_lease"));
    QCOMPARE(audit.index(0, AuditTableModel::ReasonColumn).data().toString(),
             QStringLiteral("worker pod OOM-killed"));
    QCOMPARE(audit.index(0, AuditTableModel::OutcomeColumn).data().toString(),
             QStringLiteral("Applied"));
    const QString who = audit.index(0, AuditTableModel::WhoColumn).data().toString();
    QVERIFY2(who.startsWith(QStringLiteral("t_operator (client reports ")), qPrintable(who));
    // over the test cluster's Unix socket the server saw no address
    QVERIFY(audit.index(0, AuditTableModel::WhoColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("Client address (from server): none")));
    const QString change = audit.index(0, AuditTableModel::ChangeColumn).data().toString();
    QVERIFY2(change.startsWith(QStringLiteral("status: processing") + kArrow +
                               QStringLiteral("failed; lease_token: 1") + kArrow +
                               QStringLiteral("2; lease_owner: w1") + kArrow +
                               QStringLiteral("none; ")),
             qPrintable(change));
    QVERIFY2(change.contains(QStringLiteral("step pay: in_progress") + kArrow +
                             QStringLiteral("uncertain")),
             qPrintable(change));
    QVERIFY(!change.contains(QStringLiteral("updated_at")));
    QVERIFY(audit.index(0, 0)
                .data(AuditTableModel::AfterJsonRole)
                .toString()
                .contains(QStringLiteral("\"status\": \"failed\"")));
}

void TestRunDetailSource::liveReloadByNotificationInPlace() {
    store::RunProtocol worker(*m_worker);
    const RunLease lease = claim(*m_worker, request(QStringLiteral("detail-live"),
                                                    {QStringLiteral("a"), QStringLiteral("b")}));
    QVERIFY(lease.runId > 0);
    dedup::lanes::ChangeListener listener(m_db->conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    source.setPollInterval(0); // only notifications
    source.attachListener(&listener);
    source.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    QCOMPARE(source.detail().statusName, QStringLiteral("processing"));
    QVERIFY(source.detail().hasLease());
    QVERIFY(source.leaseRemainingMs() > 20000);
    QCOMPARE(source.events()->rowCount(), 1);
    const QPersistentModelIndex stepB(source.steps()->index(1, StepTableModel::NameColumn));
    const QPersistentModelIndex firstEvent(source.events()->index(0, 0));
    QSignalSpy stepResets(source.steps(), &QAbstractItemModel::modelReset);
    QSignalSpy eventResets(source.events(), &QAbstractItemModel::modelReset);
    QSignalSpy eventInserts(source.events(), &QAbstractItemModel::rowsInserted);
    QSignalSpy stepChanges(source.steps(), &QAbstractItemModel::dataChanged);
    QSignalSpy loaded(&source, &RunDetailSource::loaded);

    // Step events notify (no session setting silences them), and so does succeed.
    QVERIFY(worker.beginStep(lease, QStringLiteral("a")).ok());
    QVERIFY(worker.completeStep(lease, QStringLiteral("a"), QStringLiteral("A-1")).ok());
    QVERIFY(worker.beginStep(lease, QStringLiteral("b")).ok());
    QVERIFY(worker.completeStep(lease, QStringLiteral("b"), QStringLiteral("B-1")).ok());
    QVERIFY(worker.succeed(lease, QJsonObject{{QStringLiteral("ok"), true}}).ok());
    QTRY_COMPARE_WITH_TIMEOUT(source.detail().statusName, QStringLiteral("succeeded"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(source.events()->rowCount(), 6, 10000);
    QCOMPARE(source.detail().result.text, QStringLiteral("{\"ok\": true}"));
    QCOMPARE(stepResets.count(), 0);
    QCOMPARE(eventResets.count(), 0);
    QVERIFY(eventInserts.count() >= 1);
    QVERIFY(stepChanges.count() >= 2);
    QVERIFY(stepB.isValid());
    QCOMPARE(stepB.row(), 1);
    QCOMPARE(stepB.data().toString(), QStringLiteral("b"));
    QCOMPARE(source.steps()->index(1, StepTableModel::SideEffectRefColumn).data().toString(),
             QStringLiteral("B-1"));
    QVERIFY(firstEvent.isValid());
    QCOMPARE(firstEvent.row(), 0);
    QCOMPARE(source.events()->index(5, EventTableModel::KindColumn).data().toString(),
             QStringLiteral("succeeded"));
    QVERIFY(loaded.count() >= 1);
    QCOMPARE(source.state(), RunDetailSource::State::Loaded);

    // A change of another run does not re-read this one (once the reloads asked for by the
    // notifications above are all done).
    QTRY_VERIFY_WITH_TIMEOUT(!source.isLoading(), 10000);
    QTest::qWait(300);
    QVERIFY(!source.isLoading());
    const int loads = int(loaded.count());
    const RunLease other = claim(*m_worker, request(QStringLiteral("detail-other")));
    QVERIFY(other.runId > 0);
    QTest::qWait(500);
    QCOMPARE(int(loaded.count()), loads);
}

void TestRunDetailSource::eventsPagedWithTheirCount() {
    const QLocale locale;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    // A run with 10,000 events: its claim ("claimed") and 9,999 duplicate_suppressed events
    // inserted by the superuser, as a store written before 0025 holds them (since 0025 a
    // duplicate claim is counted on its run, not written as an event).
    QCOMPARE(m_db->exec(QStringLiteral(
                 "WITH c AS (SELECT * FROM dedup.claim(p_scope => 'test', p_key => 'ten-thousand',"
                 " p_workflow => 'wf-detail', p_fingerprint => 'fp-ten-thousand',"
                 " p_worker => 'w1'))"
                 " INSERT INTO dedup.events (run_id, kind, actor, attempt, detail)"
                 " SELECT c.run_id, 'duplicate_suppressed', 'w' || g, 1,"
                 " '{\"outcome\": \"in_progress\", \"lease_owner\": \"w1\"}'::jsonb"
                 " FROM c, generate_series(2, 10000) g ORDER BY g")),
             QString());
    const store::PgResult found = m_super->exec(QStringLiteral(
        "SELECT r.id, min(e.id), max(e.id), count(*) FROM dedup.runs r"
        " JOIN dedup.events e ON e.run_id = r.id WHERE r.idem_key = 'ten-thousand' GROUP BY r.id"));
    QVERIFY(found.ok() && found.rows() == 1);
    const qint64 runId = found.toInt64(0, 0);
    const qint64 firstId = found.toInt64(0, 1);
    const qint64 lastId = found.toInt64(0, 2);
    QCOMPARE(found.toInt64(0, 3), 10000);

    // As the viewer: details redacted, the count under row-level security.
    TestedSource t(m_db->conninfo(QStringLiteral("t_viewer")));
    RunDetailSource &source = t.source;
    source.setPollInterval(0);
    QSignalSpy loaded(&source, &RunDetailSource::loaded);
    QElapsedTimer timer;
    timer.start();
    source.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
    qInfo("newest page of 10,000 events as the viewer: %lld ms", timer.elapsed());
    EventTableModel *events = source.events();
    const auto label = [&] {
        const store::RunDetailSnapshot &s = source.snapshot();
        return CappedCount::text(events->rowCount(), s.eventCount, s.newerEvents);
    };
    const auto firstRow = [&] { return events->rowAt(0).id; };
    const auto lastRow = [&] { return events->rowAt(events->rowCount() - 1).id; };
    QCOMPARE(events->rowCount(), 500);
    QCOMPARE(source.snapshot().eventCount, 10000);
    QVERIFY(source.snapshot().moreEvents);
    QCOMPARE(label(), QStringLiteral("newest 500 of 10,000"));
    QCOMPARE(lastRow(), lastId);

    QSignalSpy resets(events, &QAbstractItemModel::modelReset);
    source.showEvents(store::ListPage::Step::Older);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(events->rowCount(), 500);
    QCOMPARE(label(), QStringLiteral("9,001–9,500 of 10,000"));
    QCOMPARE(source.snapshot().newerEvents, 500);

    // The oldest page: every newer event is redacted and dropped on the way (measured).
    timer.start();
    source.showEvents(store::ListPage::Step::Oldest);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 3, 20000);
    qInfo("oldest page of 10,000 events as the viewer: %lld ms", timer.elapsed());
    QCOMPARE(label(), QStringLiteral("oldest 500 of 10,000"));
    QCOMPARE(firstRow(), firstId);
    QCOMPARE(events->rowAt(0).kind, QStringLiteral("claimed"));
    QVERIFY(!source.snapshot().moreEvents);
    QCOMPARE(resets.count(), 2);

    // A re-read (live update) keeps the page, in place, even when events were added (a
    // delivery with another request: a `mismatch` event).
    store::ClaimRequest reused = request(QStringLiteral("ten-thousand"));
    reused.fingerprint = QStringLiteral("fp-other");
    const auto mismatch = store::RunProtocol(*m_worker).claim(reused);
    QVERIFY(mismatch.ok() && mismatch.value().outcome == store::ClaimOutcome::Mismatch);
    source.reload();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 4, 10000);
    QCOMPARE(resets.count(), 2);
    QCOMPARE(firstRow(), firstId);
    QCOMPARE(source.snapshot().eventCount, 10001);
    QCOMPARE(label(), QStringLiteral("oldest 500 of 10,001"));

    source.showEvents(store::ListPage::Step::Newer);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 5, 10000);
    QCOMPARE(label(), QStringLiteral("501–1,000 of 10,001"));
    source.showEvents(store::ListPage::Step::Newest);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 6, 10000);
    QCOMPARE(label(), QStringLiteral("newest 500 of 10,001"));
    QVERIFY(lastRow() > lastId);

    // Another run starts at its newest events.
    source.showEvents(store::ListPage::Step::Oldest);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 7, 10000);
    const RunLease other = claim(*m_worker, request(QStringLiteral("few-events")));
    QVERIFY(other.runId > 0);
    source.setRunId(other.runId);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 8, 10000);
    QVERIFY(source.eventPage().isNewest());
    QCOMPARE(label(), QStringLiteral("1"));
    QLocale::setDefault(locale);
}

void TestRunDetailSource::pollingFollowsHeartbeats() {
    store::RunProtocol worker(*m_worker);
    const RunLease lease =
        claim(*m_worker, request(QStringLiteral("detail-poll"), {}, {}, std::chrono::seconds(5)));
    QVERIFY(lease.runId > 0);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    source.setPollInterval(200);
    source.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    const QDateTime firstExpiry = source.detail().leaseExpiresAt;
    QVERIFY(source.leaseRemainingMs() <= 5000);
    // A heartbeat sends no notification: only polling can see it.
    const auto renewed = worker.heartbeat(lease, std::chrono::seconds(120));
    QVERIFY(renewed.ok());
    QTRY_VERIFY_WITH_TIMEOUT(source.detail().leaseExpiresAt > firstExpiry, 10000);
    QVERIFY(source.leaseRemainingMs() > 100000);
    QVERIFY(source.detail().heartbeatAt.isValid());
    // Finished runs are not polled.
    QVERIFY(worker.succeed(lease).ok());
    QTRY_COMPARE_WITH_TIMEOUT(source.detail().statusName, QStringLiteral("succeeded"), 10000);
    QSignalSpy loading(&source, &RunDetailSource::loading);
    QTest::qWait(700);
    QCOMPARE(loading.count(), 0);
}

void TestRunDetailSource::purgedRunIsNotFound() {
    const RunLease lease =
        claim(*m_worker, request(QStringLiteral("detail-purge"), {QStringLiteral("x")}));
    QVERIFY(lease.runId > 0);
    OperatorActions ops(*m_operator);
    QVERIFY(
        ops.cancel({lease.runId, 1, QStringLiteral("duplicate order"), QStringLiteral("detail-k2")})
            .value()
            .isApplied());
    dedup::lanes::ChangeListener listener(m_db->conninfo());
    listener.setCoalesceInterval(50);
    listener.start();
    QTRY_VERIFY_WITH_TIMEOUT(listener.isConnected(), 10000);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    source.attachListener(&listener);
    QSignalSpy notFound(&source, &RunDetailSource::notFound);
    source.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    QCOMPARE(source.steps()->rowCount(), 1);
    QCOMPARE(source.audit()->rowCount(), 1);
    // Retention: the run expired and purge_expired deletes it (and announces it).
    store::PgParams id;
    id.add(lease.runId);
    QVERIFY(m_super
                ->exec(QStringLiteral("UPDATE dedup.runs SET expires_at = now() - interval "
                                      "'1 second' WHERE id = $1"),
                       id)
                .ok());
    const auto purged = m_super->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired()"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
    QVERIFY(purged.toInt64(0, 0) >= 1);
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::NotFound, 10000);
    QCOMPARE(notFound.count(), 1);
    QCOMPARE(notFound.at(0).at(0).toLongLong(), lease.runId);
    QVERIFY(!source.hasDetail());
    QCOMPARE(source.steps()->rowCount(), 0);
    QCOMPARE(source.events()->rowCount(), 0);
    QCOMPARE(source.audit()->rowCount(), 1); // the audit log outlives the run
    QCOMPARE(source.runId(), lease.runId);
}

void TestRunDetailSource::switchingRunsDropsTheOldAnswer() {
    const RunLease first =
        claim(*m_worker, request(QStringLiteral("detail-sw1"), {QStringLiteral("one")}));
    const RunLease second =
        claim(*m_worker, request(QStringLiteral("detail-sw2"),
                                 {QStringLiteral("two"), QStringLiteral("three")}));
    QVERIFY(first.runId > 0 && second.runId > 0);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    QSignalSpy loaded(&source, &RunDetailSource::loaded);
    source.setRunId(first.runId);
    source.setRunId(second.runId); // before the first answer arrived
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    QTest::qWait(200);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(loaded.at(0).at(0).toLongLong(), second.runId);
    QCOMPARE(source.detail().id, second.runId);
    QCOMPARE(source.steps()->rowCount(), 2);
    source.setRunId(0);
    QCOMPARE(source.state(), RunDetailSource::State::Empty);
    QCOMPARE(source.steps()->rowCount(), 0);
    QVERIFY(!source.hasDetail());
}

void TestRunDetailSource::cancelStopsABlockedRead() {
    const RunLease lease =
        claim(*m_worker, request(QStringLiteral("detail-cancel"), {QStringLiteral("s")}));
    QVERIFY(lease.runId > 0);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    auto locker = m_db->connect();
    QVERIFY(locker);
    // The read waits for the steps table behind this lock until it is cancelled.
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.steps IN ACCESS EXCLUSIVE MODE")).ok());
    QSignalSpy failed(&source, &RunDetailSource::failed);
    source.setRunId(lease.runId);
    QTRY_VERIFY_WITH_TIMEOUT(source.backendPid() != 0, 10000);
    const int pid = source.backendPid();
    QVERIFY(waitForLockWait(*m_super, pid));
    source.cancel();
    QCOMPARE(source.state(), RunDetailSource::State::Failed);
    QCOMPARE(source.errorText(), QStringLiteral("Loading was cancelled."));
    QCOMPARE(source.lastFailure(), lanes::Failure::Cancelled);
    QVERIFY(!source.isLoading());
    QCOMPARE(failed.count(), 1);
    // The server stopped the statement (and the read transaction ended), lock still held.
    QTRY_COMPARE_WITH_TIMEOUT(backendState(*m_super, pid), QStringLiteral("idle"), 10000);
    QCOMPARE(source.backendPid(), pid); // same connection, still usable
    QVERIFY(locker->exec(QStringLiteral("ROLLBACK")).ok());
    source.reload();
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    QCOMPARE(source.detail().id, lease.runId);
    QCOMPARE(failed.count(), 1); // the cancelled answer never arrived late
}

void TestRunDetailSource::statementTimeoutIsReported() {
    const RunLease lease = claim(*m_worker, request(QStringLiteral("detail-timeout")));
    QVERIFY(lease.runId > 0);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    source.setStatementTimeout(300);
    auto locker = m_db->connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.events IN ACCESS EXCLUSIVE MODE")).ok());
    source.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Failed, 10000);
    QCOMPARE(source.lastFailure(), lanes::Failure::TimedOut);
    QVERIFY2(source.errorText().contains(QStringLiteral("statement timeout")),
             qPrintable(source.errorText()));
    QVERIFY(locker->exec(QStringLiteral("ROLLBACK")).ok());
    source.reload();
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
}

void TestRunDetailSource::recoversAfterTermination() {
    const RunLease lease = claim(*m_worker, request(QStringLiteral("detail-term")));
    QVERIFY(lease.runId > 0);
    TestedSource t(m_db->conninfo());
    RunDetailSource &source = t.source;
    source.setPollInterval(0);
    source.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(source.state(), RunDetailSource::State::Loaded, 10000);
    const int pid = source.backendPid();
    QVERIFY(pid != 0);
    QSignalSpy lost(&source, &RunDetailSource::connectionLost);
    QSignalSpy restored(&source, &RunDetailSource::connectionRestored);
    QSignalSpy loaded(&source, &RunDetailSource::loaded);
    QVERIFY(terminate(*m_super, pid));
    QVERIFY(store::RunProtocol(*m_worker).succeed(lease).ok());
    source.reload(); // finds the connection dead, reconnects, reads again
    QTRY_COMPARE_WITH_TIMEOUT(source.detail().statusName, QStringLiteral("succeeded"), 15000);
    QCOMPARE(source.state(), RunDetailSource::State::Loaded);
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 10000);
    QCOMPARE(lost.count(), 1);
    QVERIFY(source.backendPid() != 0);
    QVERIFY(source.backendPid() != pid);
    QVERIFY(source.errorText().isEmpty());
}

void TestRunDetailSource::queryRunnerAnswersAndFailures() {
    dedup::lanes::QueryRunner runner(m_db->conninfo());
    QSignalSpy finished(&runner, &dedup::lanes::QueryRunner::finished);
    QSignalSpy failed(&runner, &dedup::lanes::QueryRunner::failed);
    const auto scalar = [](const QString &sql) {
        return [sql](store::PgConnection &conn, store::PgError *error) {
            const auto r = conn.exec(sql);
            if (!r.ok())
                *error = r.error();
            return r.ok() ? QVariant(r.text(0, 0)) : QVariant();
        };
    };
    const int ok = runner.submit(scalar(QStringLiteral("SELECT 'forty-two'")));
    const int bad = runner.submit(scalar(QStringLiteral("SELECT * FROM no_such_table")));
    QVERIFY(runner.hasPending());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count() + failed.count(), 2, 10000);
    QVERIFY(!runner.hasPending());
    QCOMPARE(finished.at(0).at(0).toInt(), ok);
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("forty-two"));
    QCOMPARE(failed.at(0).at(0).toInt(), bad);
    QCOMPARE(failed.at(0).at(2).value<lanes::Failure>(), lanes::Failure::QueryFailed);
    QVERIFY(failed.at(0).at(1).toString().contains(QStringLiteral("42P01")));

    // A job that fails inside a transaction leaves none open behind it.
    const int inTx = runner.submit([](store::PgConnection &conn, store::PgError *error) {
        conn.exec(QStringLiteral("BEGIN"));
        const auto r = conn.exec(QStringLiteral("SELECT 1/0"));
        *error = r.error();
        return QVariant();
    });
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 10000);
    QCOMPARE(failed.at(1).at(0).toInt(), inTx);
    const int after = runner.submit([](store::PgConnection &conn, store::PgError *) {
        return QVariant(PQtransactionStatus(conn.handle()) == PQTRANS_IDLE
                            ? QStringLiteral("no transaction")
                            : QStringLiteral("in one"));
    });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 10000);
    QCOMPARE(finished.at(1).at(0).toInt(), after);
    QCOMPARE(finished.at(1).at(1).toString(), QStringLiteral("no transaction"));

    // cancel(): the running job is answered as cancelled; discardPending(): never answered.
    const int slow = runner.submit(scalar(QStringLiteral("SELECT pg_sleep(30)::text")));
    QTRY_VERIFY_WITH_TIMEOUT(backendState(*m_super, runner.backendPid()) == QLatin1String("active"),
                             10000);
    runner.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 3, 10000);
    QCOMPARE(failed.at(2).at(0).toInt(), slow);
    QCOMPARE(failed.at(2).at(2).value<lanes::Failure>(), lanes::Failure::Cancelled);
    runner.submit(scalar(QStringLiteral("SELECT pg_sleep(30)::text")));
    QTRY_VERIFY_WITH_TIMEOUT(backendState(*m_super, runner.backendPid()) == QLatin1String("active"),
                             10000);
    QVERIFY(runner.discardPending());
    QVERIFY(!runner.hasPending());
    const int last = runner.submit(scalar(QStringLiteral("SELECT 'after discard'")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 10000);
    QCOMPARE(finished.at(2).at(0).toInt(), last);
    QCOMPARE(failed.count(), 3);
}

QTEST_MAIN(TestRunDetailSource)
#include "tst_rundetailsource.moc"
