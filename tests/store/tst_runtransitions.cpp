// Every transition of a step and of a run that the worker protocol can reach, legal and
// illegal, as data: the answer (or the documented SQLSTATE and StoreErrorKind), the status
// afterwards, and the events appended (or the duplicate counted: 0025). A refused call must
// leave every row as it was.
#include "RunProtocolFixture.h"

#include <QJsonObject>
#include <QtTest>

using namespace dedup::store;
using dedup::core::RunStatus;

namespace {

// The step under test is "s"; "next" keeps the run non-trivial. Steps run in their order,
// so "s" is declared first (and "absent" declares none: an appended step comes last).
const QString kStep = QStringLiteral("s");
const QString kKey = QStringLiteral("dk");
// In a row's events: the claim is a suppressed duplicate, counted on the run's
// dedup.duplicate_deliveries row under its answer (0025), not written as an event.
const QString kCounted = QStringLiteral("(counted duplicate)");

} // namespace

class TestRunTransitions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void stepTransition_data();
    void stepTransition();
    void runTransition_data();
    void runTransition();

private:
    bool prepareStep(const QString &from, RunLease *lease);
    bool prepareRun(const QString &from, RunLease *lease);
    int eventCount(qint64 runId) { return f.eventKinds(runId).size(); }

    RunProtocolFixture f;
};

void TestRunTransitions::initTestCase() {
    QString error;
    QVERIFY2(f.open(&error), qPrintable(error));
}

// ---------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------

// Brings step "s" of a new run into `from`, under the run's current lease.
bool TestRunTransitions::prepareStep(const QString &from, RunLease *lease) {
    const QStringList steps =
        from == QLatin1String("absent") ? QStringList{}
        : from == QLatin1String("pending behind an open step")
            ? QStringList{QStringLiteral("before"), kStep, QStringLiteral("next")}
            : QStringList{kStep, QStringLiteral("next")};
    const auto claim = f.protocol->claim(f.request(f.uniqueKey(QStringLiteral("step")), steps));
    if (!claim.ok() || !claim.value().acquired())
        return false;
    *lease = claim.value().lease();
    RunProtocol &p = *f.protocol;
    auto begin = [&](const QString &key) { return p.beginStep(*lease, kStep, key).ok(); };
    if (from == QLatin1String("absent") || from == QLatin1String("pending") ||
        from == QLatin1String("pending behind an open step"))
        return true;
    if (from == QLatin1String("in_progress"))
        return begin(kKey);
    if (from == QLatin1String("done"))
        return begin(kKey) && p.completeStep(*lease, kStep, QStringLiteral("ref-1")).ok();
    if (from == QLatin1String("failed"))
        return begin(kKey) &&
               p.failStep(*lease, kStep, {QStringLiteral("validation"), {}, false}).ok();
    if (from == QLatin1String("uncertain"))
        return begin(kKey) && p.failStep(*lease, kStep, {QStringLiteral("timeout"), {}, true}).ok();
    if (from == QLatin1String("uncertain without key"))
        return begin(QString()) &&
               p.failStep(*lease, kStep, {QStringLiteral("timeout"), {}, true}).ok();
    if (from == QLatin1String("skipped"))
        return p.skipStep(*lease, kStep).ok();
    return false;
}

void TestRunTransitions::stepTransition_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("answer");   // begin_step's answer, when it answers
    QTest::addColumn<QString>("sqlState"); // empty: accepted
    QTest::addColumn<StoreErrorKind>("kind");
    QTest::addColumn<QString>("after"); // the step's status afterwards ("" = no row)
    QTest::addColumn<QString>("event"); // the one event appended; "" = nothing changed
    QTest::addColumn<QString>("runAfter");

    const QString none;
    const QString processing = QStringLiteral("processing");
    const auto ok = StoreErrorKind::None;
    const auto illegal = StoreErrorKind::IllegalTransition;
    const QString dd002 = QStringLiteral("DD002");
    auto row = [&](const char *from, const char *action, const QString &answer,
                   const QString &sqlState, StoreErrorKind kind, const char *after,
                   const QString &event, const QString &runAfter) {
        QTest::addRow("%s: %s", from, action)
            << QString::fromLatin1(from) << QString::fromLatin1(action) << answer << sqlState
            << kind << QString::fromLatin1(after) << event << runAfter;
    };
    const QString run = QStringLiteral("run");
    const QString skip = QStringLiteral("skip");
    const QString uncertain = QStringLiteral("uncertain");
    const QString started = QStringLiteral("step_started");
    const QString stepDone = QStringLiteral("step_done");
    const QString stepSkipped = QStringLiteral("step_skipped");
    const QString review = QStringLiteral("manual_review");
    const QString routed = QStringLiteral("routed_to_review");

    // "new" is the absence of a row: begin_step appends the step, nothing else knows it
    row("absent", "begin", run, none, ok, "in_progress", started, processing);
    row("absent", "complete", none, QStringLiteral("DD007"), StoreErrorKind::UnknownStep, "", none,
        processing);
    row("absent", "fail", none, QStringLiteral("DD007"), StoreErrorKind::UnknownStep, "", none,
        processing);
    row("absent", "skip", none, QStringLiteral("DD007"), StoreErrorKind::UnknownStep, "", none,
        processing);

    row("pending", "begin", run, none, ok, "in_progress", started, processing);
    row("pending", "complete", none, dd002, illegal, "pending", none, processing);
    row("pending", "fail", none, dd002, illegal, "pending", none, processing);
    row("pending", "fail uncertain", none, dd002, illegal, "pending", none, processing);
    row("pending", "skip", none, none, ok, "skipped", stepSkipped, processing);

    // steps run in their order: an earlier step that is not done or skipped blocks begin_step
    // (but not skip_step)
    row("pending behind an open step", "begin", none, dd002, illegal, "pending", none, processing);
    row("pending behind an open step", "skip", none, none, ok, "skipped", stepSkipped, processing);

    row("in_progress", "begin (repeat)", run, none, ok, "in_progress", none, processing);
    row("in_progress", "complete", none, none, ok, "done", stepDone, processing);
    row("in_progress", "fail", none, none, ok, "failed", QStringLiteral("step_failed"), processing);
    row("in_progress", "fail uncertain", none, none, ok, "uncertain",
        QStringLiteral("step_uncertain"), processing);
    row("in_progress", "skip", none, dd002, illegal, "in_progress", none, processing);

    row("done", "begin", skip, none, ok, "done", none, processing);
    row("done", "complete (repeat)", none, none, ok, "done", none, processing);
    row("done", "complete other ref", none, dd002, illegal, "done", none, processing);
    row("done", "fail", none, dd002, illegal, "done", none, processing);
    row("done", "fail uncertain", none, dd002, illegal, "done", none, processing);
    row("done", "skip", none, dd002, illegal, "done", none, processing);

    row("failed", "begin", run, none, ok, "in_progress", started, processing);
    row("failed", "complete", none, dd002, illegal, "failed", none, processing);
    row("failed", "fail", none, dd002, illegal, "failed", none, processing);
    row("failed", "fail (repeat)", none, none, ok, "failed", none, processing);
    row("failed", "fail uncertain", none, dd002, illegal, "failed", none, processing);
    row("failed", "skip", none, none, ok, "skipped", stepSkipped, processing);

    // the downstream-key rule: re-executed only when the provider deduplicates it
    row("uncertain", "begin", run, none, ok, "in_progress", started, processing);
    row("uncertain", "begin without key", run, none, ok, "in_progress", started, processing);
    row("uncertain", "begin other key", uncertain, none, ok, "uncertain", routed, review);
    row("uncertain", "complete", none, none, ok, "done", stepDone, processing);
    row("uncertain", "fail", none, dd002, illegal, "uncertain", none, processing);
    row("uncertain", "fail uncertain (repeat)", none, none, ok, "uncertain", none, processing);
    row("uncertain", "skip", none, none, ok, "skipped", stepSkipped, processing);

    row("uncertain without key", "begin", uncertain, none, ok, "uncertain", routed, review);
    row("uncertain without key", "begin without key", uncertain, none, ok, "uncertain", routed,
        review);
    row("uncertain without key", "complete", none, none, ok, "done", stepDone, processing);
    row("uncertain without key", "skip", none, none, ok, "skipped", stepSkipped, processing);

    row("skipped", "begin", skip, none, ok, "skipped", none, processing);
    row("skipped", "complete", none, dd002, illegal, "skipped", none, processing);
    row("skipped", "fail", none, dd002, illegal, "skipped", none, processing);
    row("skipped", "fail uncertain", none, dd002, illegal, "skipped", none, processing);
    row("skipped", "skip (repeat)", none, none, ok, "skipped", none, processing);
}

void TestRunTransitions::stepTransition() {
    QFETCH(QString, from);
    QFETCH(QString, action);
    QFETCH(QString, answer);
    QFETCH(QString, sqlState);
    QFETCH(StoreErrorKind, kind);
    QFETCH(QString, after);
    QFETCH(QString, event);
    QFETCH(QString, runAfter);

    RunLease lease;
    QVERIFY(prepareStep(from, &lease));
    const QString before = f.snapshot();
    const int eventsBefore = eventCount(lease.runId);
    const int changesBefore = f.changeCount(lease.runId);

    RunProtocol &p = *f.protocol;
    PgError error;
    QString answered;
    auto take = [&](const auto &result) {
        if (!result.ok())
            error = result.error();
    };
    const QString verb = action.section(QLatin1Char(' '), 0, 0);
    if (verb == QLatin1String("begin")) {
        const QString key =
            action.contains(QLatin1String("without key"))
                ? QString()
                : (action.contains(QLatin1String("other key")) ? QStringLiteral("dk-2") : kKey);
        const auto result = p.beginStep(lease, kStep, key);
        take(result);
        if (result.ok())
            answered = toString(result.value());
    } else if (verb == QLatin1String("complete")) {
        take(p.completeStep(lease, kStep,
                            action.contains(QLatin1String("other ref")) ? QStringLiteral("ref-2")
                                                                        : QStringLiteral("ref-1")));
    } else if (verb == QLatin1String("fail")) {
        const bool uncertain = action.contains(QLatin1String("uncertain"));
        // a repeat names the class the preparation used; otherwise a new one
        const QString errorClass =
            action.contains(QLatin1String("repeat"))
                ? (uncertain ? QStringLiteral("timeout") : QStringLiteral("validation"))
                : (uncertain ? QStringLiteral("timeout") : QStringLiteral("unavailable"));
        take(p.failStep(lease, kStep, {errorClass, QStringLiteral("m"), uncertain}));
    } else if (verb == QLatin1String("skip")) {
        take(p.skipStep(lease, kStep, QStringLiteral("not needed")));
    } else {
        QFAIL("unknown action");
    }

    QCOMPARE(error.sqlState, sqlState);
    QCOMPARE(classify(error), kind);
    QCOMPARE(answered, answer);
    QCOMPARE(f.stepField(lease.runId, kStep, QStringLiteral("status")),
             after.isEmpty() ? QStringLiteral("<no row>") : after);
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), runAfter);
    if (event.isEmpty()) {
        QCOMPARE(f.snapshot(), before); // refused or repeated: nothing changed at all
    } else if (event == QLatin1String("step_done") ||
               (event == QLatin1String("step_started") &&
                (from == QLatin1String("pending") || from == QLatin1String("failed")))) {
        // 0021: a plain start and a completion are a row for the change feed, not an event.
        QCOMPARE(eventCount(lease.runId), eventsBefore);
        QCOMPARE(f.changeCount(lease.runId), changesBefore + 1);
    } else {
        QCOMPARE(eventCount(lease.runId), eventsBefore + 1);
        QCOMPARE(f.eventKinds(lease.runId).last(), event);
        QCOMPARE(f.changeCount(lease.runId), changesBefore);
    }
    if (runAfter == QLatin1String("manual_review")) {
        const QString reason = f.runField(lease.runId, QStringLiteral("review_reason"));
        QVERIFY2(reason.startsWith(QStringLiteral("step \"s\": outcome unknown")),
                 qPrintable(reason));
        QVERIFY(f.runField(lease.runId, QStringLiteral("lease_expires_at")).isEmpty());
        // the caller must stop: its lease is gone
        QCOMPARE(p.heartbeat(lease).errorKind(), StoreErrorKind::Fenced);
    }
    if (answer == QLatin1String("run") && from.startsWith(QLatin1String("uncertain")))
        QCOMPARE(f.eventDetail(lease.runId, QStringLiteral("step_started"), QStringLiteral("rule")),
                 QStringLiteral("downstream_key"));
}

// ---------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------

// A run in `from`; `lease` is the last lease a worker held on it (now possibly stale).
bool TestRunTransitions::prepareRun(const QString &from, RunLease *lease) {
    ClaimRequest request = f.request(f.uniqueKey(QStringLiteral("run")), {kStep});
    if (from == QLatin1String("manual_review"))
        request.maxAttempts = 1;
    const auto claim = f.protocol->claim(request);
    if (!claim.ok() || !claim.value().acquired())
        return false;
    *lease = claim.value().lease();
    RunProtocol &p = *f.protocol;
    // succeed needs every step done or skipped
    auto settle = [&] {
        return p.beginStep(*lease, kStep, kKey).ok() &&
               p.completeStep(*lease, kStep, QStringLiteral("ref-1")).ok();
    };
    if (from == QLatin1String("processing"))
        return true;
    if (from == QLatin1String("processing, steps settled"))
        return settle();
    if (from == QLatin1String("processing, lease expired"))
        return f.expireLease(lease->runId);
    if (from == QLatin1String("processing, lease expired, steps settled"))
        return settle() && f.expireLease(lease->runId);
    if (from == QLatin1String("succeeded"))
        return settle() && p.succeed(*lease, QJsonObject{{QStringLiteral("status"), 200}}).ok();
    if (from == QLatin1String("failed, retryable") || from == QLatin1String("manual_review"))
        return p.fail(*lease, {QStringLiteral("timeout"), {}, true}).ok();
    if (from == QLatin1String("failed, final"))
        return p.fail(*lease, {QStringLiteral("validation"), {}, false}).ok();
    if (from == QLatin1String("cancelled"))
        return f.cancel(lease->runId, lease->token) == QLatin1String("applied");
    if (from == QLatin1String("failed, retryable, at max_attempts")) {
        // Not reachable through the functions (fail routes to review at the limit); only a
        // lowered max_attempts makes it. The claim must still stop the poison message.
        PgParams params;
        params.add(lease->runId);
        return p.fail(*lease, {QStringLiteral("timeout"), {}, true}).ok() &&
               f.super
                   ->exec(QStringLiteral("UPDATE dedup.runs SET max_attempts = 1 WHERE id = $1"),
                          params)
                   .ok();
    }
    return false;
}

void TestRunTransitions::runTransition_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("answer"); // claim outcome, begin_step answer or fail status
    QTest::addColumn<QString>("sqlState");
    QTest::addColumn<QString>("runAfter");
    QTest::addColumn<int>("tokenAfter");
    QTest::addColumn<int>("attemptAfter");
    QTest::addColumn<QStringList>("events"); // appended, in order

    const QString none;
    auto row = [](const char *from, const char *action, const QString &answer,
                  const QString &sqlState, const char *runAfter, int token, int attempt,
                  const QStringList &events) {
        QTest::addRow("%s: %s", from, action)
            << QString::fromLatin1(from) << QString::fromLatin1(action) << answer << sqlState
            << QString::fromLatin1(runAfter) << token << attempt << events;
    };
    const QString fenced = QStringLiteral("DD001");
    const QStringList noEvents;
    const QStringList duplicate{kCounted};

    row("processing", "claim", QStringLiteral("in_progress"), none, "processing", 1, 1, duplicate);
    row("processing", "heartbeat", none, none, "processing", 1, 1, noEvents);
    row("processing", "begin_step", QStringLiteral("run"), none, "processing", 1, 1,
        {QStringLiteral("step_started")});
    // succeed is refused while a step is not done or skipped
    row("processing", "succeed", none, QStringLiteral("DD002"), "processing", 1, 1, noEvents);
    row("processing, steps settled", "succeed", none, none, "succeeded", 1, 1,
        {QStringLiteral("succeeded")});
    row("processing", "fail retryable", QStringLiteral("failed"), none, "failed", 1, 1,
        {QStringLiteral("failed")});
    row("processing", "fail final", QStringLiteral("failed"), none, "failed", 1, 1,
        {QStringLiteral("failed")});

    // expiry is not fencing: until someone takes over, outcomes are still recorded
    row("processing, lease expired", "claim", QStringLiteral("acquired"), none, "processing", 2, 2,
        {QStringLiteral("lease_expired"), QStringLiteral("lease_taken_over")});
    row("processing, lease expired", "heartbeat", none, none, "processing", 1, 1, noEvents);
    row("processing, lease expired", "begin_step", none, QStringLiteral("DD006"), "processing", 1,
        1, noEvents);
    row("processing, lease expired", "succeed", none, QStringLiteral("DD002"), "processing", 1, 1,
        noEvents);
    row("processing, lease expired, steps settled", "succeed", none, none, "succeeded", 1, 1,
        {QStringLiteral("succeeded")});
    row("processing, lease expired", "fail retryable", QStringLiteral("failed"), none, "failed", 1,
        1, {QStringLiteral("failed")});
    row("processing, lease expired", "fail final", QStringLiteral("failed"), none, "failed", 1, 1,
        {QStringLiteral("failed")});

    row("succeeded", "claim", QStringLiteral("replay"), none, "succeeded", 1, 1, duplicate);
    row("succeeded", "heartbeat", none, fenced, "succeeded", 1, 1, noEvents);
    row("succeeded", "begin_step", none, fenced, "succeeded", 1, 1, noEvents);
    row("succeeded", "succeed (repeat)", none, none, "succeeded", 1, 1, noEvents);
    row("succeeded", "fail retryable", none, fenced, "succeeded", 1, 1, noEvents);
    row("succeeded", "fail final", none, fenced, "succeeded", 1, 1, noEvents);

    row("failed, retryable", "claim", QStringLiteral("acquired"), none, "processing", 2, 2,
        {QStringLiteral("claimed")});
    row("failed, retryable", "heartbeat", none, fenced, "failed", 1, 1, noEvents);
    row("failed, retryable", "begin_step", none, fenced, "failed", 1, 1, noEvents);
    row("failed, retryable", "succeed", none, fenced, "failed", 1, 1, noEvents);
    row("failed, retryable", "fail retryable", none, fenced, "failed", 1, 1, noEvents);
    row("failed, retryable", "fail final", none, fenced, "failed", 1, 1, noEvents);

    row("failed, final", "claim", QStringLiteral("replay"), none, "failed", 1, 1, duplicate);
    row("failed, final", "heartbeat", none, fenced, "failed", 1, 1, noEvents);
    row("failed, final", "begin_step", none, fenced, "failed", 1, 1, noEvents);
    row("failed, final", "succeed", none, fenced, "failed", 1, 1, noEvents);
    row("failed, final", "fail retryable", none, fenced, "failed", 1, 1, noEvents);
    row("failed, final", "fail final", none, fenced, "failed", 1, 1, noEvents);

    row("failed, retryable, at max_attempts", "claim", QStringLiteral("in_review"), none,
        "manual_review", 1, 1, {QStringLiteral("routed_to_review")});
    row("failed, retryable, at max_attempts", "succeed", none, fenced, "failed", 1, 1, noEvents);

    row("manual_review", "claim", QStringLiteral("in_review"), none, "manual_review", 1, 1,
        duplicate);
    row("manual_review", "heartbeat", none, fenced, "manual_review", 1, 1, noEvents);
    row("manual_review", "begin_step", none, fenced, "manual_review", 1, 1, noEvents);
    row("manual_review", "succeed", none, fenced, "manual_review", 1, 1, noEvents);
    row("manual_review", "fail retryable", none, fenced, "manual_review", 1, 1, noEvents);
    row("manual_review", "fail final", none, fenced, "manual_review", 1, 1, noEvents);

    // op_cancel of a processing run bumped the token: the worker's token 1 is stale
    row("cancelled", "claim", QStringLiteral("replay"), none, "cancelled", 2, 1, duplicate);
    row("cancelled", "heartbeat", none, fenced, "cancelled", 2, 1, noEvents);
    row("cancelled", "begin_step", none, fenced, "cancelled", 2, 1, noEvents);
    row("cancelled", "succeed", none, fenced, "cancelled", 2, 1, noEvents);
    row("cancelled", "fail retryable", none, fenced, "cancelled", 2, 1, noEvents);
    row("cancelled", "fail final", none, fenced, "cancelled", 2, 1, noEvents);
}

void TestRunTransitions::runTransition() {
    QFETCH(QString, from);
    QFETCH(QString, action);
    QFETCH(QString, answer);
    QFETCH(QString, sqlState);
    QFETCH(QString, runAfter);
    QFETCH(int, tokenAfter);
    QFETCH(int, attemptAfter);
    QFETCH(QStringList, events);

    RunLease lease;
    QVERIFY(prepareRun(from, &lease));
    const QString before = f.snapshot();
    const QStringList eventsBefore = f.eventKinds(lease.runId);
    const int changesBefore = f.changeCount(lease.runId);
    const QString duplicatesBefore = f.duplicateCounts(lease.runId);

    RunProtocol &p = *f.protocol;
    PgError error;
    QString answered;
    if (action == QLatin1String("claim")) {
        const auto claim = p.claim(f.request(f.runField(lease.runId, QStringLiteral("idem_key")),
                                             {kStep}, QStringLiteral("w2")));
        if (claim.ok())
            answered = toString(claim.value().outcome);
        else
            error = claim.error();
    } else if (action == QLatin1String("heartbeat")) {
        const auto beat = p.heartbeat(lease);
        if (!beat.ok())
            error = beat.error();
    } else if (action == QLatin1String("begin_step")) {
        const auto begin = p.beginStep(lease, kStep);
        if (begin.ok())
            answered = toString(begin.value());
        else
            error = begin.error();
    } else if (action.startsWith(QLatin1String("succeed"))) {
        const auto done = p.succeed(lease, QJsonObject{{QStringLiteral("status"), 200}});
        if (!done.ok())
            error = done.error();
    } else if (action.startsWith(QLatin1String("fail"))) {
        const bool retryable = action == QLatin1String("fail retryable");
        const auto failed =
            p.fail(lease, {retryable ? QStringLiteral("unavailable") : QStringLiteral("auth"),
                           QStringLiteral("m"), retryable});
        if (failed.ok())
            answered = toString(failed.value());
        else
            error = failed.error();
    } else {
        QFAIL("unknown action");
    }

    QCOMPARE(error.sqlState, sqlState);
    if (sqlState == QLatin1String("DD002"))
        QCOMPARE(classify(error), StoreErrorKind::IllegalTransition);
    if (sqlState == QLatin1String("DD001")) {
        QCOMPARE(classify(error), StoreErrorKind::Fenced);
        QVERIFY2(error.detail.contains(QStringLiteral("run status is")), qPrintable(error.detail));
    }
    QCOMPARE(answered, answer);
    QCOMPARE(f.runField(lease.runId, QStringLiteral("status")), runAfter);
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_token")), QString::number(tokenAfter));
    QCOMPARE(f.runField(lease.runId, QStringLiteral("attempt")), QString::number(attemptAfter));
    // 0021: a plain start and a success are a row for the change feed, not an event.
    QStringList recorded = events;
    const int routine = int(recorded.removeAll(QStringLiteral("succeeded")) +
                            recorded.removeAll(QStringLiteral("step_started")));
    const bool counted = recorded.removeAll(kCounted) > 0;
    QCOMPARE(f.eventKinds(lease.runId), eventsBefore + recorded);
    // ... and a counted duplicate a row too, as its event did (0025)
    QCOMPARE(f.changeCount(lease.runId), changesBefore + routine + (counted ? 1 : 0));
    // 0025: a suppressed duplicate adds one to its answer's counter ("replays,in_progress,
    // in_review") and is the newest of the run's recent deliveries; any other call leaves
    // the counters alone
    QString duplicatesAfter = duplicatesBefore;
    if (counted) {
        QStringList n = duplicatesBefore.split(QLatin1Char(','));
        QCOMPARE(n.size(), 3);
        const qsizetype at = QStringList{QStringLiteral("replay"), QStringLiteral("in_progress"),
                                         QStringLiteral("in_review")}
                                 .indexOf(answer);
        QVERIFY2(at >= 0, qPrintable(answer));
        n[at] = QString::number(n[at].toInt() + 1);
        duplicatesAfter = n.join(QLatin1Char(','));
        QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("outcome")), answer);
        QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("worker")), QStringLiteral("w2"));
        QCOMPARE(f.recentDuplicate(lease.runId, 0, QStringLiteral("attempt")),
                 QString::number(attemptAfter));
    }
    QCOMPARE(f.duplicateCounts(lease.runId), duplicatesAfter);
    if (!sqlState.isEmpty() || action.contains(QLatin1String("repeat")))
        QCOMPARE(f.snapshot(), before);
    // the lease columns follow the status (CHECK runs_lease_check), owner included
    const bool processing = runAfter == QLatin1String("processing");
    QCOMPARE(f.runField(lease.runId, QStringLiteral("lease_owner")).isEmpty(), !processing);
}

QTEST_GUILESS_MAIN(TestRunTransitions)
#include "tst_runtransitions.moc"
