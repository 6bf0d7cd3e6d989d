#include "DuplicateDeliveries.h"

#include "sim/FaultPlan.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "sim/SimulationCrashPoint.h"
#include "sim/SimulationProviders.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "worker/Worker.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QRandomGenerator>
#include <QThread>

#include <atomic>
#include <barrier>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace dedup;
using Kind = worker::RunOutcome::Kind;

namespace {

// A delivery still told "in progress" after this long means the winner is stuck: a failure.
constexpr int kMaxWaitMs = 30'000;

// What one delivering thread owns: its store client and its providers (neither is
// thread-safe), opened before the threads start so that a failed connection cannot leave
// the others waiting at the barrier.
struct Deliverer {
    std::unique_ptr<worker::Worker> worker;
    std::unique_ptr<sim::SimulationProviders> providers;
    sim::SimulationCrashPoint crash; // never armed: this line injects no crash
    worker::WorkflowDefinition workflow;
};

// Per intent, written by all threads.
struct IntentTally {
    std::atomic<int> ran{0};            // deliveries that acquired the run and succeeded it
    std::atomic<int> replayed{0};       // deliveries answered with the stored result
    std::atomic<int> stepsByReplays{0}; // provider calls made by those replays: must stay 0
};

} // namespace

LineReport DuplicateDeliveries::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("1");
    report.title = QStringLiteral("%1 intents x %2 concurrent duplicate deliveries")
                       .arg(options.intents)
                       .arg(options.copies);
    QElapsedTimer clock;
    clock.start();

    store::PgConnection owner;
    if (!owner.open(target.owner, QStringLiteral("dedup-reliability"))) {
        report.addProblem(owner.openError().toString());
        return report;
    }
    (void)owner.exec(QStringLiteral("SET client_min_messages = warning"));
    QString error;
    if (!sim::SimSchema::install(owner, &error)) {
        report.addProblem(error);
        return report;
    }
    const QString label =
        QStringLiteral("rel-dup-%1-s%2")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")))
            .arg(options.seed);
    const QString scopePrefix = label + QLatin1Char('/');
    const int stepsPerIntent = int(sim::ScenarioWorkflows::steps(options.workflow).size());
    if (stepsPerIntent == 0) {
        report.addProblem(QStringLiteral("unknown workflow %1").arg(options.workflow));
        return report;
    }

    QList<sim::TrafficIntent> intents;
    QHash<QString, int> indexOfIntent;
    for (int i = 0; i < options.intents; ++i) {
        sim::TrafficIntent intent = sim::ScenarioWorkflows::intent(options.workflow, i);
        intent.intent.scope = scopePrefix + intent.intent.scope;
        indexOfIntent.insert(intent.id, i);
        intents.append(intent);
    }

    QList<sim::ProviderConfig> configs = sim::ScenarioWorkflows::providerConfigs();
    for (sim::ProviderConfig &config : configs)
        config.maxLatency = std::chrono::milliseconds(options.maxLatencyMs);
    auto faults = std::make_shared<sim::FaultPlan>(options.seed);
    std::vector<Deliverer> deliverers(static_cast<size_t>(options.copies));
    for (int t = 0; t < options.copies; ++t) {
        Deliverer &d = deliverers[size_t(t)];
        worker::Worker::Options workerOptions;
        workerOptions.conninfo = target.worker;
        workerOptions.workerId = QStringLiteral("%1/d%2").arg(label).arg(t);
        workerOptions.seed = options.seed * 1000u + quint32(t);
        d.worker = std::make_unique<worker::Worker>(workerOptions);
        // The providers are another company's systems: their own connection, as the owner
        // of the sim schema, never the worker's store connection.
        d.providers = std::make_unique<sim::SimulationProviders>(configs, faults, label);
        if (!d.worker->connect(&error) || !d.providers->open(target.owner, &error)) {
            report.addProblem(QStringLiteral("deliverer %1: %2").arg(t).arg(error));
            return report;
        }
        d.workflow = sim::ScenarioWorkflows::tracked(options.workflow, *d.providers, d.crash);
    }

    std::vector<IntentTally> tallies(static_cast<size_t>(options.intents));
    std::barrier together(options.copies);
    std::mutex problemsMutex;
    std::atomic<qint64> deliveries{0};
    std::atomic<qint64> inProgressAnswers{0};
    const auto problem = [&](const QString &text) {
        std::lock_guard lock(problemsMutex);
        report.addProblem(text);
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < options.copies; ++t) {
        threads.emplace_back([&, t] {
            Deliverer &d = deliverers[size_t(t)];
            QRandomGenerator random(options.seed * 7919u + quint32(t));
            for (int i = 0; i < options.intents; ++i) {
                together.arrive_and_wait(); // all copies of intent i leave at once
                IntentTally &tally = tallies[size_t(i)];
                QElapsedTimer waited;
                waited.start();
                for (;;) {
                    const worker::RunOutcome outcome =
                        d.worker->process(d.workflow, intents[i].intent);
                    ++deliveries;
                    if (outcome.kind == Kind::InProgress && waited.elapsed() < kMaxWaitMs) {
                        // Another copy is running it: redeliver a moment later.
                        ++inProgressAnswers;
                        QThread::usleep(500 + random.bounded(2000u));
                        continue;
                    }
                    if (outcome.kind == Kind::Succeeded) {
                        ++tally.ran;
                    } else if (outcome.kind == Kind::Replayed) {
                        ++tally.replayed;
                        tally.stepsByReplays += outcome.stepsExecuted;
                    } else {
                        problem(QStringLiteral("intent %1, copy %2: %3 (%4)")
                                    .arg(intents[i].id)
                                    .arg(t)
                                    .arg(worker::toString(outcome.kind), outcome.message));
                    }
                    break;
                }
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();

    // --- the count, at the provider and in the store ------------------------------------
    store::PgParams byLabel;
    byLabel.add(label);
    const auto effects = owner.exec(
        QStringLiteral("SELECT intent, count(*) FROM sim.ledger WHERE label = $1 GROUP BY intent"),
        byLabel);
    std::vector<int> effectsOf(static_cast<size_t>(options.intents), 0);
    qint64 sideEffects = 0;
    if (!effects.ok()) {
        report.addProblem(effects.error().toString());
    } else {
        for (int row = 0; row < effects.rows(); ++row) {
            const int index = indexOfIntent.value(effects.text(row, 0), -1);
            const int count = int(effects.toInt64(row, 1));
            sideEffects += count;
            if (index < 0)
                report.addProblem(QStringLiteral("side effect for an unknown intent %1")
                                      .arg(effects.text(row, 0)));
            else
                effectsOf[size_t(index)] = count;
        }
    }
    store::PgParams byScope;
    byScope.add(scopePrefix);
    // The store's suppressed duplicates: since 0025 counted on their run in
    // dedup.duplicate_deliveries (replays, in_progress, in_review), before it one
    // `duplicate_suppressed` event each; both are counted.
    const auto runs = owner.exec(
        QStringLiteral("SELECT count(*), count(*) FILTER (WHERE status = 'succeeded'),"
                       " coalesce(sum(attempt), 0),"
                       " (SELECT count(*) FROM dedup.events e JOIN dedup.runs x ON x.id = e.run_id"
                       "   WHERE starts_with(x.scope, $1) AND e.kind = 'duplicate_suppressed')"
                       " + (SELECT coalesce(sum(d.replays + d.in_progress + d.in_review), 0)"
                       "    FROM dedup.duplicate_deliveries d JOIN dedup.runs x ON x.id = d.run_id"
                       "   WHERE starts_with(x.scope, $1))"
                       " FROM dedup.runs r WHERE starts_with(r.scope, $1)"),
        byScope);
    if (!runs.ok())
        report.addProblem(runs.error().toString());

    qint64 ran = 0;
    qint64 replayed = 0;
    const int duplicatesPerIntent = options.copies - 1;
    for (int i = 0; i < options.intents; ++i) {
        const IntentTally &tally = tallies[size_t(i)];
        const int effectCount = effectsOf[size_t(i)];
        ran += tally.ran;
        replayed += tally.replayed;
        report.duplicated += std::max(0, effectCount - stepsPerIntent);
        if (effectCount < stepsPerIntent || tally.ran == 0)
            ++report.lost;
        const bool held = tally.ran == 1 && tally.replayed == duplicatesPerIntent &&
                          tally.stepsByReplays == 0 && effectCount == stepsPerIntent;
        if (held)
            report.survived += duplicatesPerIntent;
        else
            report.addProblem(QStringLiteral("intent %1: %2 deliveries ran it, %3 replayed, %4 "
                                             "side effects (expected 1, %5, %6)")
                                  .arg(intents[i].id)
                                  .arg(tally.ran.load())
                                  .arg(tally.replayed.load())
                                  .arg(effectCount)
                                  .arg(duplicatesPerIntent)
                                  .arg(stepsPerIntent));
    }
    report.trials = options.intents;
    report.faults = qint64(options.intents) * duplicatesPerIntent;
    const qint64 expectedEffects = qint64(options.intents) * stepsPerIntent;
    if (sideEffects != expectedEffects)
        report.addProblem(QStringLiteral("%1 side effects at the provider, expected exactly %2")
                              .arg(sideEffects)
                              .arg(expectedEffects));
    if (runs.ok()) {
        if (runs.toInt64(0, 0) != options.intents || runs.toInt64(0, 1) != options.intents)
            report.addProblem(QStringLiteral("%1 runs, %2 succeeded; expected %3 of each")
                                  .arg(runs.toInt64(0, 0))
                                  .arg(runs.toInt64(0, 1))
                                  .arg(options.intents));
        report.setFigure(QStringLiteral("runs"), runs.toInt64(0, 0));
        report.setFigure(QStringLiteral("runs_succeeded"), runs.toInt64(0, 1));
        report.setFigure(QStringLiteral("acquisitions"), runs.toInt64(0, 2));
        report.setFigure(QStringLiteral("duplicates_suppressed"), runs.toInt64(0, 3));
        // Every delivery answered replay or in_progress was recorded as suppressed, no more.
        if (runs.toInt64(0, 3) != replayed + inProgressAnswers.load())
            report.addProblem(
                QStringLiteral("the store recorded %1 suppressed duplicates; %2 deliveries were "
                               "answered replayed and %3 in progress")
                    .arg(runs.toInt64(0, 3))
                    .arg(replayed)
                    .arg(inProgressAnswers.load()));
    }
    report.setFigure(QStringLiteral("intents"), options.intents);
    report.setFigure(QStringLiteral("copies"), options.copies);
    report.setFigure(QStringLiteral("deliveries"), deliveries.load());
    report.setFigure(QStringLiteral("in_progress_answers"), inProgressAnswers.load());
    report.setFigure(QStringLiteral("deliveries_that_ran"), ran);
    report.setFigure(QStringLiteral("deliveries_replayed"), replayed);
    report.setFigure(QStringLiteral("side_effects"), sideEffects);
    report.setFigure(QStringLiteral("side_effects_expected"), expectedEffects);
    report.elapsedMs = clock.elapsed();
    return report;
}
