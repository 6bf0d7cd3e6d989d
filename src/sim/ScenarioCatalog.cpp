#include "sim/ScenarioCatalog.h"

#include "sim/ScenarioWorkflows.h"
#include "sim/SimNames.h"

namespace dedup::sim {

namespace {

using std::chrono::milliseconds;
using Kind = ScenarioAction::Kind;

ScenarioAction deliver(int intent, QString what, QString expect, QList<int> after = {},
                       milliseconds delay = milliseconds(0)) {
    ScenarioAction action;
    action.kind = Kind::Deliver;
    action.intent = intent;
    action.what = std::move(what);
    action.expect = std::move(expect);
    action.after = std::move(after);
    action.delay = delay;
    return action;
}

const QString kSucceeded = QStringLiteral("succeeded");
const QString kReplayed = QStringLiteral("replayed");
const QString kInProgress = QStringLiteral("in_progress");

} // namespace

QList<Scenario> ScenarioCatalog::all() {
    return {labResultsNotification(), appointmentConfirmation(), invoicePaymentIntent(),
            appointmentScheduling(),  labSampleSync(),           outagePaused()};
}

QStringList ScenarioCatalog::names() {
    return {workflow::LabResultsNotification, workflow::AppointmentConfirmation,
            workflow::InvoicePaymentIntent,   workflow::AppointmentScheduling,
            workflow::LabSampleSync,          OutagePaused};
}

std::optional<Scenario> ScenarioCatalog::byName(const QString &name) {
    for (const Scenario &scenario : all()) {
        if (scenario.name == name)
            return scenario;
    }
    return std::nullopt;
}

Scenario ScenarioCatalog::labResultsNotification() {
    Scenario s;
    s.name = workflow::LabResultsNotification;
    s.title = tr("Lab results ready: webhook delivered twice");
    s.story = tr("A \"lab results ready\" webhook triggers a patient notification. The webhook "
                 "arrives twice: once again after the first answer was lost, and once as two "
                 "copies at the same moment. The key is patientId + reportId + "
                 "notificationType.");
    s.expected = tr("Exactly one patient message per report; duplicates get the stored result "
                    "or are told the first delivery is still running.");
    s.intents = {ScenarioWorkflows::labResults(QStringLiteral("p-1001"), QStringLiteral("r-77")),
                 ScenarioWorkflows::labResults(QStringLiteral("p-1002"), QStringLiteral("r-78"))};
    // Slow enough that the simultaneous copy certainly finds the first one running.
    s.latency.insert(provider::Messaging, milliseconds(300));
    s.actions = {
        deliver(0, tr("the lab system's webhook for report r-77 arrives"), kSucceeded),
        deliver(0, tr("it arrives again (the first 2xx was lost): the stored result is returned"),
                kReplayed, {0}),
        deliver(1, tr("the webhook for report r-78 is delivered twice at the same moment"), {}),
        deliver(1, tr("... its simultaneous copy"), {}),
        deliver(1, tr("a third copy of r-78 arrives after both finished"), kReplayed, {2, 3}),
    };
    s.expectation.sideEffects = {{operation::SendMessage, 2}};
    s.expectation.outcomes = {{kSucceeded, 2}, {kReplayed, 2}, {kInProgress, 1}};
    s.expectation.runStatuses = {kSucceeded, kSucceeded};
    s.expectation.steps = {{0, QStringLiteral("send_message"), QStringLiteral("done"), 1},
                           {1, QStringLiteral("send_message"), QStringLiteral("done"), 1}};
    s.expectation.duplicatesSuppressed = 3; // two replays and the in_progress answer
    return s;
}

Scenario ScenarioCatalog::appointmentConfirmation() {
    Scenario s;
    s.name = workflow::AppointmentConfirmation;
    s.title = tr("Appointment confirmation: the scheduler redelivers after its 504");
    s.story = tr("The scheduling system sends an appointment status webhook; the handler updates "
                 "the appointment and sends a confirmation message. The scheduler gives up "
                 "after 30 s (here 300 ms), answers itself a 504 and redelivers the event while "
                 "the first handler is still working. The key is eventId + patientId + "
                 "statusType.");
    s.expected = tr("The status is updated once and one confirmation is sent; the redelivery "
                    "during the run does nothing, a later one gets the stored result.");
    s.intents = {ScenarioWorkflows::appointmentConfirmation(
        QStringLiteral("evt-5531"), QStringLiteral("p-2001"), QStringLiteral("confirmed"))};
    s.callerTimeout = milliseconds(300);
    s.latency.insert(provider::Scheduling, milliseconds(20));
    s.latency.insert(provider::Messaging, milliseconds(450)); // slower than the scheduler waits
    s.actions = {
        deliver(0,
                tr("the webhook arrives: update the status, send the confirmation (slower "
                   "than the scheduler's 300 ms)"),
                kSucceeded),
        deliver(0,
                tr("the scheduler got its 504 and redelivers while the first handler runs: "
                   "nothing is done"),
                kInProgress, {}, milliseconds(300)),
        deliver(0, tr("a later redelivery gets the stored result"), kReplayed, {0},
                milliseconds(100)),
    };
    s.expectation.sideEffects = {{ScenarioWorkflows::UpdateAppointmentStatus, 1},
                                 {operation::SendConfirmation, 1}};
    s.expectation.outcomes = {{kSucceeded, 1}, {kInProgress, 1}, {kReplayed, 1}};
    s.expectation.runStatuses = {kSucceeded};
    s.expectation.steps = {{0, QStringLiteral("update_status"), QStringLiteral("done"), 1},
                           {0, QStringLiteral("send_confirmation"), QStringLiteral("done"), 1}};
    s.expectation.slowerThanCallerTimeout = {0};
    return s;
}

Scenario ScenarioCatalog::invoicePaymentIntent() {
    Scenario s;
    s.name = workflow::InvoicePaymentIntent;
    s.title = tr("Invoice and payment intent: manual re-run after a partial failure");
    s.story = tr("A billing workflow drafts an invoice, then asks the payment provider for a "
                 "payment intent. The draft succeeds; the payment provider creates the intent "
                 "but its answer times out. An operator reruns the automation. The key is "
                 "patientId + billingPeriod + invoiceType.");
    s.expected = tr("The rerun reuses the draft (one draft) and retries only the payment intent, "
                    "with the same downstream key, which the payment provider deduplicates (one "
                    "payment intent). A worker's own retry does the same.");
    s.intents = {
        ScenarioWorkflows::invoicePayment(QStringLiteral("p-3001"), QStringLiteral("2026-10"),
                                          QStringLiteral("monthly"), 12000),
        ScenarioWorkflows::invoicePayment(QStringLiteral("p-3002"), QStringLiteral("2026-10"),
                                          QStringLiteral("monthly"), 8000)};
    s.faults = {
        {provider::Payments, operation::CreatePaymentIntent, 0, {Fault::TimeoutAfterCommit}},
        {provider::Payments, operation::CreatePaymentIntent, 1, {Fault::TimeoutAfterCommit}}};
    ScenarioAction first = deliver(0,
                                   tr("the invoice is drafted; the payment provider creates the "
                                      "intent but the answer times out: the run fails"),
                                   QStringLiteral("failed"));
    first.retryInProcess = false; // leave it to the operator
    ScenarioAction rerun;
    rerun.kind = Kind::RequestContinuation;
    rerun.what = tr("the operator reruns it from the console (op_request_continuation)");
    rerun.target = 0;
    rerun.after = {0};
    rerun.expect = QStringLiteral("applied");
    ScenarioAction take;
    take.kind = Kind::ProcessCommand;
    take.what = tr("a worker takes the continuation: the draft is skipped, only the payment "
                   "intent is retried with the same downstream key");
    take.intent = 0;
    take.after = {1};
    take.expect = kSucceeded;
    s.actions = {
        first,
        rerun,
        take,
        deliver(0, tr("a late duplicate of the billing trigger gets the stored result"), kReplayed,
                {2}),
        deliver(1, tr("another invoice meets the same timeout; the worker retries by itself"),
                kSucceeded),
    };
    s.expectation.sideEffects = {{operation::DraftInvoice, 2}, {operation::CreatePaymentIntent, 2}};
    s.expectation.outcomes = {{QStringLiteral("failed"), 1},
                              {QStringLiteral("applied"), 1},
                              {kSucceeded, 2},
                              {kReplayed, 1}};
    s.expectation.runStatuses = {kSucceeded, kSucceeded};
    s.expectation.steps = {
        {0, QStringLiteral("draft_invoice"), QStringLiteral("done"), 1},
        {0, QStringLiteral("create_payment_intent"), QStringLiteral("done"), 2},
        {1, QStringLiteral("draft_invoice"), QStringLiteral("done"), 1},
        {1, QStringLiteral("create_payment_intent"), QStringLiteral("done"), 2},
    };
    s.expectation.events = {QStringLiteral("step_uncertain"),
                            QStringLiteral("continuation_requested"),
                            QStringLiteral("continuation_taken")};
    return s;
}

Scenario ScenarioCatalog::appointmentScheduling() {
    Scenario s;
    s.name = workflow::AppointmentScheduling;
    s.title = tr("Appointment scheduling: browser retries with the same key");
    s.story = tr("A patient's browser books an appointment with an idempotency key kept in "
                 "session storage. It times out before the answer arrives and retries with the "
                 "same key. Then the patient edits the time slot and submits again: a new "
                 "logical action, so a new key.");
    s.expected = tr("One appointment for the first slot, and every retry returns the same "
                    "appointment id; the edited slot books a second appointment, correctly.");
    s.intents = {
        ScenarioWorkflows::appointmentBooking(QStringLiteral("p-4001"), QStringLiteral("dr-12"),
                                              QStringLiteral("2026-12-01T09:00")),
        ScenarioWorkflows::appointmentBooking(QStringLiteral("p-4001"), QStringLiteral("dr-12"),
                                              QStringLiteral("2026-12-01T09:30"))};
    s.callerTimeout = milliseconds(100); // the browser's
    s.latency.insert(provider::Scheduling, milliseconds(250));
    s.actions = {
        deliver(0,
                tr("the patient books 09:00; the browser gives up after 100 ms, the booking "
                   "goes on"),
                kSucceeded),
        deliver(0,
                tr("the browser retries with the same key while the booking runs: \"still "
                   "processing\""),
                kInProgress, {}, milliseconds(150)),
        deliver(0, tr("the browser retries again: the same appointment id, no second booking"),
                kReplayed, {0}, milliseconds(50)),
        deliver(1, tr("the patient edits the slot to 09:30: a new key books a second appointment"),
                kSucceeded, {2}),
    };
    s.expectation.sideEffects = {{operation::BookAppointment, 2}};
    s.expectation.outcomes = {{kSucceeded, 2}, {kInProgress, 1}, {kReplayed, 1}};
    s.expectation.runStatuses = {kSucceeded, kSucceeded};
    s.expectation.steps = {{0, QStringLiteral("book_appointment"), QStringLiteral("done"), 1},
                           {1, QStringLiteral("book_appointment"), QStringLiteral("done"), 1}};
    s.expectation.slowerThanCallerTimeout = {0};
    s.expectation.differentResults = {{0, 3}};
    return s;
}

Scenario ScenarioCatalog::labSampleSync() {
    Scenario s;
    s.name = workflow::LabSampleSync;
    s.title = tr("Lab sample sync: the queue redelivers after a consumer restart");
    s.story = tr("A \"new sample\" event is queued; a background job updates the patient's lab "
                 "record. The consumer is restarted right after the update, before it could "
                 "record it, and the queue delivers the event again. The key is the sample id "
                 "+ the integration run date, derivation pinned to v1.3.");
    s.expected = tr("The redelivery takes the expired lease over, finds the step uncertain with "
                    "a downstream key and repeats it; the record system recognises the key: one "
                    "record update.");
    s.intents = {
        ScenarioWorkflows::labSample(QStringLiteral("S-9001"), QStringLiteral("2026-11-29"))};
    s.lease = milliseconds(300);
    s.latency.insert(provider::Records, milliseconds(20));
    ScenarioAction crash = deliver(0,
                                   tr("the consumer updates the lab record and is restarted "
                                      "before it records that"),
                                   QStringLiteral("crashed"));
    crash.crashAfterProviderCall = true;
    s.actions = {
        crash,
        deliver(0,
                tr("the queue redelivers once the lease (300 ms) has expired: the new "
                   "consumer takes the run over and repeats the uncertain step with its "
                   "downstream key"),
                kSucceeded, {0}, milliseconds(450)),
        deliver(0, tr("a further redelivery gets the stored result"), kReplayed, {1}),
    };
    s.expectation.sideEffects = {{operation::UpdateLabRecord, 1}};
    s.expectation.outcomes = {{QStringLiteral("crashed"), 1}, {kSucceeded, 1}, {kReplayed, 1}};
    s.expectation.runStatuses = {kSucceeded};
    s.expectation.steps = {{0, QStringLiteral("update_lab_record"), QStringLiteral("done"), 2}};
    s.expectation.events = {QStringLiteral("lease_expired"), QStringLiteral("step_uncertain"),
                            QStringLiteral("lease_taken_over")};
    return s;
}

Scenario ScenarioCatalog::outagePaused() {
    Scenario s;
    s.name = OutagePaused;
    s.title = tr("Payment provider outage: the operator pauses the workflow");
    s.story = tr("The payment provider goes down (503). An invoice run fails with `unavailable`; "
                 "the on-call operator pauses invoice-payment-intent, with \"stop before the "
                 "next step\" and a retry-after of 30 s (here 300 ms). A run drafting its "
                 "invoice at that moment stops before it would call the provider; new billing "
                 "triggers and the queue's redelivery of the failed job are answered `paused` and "
                 "come back after the hint, again and again; a duplicate of an invoice finished "
                 "before the outage still gets its stored result. When the provider is back, the "
                 "operator resumes.");
    s.expected = tr("No provider call while paused; after the resume everything drains: each "
                    "invoice drafted once and one payment intent each, no duplicate; the run the "
                    "pause stopped is taken again without counting an attempt.");
    s.intents = {
        ScenarioWorkflows::invoicePayment(QStringLiteral("p-6001"), QStringLiteral("2026-11"),
                                          QStringLiteral("monthly"), 9000),
        ScenarioWorkflows::invoicePayment(QStringLiteral("p-6002"), QStringLiteral("2026-11"),
                                          QStringLiteral("monthly"), 4500),
        ScenarioWorkflows::invoicePayment(QStringLiteral("p-6003"), QStringLiteral("2026-11"),
                                          QStringLiteral("monthly"), 7000),
        ScenarioWorkflows::invoicePayment(QStringLiteral("p-6004"), QStringLiteral("2026-11"),
                                          QStringLiteral("monthly"), 3000)};
    // Drafting takes 500 ms, so the run started 250 ms in is mid-draft when the pause lands
    // (about 520 ms) and asks for its payment step well after it (about 750 ms).
    s.latency.insert(provider::Invoicing, milliseconds(500));
    s.latency.insert(provider::Payments, milliseconds(20));
    s.hintSecond = milliseconds(10);
    s.faults = {{provider::Payments, operation::CreatePaymentIntent, 0, {Fault::Outage}}};

    ScenarioAction failing = deliver(0,
                                     tr("invoice p-6001 is drafted; the payment provider answers "
                                        "503: the run fails (retryable)"),
                                     QStringLiteral("failed"));
    failing.retryInProcess = false; // the queue redelivers it (action 6)
    ScenarioAction pause;
    pause.kind = Kind::PauseWorkflow;
    pause.what = tr("payments provider outage (503 since 02:10)");
    pause.intent = 0;
    pause.after = {0, 1};
    pause.stopSteps = true;
    pause.retryAfterSeconds = 30;
    pause.expect = QStringLiteral("paused");
    ScenarioAction resume;
    resume.kind = Kind::ResumeWorkflow;
    resume.what = tr("payments provider back");
    resume.intent = 0;
    resume.after = {3};
    resume.delay = milliseconds(700);
    resume.expect = QStringLiteral("resumed");
    s.actions = {
        failing,
        deliver(1, tr("invoice p-6002 goes through just before the outage"), kSucceeded),
        deliver(2,
                tr("invoice p-6003 is being drafted when the pause lands: it stops before the "
                   "payment call, is delivered again after the hint and finishes after the "
                   "resume"),
                kSucceeded, {}, milliseconds(250)),
        pause,
        deliver(3,
                tr("a new billing trigger (p-6004) while paused: answered paused, delivered again "
                   "after the hint until the resume"),
                kSucceeded, {3}, milliseconds(50)),
        deliver(0,
                tr("the queue redelivers p-6001's failed job while paused: answered paused, no "
                   "payment call; after the resume only the payment is retried"),
                kSucceeded, {3}, milliseconds(100)),
        deliver(1, tr("a duplicate of p-6002 while paused gets its stored result"), kReplayed, {3},
                milliseconds(150)),
        resume,
    };
    s.expectation.sideEffects = {{operation::DraftInvoice, 4}, {operation::CreatePaymentIntent, 4}};
    s.expectation.outcomes = {{QStringLiteral("failed"), 1},
                              {kSucceeded, 4},
                              {QStringLiteral("paused"), 1},
                              {kReplayed, 1},
                              {QStringLiteral("resumed"), 1}};
    s.expectation.runStatuses = {kSucceeded, kSucceeded, kSucceeded, kSucceeded};
    // The failure cost p-6001 an attempt; the pause cost p-6003 none.
    s.expectation.runAttempts = {2, 1, 1, 1};
    s.expectation.steps = {
        {0, QStringLiteral("draft_invoice"), QStringLiteral("done"), 1},
        {0, QStringLiteral("create_payment_intent"), QStringLiteral("done"), 2},
        {2, QStringLiteral("draft_invoice"), QStringLiteral("done"), 1},
        {2, QStringLiteral("create_payment_intent"), QStringLiteral("done"), 1},
        {3, QStringLiteral("draft_invoice"), QStringLiteral("done"), 1},
        {3, QStringLiteral("create_payment_intent"), QStringLiteral("done"), 1},
    };
    s.expectation.pausedActions = {2, 4, 5};
    s.expectation.stoppedByPause = {2};
    s.expectation.duplicatesSuppressed = 1; // the replay of p-6002 (a `paused` answer is none)
    return s;
}

} // namespace dedup::sim
