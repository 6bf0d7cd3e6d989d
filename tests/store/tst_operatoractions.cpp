// OperatorActions against the real protocol: every op_* applied (exact runs / steps / events /
// commands / audit rows afterwards) and refused when the run changed after the operator looked
// (outcome Changed, nothing changed but the audited refusal); idempotency by action key,
// including resends after the operator's backend was killed; the required reason; and the
// continuation preview, checked against what a continuation then really does.
#include "OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "store/OperatorActions.h"

#include <QtTest>

#include <future>

using namespace dedup::store;
using dedup::core::RunStatus;
using dedup::core::StepStatus;
using namespace optest;

// "a,b,c" -> {"a", "b", "c"} (QT_NO_CAST_FROM_ASCII: no implicit const char * -> QString)
static QStringList list(const char *csv) {
    return QString::fromLatin1(csv).split(QLatin1Char(','));
}

// Evaluates `result` once (QVERIFY2 evaluates its description even on success, so a call
// spelled there would run twice).
#define VERIFY_OK(result)                                                                          \
    do {                                                                                           \
        const auto &checked_ = (result);                                                           \
        QVERIFY2(checked_.ok(), qPrintable(checked_.error().toString()));                          \
    } while (false)
#define VERIFY_PREPARED(run) QVERIFY2((run).error.isEmpty(), qPrintable((run).error))

class TestOperatorActions : public QObject {
    Q_OBJECT

private slots:
    void clearStaleLease_data();
    void clearStaleLease();
    void clearStaleLeaseRefused_data();
    void clearStaleLeaseRefused();
    void requestContinuation_data();
    void requestContinuation();
    void requestContinuationRefused_data();
    void requestContinuationRefused();
    void routeToReview_data();
    void routeToReview();
    void routeToReviewRefused_data();
    void routeToReviewRefused();
    void resolveReview_data();
    void resolveReview();
    void resolveReviewRefused_data();
    void resolveReviewRefused();
    void cancel_data();
    void cancel();
    void cancelRefused_data();
    void cancelRefused();
    void assignReview();
    void reviewNote();
    void reviewNoteRefused_data();
    void reviewNoteRefused();
    void resolveStep_data();
    void resolveStep();
    void resolveStepRefused_data();
    void resolveStepRefused();
    void resolveUnknownStepIsAnError();
    void continuationStartsAfterStepsSettledLater();
    void sqlRouteToReviewEmptyAssigneeIsUnassigned();

    void wrongTokenIsChangedForEveryAction_data();
    void wrongTokenIsChangedForEveryAction();
    void sameKeyTwiceAppliesOnce_data();
    void sameKeyTwiceAppliesOnce();
    void replayOfRefusal();
    void keyReusedForAnotherRun_data();
    void keyReusedForAnotherRun();
    void keyReusedForAnotherAction_data();
    void keyReusedForAnotherAction();
    void resendAfterKilledConnectionReplays();
    void killedWhileWaitingAppliesOnceOnResend();
    void concurrentDuplicatesApplyOnce();
    void newActionKeysAreUnique();

    void reasonRequired_data();
    void reasonRequired();
    void sqlRefusesBlankReason_data();
    void sqlRefusesBlankReason();
    void sqlRefusesBlankActionKey_data();
    void sqlRefusesBlankActionKey();

    void continuationPreview_data();
    void continuationPreview();
    void continuationPreviewMatchesContinuation_data();
    void continuationPreviewMatchesContinuation();
    void continuationPreviewOfMissingRun();

private:
    // Set by setUp(): a fresh database, a superuser connection for setup and inspection, and
    // the operator's connection (t_operator) the actions go through.
    bool setUp();
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_op;
    std::unique_ptr<OperatorActions> m_actions;
};

bool TestOperatorActions::setUp() {
    m_actions.reset();
    m_op.reset();
    m_su.reset();
    m_db = std::make_unique<TestDatabase>();
    if (!m_db->isValid()) {
        qWarning("%s", qPrintable(m_db->error()));
        return false;
    }
    if (const QString error = m_db->grantTestLogins(); !error.isEmpty()) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    m_su = m_db->connect();
    m_op = m_db->connect(QStringLiteral("t_operator"));
    if (!m_su || !m_op)
        return false;
    m_actions = std::make_unique<OperatorActions>(*m_op);
    return true;
}

// A refusal: the answer is Changed with the run's current state, the run-side tables are
// exactly as before, and the refused attempt is the one new audit row.
#define VERIFY_REFUSED(result, before, auditBefore, key)                                           \
    do {                                                                                           \
        VERIFY_OK(result);                                                                         \
        QCOMPARE_NAMED((result).value().outcome, OperatorOutcomeKind::Changed);                    \
        QCOMPARE_NAMED((result).value().statusAfter, (result).value().statusBefore);               \
        QVERIFY(!(result).value().originalOutcome.has_value());                                    \
        QCOMPARE(snapshot(*m_su), before);                                                         \
        const QJsonArray audit_ = auditRows(*m_su);                                                \
        QCOMPARE(audit_.size(), (auditBefore) + 1);                                                \
        const QJsonObject last_ = audit_.last().toObject();                                        \
        QCOMPARE(last_.value(QStringLiteral("outcome")).toString(), QStringLiteral("changed"));    \
        QCOMPARE(last_.value(QStringLiteral("action_key")).toString(), QString(key));              \
        QVERIFY(last_.value(QStringLiteral("after")).isNull());                                    \
        QCOMPARE(qint64(last_.value(QStringLiteral("id")).toDouble()), (result).value().auditId);  \
        QCOMPARE(last_.value(QStringLiteral("detail")).toString(), (result).value().detail);       \
    } while (false)

// ---------------------------------------------------------------------------------------------
// op_clear_stale_lease
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::clearStaleLease_data() {
    QTest::addColumn<int>("maxAttempts");
    QTest::addColumn<RunStatus>("after");
    QTest::newRow("attempts left: failed, retryable") << 5 << RunStatus::Failed;
    QTest::newRow("at max_attempts: manual_review") << 1 << RunStatus::ManualReview;
}

void TestOperatorActions::clearStaleLease() {
    QFETCH(int, maxAttempts);
    QFETCH(RunStatus, after);
    QVERIFY(setUp());
    const PreparedRun run =
        prepareRun(*m_su, QStringLiteral("processing_expired"), QStringLiteral("k"), maxAttempts);
    VERIFY_PREPARED(run);

    const auto result = m_actions->clearStaleLease(request(run, QStringLiteral("a-1")));
    VERIFY_OK(result);
    const OperatorOutcome &out = result.value();
    QCOMPARE_NAMED(out.outcome, OperatorOutcomeKind::Applied);
    QCOMPARE(out.runId, run.id);
    QCOMPARE_NAMED(out.statusBefore, RunStatus::Processing);
    QCOMPARE_NAMED(out.statusAfter, after);
    QCOMPARE(out.leaseToken, qint64(2)); // bumped: the old owner is fenced
    QVERIFY(!out.originalOutcome.has_value());
    QCOMPARE(out.detail, QStringLiteral("lease cleared; run is %1; uncertain steps: send")
                             .arg(dedup::core::toString(after)));

    const QJsonObject row = runRow(*m_su, run.id);
    QCOMPARE(row.value(QStringLiteral("status")).toString(), dedup::core::toString(after));
    QCOMPARE(row.value(QStringLiteral("lease_token")).toInt(), 2);
    QVERIFY(row.value(QStringLiteral("lease_owner")).isNull());
    QVERIFY(row.value(QStringLiteral("lease_expires_at")).isNull());
    QCOMPARE(row.value(QStringLiteral("attempt")).toInt(), 1);
    if (after == RunStatus::Failed) {
        const QJsonObject error = row.value(QStringLiteral("last_error")).toObject();
        QCOMPARE(error.value(QStringLiteral("class")).toString(), QStringLiteral("lease_expired"));
        QCOMPARE(error.value(QStringLiteral("retryable")).toBool(), true);
        QVERIFY(!row.value(QStringLiteral("finished_at")).isNull());
        QVERIFY(!row.value(QStringLiteral("expires_at")).isNull());
    } else {
        QVERIFY(row.value(QStringLiteral("review_reason"))
                    .toString()
                    .startsWith(QLatin1String("max_attempts reached (1 of 1)")));
        QVERIFY(row.value(QStringLiteral("expires_at")).isNull());
    }
    QCOMPARE(stepStatuses(*m_su, run.id),
             QStringLiteral("draft=done,send=uncertain,notify=pending"));
    PgParams id;
    id.add(run.id);
    QCOMPARE(text(*m_su,
                  QStringLiteral("SELECT error->>'class' FROM dedup.steps"
                                 " WHERE run_id = $1 AND name = 'send'"),
                  id),
             QStringLiteral("outcome_unknown"));
    // draft's start and completion and send's start are in their rows (0021)
    QCOMPARE(eventKinds(*m_su, run.id), QStringLiteral("claimed,step_uncertain,lease_cleared"));
    QCOMPARE(scalar(*m_su,
                    QStringLiteral("SELECT (detail->>'audit_id')::bigint FROM dedup.events"
                                   " WHERE run_id = $1 AND kind = 'lease_cleared'"),
                    id),
             out.auditId);
    const QJsonArray audit = auditRows(*m_su);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(qint64(audit.at(0).toObject().value(QStringLiteral("id")).toDouble()), out.auditId);
    QCOMPARE(audit.at(0).toObject().value(QStringLiteral("outcome")).toString(),
             QStringLiteral("applied"));

    // The old owner is fenced: its next call (with its token and secret) changes nothing.
    PgParams old;
    old.add(run.id).add(qint64(1)).add(run.secret);
    const PgResult heartbeat =
        m_su->exec(QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid)"), old);
    QCOMPARE(classify(heartbeat.error()), StoreErrorKind::Fenced);
    const PgResult complete = m_su->exec(
        QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, 'send', 'late')"), old);
    QCOMPARE(classify(complete.error()), StoreErrorKind::Fenced);
    QCOMPARE(stepStatuses(*m_su, run.id),
             QStringLiteral("draft=done,send=uncertain,notify=pending"));
}

void TestOperatorActions::clearStaleLeaseRefused_data() {
    QTest::addColumn<QString>("state");
    // What happened after the operator looked: SQL run as the owner, $1 the run id (the
    // worker's lease secret is read from the run).
    QTest::addColumn<QString>("meanwhile");
    QTest::addColumn<qint64>("expectedToken");
    QTest::addColumn<QString>("detailContains");
    QTest::newRow("wrong token") << "processing_expired"
                                 << "" << qint64(7) << "lease token is 1";
    QTest::newRow("lease is live") << "processing"
                                   << "" << qint64(1) << "the lease is live";
    QTest::newRow("worker heartbeat renewed it")
        << "processing_expired"
        << "SELECT dedup.heartbeat(id, 1, lease_secret) FROM dedup.runs WHERE id = $1" << qint64(1)
        << "the lease is live";
    QTest::newRow("worker succeeded meanwhile")
        << "processing_expired"
        << "SELECT dedup.complete_step(id, 1, lease_secret, 'send', 'ref-send'),"
           " dedup.skip_step(id, 1, lease_secret, 'notify'), dedup.succeed(id, 1, lease_secret)"
           " FROM dedup.runs WHERE id = $1"
        << qint64(1) << "run is succeeded";
    QTest::newRow("worker failed meanwhile")
        << "processing_expired"
        << "SELECT dedup.fail(id, 1, lease_secret, 'x', 'y', false) FROM dedup.runs WHERE id = $1"
        << qint64(1) << "run is failed";
    QTest::newRow("another worker took over")
        << "processing_expired"
        << "SELECT dedup.claim('test', 'key-1', 'wf', 'fp', p_worker => 'worker-2') WHERE $1 > 0"
        << qint64(1) << "lease token is 2";
    QTest::newRow("run purged") << "processing_expired"
                                << "" << qint64(-1) << "run not found";
}

void TestOperatorActions::clearStaleLeaseRefused() {
    QFETCH(QString, state);
    QFETCH(QString, meanwhile);
    QFETCH(qint64, expectedToken);
    QFETCH(QString, detailContains);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    if (!meanwhile.isEmpty()) {
        PgParams id;
        id.add(run.id);
        const PgResult changed = m_su->exec(meanwhile, id);
        VERIFY_OK(changed);
    }
    OperatorRequest req = request(run, QStringLiteral("a-1"));
    const bool purged = expectedToken < 0;
    if (purged)
        req.runId = run.id + 1000;
    else
        req.expectedToken = expectedToken;
    const QString before = snapshot(*m_su);
    const QJsonObject rowBefore = runRow(*m_su, run.id);

    const auto result = m_actions->clearStaleLease(req);
    VERIFY_REFUSED(result, before, 0, QStringLiteral("a-1"));
    QVERIFY2(result.value().detail.contains(detailContains), qPrintable(result.value().detail));
    if (purged) {
        QVERIFY(!result.value().statusBefore.has_value());
        QVERIFY(!result.value().leaseToken.has_value());
    } else {
        QCOMPARE(
            result.value().statusBefore,
            dedup::core::runStatusFromString(rowBefore.value(QStringLiteral("status")).toString()));
        // the current token, so the console can re-preview with it
        QCOMPARE(result.value().leaseToken,
                 qint64(rowBefore.value(QStringLiteral("lease_token")).toInt()));
    }
}

// ---------------------------------------------------------------------------------------------
// op_request_continuation
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::requestContinuation_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<bool>("rerunUncertain");
    QTest::newRow("failed") << "failed" << false;
    QTest::newRow("failed, rerun uncertain") << "failed" << true;
    QTest::newRow("manual_review") << "manual_review" << false;
}

void TestOperatorActions::requestContinuation() {
    QFETCH(QString, state);
    QFETCH(bool, rerunUncertain);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    const RunStatus status = *dedup::core::runStatusFromString(state);

    const auto result = m_actions->requestContinuation(
        request(run, QStringLiteral("cont-1"), QStringLiteral("finish it")), rerunUncertain);
    VERIFY_OK(result);
    const OperatorOutcome &out = result.value();
    QCOMPARE_NAMED(out.outcome, OperatorOutcomeKind::Applied);
    QCOMPARE_NAMED(out.statusBefore, status);
    QCOMPARE_NAMED(out.statusAfter, status); // unchanged until a worker takes the command
    QCOMPARE(out.leaseToken, qint64(2));     // every applied action moves the token (0017)

    const PgResult commands = m_su->exec(QStringLiteral(
        "SELECT id, run_id, action_key, kind, status, requested_by, reason, from_step,"
        " rerun_uncertain, taken_by FROM dedup.commands"));
    VERIFY_OK(commands);
    QCOMPARE(commands.rows(), 1);
    QCOMPARE(commands.toInt64(0, "run_id"), run.id);
    QCOMPARE(commands.text(0, "action_key"), QStringLiteral("cont-1"));
    QCOMPARE(commands.text(0, "kind"), QStringLiteral("continue"));
    QCOMPARE(commands.text(0, "status"), QStringLiteral("pending"));
    QCOMPARE(commands.text(0, "requested_by"), QStringLiteral("t_operator"));
    QCOMPARE(commands.text(0, "reason"), QStringLiteral("finish it"));
    QCOMPARE(commands.text(0, "from_step"), QStringLiteral("send"));
    QCOMPARE(commands.toBool(0, "rerun_uncertain"), rerunUncertain);
    QVERIFY(commands.isNull(0, "taken_by"));
    const qint64 commandId = commands.toInt64(0, "id");
    QCOMPARE(out.detail, QStringLiteral("command %1 queued from step send").arg(commandId));

    const QJsonObject row = runRow(*m_su, run.id);
    QCOMPARE(row.value(QStringLiteral("status")).toString(), state);
    QCOMPARE(row.value(QStringLiteral("lease_token")).toInt(), 2);
    QVERIFY(row.value(QStringLiteral("expires_at")).isNull()); // queued runs do not expire
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",continuation_requested")));
    QCOMPARE(auditRows(*m_su).size(), 1);

    // A worker takes it: the steps it gets are the ones not done.
    const PgResult taken = m_su->exec(QStringLiteral(
        "SELECT command_id, run_id, lease_token, from_step, array_to_string(steps, ',') AS steps,"
        " rerun_uncertain FROM dedup.take_command(p_worker => 'worker-2')"));
    VERIFY_OK(taken);
    QCOMPARE(taken.rows(), 1);
    QCOMPARE(taken.toInt64(0, "command_id"), commandId);
    QCOMPARE(taken.toInt64(0, "run_id"), run.id);
    QCOMPARE(taken.toInt64(0, "lease_token"), qint64(3));
    QCOMPARE(taken.text(0, "from_step"), QStringLiteral("send"));
    QCOMPARE(taken.text(0, "steps"), QStringLiteral("send,notify"));
    QCOMPARE(taken.toBool(0, "rerun_uncertain"), rerunUncertain);
}

void TestOperatorActions::requestContinuationRefused_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<bool>("alreadyQueued");
    QTest::addColumn<qint64>("expectedToken");
    QTest::addColumn<QString>("detailContains");
    QTest::newRow("wrong token") << "failed" << false << qint64(3) << "lease token is 1";
    QTest::newRow("processing") << "processing" << false << qint64(1) << "run is processing";
    QTest::newRow("succeeded") << "succeeded" << false << qint64(1) << "run is succeeded";
    // Seen after the first continuation (which moved the token to 2): refused for the queue.
    QTest::newRow("already queued") << "failed" << true << qint64(2) << "already queued";
    // Seen before it: refused because the run changed, naming who changed it.
    QTest::newRow("queued since seen")
        << "failed" << true << qint64(1)
        << "the run changed since it was read: it is failed now, changed by t_operator"
           " (op_request_continuation, audit 1)";
}

void TestOperatorActions::requestContinuationRefused() {
    QFETCH(QString, state);
    QFETCH(bool, alreadyQueued);
    QFETCH(qint64, expectedToken);
    QFETCH(QString, detailContains);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    int audits = 0;
    if (alreadyQueued) {
        const auto first = m_actions->requestContinuation(request(run, QStringLiteral("first")));
        VERIFY_OK(first);
        QCOMPARE_NAMED(first.value().outcome, OperatorOutcomeKind::Applied);
        audits = 1;
    }
    OperatorRequest req = request(run, QStringLiteral("cont-2"));
    req.expectedToken = expectedToken;
    const QString before = snapshot(*m_su);
    const auto result = m_actions->requestContinuation(req);
    VERIFY_REFUSED(result, before, audits, QStringLiteral("cont-2"));
    QVERIFY2(result.value().detail.contains(detailContains), qPrintable(result.value().detail));
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.commands")),
             qint64(alreadyQueued ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// op_route_to_review
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::routeToReview_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<bool>("withCommand");
    QTest::addColumn<qint64>("tokenAfter");
    QTest::addColumn<QString>("stepsAfter");
    QTest::newRow("processing: lease removed, token bumped")
        << "processing" << false << qint64(2) << "draft=done,send=uncertain,notify=pending";
    QTest::newRow("failed") << "failed" << false << qint64(2)
                            << "draft=done,send=uncertain,notify=pending";
    // The continuation moved the token to 2; the route, seen after it, to 3.
    QTest::newRow("failed with a queued continuation: cancelled")
        << "failed" << true << qint64(3) << "draft=done,send=uncertain,notify=pending";
}

void TestOperatorActions::routeToReview() {
    QFETCH(QString, state);
    QFETCH(bool, withCommand);
    QFETCH(qint64, tokenAfter);
    QFETCH(QString, stepsAfter);
    QVERIFY(setUp());
    PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    if (withCommand) {
        const auto queued = m_actions->requestContinuation(request(run, QStringLiteral("cont")));
        VERIFY_OK(queued);
        run.token = queued.value().leaseToken.value_or(-1); // the operator looks again
    }

    const auto result = m_actions->routeToReview(
        request(run, QStringLiteral("route-1"), QStringLiteral("customer complained")),
        QStringLiteral("bob"));
    VERIFY_OK(result);
    QCOMPARE_NAMED(result.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE_NAMED(result.value().statusBefore, dedup::core::runStatusFromString(state));
    QCOMPARE_NAMED(result.value().statusAfter, RunStatus::ManualReview);
    QCOMPARE(result.value().leaseToken, tokenAfter);
    QCOMPARE(result.value().detail, QStringLiteral("routed to review from %1").arg(state));

    const QJsonObject row = runRow(*m_su, run.id);
    QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("manual_review"));
    QCOMPARE(qint64(row.value(QStringLiteral("lease_token")).toInt()), tokenAfter);
    QVERIFY(row.value(QStringLiteral("lease_owner")).isNull());
    QVERIFY(row.value(QStringLiteral("lease_expires_at")).isNull());
    QVERIFY(row.value(QStringLiteral("expires_at")).isNull());
    QCOMPARE(row.value(QStringLiteral("review_reason")).toString(),
             QStringLiteral("customer complained"));
    QCOMPARE(row.value(QStringLiteral("review_assignee")).toString(), QStringLiteral("bob"));
    QVERIFY(row.value(QStringLiteral("review_note")).isNull());
    QVERIFY(!row.value(QStringLiteral("review_at")).isNull());
    QCOMPARE(stepStatuses(*m_su, run.id), stepsAfter);
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",routed_to_review")));
    QCOMPARE(text(*m_su, QStringLiteral("SELECT string_agg(status, ',') FROM dedup.commands")),
             withCommand ? QStringLiteral("cancelled") : QString());
    if (state == QLatin1String("processing")) {
        // the worker that held the lease is fenced
        PgParams old;
        old.add(run.id).add(qint64(1)).add(run.secret);
        const PgResult heartbeat =
            m_su->exec(QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid)"), old);
        QCOMPARE(classify(heartbeat.error()), StoreErrorKind::Fenced);
    }
}

void TestOperatorActions::routeToReviewRefused_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<qint64>("expectedToken");
    QTest::newRow("wrong token") << "processing" << qint64(0);
    QTest::newRow("already in review") << "manual_review" << qint64(1);
    QTest::newRow("succeeded") << "succeeded" << qint64(1);
}

void TestOperatorActions::routeToReviewRefused() {
    QFETCH(QString, state);
    QFETCH(qint64, expectedToken);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    OperatorRequest req = request(run, QStringLiteral("route-1"));
    req.expectedToken = expectedToken;
    const QString before = snapshot(*m_su);
    const auto result = m_actions->routeToReview(req, QStringLiteral("bob"));
    VERIFY_REFUSED(result, before, 0, QStringLiteral("route-1"));
}

// ---------------------------------------------------------------------------------------------
// op_resolve_review
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::resolveReview_data() {
    QTest::addColumn<ReviewResolution>("resolution");
    QTest::addColumn<QString>("result"); // JSON object text, or empty for none
    QTest::addColumn<RunStatus>("after");
    // Ending the run bumps the token, so the worker that lost the run to review cannot pass
    // its late succeed() off as a repeat; a queued continuation leaves it for take_command.
    QTest::addColumn<qint64>("tokenAfter");
    QTest::newRow("succeeded with a result")
        << ReviewResolution::Succeeded << R"({"status": 201, "manual": true})"
        << RunStatus::Succeeded << qint64(2);
    QTest::newRow("succeeded without a result")
        << ReviewResolution::Succeeded << "" << RunStatus::Succeeded << qint64(2);
    QTest::newRow("cancelled") << ReviewResolution::Cancelled << "" << RunStatus::Cancelled
                               << qint64(2);
    QTest::newRow("continue") << ReviewResolution::Continue << "" << RunStatus::ManualReview
                              << qint64(2);
}

void TestOperatorActions::resolveReview() {
    QFETCH(ReviewResolution, resolution);
    QFETCH(QString, result);
    QFETCH(RunStatus, after);
    QFETCH(qint64, tokenAfter);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("manual_review"));
    VERIFY_PREPARED(run);
    std::optional<QJsonObject> stored;
    if (!result.isEmpty())
        stored = QJsonDocument::fromJson(result.toUtf8()).object();

    const auto answer = m_actions->resolveReview(
        request(run, QStringLiteral("resolve-1"), QStringLiteral("checked with the provider")),
        resolution, stored);
    VERIFY_OK(answer);
    QCOMPARE_NAMED(answer.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE_NAMED(answer.value().statusBefore, RunStatus::ManualReview);
    QCOMPARE_NAMED(answer.value().statusAfter, after);
    QCOMPARE(answer.value().leaseToken, tokenAfter);

    const QJsonObject row = runRow(*m_su, run.id);
    QCOMPARE(row.value(QStringLiteral("status")).toString(), dedup::core::toString(after));
    QCOMPARE(qint64(row.value(QStringLiteral("lease_token")).toInt()), tokenAfter);
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",resolved")));
    const qint64 commands = scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.commands"
                                                         " WHERE status = 'pending'"));
    if (resolution == ReviewResolution::Continue) {
        QCOMPARE(commands, qint64(1));
        QVERIFY(row.value(QStringLiteral("finished_at")).isNull());
        QVERIFY(answer.value().detail.startsWith(QLatin1String("resolved: continue; command ")));
        return;
    }
    QCOMPARE(commands, qint64(0));
    QVERIFY(!row.value(QStringLiteral("finished_at")).isNull());
    QVERIFY(!row.value(QStringLiteral("expires_at")).isNull());
    QCOMPARE(answer.value().detail,
             QStringLiteral("resolved: ") + OperatorActions::toString(resolution));
    QCOMPARE(row.value(QStringLiteral("result")),
             stored ? QJsonValue(*stored) : QJsonValue(QJsonValue::Null));

    // The worker that lost the run to review (token 1) reports late: fenced, not a repeat.
    PgParams late;
    late.add(run.id).add(qint64(1)).add(run.secret);
    const PgResult succeeded = m_su->exec(
        QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, '{\"late\": true}'::jsonb)"), late);
    QCOMPARE(classify(succeeded.error()), StoreErrorKind::Fenced);
    QCOMPARE(runRow(*m_su, run.id).value(QStringLiteral("result")),
             stored ? QJsonValue(*stored) : QJsonValue(QJsonValue::Null));

    // A later duplicate delivery replays the resolution instead of running.
    const PgResult claim = m_su->exec(QStringLiteral(
        "SELECT outcome, status, result::text FROM dedup.claim('test', 'key-1', 'wf', 'fp')"));
    VERIFY_OK(claim);
    QCOMPARE(claim.text(0, "outcome"), QStringLiteral("replay"));
    QCOMPARE(claim.text(0, "status"), dedup::core::toString(after));
    if (stored)
        QCOMPARE(QJsonDocument::fromJson(claim.text(0, "result").toUtf8()).object(), *stored);
}

void TestOperatorActions::resolveReviewRefused_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<ReviewResolution>("resolution");
    QTest::addColumn<bool>("alreadyQueued");
    QTest::addColumn<qint64>("expectedToken");
    QTest::newRow("wrong token") << "manual_review" << ReviewResolution::Succeeded << false
                                 << qint64(2);
    QTest::newRow("not in review") << "failed" << ReviewResolution::Cancelled << false << qint64(1);
    QTest::newRow("continue, already queued")
        << "manual_review" << ReviewResolution::Continue << true << qint64(2);
}

void TestOperatorActions::resolveReviewRefused() {
    QFETCH(QString, state);
    QFETCH(ReviewResolution, resolution);
    QFETCH(bool, alreadyQueued);
    QFETCH(qint64, expectedToken);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    int audits = 0;
    if (alreadyQueued) {
        VERIFY_OK(m_actions->requestContinuation(request(run, QStringLiteral("first"))));
        audits = 1;
    }
    OperatorRequest req = request(run, QStringLiteral("resolve-1"));
    req.expectedToken = expectedToken;
    const QString before = snapshot(*m_su);
    const auto result = m_actions->resolveReview(req, resolution);
    VERIFY_REFUSED(result, before, audits, QStringLiteral("resolve-1"));
}

// ---------------------------------------------------------------------------------------------
// op_cancel
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::cancel_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<bool>("withCommand");
    QTest::addColumn<qint64>("tokenAfter");
    QTest::newRow("processing: token bumped") << "processing" << false << qint64(2);
    QTest::newRow("failed") << "failed" << false << qint64(2);
    QTest::newRow("failed with a queued continuation") << "failed" << true << qint64(3);
    QTest::newRow("manual_review") << "manual_review" << false << qint64(2);
}

void TestOperatorActions::cancel() {
    QFETCH(QString, state);
    QFETCH(bool, withCommand);
    QFETCH(qint64, tokenAfter);
    QVERIFY(setUp());
    PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    if (withCommand) {
        const auto queued = m_actions->requestContinuation(request(run, QStringLiteral("cont")));
        VERIFY_OK(queued);
        run.token = queued.value().leaseToken.value_or(-1); // the operator looks again
    }

    const auto result = m_actions->cancel(request(run, QStringLiteral("cancel-1")));
    VERIFY_OK(result);
    QCOMPARE_NAMED(result.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE_NAMED(result.value().statusBefore, dedup::core::runStatusFromString(state));
    QCOMPARE_NAMED(result.value().statusAfter, RunStatus::Cancelled);
    QCOMPARE(result.value().leaseToken, tokenAfter);
    QCOMPARE(result.value().detail, QStringLiteral("cancelled from %1").arg(state));

    const QJsonObject row = runRow(*m_su, run.id);
    QCOMPARE(row.value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(qint64(row.value(QStringLiteral("lease_token")).toInt()), tokenAfter);
    QVERIFY(row.value(QStringLiteral("lease_owner")).isNull());
    QVERIFY(row.value(QStringLiteral("lease_expires_at")).isNull());
    QVERIFY(!row.value(QStringLiteral("finished_at")).isNull());
    QVERIFY(!row.value(QStringLiteral("expires_at")).isNull());
    QCOMPARE(stepStatuses(*m_su, run.id),
             QStringLiteral("draft=done,send=uncertain,notify=pending"));
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",cancelled")));
    QCOMPARE(text(*m_su, QStringLiteral("SELECT string_agg(status, ',') FROM dedup.commands")),
             withCommand ? QStringLiteral("cancelled") : QString());

    const PgResult claim = m_su->exec(
        QStringLiteral("SELECT outcome, status FROM dedup.claim('test', 'key-1', 'wf', 'fp')"));
    VERIFY_OK(claim);
    QCOMPARE(claim.text(0, "outcome"), QStringLiteral("replay"));
    QCOMPARE(claim.text(0, "status"), QStringLiteral("cancelled"));
}

void TestOperatorActions::cancelRefused_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<bool>("cancelFirst");
    QTest::addColumn<qint64>("expectedToken");
    QTest::newRow("wrong token") << "failed" << false << qint64(9);
    QTest::newRow("succeeded") << "succeeded" << false << qint64(1);
    QTest::newRow("already cancelled (another key)") << "failed" << true << qint64(1);
}

void TestOperatorActions::cancelRefused() {
    QFETCH(QString, state);
    QFETCH(bool, cancelFirst);
    QFETCH(qint64, expectedToken);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    if (cancelFirst)
        VERIFY_OK(m_actions->cancel(request(run, QStringLiteral("cancel-0"))));
    OperatorRequest req = request(run, QStringLiteral("cancel-1"));
    req.expectedToken = expectedToken;
    const QString before = snapshot(*m_su);
    const auto result = m_actions->cancel(req);
    VERIFY_REFUSED(result, before, cancelFirst ? 1 : 0, QStringLiteral("cancel-1"));
}

// ---------------------------------------------------------------------------------------------
// op_assign_review, op_review_note
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::assignReview() {
    QVERIFY(setUp());
    PreparedRun run = prepareRun(*m_su, QStringLiteral("manual_review"));
    VERIFY_PREPARED(run);
    const auto assigned =
        m_actions->assignReview(request(run, QStringLiteral("assign-1")), QStringLiteral("carol"));
    VERIFY_OK(assigned);
    QCOMPARE_NAMED(assigned.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE_NAMED(assigned.value().statusAfter, RunStatus::ManualReview);
    QCOMPARE(assigned.value().leaseToken, qint64(2));
    QCOMPARE(assigned.value().detail, QStringLiteral("assigned to carol"));
    QCOMPARE(runRow(*m_su, run.id).value(QStringLiteral("review_assignee")).toString(),
             QStringLiteral("carol"));
    run.token = 2; // the operator acts again on what the answer said

    const auto unassigned =
        m_actions->assignReview(request(run, QStringLiteral("assign-2")), QString());
    VERIFY_OK(unassigned);
    QCOMPARE_NAMED(unassigned.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE(unassigned.value().detail, QStringLiteral("unassigned"));
    QVERIFY(runRow(*m_su, run.id).value(QStringLiteral("review_assignee")).isNull());
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",review_assigned,review_assigned")));
    QCOMPARE(auditRows(*m_su).size(), 2);

    // A run that left review is refused.
    const PreparedRun failed = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("k2"));
    VERIFY_PREPARED(failed);
    const QString before = snapshot(*m_su);
    const auto refused = m_actions->assignReview(request(failed, QStringLiteral("assign-3")),
                                                 QStringLiteral("carol"));
    VERIFY_REFUSED(refused, before, 2, QStringLiteral("assign-3"));
}

void TestOperatorActions::reviewNote() {
    QVERIFY(setUp());
    PreparedRun run = prepareRun(*m_su, QStringLiteral("manual_review"));
    VERIFY_PREPARED(run);
    const auto first = m_actions->reviewNote(request(run, QStringLiteral("note-1")),
                                             QStringLiteral("asked the provider"));
    VERIFY_OK(first);
    QCOMPARE_NAMED(first.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE(first.value().detail, QStringLiteral("note saved"));
    run.token = first.value().leaseToken.value_or(-1);
    const auto second = m_actions->reviewNote(request(run, QStringLiteral("note-2")),
                                              QStringLiteral("provider confirms SM8812"));
    VERIFY_OK(second);
    QCOMPARE(runRow(*m_su, run.id).value(QStringLiteral("review_note")).toString(),
             QStringLiteral("provider confirms SM8812"));
    // the history stays in the audit log
    const QJsonArray audit = auditRows(*m_su);
    QCOMPARE(audit.size(), 2);
    QCOMPARE(audit.at(0)
                 .toObject()
                 .value(QStringLiteral("params"))
                 .toObject()
                 .value(QStringLiteral("note")),
             QJsonValue(QStringLiteral("asked the provider")));
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",review_noted,review_noted")));
}

void TestOperatorActions::reviewNoteRefused_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("note");
    QTest::addColumn<bool>("isError"); // InvalidArgument instead of Changed
    QTest::newRow("empty note") << "manual_review"
                                << "" << true;
    QTest::newRow("blank note") << "manual_review"
                                << "   " << true;
    QTest::newRow("not in review") << "failed"
                                   << "a note" << false;
}

void TestOperatorActions::reviewNoteRefused() {
    QFETCH(QString, state);
    QFETCH(QString, note);
    QFETCH(bool, isError);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    const QString before = snapshot(*m_su);
    const auto result = m_actions->reviewNote(request(run, QStringLiteral("note-1")), note);
    if (!isError) {
        VERIFY_REFUSED(result, before, 0, QStringLiteral("note-1"));
        return;
    }
    QVERIFY(!result.ok());
    QCOMPARE(result.errorKind(), StoreErrorKind::InvalidArgument);
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 0);
}

// ---------------------------------------------------------------------------------------------
// op_resolve_step
// ---------------------------------------------------------------------------------------------

void TestOperatorActions::resolveStep_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("step");
    QTest::addColumn<StepResolution>("resolution");
    QTest::addColumn<QString>("ref");
    QTest::addColumn<QString>("stepsAfter");
    QTest::newRow("uncertain -> done, with ref") << "failed"
                                                 << "send" << StepResolution::Done << "SM8812"
                                                 << "draft=done,send=done,notify=pending";
    QTest::newRow("uncertain -> skipped") << "failed"
                                          << "send" << StepResolution::Skipped << ""
                                          << "draft=done,send=skipped,notify=pending";
    QTest::newRow("pending -> skipped") << "failed"
                                        << "notify" << StepResolution::Skipped << ""
                                        << "draft=done,send=uncertain,notify=skipped";
    QTest::newRow("in review: uncertain -> done") << "manual_review"
                                                  << "send" << StepResolution::Done << ""
                                                  << "draft=done,send=done,notify=pending";
}

void TestOperatorActions::resolveStep() {
    QFETCH(QString, state);
    QFETCH(QString, step);
    QFETCH(StepResolution, resolution);
    QFETCH(QString, ref);
    QFETCH(QString, stepsAfter);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    PgParams stepArgs;
    stepArgs.add(run.id).add(step);
    const QString statusBefore = text(
        *m_su, QStringLiteral("SELECT status FROM dedup.steps WHERE run_id = $1 AND name = $2"),
        stepArgs);

    const auto result =
        m_actions->resolveStep(request(run, QStringLiteral("step-1")), step, resolution, ref);
    VERIFY_OK(result);
    QCOMPARE_NAMED(result.value().outcome, OperatorOutcomeKind::Applied);
    QCOMPARE_NAMED(result.value().statusBefore, dedup::core::runStatusFromString(state));
    QCOMPARE_NAMED(result.value().statusAfter, dedup::core::runStatusFromString(state));
    QCOMPARE(result.value().leaseToken, qint64(2));
    QCOMPARE(result.value().detail,
             QStringLiteral("step \"%1\": %2 -> %3")
                 .arg(step, statusBefore, OperatorActions::toString(resolution)));
    QCOMPARE(stepStatuses(*m_su, run.id), stepsAfter);
    const PgResult row =
        m_su->exec(QStringLiteral("SELECT side_effect_ref, finished_at FROM dedup.steps"
                                  " WHERE run_id = $1 AND name = $2"),
                   stepArgs);
    VERIFY_OK(row);
    QCOMPARE(row.text(0, "side_effect_ref"), ref.isEmpty() ? QString() : ref);
    QVERIFY(!row.isNull(0, "finished_at"));
    QCOMPARE(runRow(*m_su, run.id).value(QStringLiteral("status")).toString(), state);
    QVERIFY(eventKinds(*m_su, run.id).endsWith(QLatin1String(",step_resolved")));
    QCOMPARE(auditRows(*m_su).size(), 1);
}

void TestOperatorActions::resolveStepRefused_data() {
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("step");
    QTest::addColumn<StepResolution>("resolution");
    QTest::addColumn<qint64>("expectedToken");
    QTest::newRow("done step cannot be redone") << "failed"
                                                << "draft" << StepResolution::Done << qint64(1);
    QTest::newRow("done step cannot be skipped") << "failed"
                                                 << "draft" << StepResolution::Skipped << qint64(1);
    QTest::newRow("pending step cannot be marked done")
        << "failed"
        << "notify" << StepResolution::Done << qint64(1);
    QTest::newRow("run is processing") << "processing"
                                       << "send" << StepResolution::Done << qint64(1);
    QTest::newRow("wrong token") << "failed"
                                 << "send" << StepResolution::Done << qint64(2);
}

void TestOperatorActions::resolveStepRefused() {
    QFETCH(QString, state);
    QFETCH(QString, step);
    QFETCH(StepResolution, resolution);
    QFETCH(qint64, expectedToken);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, state);
    VERIFY_PREPARED(run);
    OperatorRequest req = request(run, QStringLiteral("step-1"));
    req.expectedToken = expectedToken;
    const QString before = snapshot(*m_su);
    const auto result = m_actions->resolveStep(req, step, resolution, QStringLiteral("ref"));
    VERIFY_REFUSED(result, before, 0, QStringLiteral("step-1"));
}

void TestOperatorActions::resolveUnknownStepIsAnError() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    const QString before = snapshot(*m_su);
    const auto result =
        m_actions->resolveStep(request(run, QStringLiteral("step-1")),
                               QStringLiteral("no_such_step"), StepResolution::Skipped);
    QVERIFY(!result.ok());
    QCOMPARE(result.errorKind(), StoreErrorKind::UnknownStep);
    QCOMPARE(result.error().sqlState, QStringLiteral("DD007"));
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 0);
}

// The operator queues a continuation, then settles the step it would start from (the run is
// still failed, so op_resolve_step applies). The worker that takes the command must be told
// to start from the first step still to do, as take_command's `steps` already says.
void TestOperatorActions::continuationStartsAfterStepsSettledLater() {
    QVERIFY(setUp());
    PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    const auto queued = m_actions->requestContinuation(request(run, QStringLiteral("cont")));
    VERIFY_OK(queued);
    QCOMPARE(queued.value().detail.endsWith(QLatin1String("from step send")), true);
    run.token = queued.value().leaseToken.value_or(-1); // the operator sees the queued run
    const auto settled =
        m_actions->resolveStep(request(run, QStringLiteral("step")), QStringLiteral("send"),
                               StepResolution::Done, QStringLiteral("SM1"));
    VERIFY_OK(settled);
    QCOMPARE_NAMED(settled.value().outcome, OperatorOutcomeKind::Applied);
    const PgResult taken =
        m_su->exec(QStringLiteral("SELECT from_step, array_to_string(steps, ',') AS steps"
                                  " FROM dedup.take_command(p_worker => 'worker-2')"));
    VERIFY_OK(taken);
    QCOMPARE(taken.rows(), 1);
    QCOMPARE(taken.text(0, "steps"), QStringLiteral("notify"));
    QCOMPARE(taken.text(0, "from_step"), QStringLiteral("notify"));
}

// op_assign_review treats '' as "unassigned" (NULL); op_route_to_review must store the same,
// or the review queue shows runs "assigned to nobody" that an "unassigned" filter misses.
void TestOperatorActions::sqlRouteToReviewEmptyAssigneeIsUnassigned() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    PgParams params;
    params.add(run.id).add(run.token).add(QStringLiteral("check")).add(QStringLiteral("k"));
    const PgResult routed = m_op->exec(
        QStringLiteral("SELECT outcome FROM dedup.op_route_to_review($1::bigint, $2::bigint,"
                       " $3::text, $4::text, p_assignee => '')"),
        params);
    VERIFY_OK(routed);
    QCOMPARE(routed.text(0, 0), QStringLiteral("applied"));
    QVERIFY2(runRow(*m_su, run.id).value(QStringLiteral("review_assignee")).isNull(),
             "review_assignee is '' instead of NULL");
}

// ---------------------------------------------------------------------------------------------
// Every action: stale intent, idempotency
// ---------------------------------------------------------------------------------------------

static void addActionRows() {
    QTest::addColumn<QString>("action");
    for (const QString &action : allActions())
        QTest::newRow(qPrintable(action)) << action;
}

void TestOperatorActions::wrongTokenIsChangedForEveryAction_data() {
    addActionRows();
}

void TestOperatorActions::wrongTokenIsChangedForEveryAction() {
    QFETCH(QString, action);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action));
    VERIFY_PREPARED(run);
    OperatorRequest req = request(run, QStringLiteral("k-1"));
    req.expectedToken = run.token + 1;
    const QString before = snapshot(*m_su);
    const auto result = invoke(*m_actions, action, req);
    VERIFY_REFUSED(result, before, 0, QStringLiteral("k-1"));
    QCOMPARE(result.value().leaseToken, run.token);
    QCOMPARE(auditRows(*m_su).last().toObject().value(QStringLiteral("action")).toString(), action);
}

void TestOperatorActions::sameKeyTwiceAppliesOnce_data() {
    addActionRows();
}

void TestOperatorActions::sameKeyTwiceAppliesOnce() {
    QFETCH(QString, action);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action));
    VERIFY_PREPARED(run);
    const OperatorRequest req = request(run, OperatorActions::newActionKey());

    const auto first = invoke(*m_actions, action, req);
    VERIFY_OK(first);
    QCOMPARE_NAMED(first.value().outcome, OperatorOutcomeKind::Applied);
    const QString afterFirst = snapshot(*m_su);

    // A double click / a resend: the same request again.
    const auto second = invoke(*m_actions, action, req);
    VERIFY_OK(second);
    QCOMPARE_NAMED(second.value().outcome, OperatorOutcomeKind::Replayed);
    QCOMPARE_NAMED(second.value().originalOutcome, OperatorOutcomeKind::Applied);
    QVERIFY(second.value().isApplied());
    QCOMPARE(second.value().runId, first.value().runId);
    QCOMPARE(second.value().auditId, first.value().auditId);
    QCOMPARE_NAMED(second.value().statusBefore, first.value().statusBefore);
    QCOMPARE_NAMED(second.value().statusAfter, first.value().statusAfter);
    QCOMPARE(second.value().leaseToken, first.value().leaseToken);
    QCOMPARE(second.value().detail, first.value().detail);
    QCOMPARE(snapshot(*m_su), afterFirst);

    // Even with the token the operator would see now, the key names the intent already done.
    OperatorRequest again = req;
    again.expectedToken = *first.value().leaseToken;
    const auto third = invoke(*m_actions, action, again);
    VERIFY_OK(third);
    QCOMPARE_NAMED(third.value().outcome, OperatorOutcomeKind::Replayed);
    QCOMPARE(third.value().auditId, first.value().auditId);
    QCOMPARE(snapshot(*m_su), afterFirst);
    QCOMPARE(auditRows(*m_su).size(), 1);
}

void TestOperatorActions::replayOfRefusal() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("processing")); // lease is live
    VERIFY_PREPARED(run);
    const OperatorRequest req = request(run, QStringLiteral("clear-1"));
    const auto first = m_actions->clearStaleLease(req);
    VERIFY_OK(first);
    QCOMPARE_NAMED(first.value().outcome, OperatorOutcomeKind::Changed);
    // The lease expires later; the same key still means the refused intent.
    PgParams id;
    id.add(run.id);
    VERIFY_OK(m_su->exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() -"
                                        " interval '1 minute' WHERE id = $1"),
                         id));
    const QString before = snapshot(*m_su);
    const auto second = m_actions->clearStaleLease(req);
    VERIFY_OK(second);
    QCOMPARE_NAMED(second.value().outcome, OperatorOutcomeKind::Replayed);
    QCOMPARE_NAMED(second.value().originalOutcome, OperatorOutcomeKind::Changed);
    QVERIFY(!second.value().isApplied());
    QCOMPARE(second.value().auditId, first.value().auditId);
    QCOMPARE(second.value().detail, first.value().detail);
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 1);
}

void TestOperatorActions::keyReusedForAnotherRun_data() {
    addActionRows();
}

void TestOperatorActions::keyReusedForAnotherRun() {
    QFETCH(QString, action);
    QVERIFY(setUp());
    const PreparedRun runA = prepareRun(*m_su, stateFor(action), QStringLiteral("key-a"));
    const PreparedRun runB = prepareRun(*m_su, stateFor(action), QStringLiteral("key-b"));
    VERIFY_PREPARED(runA);
    VERIFY_PREPARED(runB);
    const auto first = invoke(*m_actions, action, request(runA, QStringLiteral("shared")));
    VERIFY_OK(first);
    QCOMPARE_NAMED(first.value().outcome, OperatorOutcomeKind::Applied);
    const QString before = snapshot(*m_su);

    const auto second = invoke(*m_actions, action, request(runB, QStringLiteral("shared")));
    QVERIFY(!second.ok());
    QCOMPARE(second.errorKind(), StoreErrorKind::ActionKeyConflict);
    QCOMPARE(second.error().sqlState, QStringLiteral("DD005"));
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 1);
}

void TestOperatorActions::keyReusedForAnotherAction_data() {
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::newRow("continuation, then cancel") << "op_request_continuation"
                                               << "op_cancel";
    QTest::newRow("assign, then note") << "op_assign_review"
                                       << "op_review_note";
    QTest::newRow("resolve step, then route") << "op_resolve_step"
                                              << "op_route_to_review";
}

void TestOperatorActions::keyReusedForAnotherAction() {
    QFETCH(QString, first);
    QFETCH(QString, second);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(first));
    VERIFY_PREPARED(run);
    const auto applied = invoke(*m_actions, first, request(run, QStringLiteral("shared")));
    VERIFY_OK(applied);
    QCOMPARE_NAMED(applied.value().outcome, OperatorOutcomeKind::Applied);
    const QString before = snapshot(*m_su);
    const auto conflict = invoke(*m_actions, second, request(run, QStringLiteral("shared")));
    QVERIFY(!conflict.ok());
    QCOMPARE(conflict.errorKind(), StoreErrorKind::ActionKeyConflict);
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 1);
}

// The operator's connection dies after the action committed (the reply may or may not have
// arrived): the console reconnects and resends the same request, which replays.
void TestOperatorActions::resendAfterKilledConnectionReplays() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    const OperatorRequest req = request(run, OperatorActions::newActionKey());
    const auto first = m_actions->requestContinuation(req);
    VERIFY_OK(first);
    QCOMPARE_NAMED(first.value().outcome, OperatorOutcomeKind::Applied);
    const QString afterFirst = snapshot(*m_su);

    PgParams pid;
    pid.add(qint64(m_op->backendPid()));
    const PgResult killed = m_su->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), pid);
    QVERIFY2(killed.ok() && killed.toBool(0, 0), qPrintable(killed.error().toString()));

    const auto lost = m_actions->requestContinuation(req);
    QVERIFY(!lost.ok());
    QCOMPARE(lost.errorKind(), StoreErrorKind::ConnectionLost);
    QVERIFY(isTransient(lost.errorKind()));

    QVERIFY2(m_op->open(m_op->conninfo()), qPrintable(m_op->openError().toString()));
    const auto resent = m_actions->requestContinuation(req);
    VERIFY_OK(resent);
    QCOMPARE_NAMED(resent.value().outcome, OperatorOutcomeKind::Replayed);
    QCOMPARE_NAMED(resent.value().originalOutcome, OperatorOutcomeKind::Applied);
    QCOMPARE(resent.value().auditId, first.value().auditId);
    QCOMPARE(snapshot(*m_su), afterFirst);
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.commands")), qint64(1));
    QCOMPARE(auditRows(*m_su).size(), 1);
}

// The operator's backend is killed while its action waits for the run's row lock: the
// transaction never commits, so the resend is the one that applies, exactly once.
void TestOperatorActions::killedWhileWaitingAppliesOnceOnResend() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    auto blocker = m_db->connect();
    QVERIFY(blocker);
    PgParams id;
    id.add(run.id);
    VERIFY_OK(blocker->exec(QStringLiteral("BEGIN")));
    VERIFY_OK(
        blocker->exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), id));
    const QString before = snapshot(*m_su);

    const OperatorRequest req = request(run, OperatorActions::newActionKey());
    const int victimPid = m_op->backendPid();
    auto pending =
        std::async(std::launch::async, [this, req] { return m_actions->requestContinuation(req); });
    // Wait until the action is blocked on the lock, then kill its backend.
    PgParams pid;
    pid.add(qint64(victimPid));
    bool waiting = false;
    for (int i = 0; i < 200 && !waiting; ++i) {
        waiting = text(*m_su,
                       QStringLiteral("SELECT wait_event_type FROM pg_stat_activity"
                                      " WHERE pid = $1"),
                       pid) == QLatin1String("Lock");
        if (!waiting)
            QTest::qWait(25);
    }
    QVERIFY(waiting);
    const PgResult killed = m_su->exec(QStringLiteral("SELECT pg_terminate_backend($1)"), pid);
    QVERIFY2(killed.ok() && killed.toBool(0, 0), qPrintable(killed.error().toString()));
    const auto lost = pending.get();
    QVERIFY(!lost.ok());
    QCOMPARE(lost.errorKind(), StoreErrorKind::ConnectionLost);
    VERIFY_OK(blocker->exec(QStringLiteral("COMMIT")));
    QCOMPARE(snapshot(*m_su), before); // all or nothing: nothing
    QCOMPARE(auditRows(*m_su).size(), 0);

    QVERIFY2(m_op->open(m_op->conninfo()), qPrintable(m_op->openError().toString()));
    const auto resent = m_actions->requestContinuation(req);
    VERIFY_OK(resent);
    QCOMPARE_NAMED(resent.value().outcome, OperatorOutcomeKind::Applied);
    const auto again = m_actions->requestContinuation(req);
    VERIFY_OK(again);
    QCOMPARE_NAMED(again.value().outcome, OperatorOutcomeKind::Replayed);
    QCOMPARE(again.value().auditId, resent.value().auditId);
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.commands")), qint64(1));
    QCOMPARE(auditRows(*m_su).size(), 1);
}

// Two consoles send the same request at the same moment: one applies, the other replays.
void TestOperatorActions::concurrentDuplicatesApplyOnce() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    auto blocker = m_db->connect();
    auto otherConsole = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(blocker && otherConsole);
    OperatorActions otherActions(*otherConsole);
    PgParams id;
    id.add(run.id);
    VERIFY_OK(blocker->exec(QStringLiteral("BEGIN")));
    VERIFY_OK(
        blocker->exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), id));

    const OperatorRequest req = request(run, OperatorActions::newActionKey());
    auto one = std::async(std::launch::async, [this, req] { return m_actions->cancel(req); });
    auto two =
        std::async(std::launch::async, [&otherActions, req] { return otherActions.cancel(req); });
    // Both wait: one for the run's row lock, the other for the action key's lock row.
    PgParams pids;
    pids.add(qint64(m_op->backendPid())).add(qint64(otherConsole->backendPid()));
    qint64 waiting = 0;
    for (int i = 0; i < 200 && waiting < 2; ++i) {
        waiting = scalar(*m_su,
                         QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                        " WHERE pid IN ($1, $2) AND wait_event_type = 'Lock'"),
                         pids);
        if (waiting < 2)
            QTest::qWait(25);
    }
    QCOMPARE(waiting, qint64(2));
    VERIFY_OK(blocker->exec(QStringLiteral("COMMIT")));
    const auto a = one.get();
    const auto b = two.get();
    VERIFY_OK(a);
    VERIFY_OK(b);
    QStringList outcomes{name(a.value().outcome), name(b.value().outcome)};
    outcomes.sort();
    QCOMPARE(outcomes, list("applied,replayed"));
    QCOMPARE(a.value().auditId, b.value().auditId);
    QCOMPARE(auditRows(*m_su).size(), 1);
    PgParams runId;
    runId.add(run.id);
    QCOMPARE(text(*m_su, QStringLiteral("SELECT status FROM dedup.runs WHERE id = $1"), runId),
             QStringLiteral("cancelled"));
    QCOMPARE(eventKinds(*m_su, run.id).count(QLatin1String("cancelled")), 1);
}

void TestOperatorActions::newActionKeysAreUnique() {
    QSet<QString> keys;
    for (int i = 0; i < 1000; ++i)
        keys.insert(OperatorActions::newActionKey());
    QCOMPARE(keys.size(), 1000);
    QCOMPARE(OperatorActions::newActionKey().size(), 36); // a UUID without braces
}

// ---------------------------------------------------------------------------------------------
// Reason and action key are required
// ---------------------------------------------------------------------------------------------

static void addBlankRows() {
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("blank");
    const QList<std::pair<const char *, QString>> blanks{{"empty", QString()},
                                                         {"spaces", QStringLiteral("   ")},
                                                         {"tab", QStringLiteral("\t")},
                                                         {"newline", QStringLiteral("\n")},
                                                         {"mixed", QStringLiteral(" \t\r\n ")}};
    for (const QString &action : allActions())
        for (const auto &[name, blank] : blanks)
            QTest::addRow("%s/%s", qPrintable(action), name) << action << blank;
}

void TestOperatorActions::reasonRequired_data() {
    addBlankRows();
}

void TestOperatorActions::reasonRequired() {
    QFETCH(QString, action);
    QFETCH(QString, blank);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action));
    VERIFY_PREPARED(run);
    const QString before = snapshot(*m_su);
    const auto result = invoke(*m_actions, action, request(run, QStringLiteral("k"), blank));
    QVERIFY(!result.ok());
    QCOMPARE(result.errorKind(), StoreErrorKind::InvalidArgument);
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 0);
}

// The server enforces the same rule for clients that are not this console.
void TestOperatorActions::sqlRefusesBlankReason_data() {
    addBlankRows();
}

void TestOperatorActions::sqlRefusesBlankReason() {
    QFETCH(QString, action);
    QFETCH(QString, blank);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action));
    VERIFY_PREPARED(run);
    const QString before = snapshot(*m_su);
    PgParams params;
    params.add(run.id).add(run.token).add(blank).add(QStringLiteral("k"));
    const PgResult result = m_op->exec(sqlFor(action), params);
    QVERIFY2(!result.ok(), "a blank reason was accepted");
    QCOMPARE(result.error().sqlState, QStringLiteral("DD004"));
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 0);
}

void TestOperatorActions::sqlRefusesBlankActionKey_data() {
    addBlankRows();
}

void TestOperatorActions::sqlRefusesBlankActionKey() {
    QFETCH(QString, action);
    QFETCH(QString, blank);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action));
    VERIFY_PREPARED(run);
    const QString before = snapshot(*m_su);
    // through the API
    OperatorRequest req = request(run, blank);
    const auto viaApi = invoke(*m_actions, action, req);
    QVERIFY(!viaApi.ok());
    QCOMPARE(viaApi.errorKind(), StoreErrorKind::InvalidArgument);
    // and directly
    PgParams params;
    params.add(run.id).add(run.token).add(QStringLiteral("a reason")).add(blank);
    const PgResult result = m_op->exec(sqlFor(action), params);
    QVERIFY2(!result.ok(), "a blank action key was accepted");
    QCOMPARE(result.error().sqlState, QStringLiteral("DD004"));
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 0);
}

// ---------------------------------------------------------------------------------------------
// continuation_preview
// ---------------------------------------------------------------------------------------------

// A failed run whose steps are: a done, b as `b` says ("failed", "uncertain with a key":
// uncertain with a downstream key, "uncertain": without one), c pending, d skipped. Steps run
// in their order, so b is the one started step that is not settled; the worker skipped d
// (skip_step needs no order) before the run failed.
static PreparedRun prepareMixedRun(PgConnection &su, const QString &b) {
    PreparedRun run;
    const PgResult claimed =
        su.exec(QStringLiteral("SELECT run_id, lease_token, lease_secret::text AS lease_secret"
                               " FROM dedup.claim('test', 'mixed', 'wf', 'fp',"
                               " p_worker => 'worker-1', p_steps => '{a,b,c,d}')"));
    if (!claimed.ok()) {
        run.error = claimed.error().toString();
        return run;
    }
    run.id = claimed.toInt64(0, "run_id");
    run.token = claimed.toInt64(0, "lease_token");
    run.secret = claimed.text(0, "lease_secret");
    PgParams ids;
    ids.add(run.id).add(run.token).add(run.secret);
    QStringList calls{
        QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'a', 'dk-a')"),
        QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, 'a', 'ref-a')"),
        QStringLiteral("SELECT dedup.skip_step($1, $2, $3::uuid, 'd', 'not needed')"),
    };
    if (b == QLatin1String("failed")) {
        calls << QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'b')")
              << QStringLiteral("SELECT dedup.fail_step($1, $2, $3::uuid, 'b', 'validation',"
                                " '422 from provider', false)");
    } else {
        calls << (b == QLatin1String("uncertain with a key")
                      ? QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'b', 'dk-b')")
                      : QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'b')"))
              << QStringLiteral("SELECT dedup.fail_step($1, $2, $3::uuid, 'b', 'timeout',"
                                " 'no answer', true)");
    }
    calls << QStringLiteral(
        "SELECT dedup.fail($1, $2, $3::uuid, 'timeout', 'provider down', true)");
    for (const QString &call : calls) {
        const PgResult result = su.exec(call, ids);
        if (!result.ok()) {
            run.error = call + QStringLiteral(": ") + result.error().toString();
            return run;
        }
    }
    return run;
}

void TestOperatorActions::continuationPreview_data() {
    QTest::addColumn<QString>("b");         // prepareMixedRun's step b
    QTest::addColumn<QString>("status");    // b's status
    QTest::addColumn<QString>("will");      // what the preview says a continuation does with b
    QTest::addColumn<QString>("rerunWill"); // the same when the operator vouches for b
    QTest::newRow("b failed") << "failed"
                              << "failed"
                              << "run"
                              << "run";
    QTest::newRow("b uncertain with a downstream key") << "uncertain with a key"
                                                       << "uncertain"
                                                       << "run"
                                                       << "run";
    QTest::newRow("b uncertain without one") << "uncertain"
                                             << "uncertain"
                                             << "uncertain"
                                             << "run";
}

void TestOperatorActions::continuationPreview() {
    QFETCH(QString, b);
    QFETCH(QString, status);
    QFETCH(QString, will);
    QFETCH(QString, rerunWill);
    QVERIFY(setUp());
    const PreparedRun run = prepareMixedRun(*m_su, b);
    VERIFY_PREPARED(run);
    const QString before = snapshot(*m_su);

    const auto preview = m_actions->continuationPreview(run.id);
    VERIFY_OK(preview);
    const QList<ContinuationStep> &steps = preview.value();
    QCOMPARE(steps.size(), 4);
    QStringList names, wills, statuses;
    for (const ContinuationStep &step : steps) {
        names << step.name;
        wills << toString(step.will);
        statuses << step.statusText;
        QCOMPARE(step.ordinal, int(names.size()));
        QVERIFY(step.status.has_value());
        QCOMPARE(dedup::core::toString(*step.status), step.statusText);
    }
    QCOMPARE(names, list("a,b,c,d"));
    QCOMPARE(statuses, (QStringList{QStringLiteral("done"), status, QStringLiteral("pending"),
                                    QStringLiteral("skipped")}));
    QCOMPARE(wills, (QStringList{QStringLiteral("skip"), will, QStringLiteral("run"),
                                 QStringLiteral("skip")}));
    // An operator reads the provider's reference and the downstream key redacted
    // (0016_protected_columns.sql): present, but as keyed hashes.
    const auto redacted = [](const QString &value) {
        return value.startsWith(QLatin1String("h:")) && value.size() == 18;
    };
    QVERIFY2(redacted(steps[0].sideEffectRef), qPrintable(steps[0].sideEffectRef));
    QVERIFY2(redacted(steps[0].downstreamKey), qPrintable(steps[0].downstreamKey));
    QCOMPARE(steps[1].attempts, 1);
    if (b == QLatin1String("failed")) {
        QCOMPARE(steps[1].error.value(QStringLiteral("class")).toString(),
                 QStringLiteral("validation"));
    } else if (b == QLatin1String("uncertain with a key")) {
        QVERIFY2(redacted(steps[1].downstreamKey), qPrintable(steps[1].downstreamKey));
    } else {
        QVERIFY(steps[1].downstreamKey.isNull());
        QCOMPARE_NAMED(steps[1].status, StepStatus::Uncertain);
    }
    QVERIFY(steps[2].sideEffectRef.isNull());
    QCOMPARE(steps[2].attempts, 0);
    QVERIFY(steps[2].error.isEmpty());

    // The operator vouches that uncertain steps did not happen.
    const auto rerun = m_actions->continuationPreview(run.id, true);
    VERIFY_OK(rerun);
    QStringList rerunWills;
    for (const ContinuationStep &step : rerun.value())
        rerunWills << toString(step.will);
    QCOMPARE(rerunWills, (QStringList{QStringLiteral("skip"), rerunWill, QStringLiteral("run"),
                                      QStringLiteral("skip")}));

    // Read-only.
    QCOMPARE(snapshot(*m_su), before);
    QCOMPARE(auditRows(*m_su).size(), 0);
}

// What the preview promised is what begin_step answers once a worker takes the continuation.
void TestOperatorActions::continuationPreviewMatchesContinuation_data() {
    QTest::addColumn<QString>("b"); // prepareMixedRun's step b
    QTest::addColumn<bool>("rerunUncertain");
    for (const char *b : {"failed", "uncertain with a key", "uncertain"}) {
        QTest::addRow("b %s", b) << QString::fromLatin1(b) << false;
        QTest::addRow("b %s, rerun uncertain", b) << QString::fromLatin1(b) << true;
    }
}

void TestOperatorActions::continuationPreviewMatchesContinuation() {
    QFETCH(QString, b);
    QFETCH(bool, rerunUncertain);
    QVERIFY(setUp());
    const PreparedRun run = prepareMixedRun(*m_su, b);
    VERIFY_PREPARED(run);
    const auto preview = m_actions->continuationPreview(run.id, rerunUncertain);
    VERIFY_OK(preview);
    const auto queued =
        m_actions->requestContinuation(request(run, QStringLiteral("cont")), rerunUncertain);
    VERIFY_OK(queued);
    QCOMPARE_NAMED(queued.value().outcome, OperatorOutcomeKind::Applied);

    const PgResult taken =
        m_su->exec(QStringLiteral("SELECT run_id, lease_token, lease_secret::text AS lease_secret"
                                  " FROM dedup.take_command(p_worker => 'worker-2')"));
    VERIFY_OK(taken);
    QCOMPARE(taken.rows(), 1);
    const qint64 token = taken.toInt64(0, "lease_token");
    const QString secret = taken.text(0, "lease_secret");
    // In step order (a step begins once the ones before it are settled, so each step the
    // worker runs is completed before the next); an 'uncertain' answer ends the lease.
    bool uncertain = false;
    QStringList asked;
    for (const QString &name : list("a,b,c,d")) {
        const auto it = std::find_if(preview.value().begin(), preview.value().end(),
                                     [&](const ContinuationStep &s) { return s.name == name; });
        QVERIFY(it != preview.value().end());
        PgParams args;
        args.add(run.id).add(token).add(secret).add(name);
        const PgResult answer =
            m_su->exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)"), args);
        VERIFY_OK(answer);
        QVERIFY2(answer.text(0, 0) == toString(it->will),
                 qPrintable(QStringLiteral("step %1: preview said %2, begin_step answered %3")
                                .arg(name, toString(it->will), answer.text(0, 0))));
        asked << name;
        if (answer.text(0, 0) == QLatin1String("uncertain")) {
            uncertain = true;
            break;
        }
        if (answer.text(0, 0) == QLatin1String("run")) {
            const PgResult done = m_su->exec(
                QStringLiteral(
                    "SELECT dedup.complete_step($1, $2, $3::uuid, $4::text, 'ref-' || $4::text)"),
                args);
            VERIFY_OK(done);
        }
    }
    const bool expectUncertain = b == QLatin1String("uncertain") && !rerunUncertain;
    QCOMPARE(uncertain, expectUncertain);
    QCOMPARE(asked, expectUncertain ? list("a,b") : list("a,b,c,d"));
    PgParams id;
    id.add(run.id);
    QCOMPARE(text(*m_su, QStringLiteral("SELECT status FROM dedup.runs WHERE id = $1"), id),
             expectUncertain ? QStringLiteral("manual_review") : QStringLiteral("processing"));
}

void TestOperatorActions::continuationPreviewOfMissingRun() {
    QVERIFY(setUp());
    const auto preview = m_actions->continuationPreview(424242);
    QVERIFY(!preview.ok());
    QCOMPARE(preview.errorKind(), StoreErrorKind::RunNotFound);
}

QTEST_GUILESS_MAIN(TestOperatorActions)
#include "tst_operatoractions.moc"
