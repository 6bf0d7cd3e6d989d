// TimeText: the one way the console writes a time in text (run detail, tooltips, tables,
// the correlation view). In the operator's time zone, to the second or to the millisecond;
// an invalid time (a step not finished, a run without expiry) is empty, never a made-up date.
#include "models/TimeText.h"

#include <QTest>
#include <QTimeZone>

#include <ctime>

using dedup::models::TimeText;

class TestTimeText : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void localTime_data();
    void localTime();
    void invalidIsEmpty();
};

void TestTimeText::initTestCase() {
    // A zone an hour from UTC in winter and two in summer: a UTC time shown as such would fail.
    qputenv("TZ", "Europe/Berlin");
    tzset();
}

void TestTimeText::localTime_data() {
    QTest::addColumn<QDateTime>("time");
    QTest::addColumn<QString>("seconds");
    QTest::addColumn<QString>("milliseconds");
    const QDate winter(2026, 12, 5);
    const QDate summer(2026, 7, 1);
    QTest::newRow("utc, winter") << QDateTime(winter, QTime(4, 40, 12, 345), Qt::UTC)
                                 << QStringLiteral("2026-12-05 05:40:12")
                                 << QStringLiteral("2026-12-05 05:40:12.345");
    QTest::newRow("utc, summer") << QDateTime(summer, QTime(23, 30, 0, 7), Qt::UTC)
                                 << QStringLiteral("2026-07-02 01:30:00")
                                 << QStringLiteral("2026-07-02 01:30:00.007");
    QTest::newRow("another zone") << QDateTime(winter, QTime(9, 0), QTimeZone("America/New_York"))
                                  << QStringLiteral("2026-12-05 15:00:00")
                                  << QStringLiteral("2026-12-05 15:00:00.000");
}

void TestTimeText::localTime() {
    QFETCH(QDateTime, time);
    QFETCH(QString, seconds);
    QFETCH(QString, milliseconds);
    QCOMPARE(TimeText::local(time), seconds);
    QCOMPARE(TimeText::localMs(time), milliseconds);
}

void TestTimeText::invalidIsEmpty() {
    QCOMPARE(TimeText::local(QDateTime()), QString());
    QCOMPARE(TimeText::localMs(QDateTime()), QString());
}

QTEST_GUILESS_MAIN(TestTimeText)
#include "tst_timetext.moc"
