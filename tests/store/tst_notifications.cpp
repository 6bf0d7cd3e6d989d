// Change notifications (docs/PROTOCOL.md section 8): channel dedup_events, one NOTIFY per
// committing transaction naming the changed runs, none for a rollback, none for observations
// (duplicates, mismatches, heartbeats), step events silenced on request.
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
    void oneNotificationPerTransaction();
    void rolledBackTransactionNotifiesNothing();
    void eachAutocommitChangeNotifies();
    void observationsDoNotNotify();
    void stepEventsCanBeSilenced();
    void moreThanHundredRunsSaysMore();
    void abortedSubtransactionDropsItsRuns();
    void firstChangeInAbortedSubtransaction();

private:
    // The dedup_events payloads received until the marker (which it sends first).
    QStringList payloadsUntilMarker();
    static QString payload(const QList<qint64> &runIds, bool more = false);
    qint64 acquire(const QString &key, const QStringList &steps = {});

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

qint64 TestNotifications::acquire(const QString &key, const QStringList &steps) {
    const auto claim = f.protocol->claim(f.request(key, steps));
    return claim.ok() && claim.value().acquired() ? claim.value().runId : 0;
}

void TestNotifications::oneNotificationPerTransaction() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    const qint64 first = acquire(f.uniqueKey(), {QStringLiteral("a")});
    const qint64 second = acquire(f.uniqueKey());
    QVERIFY(first && second);
    QCOMPARE_NAMED(f.protocol->beginStep({first, 1}, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep({first, 1}, QStringLiteral("a")).ok());
    // nothing is sent before the commit
    QThread::msleep(100);
    QVERIFY(m_listener->consumeInput());
    QVERIFY(m_listener->takeNotifications().empty());
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({first, second})});
}

void TestNotifications::rolledBackTransactionNotifiesNothing() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(acquire(f.uniqueKey(), {QStringLiteral("a")}) != 0);
    QVERIFY(acquire(f.uniqueKey()) != 0);
    QVERIFY(f.worker->exec(QStringLiteral("ROLLBACK")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList());
}

void TestNotifications::eachAutocommitChangeNotifies() {
    const qint64 id = acquire(f.uniqueKey(), {QStringLiteral("a")});
    QVERIFY(id);
    const RunLease lease{id, 1};
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QVERIFY(f.protocol->succeed(lease).ok());
    const QString one = payload({id});
    QCOMPARE(payloadsUntilMarker(), (QStringList{one, one, one, one}));
}

// Duplicates, mismatches and heartbeats change no state: the console need not re-read.
void TestNotifications::observationsDoNotNotify() {
    const QString key = f.uniqueKey();
    const qint64 id = acquire(key, {QStringLiteral("a")});
    QVERIFY(id);
    const RunLease lease{id, 1};
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
    QCOMPARE(f.protocol->completeStep({id, 99}, QStringLiteral("a")).errorKind(),
             StoreErrorKind::Fenced);
    QCOMPARE(payloadsUntilMarker(), QStringList());
    // but the observations are on the timeline
    QCOMPARE(f.eventKinds(id).mid(2),
             (QStringList{QStringLiteral("duplicate_suppressed"), QStringLiteral("mismatch")}));
}

void TestNotifications::stepEventsCanBeSilenced() {
    QVERIFY(f.protocol->setStepNotifications(false).ok());
    const qint64 id = acquire(f.uniqueKey(), {QStringLiteral("a"), QStringLiteral("b")});
    QVERIFY(id);
    const RunLease lease{id, 1};
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({id})}); // the claim still notifies
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("a")).value(), StepAnswer::Run);
    QVERIFY(f.protocol->completeStep(lease, QStringLiteral("a")).ok());
    QCOMPARE(payloadsUntilMarker(), QStringList());
    // the events are recorded all the same
    QCOMPARE(f.eventKinds(id).mid(1),
             (QStringList{QStringLiteral("step_started"), QStringLiteral("step_done")}));

    QVERIFY(f.protocol->setStepNotifications(true).ok());
    QCOMPARE_NAMED(f.protocol->beginStep(lease, QStringLiteral("b")).value(), StepAnswer::Run);
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({id})});
}

void TestNotifications::moreThanHundredRunsSaysMore() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QList<qint64> ids;
    for (int i = 0; i < 101; ++i) {
        ids << acquire(f.uniqueKey(QStringLiteral("bulk")));
        QVERIFY(ids.last());
    }
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    const QStringList received = payloadsUntilMarker();
    QCOMPARE(received.size(), 1);
    QVERIFY(received.first().size() < 8000); // NOTIFY's payload limit
    const QJsonObject json = QJsonDocument::fromJson(received.first().toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), true);
    const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 100);
    QCOMPARE(qint64(runs.first().toDouble()), ids.first()); // in order of first change
    QCOMPARE(qint64(runs.last().toDouble()), ids.at(99));
}

void TestNotifications::abortedSubtransactionDropsItsRuns() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    const qint64 kept = acquire(f.uniqueKey());
    QVERIFY(f.worker->exec(QStringLiteral("SAVEPOINT s")).ok());
    const qint64 dropped = acquire(f.uniqueKey());
    QVERIFY(f.worker->exec(QStringLiteral("ROLLBACK TO SAVEPOINT s")).ok());
    const qint64 later = acquire(f.uniqueKey());
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(kept && dropped && later);
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({kept, later})});
}

void TestNotifications::firstChangeInAbortedSubtransaction() {
    QVERIFY(f.worker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(f.worker->exec(QStringLiteral("SAVEPOINT s")).ok());
    QVERIFY(acquire(f.uniqueKey()) != 0);
    QVERIFY(f.worker->exec(QStringLiteral("ROLLBACK TO SAVEPOINT s")).ok());
    const qint64 kept = acquire(f.uniqueKey());
    QVERIFY(f.worker->exec(QStringLiteral("COMMIT")).ok());
    QVERIFY(kept);
    QCOMPARE(payloadsUntilMarker(), QStringList{payload({kept})});
}

QTEST_GUILESS_MAIN(TestNotifications)
#include "tst_notifications.moc"
