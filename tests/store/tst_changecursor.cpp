// The change feed's horizon (store::ChangeCursor), without a database: which events a poll
// delivers, that an event whose transaction commits after later ones is still delivered,
// when the safe id moves, and what a full window does.
#include "store/ChangeCursor.h"

#include <QtTest>

using dedup::store::ChangeCursor;
using Event = ChangeCursor::Event;

class TestChangeCursor : public QObject {
    Q_OBJECT

private slots:
    void nothingBeforeTheStart();
    void eachEventDeliveredOnce();
    void lateCommitBelowASeenIdIsDelivered();
    void safeIdWaitsForTheSnapshotHorizon();
    void markMeansReReadEverything();
    void fullWindowSaysMoreAndMovesOn();
    void deliveredIdsForgottenBelowTheSafeId();
};

void TestChangeCursor::nothingBeforeTheStart() {
    ChangeCursor cursor;
    QVERIFY(!cursor.isStarted());
    QCOMPARE(cursor.readAfter(), qint64(-1));
    const auto batch = cursor.apply(10, 10, {{5, 50}}, 100);
    QVERIFY(batch.runIds.isEmpty());
    QVERIFY(!batch.more);
    cursor.start(40, 100);
    QVERIFY(cursor.isStarted());
    QCOMPARE(cursor.readAfter(), qint64(40));
}

void TestChangeCursor::eachEventDeliveredOnce() {
    ChangeCursor cursor;
    cursor.start(10, 100);
    // The snapshot still has transactions from before the start running (xmin 90).
    auto batch = cursor.apply(90, 105, {{11, 1}, {12, 2}, {13, 1}}, 100);
    QCOMPARE(batch.runIds, (QSet<qint64>{1, 2}));
    QCOMPARE(cursor.readAfter(), qint64(10)); // 100 > 90: not final yet
    // The same events again (read from the same safe id), plus one new.
    batch = cursor.apply(95, 106, {{11, 1}, {12, 2}, {13, 1}, {14, 3}}, 100);
    QCOMPARE(batch.runIds, (QSet<qint64>{3}));
}

void TestChangeCursor::lateCommitBelowASeenIdIsDelivered() {
    ChangeCursor cursor;
    cursor.start(0, 100);
    // Event 1's transaction (xid 100) is still open; event 2 (xid 101) committed.
    auto batch = cursor.apply(100, 102, {{2, 20}}, 100);
    QCOMPARE(batch.runIds, (QSet<qint64>{20}));
    QCOMPARE(cursor.readAfter(), qint64(0)); // xid 100 may still hold ids below 2
    // Transaction 100 commits: event 1 appears below the highest id already read.
    batch = cursor.apply(102, 103, {{1, 10}, {2, 20}}, 100);
    QCOMPARE(batch.runIds, (QSet<qint64>{10}));
    // Nothing runs any more below 102 >= 102 (the xmax of the first poll): id 2 is final.
    QCOMPARE(cursor.readAfter(), qint64(2));
}

void TestChangeCursor::safeIdWaitsForTheSnapshotHorizon() {
    ChangeCursor cursor;
    cursor.start(5, 50);
    cursor.apply(40, 60, {{6, 1}}, 100);
    QCOMPARE(cursor.readAfter(), qint64(5)); // start's xmax 50 > xmin 40
    cursor.apply(50, 70, {{6, 1}, {7, 2}}, 100);
    QCOMPARE(cursor.readAfter(), qint64(5)); // the start's pair (50, 5) retires: safe stays 5
    cursor.apply(60, 70, {{6, 1}, {7, 2}}, 100);
    QCOMPARE(cursor.readAfter(), qint64(6)); // the first poll's pair (60, 6)
    cursor.apply(70, 71, {{7, 2}}, 100);
    QCOMPARE(cursor.readAfter(), qint64(7));
}

void TestChangeCursor::markMeansReReadEverything() {
    ChangeCursor cursor;
    cursor.start(0, 10);
    const auto batch = cursor.apply(10, 11, {{1, 7}, {2, 0}}, 100);
    QVERIFY(batch.more);
    QVERIFY(batch.runIds.isEmpty()); // "more" supersedes the list
    const auto again = cursor.apply(11, 11, {}, 100);
    QVERIFY(!again.more); // a mark is delivered once
}

void TestChangeCursor::fullWindowSaysMoreAndMovesOn() {
    ChangeCursor cursor;
    cursor.start(0, 10);
    // xid 5 stays open: the safe id cannot move, and the window fills.
    const QList<Event> window = {{1, 1}, {2, 2}, {3, 3}};
    const auto full = cursor.apply(5, 20, window, 3);
    QVERIFY(full.more);
    QCOMPARE(cursor.readAfter(), qint64(3)); // reads on after the window
    const auto next = cursor.apply(5, 21, {{4, 4}}, 3);
    QVERIFY(!next.more);
    QCOMPARE(next.runIds, (QSet<qint64>{4}));
}

void TestChangeCursor::deliveredIdsForgottenBelowTheSafeId() {
    ChangeCursor cursor;
    cursor.start(0, 10);
    cursor.apply(11, 11, {{1, 1}, {2, 2}}, 100); // nothing running: 2 is final at once
    QCOMPARE(cursor.readAfter(), qint64(2));
    QCOMPARE(cursor.deliveredAboveSafe(), 0);
    cursor.apply(11, 13, {{3, 3}}, 100); // xids 11 and 12 may hold ids below 3
    QCOMPARE(cursor.readAfter(), qint64(2));
    QCOMPARE(cursor.deliveredAboveSafe(), 1);
}

QTEST_GUILESS_MAIN(TestChangeCursor)
#include "tst_changecursor.moc"
