// core::DeliveryOutcome: the store's names of what a key's delivery got, and the answers an
// HTTP API following the Idempotency-Key header draft gives for each (docs/PROTOCOL.md "A key's
// history").
#include "core/DeliveryOutcome.h"

#include <QtTest>

using namespace dedup::core;
using namespace Qt::StringLiterals;

class TestDeliveryOutcome : public QObject {
    Q_OBJECT

private slots:
    void namesAndAnswers_data();
    void namesAndAnswers();
    void everyOutcomeOnce();
    void unknownNamesAreRefused_data();
    void unknownNamesAreRefused();
};

void TestDeliveryOutcome::namesAndAnswers_data() {
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("answer");
    QTest::addColumn<int>("status");
    QTest::newRow("acquired") << int(DeliveryOutcome::Acquired) << u"acquired"_s << u"first"_s << 0;
    QTest::newRow("replay") << int(DeliveryOutcome::Replay) << u"replay"_s << u"replayed"_s << 0;
    QTest::newRow("in progress") << int(DeliveryOutcome::InProgress) << u"in_progress"_s << u"409"_s
                                 << 409;
    QTest::newRow("in review") << int(DeliveryOutcome::InReview) << u"in_review"_s << u"409"_s
                               << 409;
    QTest::newRow("mismatch") << int(DeliveryOutcome::Mismatch) << u"mismatch"_s << u"422"_s << 422;
}

void TestDeliveryOutcome::namesAndAnswers() {
    QFETCH(int, outcome);
    QFETCH(QString, name);
    QFETCH(QString, answer);
    QFETCH(int, status);
    const auto value = DeliveryOutcome(outcome);
    QCOMPARE(toString(value), name);
    QCOMPARE(httpAnswer(value), answer);
    QCOMPARE(httpStatus(value), status);
    const auto parsed = deliveryOutcomeFromString(name);
    QVERIFY(parsed.has_value());
    QCOMPARE(int(*parsed), outcome);
}

void TestDeliveryOutcome::everyOutcomeOnce() {
    const QList<DeliveryOutcome> all = allDeliveryOutcomes();
    QCOMPARE(all.size(), 5);
    QStringList names;
    for (const DeliveryOutcome outcome : all)
        names << toString(outcome);
    names.removeDuplicates();
    QCOMPARE(names.size(), 5);
}

void TestDeliveryOutcome::unknownNamesAreRefused_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("case") << u"Replay"_s;
    QTest::newRow("space") << u"replay "_s;
    QTest::newRow("answer, not a name") << u"replayed"_s;
    QTest::newRow("paused writes nothing") << u"paused"_s;
}

void TestDeliveryOutcome::unknownNamesAreRefused() {
    QFETCH(QString, name);
    QVERIFY(!deliveryOutcomeFromString(name).has_value());
}

QTEST_GUILESS_MAIN(TestDeliveryOutcome)
#include "tst_deliveryoutcome.moc"
