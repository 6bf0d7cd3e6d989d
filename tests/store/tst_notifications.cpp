// Change notifications (docs/PROTOCOL.md section 8) since 0020: the store sends them only
// to a session (or login, or database) that asks with dedup.notify = 'on'; by default, and
// with 'off' or any other value ('runs' included), a change sends none at all (the console
// reads the change feed instead, and a notifying commit takes an instance-wide lock).
// Asked for, they are as before: channel dedup_events, one NOTIFY per changed run with the
// payload {"runs":[<id>],"more":false} (PostgreSQL folds the identical notifications of one
// transaction into one, sent at its commit), none for a rollback or an aborted
// subtransaction, none for observations (duplicates, mismatches, heartbeats). Step events
// notify like every other change, and no other client setting can suppress a signal or put
// run ids into one.
//
// Every test but the default one runs with the protocol connection's session set to
// dedup.notify = 'on' (init()). To assert "exactly these and no more", every test ends with
// a marker notification sent after the transactions under test committed: PostgreSQL
// delivers notifications in commit order, so when the marker arrives, everything before it
// has arrived too.
#include "RunProtocolFixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace dedup::store;

class TestNotifications : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void oneNotificationPerChangedRun();
    void rolledBackTransactionNotifiesNothing();
    void eachAutocommitChangeNotifies();
    void nothingUnlessAsked_data();
    void nothingUnlessAsked();
    void observationsDoNotNotify();
    void stepEventsNotifyLikeEveryChange();
    void clientSettingsShapeNothing_data();
    void clientSettingsShapeNothing();
    void manyRunsNotifyOneEach();
    void abortedSubtransactionDropsItsRuns();
    void firstChangeInAbortedSubtransaction();

private:
    // The dedup_events payloads received until the marker (which it sends first).
    QStringList payloadsUntilMarker();
    static QString payload(const QList<qint64> &runIds, bool more = false);
    RunLease acquire(const QString &key, const QStringList &steps = {});

    RunProtocolFixture f;
    std::unique_ptr<PgConnection> m_listener;
    int m_marker = 0;
};

void TestNotifications::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
    m_listener = f.db->connect();
    QVERIFY(m_listener);
    QVERIFY(m_listener->exec(QStringLiteral("LISTEN dedup_events")).ok());
}

void TestNotifications::init() {
    payloadsUntilMarker(); // start every test with nothing pending
    // The signals asked for, as a session that wants them would (cleanup() resets it).
    QVERIFY(f.worker->exec(QStringLiteral("SET dedup.notify = 'on'")).ok());
}

QStringList TestNotifications::payloadsUntilMarker() {
    const QString marker = QStringLiteral("marker-%1").arg(++m_marker);
    PgParams params;
    params.add(marker);
    if (!f.super->exec(QStringLiteral("SELECT pg_notify('dedup_events', $1)"), params).ok())
        return {QStringLiteral("<cannot send marker>")};
    QStringList payloads;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 10'000) {
        if (!m_listener->consumeInput())
            return payloads << QStringLiteral("<listener lost>");
        for (const PgNotification &n : m_listener->takeNotifications()) {
            if (n.payload == marker)
                return payloads;
            if (n.channel == QLatin1String("dedup_events") &&
                !n.payload.startsWith(QLatin1String("marker-")))
                payloads << n.payload;
        }
        QThread::msleep(5);
    }
    return payloads << QStringLiteral("<marker never arrived>");
}

QString TestNotifications::payload(const QList<qint64> &runIds, bool more) {
    QStringList ids;
    for (qint64 id : runIds)
        ids << QString::number(id);
    return QStringLiteral("{\"runs\":[%1],\"more\":%2}")
        .arg(ids.join(QLatin1Char(',')), more ? QStringLiteral("true") : QStringLiteral("false"));
}

RunLease TestNotifications::acquire(const QString &key, const QStringList &steps) {
    const auto claim = f.protocol->claim(f.request(key, steps));
    return claim.ok() && claim.value().acquired() ? claim.value().lease() : RunLease{};
}

void TestNotifications::cleanup() {
    // A failed test may leave its transaction open or a setting behind.
    f.worker->exec(QStringLiteral("ROLLBACK"));
    f.worker->exec(QStringLiteral("RESET ALL"));
}

void TestNotifications::oneNotificationPerChangedRun() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    const RunLease first = acquire(f.uniqueKey(), {QStringLiteral("a")});
    const RunLease second = acquire(f.uniqueKey());
    QVERIFY(first.runId && second.runId);
    QCOMPARE_NAMED(f.protocol->beginStep(first, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(first, QStringLiteral("a")).ok());
    // nothing is sent before the commit
    QThread::msleep(100);
    QVERIFY(m_listener->consumeInput());
    QVERIFY(m_listener->takeNotifications().empty());
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    // the first run changed three times in the transaction: one signal for it all the same
    QCOMPARE(payloadsUntilMarker(), (QStringList{payload({first.runId}), payload({second.runId})}));
}

void TestNotifications::rolledBackTransactionNotifiesNothing() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(acquire(f.uniqueKey(), {QStringLiteral("a")}).runId != 0);
    QVERIFY(acquire(f.uniqueKey()).runId != 0);
    QVERIFY(f.worker->exec(QStringLiteral("ROLLBACK")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList());
}

void TestNotifications::eachAutocommitChangeNotifies() {
    const RunLease lease = acquire(f.uniqueKey(), {QStringLiteral("a")});
    QVERIFY(lease.runId);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QVERIFY(f.protocol->succeed(lease).ok());
    const QString one = payload({lease.runId});
    QCOMPARE(payloadsUntilMarker(), (QStringList{one, one, one, one}));
}

// By default the store sends nothing: the workers' commits take no notification lock. The
// same changes as above (autocommit, a transaction, a purge) all wrote their events.
void TestNotifications::nothingUnlessAsked_data() {
    QTest::addColumn<QString>("set"); // run in the worker's session first
    QTest::newRow("unset") << "RESET dedup.notify";
    QTest::newRow("off") << "SET dedup.notify = 'off'";
    QTest::newRow("runs (once the step opt-out)") << "SET dedup.notify = 'runs'";
    QTest::newRow("empty") << "SET dedup.notify = ''";
}

void TestNotifications::nothingUnlessAsked() {
    QFETCH(QString, set);
    QVERIFY(f.worker->exec(set).ok());
    const RunLease lease = acquire(f.uniqueKey(), {QStringLiteral("a")});
    QVERIFY(lease.runId);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QVERIFY(f.protocol->succeed(lease).ok());
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    const qint64 inTransaction = acquire(f.uniqueKey()).runId;
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(inTransaction);
    // The claim is an event; the start, the completion and the success rows for the feed.
    QCOMPARE(f.eventKinds(lease.runId), QStringList{QStringLiteral("claimed")});
    QCOMPARE(f.changeCount(lease.runId), 3);
    QCOMPARE(f.eventKinds(inTransaction).size(), 1);

    // A purge announces itself only where asked to either: here in the session that purges.
    auto purger = f.db->connect();
    QVERIFY(purger);
    QVERIFY(purger->exec(set).ok());
    QVERIFY(f.super
                ->exec(QStringLiteral("UPDATE dedup.runs SET expires_at = now() - interval '1 day'"
                                      " WHERE id = $1"),
                       PgParams().add(lease.runId))
                .ok());
    const PgResult purged =
        purger->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired()"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
    QCOMPARE(purged.toInt64(0, 0), 1);
    QCOMPARE(payloadsUntilMarker(), QStringList());

    // and the same purge in a session that asks for signals is announced (the control)
    const RunLease next = acquire(f.uniqueKey());
    QVERIFY(next.runId && f.protocol->succeed(next).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList());
    QVERIFY(purger->exec(QStringLiteral("SET dedup.notify = 'on'")).ok());
    QVERIFY(f.super
                ->exec(QStringLiteral("UPDATE dedup.runs SET expires_at = now() - interval '1 day'"
                                      " WHERE id = $1"),
                       PgParams().add(next.runId))
                .ok());
    QCOMPARE(
        purger->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired()")).toInt64(0, 0), 1);
    // (purge_expired's payload is built by jsonb: its own key order and spacing)
    QCOMPARE(payloadsUntilMarker(),
             QStringList{QStringLiteral("{\"more\": false, \"runs\": [%1]}").arg(next.runId)});
}

// Duplicates, mismatches and heartbeats change no state: the console need not re-read.
void TestNotifications::observationsDoNotNotify() {
    const QString key = f.uniqueKey();
    const RunLease lease = acquire(key, {QStringLiteral("a")});
    const qint64 id = lease.runId;
    QVERIFY(id);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QCOMPARE(payloadsUntilMarker().size(), 2);

    QCOMPARE_NAMED(f.protocol->claim(f.request(key, {}, QStringLiteral("w2"))).value().outcome,
                   ClaimOutcome::InProgress);
    ClaimRequest other = f.request(key);
    other.fingerprint = QStringLiteral("sha256:other");
    QCOMPARE_NAMED(f.protocol->claim(other).value().outcome, ClaimOutcome::Mismatch);
    QVERIFY(f.protocol->heartbeat(lease).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(),
                   StepAnswer::Run); // a repeat
    // refused writes: a stale token, and the right token with a wrong secret
    QCOMPARE(f.protocol->completeStep({id, 99, lease.secret}, QStringLiteral("a")).errorKind(),
             StoreErrorKind::Fenced);
    const RunLease guessed{id, lease.token, QStringLiteral("00000000-0000-4000-8000-000000000000")};
    QCOMPARE(f.protocol->completeStep(guessed, QStringLiteral("a")).errorKind(),
             StoreErrorKind::Fenced);
    QCOMPARE(payloadsUntilMarker(), QStringList());
    // but the observations are recorded: the duplicate counted on the run (0025: no event),
    // the mismatch on the timeline
    QCOMPARE(f.duplicateCounts(id), QStringLiteral("0,1,0"));
    QCOMPARE(f.recentDuplicate(id, 0, QStringLiteral("worker")), QStringLiteral("w2"));
    QCOMPARE(f.eventKinds(id).mid(1), QStringList{QStringLiteral("mismatch")});
}

// Step events were once silenced by dedup.notify = 'runs' (now: no signal at all, above);
// where signals are asked for, a step's progress sends one like every other change.
void TestNotifications::stepEventsNotifyLikeEveryChange() {
    const RunLease lease = acquire(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")});
    QVERIFY(lease.runId);
    const QString one = payload({lease.runId});
    QCOMPARE(payloadsUntilMarker(), QStringList{one}); // the claim
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(payloadsUntilMarker(), (QStringList{one, one}));
    // (since 0021 neither is an event: the step row says them, the change feed has a row)
    QCOMPARE(f.eventKinds(lease.runId), QStringList{QStringLiteral("claimed")});
    QCOMPARE(f.changeCount(lease.runId), 2);

    // the same within one transaction: one signal for the run at its commit
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("b")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("b")).ok());
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList{one});
}

// The settings the store's signals were once built from (0002/0009): with signals asked for
// (dedup.notify = 'on' for the session, init()), a client that sets them in its session or
// transaction can neither silence the signal of a run it changes nor make one name a run it
// did not change. dedup.notify itself is the only switch: 'runs' (the old step opt-out) is
// not 'on', so it means no signal at all, for the transaction or the session it is set for.
void TestNotifications::clientSettingsShapeNothing_data() {
    QTest::addColumn<QString>("set");       // SQL run in the worker's transaction first
    QTest::addColumn<bool>("notifies");     // that transaction sends its signal
    QTest::addColumn<bool>("nextNotifies"); // and the session's next transaction
    QTest::newRow("notify_runs injects ids")
        << "SELECT set_config('dedup.notify_runs', '424242,424243', true)" << true << true;
    QTest::newRow("notify_runs and notify_more")
        << "SELECT set_config('dedup.notify_runs', '424242', true),"
           " set_config('dedup.notify_more', 'on', true)"
        << true << true;
    QTest::newRow("notify_sent claims it was sent")
        << "SELECT set_config('dedup.notify_sent', 'on', true)" << true << true;
    QTest::newRow("notify_queued claims it was queued")
        << "SELECT set_config('dedup.notify_queued', 'on', true)" << true << true;
    QTest::newRow("all but notify, for the session")
        << "SET dedup.notify_runs = '424242'; SET dedup.notify_more = 'on';"
           " SET dedup.notify_sent = 'on'; SET dedup.notify_queued = 'on'"
        << true << true;
    QTest::newRow("notify = runs, for the transaction")
        << "SELECT set_config('dedup.notify', 'runs', true)" << false << true;
    QTest::newRow("all of them, for the session")
        << "SET dedup.notify_runs = '424242'; SET dedup.notify_more = 'on';"
           " SET dedup.notify_sent = 'on'; SET dedup.notify_queued = 'on';"
           " SET dedup.notify = 'runs'"
        << false << false;
}

void TestNotifications::clientSettingsShapeNothing() {
    QFETCH(QString, set);
    QFETCH(bool, notifies);
    QFETCH(bool, nextNotifies);
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(f.worker->execScript(set).ok());
    const RunLease lease = acquire(f.uniqueKey(), {QStringLiteral("a")});
    QVERIFY(lease.runId);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    const QStringList one{payload({lease.runId})};
    QCOMPARE(payloadsUntilMarker(), notifies ? one : QStringList());
    // and the next transaction of the session is not shaped either
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(payloadsUntilMarker(), nextNotifies ? one : QStringList());
    // the changes happened either way (the claim an event, the step's two a row each for the
    // change feed)
    QCOMPARE(f.eventKinds(lease.runId).size(), 1);
    QCOMPARE(f.changeCount(lease.runId), 2);
}

void TestNotifications::manyRunsNotifyOneEach() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QStringList expected;
    for (int i = 0; i < 101; ++i) {
        const RunLease lease = acquire(f.uniqueKey(QStringLiteral("bulk")));
        QVERIFY(lease.runId);
        expected << payload({lease.runId});
    }
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    // in the order the runs changed; none says "more" (each names its whole change)
    QCOMPARE(payloadsUntilMarker(), expected);
}

void TestNotifications::abortedSubtransactionDropsItsRuns() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    const qint64 kept = acquire(f.uniqueKey()).runId;
    QVERIFY(f.worker->exec(QStringLiteral("SAVEPOINT s")).ok());
    const qint64 dropped = acquire(f.uniqueKey()).runId;
    QVERIFY(f.worker->exec(QStringLiteral("ROLLBACK TO SAVEPOINT s")).ok());
    const qint64 later = acquire(f.uniqueKey()).runId;
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(kept && dropped && later);
    QCOMPARE(payloadsUntilMarker(), (QStringList{payload({kept}), payload({later})}));
}

void TestNotifications::firstChangeInAbortedSubtransaction() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(f.worker->exec(QStringLiteral("SAVEPOINT s")).ok());
    QVERIFY(acquire(f.uniqueKey()).runId != 0);
    QVERIFY(f.worker->exec(QStringLiteral("ROLLBACK TO SAVEPOINT s")).ok());
    const qint64 kept = acquire(f.uniqueKey()).runId;
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(kept);
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({kept})});
}

QTEST_GUILESS_MAIN(TestNotifications)
#include "tst_notifications.moc"
