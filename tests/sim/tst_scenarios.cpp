// The field scenarios of docs/SIMULATOR.md under the full protocol, each against a fresh
// database: the runner's own checks must all pass, and the ledger and the store are then
// inspected directly, so a wrong runner cannot pass a broken protocol.
#include "SimFixture.h"
#include "TestDatabase.h"
#include "sim/ScenarioCatalog.h"
#include "sim/ScenarioRunner.h"
#include "sim/SimNames.h"
#include "sim/SimSchema.h"
#include "worker/Worker.h"

#include <QJsonObject>
#include <QtTest>

using namespace dedup::sim;
using dedup::store::PgConnection;
using dedup::store::PgParams;

namespace {

// A fresh migrated database with the providers' schema.
struct Fixture : SimFixture {
    // The first column of the first row, as text ("ERROR: ..." on failure).
    QString scalar(const QString &sql, const PgParams &params = {}) {
        const auto result = conn->exec(sql, params);
        if (!result.ok())
            return QStringLiteral("ERROR: ") + result.error().toString();
        return result.rows() > 0 ? result.text(0, 0) : QStringLiteral("(no row)");
    }

    // Side effects of one operation for one intent in the ledger.
    int effects(const QString &operation, const QString &intent) {
        PgParams params;
        params.add(operation).add(intent);
        return scalar(QStringLiteral("SELECT count(*) FROM sim.ledger WHERE operation = $1"
                                     " AND intent = $2"),
                      params)
            .toInt();
    }
};

#define SETUP(f)                                                                                   \
    Fixture f;                                                                                     \
    QVERIFY2(f.setUp(), qPrintable(f.error))

// Runs a scenario and fails the test with the runner's text report if any check failed.
#define RUN_SCENARIO(report, f, scenario)                                                          \
    const ScenarioReport report = ScenarioRunner((f).db.conninfo()).run(scenario);                 \
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));                                    \
    QVERIFY2(report.passed(), qPrintable(report.toText()))

QString outcomes(const ScenarioReport &report) {
    QStringList list;
    for (const ScenarioActionReport &action : report.actions)
        list << action.outcome;
    return list.join(QLatin1Char(','));
}

} // namespace

class TestScenarios : public QObject {
    Q_OBJECT

private slots:
    void catalogHasTheSixScenarios();
    void labResultsNotification();
    void appointmentConfirmation();
    void invoicePaymentIntent();
    void appointmentScheduling();
    void labSampleSync();
    void outagePaused();
    void pauseThatLetsStepsRunIsCaught();
    void wrongExpectationFails();
    void repeatedRunsInOneDatabaseStayApart();
};

void TestScenarios::catalogHasTheSixScenarios() {
    QCOMPARE(ScenarioCatalog::names(),
             QStringList({QStringLiteral("lab-results-notification"),
                          QStringLiteral("appointment-confirmation"),
                          QStringLiteral("invoice-payment-intent"),
                          QStringLiteral("appointment-scheduling"),
                          QStringLiteral("lab-sample-sync"), QStringLiteral("outage-paused")}));
    for (const Scenario &scenario : ScenarioCatalog::all()) {
        QVERIFY(!scenario.story.isEmpty());
        QVERIFY(!scenario.expected.isEmpty());
        QVERIFY(!scenario.actions.isEmpty());
        QVERIFY(!scenario.expectation.sideEffects.isEmpty());
        QCOMPARE(scenario.expectation.runStatuses.size(), scenario.intents.size());
        QCOMPARE(ScenarioCatalog::byName(scenario.name)->name, scenario.name);
    }
    QVERIFY(!ScenarioCatalog::byName(QStringLiteral("nope")));
}

void TestScenarios::labResultsNotification() {
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::labResultsNotification();
    RUN_SCENARIO(report, f, scenario);
    // Exactly one patient message per report, though each webhook arrived more than once.
    for (const TrafficIntent &intent : scenario.intents)
        QCOMPARE(f.effects(operation::SendMessage, intent.id), 1);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM sim.ledger")), QStringLiteral("2"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT string_agg(status, ',') FROM dedup.runs")),
             QStringLiteral("succeeded,succeeded"));
    // Two replays and one in_progress answer, each recorded as a suppressed duplicate:
    // counted on its run since 0025 (r-77: one replay; r-78: one in_progress, one replay).
    QCOMPARE(f.scalar(QStringLiteral("SELECT (SELECT count(*) FROM dedup.events"
                                     "         WHERE kind = 'duplicate_suppressed')"
                                     "     + (SELECT sum(replays + in_progress + in_review)"
                                     "          FROM dedup.duplicate_deliveries)")),
             QStringLiteral("3"));
    // (r-77 and r-78 are delivered at the same time: in either order of their run ids)
    QCOMPARE(f.scalar(QStringLiteral("SELECT string_agg(c, ',' ORDER BY c) FROM (SELECT"
                                     " concat_ws('/', replays, in_progress, in_review) AS c"
                                     " FROM dedup.duplicate_deliveries) d")),
             QStringLiteral("1/0/0,1/1/0"));
    // The simultaneous pair really overlapped: the loser answered while the winner ran.
    const ScenarioActionReport &a = report.actions.at(2);
    const ScenarioActionReport &b = report.actions.at(3);
    const ScenarioActionReport &loser = a.outcome == QLatin1String("in_progress") ? a : b;
    const ScenarioActionReport &winner = a.outcome == QLatin1String("in_progress") ? b : a;
    QCOMPARE(winner.outcome, QStringLiteral("succeeded"));
    QVERIFY(loser.startedMs + loser.elapsedMs < winner.startedMs + winner.elapsedMs);
}

void TestScenarios::appointmentConfirmation() {
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::appointmentConfirmation();
    RUN_SCENARIO(report, f, scenario);
    QCOMPARE(outcomes(report), QStringLiteral("succeeded,in_progress,replayed"));
    const QString intent = scenario.intents.first().id;
    QCOMPARE(f.effects(operation::SendConfirmation, intent), 1);
    QCOMPARE(f.effects(QStringLiteral("update_appointment_status"), intent), 1);
    // The redelivery came after the scheduler's timeout and while the first handler ran.
    const ScenarioActionReport &first = report.actions.at(0);
    const ScenarioActionReport &second = report.actions.at(1);
    QVERIFY(first.elapsedMs > scenario.callerTimeout.count());
    QVERIFY(second.startedMs >= scenario.callerTimeout.count());
    QVERIFY(second.startedMs < first.startedMs + first.elapsedMs);
    QCOMPARE(second.providerCalls, 0);
    QCOMPARE(f.scalar(QStringLiteral("SELECT status || ':' || attempt FROM dedup.runs")),
             QStringLiteral("succeeded:1"));
}

void TestScenarios::invoicePaymentIntent() {
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::invoicePaymentIntent();
    RUN_SCENARIO(report, f, scenario);
    QCOMPARE(outcomes(report), QStringLiteral("failed,applied,succeeded,replayed,succeeded"));
    for (const TrafficIntent &intent : scenario.intents) {
        // The draft was reused, the payment intent retried, and the provider saw it once.
        QCOMPARE(f.effects(operation::DraftInvoice, intent.id), 1);
        QCOMPARE(f.effects(operation::CreatePaymentIntent, intent.id), 1);
    }
    // The provider got the step's downstream key, derived from the run's key, both times; the
    // draft (a provider without keys) got none.
    PgParams run;
    run.add(report.actions.at(0).runId);
    const QString key =
        f.scalar(QStringLiteral("SELECT idem_key FROM dedup.runs WHERE id = $1"), run);
    const QString downstream =
        dedup::worker::Worker::downstreamKey(key, QStringLiteral("create_payment_intent"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT downstream_key FROM dedup.steps WHERE run_id = $1"
                                     " AND name = 'create_payment_intent'"),
                      run),
             downstream);
    PgParams params;
    params.add(downstream);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM sim.ledger WHERE downstream_key = $1"),
                      params),
             QStringLiteral("1"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM sim.ledger WHERE operation ="
                                     " 'draft_invoice' AND downstream_key IS NOT NULL")),
             QStringLiteral("0"));
    // The operator's continuation was taken once and closed with the run.
    QCOMPARE(f.scalar(QStringLiteral("SELECT string_agg(status || ':' || result_status, ',')"
                                     " FROM dedup.commands")),
             QStringLiteral("done:succeeded"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                     " WHERE action = 'op_request_continuation'")),
             QStringLiteral("1"));
}

void TestScenarios::appointmentScheduling() {
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::appointmentScheduling();
    RUN_SCENARIO(report, f, scenario);
    QCOMPARE(outcomes(report), QStringLiteral("succeeded,in_progress,replayed,succeeded"));
    const QString first = scenario.intents.at(0).id;
    const QString edited = scenario.intents.at(1).id;
    QCOMPARE(f.effects(operation::BookAppointment, first), 1);
    QCOMPARE(f.effects(operation::BookAppointment, edited), 1);
    // The retry got the very appointment the ledger holds for the first slot.
    PgParams params;
    params.add(first);
    const QString booked =
        f.scalar(QStringLiteral("SELECT ref FROM sim.ledger WHERE intent = $1"), params);
    const auto refOf = [](const ScenarioActionReport &action) {
        return action.result.toObject()
            .value(QStringLiteral("refs"))
            .toObject()
            .value(QStringLiteral("book_appointment"))
            .toString();
    };
    QCOMPARE(refOf(report.actions.at(0)), booked);
    QCOMPARE(refOf(report.actions.at(2)), booked);
    QVERIFY(refOf(report.actions.at(3)) != booked);
    QVERIFY(!refOf(report.actions.at(3)).isEmpty());
    // Two intents, two keys, two runs.
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(DISTINCT idem_key) FROM dedup.runs")),
             QStringLiteral("2"));
}

void TestScenarios::labSampleSync() {
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::labSampleSync();
    RUN_SCENARIO(report, f, scenario);
    QCOMPARE(outcomes(report), QStringLiteral("crashed,succeeded,replayed"));
    // The dead consumer did update the record; the redelivery repeated the call with the same
    // key and the record system recognised it.
    QCOMPARE(f.effects(operation::UpdateLabRecord, scenario.intents.first().id), 1);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM sim.idempotency")), QStringLiteral("1"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT status || ':' || attempt || ':' || lease_token"
                                     " FROM dedup.runs")),
             QStringLiteral("succeeded:2:2"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT detail->>'rule' FROM dedup.events"
                                     " WHERE kind = 'step_started' AND attempt = 2")),
             QStringLiteral("downstream_key"));
    // The step's recorded ref is the one the first (dead) call created.
    QCOMPARE(f.scalar(QStringLiteral("SELECT side_effect_ref FROM dedup.steps")),
             f.scalar(QStringLiteral("SELECT ref FROM sim.ledger")));
    // The first delivery's worker never recorded anything after its provider call.
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM dedup.events WHERE attempt = 1"
                                     " AND kind IN ('step_done', 'succeeded', 'failed')")),
             QStringLiteral("0"));
}

void TestScenarios::outagePaused() {
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::outagePaused();
    RUN_SCENARIO(report, f, scenario);
    QCOMPARE(
        outcomes(report),
        QStringLiteral("failed,succeeded,succeeded,paused,succeeded,succeeded,replayed,resumed"));
    const ScenarioCheck *quiet =
        report.check(QStringLiteral("provider calls while the workflow was paused"));
    QVERIFY(quiet);
    QCOMPARE(quiet->actual, QStringLiteral("0"));
    // Drained after the resume: one draft and one payment intent per invoice, nothing twice.
    for (const TrafficIntent &intent : scenario.intents) {
        QCOMPARE(f.effects(operation::DraftInvoice, intent.id), 1);
        QCOMPARE(f.effects(operation::CreatePaymentIntent, intent.id), 1);
    }
    QCOMPARE(f.scalar(QStringLiteral("SELECT string_agg(status || ':' || attempt, ','"
                                     " ORDER BY attempt) FROM dedup.runs")),
             QStringLiteral("succeeded:1,succeeded:1,succeeded:1,succeeded:2"));
    // The new trigger and the redelivered failed job were answered paused again and again, and
    // came back after the hint (30 s = 300 ms here) each time.
    QVERIFY2(report.actions.at(4).pausedAnswers >= 2, qPrintable(report.toText()));
    QVERIFY2(report.actions.at(5).pausedAnswers >= 2, qPrintable(report.toText()));
    QVERIFY(report.actions.at(4).elapsedMs >= 2 * 300);
    // Between the pause and the resume (the store's own clock, from the audit log) the
    // ledger got no payment and nothing but the draft already under way when the pause came.
    const QString window =
        QStringLiteral(" FROM sim.ledger WHERE at > (SELECT at FROM dedup.audit_log"
                       " WHERE action = 'op_pause_workflow') AND at < (SELECT at FROM"
                       " dedup.audit_log WHERE action = 'op_resume_workflow')");
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*)") + window +
                      QStringLiteral(" AND operation = 'create_payment_intent'")),
             QStringLiteral("0"));
    PgParams midDraft;
    midDraft.add(scenario.intents.at(2).id);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*)") + window +
                          QStringLiteral(" AND NOT (operation = 'draft_invoice' AND intent = $1)"),
                      midDraft),
             QStringLiteral("0"));
    // The operator's pause and resume, audited with their reasons; nothing left paused.
    QCOMPARE(f.scalar(QStringLiteral("SELECT string_agg(action || ':' || reason, ',' ORDER BY id)"
                                     " FROM dedup.audit_log WHERE action LIKE 'op_%_workflow'")),
             QStringLiteral("op_pause_workflow:payments provider outage (503 since 02:10),"
                            "op_resume_workflow:payments provider back"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM dedup.workflow_pauses")),
             QStringLiteral("0"));
}

void TestScenarios::pauseThatLetsStepsRunIsCaught() {
    // Without "stop before the next step" the run mid-draft calls the payment provider while
    // paused: the runner's checks must say so.
    SETUP(f);
    Scenario scenario = ScenarioCatalog::outagePaused();
    scenario.actions[3].stopSteps = false;
    const ScenarioReport report = ScenarioRunner(f.db.conninfo()).run(scenario);
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    QVERIFY(!report.passed());
    const ScenarioCheck *quiet =
        report.check(QStringLiteral("provider calls while the workflow was paused"));
    QVERIFY(quiet);
    QVERIFY(!quiet->passed);
    QCOMPARE(quiet->actual, QStringLiteral("1"));
    const ScenarioCheck *stopped =
        report.check(QStringLiteral("run of %1 stopped before a step by the pause")
                         .arg(scenario.intents.at(2).id));
    QVERIFY(stopped);
    QCOMPARE(stopped->actual, QStringLiteral("no"));
    // Still no duplicate: the pause is about timing, never about exactly-once.
    QCOMPARE(report.check(QStringLiteral("duplicate side effects"))->actual, QStringLiteral("0"));
}

void TestScenarios::wrongExpectationFails() {
    // The runner's checks are real comparisons: claim one message where there are two.
    SETUP(f);
    Scenario scenario = ScenarioCatalog::labResultsNotification();
    scenario.expectation.sideEffects[operation::SendMessage] = 1;
    const ScenarioReport report = ScenarioRunner(f.db.conninfo()).run(scenario);
    QVERIFY(report.error.isEmpty());
    QVERIFY(!report.passed());
    const ScenarioCheck *check = report.check(QStringLiteral("side effects in the ledger"));
    QVERIFY(check);
    QVERIFY(!check->passed);
    QCOMPARE(check->actual, QStringLiteral("send_message=2"));
}

void TestScenarios::repeatedRunsInOneDatabaseStayApart() {
    // dedupctl runs scenarios again and again on one database: a tag keeps them apart.
    SETUP(f);
    const Scenario scenario = ScenarioCatalog::appointmentScheduling();
    const ScenarioReport first =
        ScenarioRunner(f.db.conninfo(), QStringLiteral("t1")).run(scenario);
    QVERIFY2(first.passed(), qPrintable(first.toText()));
    const ScenarioReport second =
        ScenarioRunner(f.db.conninfo(), QStringLiteral("t2")).run(scenario);
    QVERIFY2(second.passed(), qPrintable(second.toText()));
    QCOMPARE(second.label, QStringLiteral("t2/appointment-scheduling"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT string_agg(label || '=' || n, ',' ORDER BY label)"
                                     " FROM (SELECT label, count(*) n FROM sim.ledger"
                                     " GROUP BY label) x")),
             QStringLiteral("t1/appointment-scheduling=2,t2/appointment-scheduling=2"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope LIKE"
                                     " 'sim/t2/appointment-scheduling/%'")),
             QStringLiteral("2"));
}

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
