// Change notifications (docs/PROTOCOL.md section 8): channel dedup_events, one NOTIFY per
// changed run with the payload {"runs":[<id>],"more":false} (PostgreSQL folds the identical
// notifications of one transaction into one, sent at its commit), none for a rollback or an
// aborted subtransaction, none for observations (duplicates, mismatches, heartbeats). Step
// events notify like every other change, and no client setting can suppress a signal or put
// run ids into one.
//
// To assert "exactly these and no more", every test ends with a marker notification sent
// after the transactions under test committed: PostgreSQL delivers notifications in commit
// order, so when the marker arrives, everything before it has arrived too.
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
    void observationsDoNotNotify();
    void stepEventsNotifyWhateverTheSessionAsks();
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
    // but the observations are on the timeline
    QCOMPARE(f.eventKinds(id).mid(2),
             (QStringList{QStringLiteral("duplicate_suppressed"), QStringLiteral("mismatch")}));
}

// Step events used to be silenced by the session option dedup.notify = 'runs'; the store no
// longer reads any setting for its signals, so a step's progress always reaches the console.
void TestNotifications::stepEventsNotifyWhateverTheSessionAsks() {
    QVERIFY(f.worker->exec(QStringLiteral("SET dedup.notify = 'runs'")).ok());
    const RunLease lease = acquire(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")});
    QVERIFY(lease.runId);
    const QString one = payload({lease.runId});
    QCOMPARE(payloadsUntilMarker(), QStringList{one}); // the claim
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(payloadsUntilMarker(), (QStringList{one, one}));
    QCOMPARE(f.eventKinds(lease.runId).mid(1),
             (QStringList{QStringLiteral("step_started"), QStringLiteral("step_done")}));

    // the same within one transaction: one signal for the run at its commit
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("b")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("b")).ok());
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList{one});
}

// The settings the store's signals were once built from (0002/0009): a client that sets them
// in its session or transaction can neither silence the signal of a run it changes nor make
// one name a run it did not change.
void TestNotifications::clientSettingsShapeNothing_data() {
    QTest::addColumn<QString>("set"); // SQL run in the worker's transaction first
    QTest::newRow("notify_runs injects ids")
        << "SELECT set_config('dedup.notify_runs', '424242,424243', true)";
    QTest::newRow("notify_runs and notify_more")
        << "SELECT set_config('dedup.notify_runs', '424242', true),"
           " set_config('dedup.notify_more', 'on', true)";
    QTest::newRow("notify_sent claims it was sent")
        << "SELECT set_config('dedup.notify_sent', 'on', true)";
    QTest::newRow("notify_queued claims it was queued")
        << "SELECT set_config('dedup.notify_queued', 'on', true)";
    QTest::newRow("notify = runs") << "SELECT set_config('dedup.notify', 'runs', true)";
    QTest::newRow("all of them, for the session")
        << "SET dedup.notify_runs = '424242'; SET dedup.notify_more = 'on';"
           " SET dedup.notify_sent = 'on'; SET dedup.notify_queued = 'on';"
           " SET dedup.notify = 'runs'";
}

void TestNotifications::clientSettingsShapeNothing() {
    QFETCH(QString, set);
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(f.worker->execScript(set).ok());
    const RunLease lease = acquire(f.uniqueKey(), {QStringLiteral("a")});
    QVERIFY(lease.runId);
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({lease.runId})});
    // and the next transaction of the session is not shaped either
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({lease.runId})});
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
