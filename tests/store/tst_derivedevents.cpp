// The timeline entries drawn from the rows (store::DerivedEvents, 0021), without a database:
// which entries a run's rows give, where they fall among the recorded events of a page, and
// that an entry an older store recorded as an event is not shown twice.
#include "store/DerivedEvents.h"

#include <QtTest>

using dedup::store::DerivedEvents;
using dedup::store::EventRow;
using dedup::store::RunDetail;
using dedup::store::StepRow;
using namespace Qt::StringLiterals;

namespace {

const QDateTime t0 = QDateTime(QDate(2026, 12, 4), QTime(3, 0), Qt::UTC);

QDateTime at(int seconds) {
    return t0.addSecs(seconds);
}

RunDetail run(const QString &status, int finishedAt = -1) {
    RunDetail r;
    r.id = 7;
    r.statusName = status;
    r.attempt = 2;
    r.leaseToken = 5;
    r.leaseOwner = QStringLiteral("worker-b");
    if (finishedAt >= 0)
        r.finishedAt = at(finishedAt);
    return r;
}

StepRow step(int ordinal, const QString &status, int startedAt, int finishedAt, qint64 token) {
    StepRow s;
    s.runId = 7;
    s.ordinal = ordinal;
    s.name = QStringLiteral("step%1").arg(ordinal);
    s.statusName = status;
    s.attempts = 1;
    s.leaseToken = token;
    if (startedAt >= 0)
        s.startedAt = at(startedAt);
    if (finishedAt >= 0)
        s.finishedAt = at(finishedAt);
    s.downstreamKey = QStringLiteral("K-%1").arg(ordinal);
    s.sideEffectRef =
        status == QLatin1String("done") ? QStringLiteral("ref-%1").arg(ordinal) : QString();
    return s;
}

EventRow recorded(qint64 id, int seconds, const QString &kind, const QString &stepName = {}) {
    EventRow e;
    e.id = id;
    e.runId = 7;
    e.at = at(seconds);
    e.kind = kind;
    e.step = stepName;
    return e;
}

QStringList kinds(const QList<EventRow> &rows) {
    QStringList out;
    for (const EventRow &e : rows)
        out << (e.derived ? QStringLiteral("~") : QString()) + e.kind +
                   (e.step.isEmpty() ? QString() : QLatin1Char(':') + e.step);
    return out;
}

} // namespace

class TestDerivedEvents : public QObject {
    Q_OBJECT

private slots:
    void succeededRunGivesStartsFinishesAndSuccess();
    void whatTheRowsSay();
    void unfinishedStepsGiveOnlyTheirStart();
    void mergedInTimeOrderWithTheRecordedEvents();
    void pageEdgesKeepEntriesOnTheirPage();
    void entryRecordedByAnOlderStoreIsNotRepeated();
    void derivedIdsAreNegativeAndDistinct();
    void finishedRunNamesTheWorkerThatClaimedIt();
};

void TestDerivedEvents::succeededRunGivesStartsFinishesAndSuccess() {
    const QList<EventRow> rows = DerivedEvents::derive(
        run(QStringLiteral("succeeded"), 9),
        {step(1, QStringLiteral("done"), 1, 2, 5), step(2, QStringLiteral("skipped"), -1, 4, 5),
         step(3, QStringLiteral("done"), 5, 8, 5)});
    QCOMPARE(kinds(rows),
             (QStringList{u"~step_started:step1"_s, u"~step_done:step1"_s, u"~step_started:step3"_s,
                          u"~step_done:step3"_s, u"~succeeded"_s}));
}

void TestDerivedEvents::whatTheRowsSay() {
    RunDetail r = run(QStringLiteral("succeeded"), 9);
    const QList<EventRow> rows = DerivedEvents::derive(
        r, {step(1, QStringLiteral("done"), 1, 2, 5), step(2, QStringLiteral("done"), 3, 4, 3)});
    QCOMPARE(rows.size(), 5);
    // Begun under the run's lease: its worker and attempt.
    QCOMPARE(rows.at(0).actor, QStringLiteral("worker-b"));
    QCOMPARE(rows.at(0).attempt, std::optional<int>(2));
    QCOMPARE(rows.at(0).at, at(1));
    QCOMPARE(rows.at(0).detail.value().toObject().value(u"downstream_key"_s).toString(),
             QStringLiteral("K-1"));
    QCOMPARE(rows.at(0).detail.value().toObject().value(u"step_attempt"_s).toInt(), 1);
    QCOMPARE(rows.at(1).detail.value().toObject().value(u"side_effect_ref"_s).toString(),
             QStringLiteral("ref-1"));
    QVERIFY(!rows.at(1).detail.pretty.isEmpty());
    // Begun under an earlier lease: who ran it is not known from the rows.
    QVERIFY(rows.at(2).actor.isNull());
    QVERIFY(!rows.at(2).attempt);
    QCOMPARE(rows.at(4).kind, QStringLiteral("succeeded"));
    QCOMPARE(rows.at(4).at, at(9));
    QVERIFY(rows.at(4).detail.isNull());
    for (const EventRow &e : rows) {
        QVERIFY(e.derived);
        QCOMPARE(e.runId, qint64(7));
    }
}

void TestDerivedEvents::unfinishedStepsGiveOnlyTheirStart() {
    const QList<EventRow> rows = DerivedEvents::derive(
        run(QStringLiteral("failed"), 9), {step(1, QStringLiteral("uncertain"), 1, -1, 5),
                                           step(2, QStringLiteral("pending"), -1, -1, 5),
                                           step(3, QStringLiteral("in_progress"), 4, -1, 5)});
    QCOMPARE(kinds(rows), (QStringList{u"~step_started:step1"_s, u"~step_started:step3"_s}));
}

void TestDerivedEvents::mergedInTimeOrderWithTheRecordedEvents() {
    const QList<EventRow> page = {recorded(10, 0, QStringLiteral("claimed")),
                                  recorded(14, 3, QStringLiteral("step_uncertain"), u"step2"_s)};
    const QList<EventRow> merged = DerivedEvents::merge(
        run(QStringLiteral("manual_review")),
        {step(1, QStringLiteral("done"), 1, 2, 5), step(2, QStringLiteral("uncertain"), 3, -1, 5)},
        page, false, false);
    QCOMPARE(kinds(merged),
             (QStringList{u"claimed"_s, u"~step_started:step1"_s, u"~step_done:step1"_s,
                          u"~step_started:step2"_s, u"step_uncertain:step2"_s}));
    for (int i = 1; i < merged.size(); ++i)
        QVERIFY(!DerivedEvents::timelineLess(merged.at(i), merged.at(i - 1)));
}

void TestDerivedEvents::pageEdgesKeepEntriesOnTheirPage() {
    const QList<StepRow> steps = {step(1, QStringLiteral("done"), 1, 3, 5),
                                  step(2, QStringLiteral("done"), 5, 7, 5)};
    const RunDetail r = run(QStringLiteral("succeeded"), 9);
    const QList<EventRow> page = {recorded(20, 2, QStringLiteral("duplicate_suppressed")),
                                  recorded(21, 6, QStringLiteral("duplicate_suppressed"))};
    // Older and newer events exist: only what lies between the page's first and last.
    QCOMPARE(kinds(DerivedEvents::merge(r, steps, page, true, true)),
             (QStringList{QStringLiteral("duplicate_suppressed"),
                          QStringLiteral("~step_done:step1"), QStringLiteral("~step_started:step2"),
                          QStringLiteral("duplicate_suppressed")}));
    // The oldest page takes what came before its first event, the newest what came after.
    QCOMPARE(DerivedEvents::merge(r, steps, page, false, true).first().kind,
             QStringLiteral("step_started"));
    QCOMPARE(DerivedEvents::merge(r, steps, page, true, false).last().kind,
             QStringLiteral("succeeded"));
    // An empty page in the middle shows nothing derived; the only page shows everything.
    QVERIFY(DerivedEvents::merge(r, steps, {}, true, false).isEmpty());
    QCOMPARE(DerivedEvents::merge(r, steps, {}, false, false).size(), 5);
    // Exact times decide where the milliseconds are equal.
    EventRow same = recorded(22, 3, QStringLiteral("duplicate_suppressed"));
    QList<StepRow> exact = steps;
    exact[0].finishedAtMicros = t0.addSecs(3).toMSecsSinceEpoch() * 1000 + 400;
    same.atMicros = t0.addSecs(3).toMSecsSinceEpoch() * 1000 + 100;
    QCOMPARE(
        kinds(DerivedEvents::merge(r, exact, {same}, false, false)).mid(1, 2),
        (QStringList{QStringLiteral("duplicate_suppressed"), QStringLiteral("~step_done:step1")}));
    same.atMicros += 500;
    QCOMPARE(
        kinds(DerivedEvents::merge(r, exact, {same}, false, false)).mid(1, 2),
        (QStringList{QStringLiteral("~step_done:step1"), QStringLiteral("duplicate_suppressed")}));
}

void TestDerivedEvents::entryRecordedByAnOlderStoreIsNotRepeated() {
    const QList<EventRow> page = {recorded(1, 0, QStringLiteral("claimed")),
                                  recorded(2, 1, QStringLiteral("step_started"), u"step1"_s),
                                  recorded(3, 2, QStringLiteral("step_done"), u"step1"_s),
                                  recorded(4, 9, QStringLiteral("succeeded"))};
    const QList<EventRow> merged =
        DerivedEvents::merge(run(QStringLiteral("succeeded"), 9),
                             {step(1, QStringLiteral("done"), 1, 2, 5)}, page, false, false);
    QCOMPARE(kinds(merged), (QStringList{u"claimed"_s, u"step_started:step1"_s,
                                         u"step_done:step1"_s, u"succeeded"_s}));
}

void TestDerivedEvents::derivedIdsAreNegativeAndDistinct() {
    const QList<EventRow> rows = DerivedEvents::derive(run(QStringLiteral("succeeded"), 20),
                                                       {step(1, QStringLiteral("done"), 1, 2, 5),
                                                        step(2, QStringLiteral("done"), 3, 4, 5),
                                                        step(3, QStringLiteral("done"), 5, 6, 5)});
    QSet<qint64> ids;
    for (const EventRow &e : rows) {
        QVERIFY(e.id < 0);
        ids.insert(e.id);
    }
    QCOMPARE(ids.size(), rows.size());
}

// A finished run has no lease owner: the claim that handed out its lease names the worker.
void TestDerivedEvents::finishedRunNamesTheWorkerThatClaimedIt() {
    RunDetail r = run(QStringLiteral("succeeded"), 9);
    r.leaseOwner.clear();
    EventRow claimed = recorded(1, 0, QStringLiteral("claimed"));
    claimed.actor = QStringLiteral("worker-a");
    claimed.attempt = 2;
    claimed.detail = {QStringLiteral("{\"via\": \"retry\", \"lease_token\": 5}"), QString()};
    EventRow older = recorded(0, 0, QStringLiteral("claimed"));
    older.actor = QStringLiteral("worker-z");
    older.attempt = 1;
    older.detail = {QStringLiteral("{\"via\": \"new\", \"lease_token\": 4}"), QString()};
    const QList<EventRow> merged = DerivedEvents::merge(
        r, {step(1, QStringLiteral("done"), 1, 2, 5), step(2, QStringLiteral("done"), 3, 4, 4)},
        {older, claimed}, false, false);
    QCOMPARE(merged.size(), 7);
    for (const EventRow &e : merged) {
        if (!e.derived)
            continue;
        const bool underFive = e.step != QLatin1String("step2");
        QCOMPARE(e.actor, underFive ? QStringLiteral("worker-a") : QStringLiteral("worker-z"));
        QCOMPARE(e.attempt, std::optional<int>(underFive ? 2 : 1));
    }
}

QTEST_GUILESS_MAIN(TestDerivedEvents)
#include "tst_derivedevents.moc"
