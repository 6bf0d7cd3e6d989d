#pragma once

#include "sim/Fault.h"
#include "sim/Traffic.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <chrono>

namespace dedup::sim {

// One thing that happens in a scenario: a delivery of an intent to a worker (each delivery on
// its own worker process, with its own connections), an operator asking for a continuation,
// a worker taking that continuation, or an operator pausing or resuming the workflow.
//
// A delivery answered `paused` goes back to the queue and comes again after the pause's
// retry-after hint (on the scenario's clock: Scenario::hintSecond), until it gets another
// answer; the action's outcome is that last answer.
struct ScenarioAction {
    enum class Kind {
        Deliver,
        RequestContinuation, // op_request_continuation for `target`'s run (OperatorActions)
        ProcessCommand,      // Worker::processNextCommand
        // op_pause_workflow / op_resume_workflow (store::WorkflowPauses) for the workflow of
        // `intent`, the scenario's scopes only; `what` is the operator's reason.
        PauseWorkflow,
        ResumeWorkflow,
    };

    Kind kind = Kind::Deliver;
    QString what; // what it models, e.g. "the scheduler redelivers after its 504"
    // Deliver: index into Scenario::intents; ProcessCommand: the intent whose run it continues.
    int intent = 0;
    // Starts when all the actions in `after` have finished (none: when the scenario starts),
    // then `delay` later.
    QList<int> after;
    std::chrono::milliseconds delay{0};
    // Deliver: the worker process dies right after its first provider call, before it can
    // record anything (its store connection closes and is not reopened).
    bool crashAfterProviderCall = false;
    // Deliver: false leaves a retryable failure for a redelivery or an operator instead of
    // retrying in process.
    bool retryInProcess = true;
    int target = -1; // RequestContinuation: the action whose run is continued
    // PauseWorkflow: "stop before the next step", and the retry-after hint, in seconds.
    bool stopSteps = false;
    int retryAfterSeconds = 60;
    // The outcome this action must have (DeliveryReport::outcome); empty: not checked on its
    // own (e.g. which of two simultaneous deliveries wins is up to the race).
    QString expect;
};

// Per intent, what the store must say at the end.
struct ScenarioStepExpectation {
    int intent = 0;
    QString step;
    QString status;   // dedup.steps.status
    int attempts = 0; // dedup.steps.attempts
};

struct ScenarioExpectation {
    // Side effects in the ledger per operation (all intents together), e.g. send_message: 1.
    QMap<QString, int> sideEffects;
    // How many actions end with each outcome, e.g. {succeeded: 1, in_progress: 1, replayed: 1}.
    QMap<QString, int> outcomes;
    // The final dedup.runs.status of each intent, in Scenario::intents order.
    QStringList runStatuses;
    QList<ScenarioStepExpectation> steps;
    // Event kinds that must appear in the timelines of the scenario's runs.
    QStringList events;
    // Deliveries the store answered replay, in_progress or in_review for the scenario's runs:
    // counted on their run (dedup.duplicate_deliveries, since 0025) plus any
    // `duplicate_suppressed` events (written before 0025). -1: not checked.
    int duplicatesSuppressed = -1;
    // Actions whose delivery took longer than the sender's timeout (the sender saw a 504 and
    // redelivered while the handler was still working).
    QList<int> slowerThanCallerTimeout;
    // Pairs of actions that must have returned different results (two intents, two
    // resources). That every replay returns the result of the delivery that succeeded is
    // checked for every scenario.
    QList<QPair<int, int>> differentResults;
    // The final dedup.runs.attempt of each intent, in Scenario::intents order; empty: not
    // checked.
    QList<int> runAttempts;
    // Actions answered `paused` at least once before their outcome (redelivered meanwhile).
    QList<int> pausedActions;
    // Intents whose run the pause stopped before a step (begin_step answered `paused`) and
    // which were acquired again after the resume (events `failed` with class paused, then
    // `claimed` after_pause).
    QList<int> stoppedByPause;
};

// A provider call failing on purpose: the next calls of `operation` for the intent get these
// faults (FaultPlan::script).
struct ScenarioFault {
    QString provider;
    QString operation;
    int intent = 0;
    QList<Fault> faults;
};

// A case from the field with its expected outcome (docs/SIMULATOR.md "The scenarios"), run under
// the full protocol by ScenarioRunner.
struct Scenario {
    QString name;
    QString title;
    QString story;    // the case as the articles tell it
    QString expected; // the outcome in one sentence
    QList<TrafficIntent> intents;
    QList<ScenarioAction> actions;
    QList<ScenarioFault> faults;
    QHash<QString, std::chrono::milliseconds> latency; // provider -> latency of every call
    std::chrono::milliseconds lease{5000};
    std::chrono::milliseconds callerTimeout{0}; // the sender's own timeout, when it has one
    // How long one second of a pause's retry-after hint lasts on the scenario's clock.
    std::chrono::milliseconds hintSecond{10};
    ScenarioExpectation expectation;
};

} // namespace dedup::sim
