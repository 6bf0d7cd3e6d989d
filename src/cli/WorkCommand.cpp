#include "WorkCommand.h"

#include "ExitCode.h"
#include "sim/CrashQueue.h"
#include "sim/FaultPlan.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimulationCrashPoint.h"
#include "sim/SimulationProviders.h"
#include "store/PgConnection.h"
#include "worker/Worker.h"

#include <QThread>

#include <algorithm>
#include <climits>
#include <csignal>
#include <optional>
#include <unistd.h>

namespace dedup::cli {

namespace {

using std::chrono::milliseconds;

constexpr int MaxMs = 3'600'000;
// A delivery taken this often without an outcome is dropped (and reported): a poison
// message must not keep a worker busy forever. The crash test counts its run as lost.
constexpr int MaxTakes = 200;
const milliseconds IdlePoll{50};
const milliseconds RetryLater{200};

// Whether a delivery with this outcome is done: the run reached a state a redelivery could
// not change (or only an operator can). Anything else goes back to the queue.
bool isFinal(const worker::RunOutcome &outcome) {
    using Kind = worker::RunOutcome::Kind;
    switch (outcome.kind) {
    case Kind::Succeeded:
    case Kind::Replayed:
    case Kind::InReview:
    case Kind::Mismatch:
        return true;
    case Kind::Failed:
        return !outcome.retryable || outcome.status != core::RunStatus::Failed;
    case Kind::InProgress: // the holder may be dead: look again after its lease
    case Kind::Fenced:
    case Kind::Error:
    case Kind::Paused: // an operator paused the workflow: again after the store's hint
        return false;
    }
    return false;
}

} // namespace

QString WorkCommand::summary() const {
    return tr("Run one crash-test worker process: take deliveries from the queue table and "
              "process them with the worker protocol.");
}

void WorkCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("label"),
                                        tr("The queue label (and ledger label) to work on."),
                                        tr("label")));
    parser.addOption(QCommandLineOption(QStringLiteral("worker-id"),
                                        tr("Lease owner name (default work-<pid>)."), tr("id")));
    parser.addOption(QCommandLineOption(QStringLiteral("lease-ms"),
                                        tr("Run lease in ms (default 500)."), tr("ms")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("visibility-ms"),
                           tr("How long a taken delivery stays hidden (default 2000)."), tr("ms")));
    parser.addOption(QCommandLineOption(QStringLiteral("min-latency-ms"),
                                        tr("Provider latency, lower bound (default 20)."),
                                        tr("ms")));
    parser.addOption(QCommandLineOption(QStringLiteral("max-latency-ms"),
                                        tr("Provider latency, upper bound (default 60)."),
                                        tr("ms")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("response-delay-ms"),
        tr("Wait after each provider call returned, before recording it (default 0): widens "
           "the window between the provider's commit and complete_step."),
        tr("ms")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("seed"), tr("Seed of the provider latencies (default 1)."), tr("s")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("crash-after-provider"),
        tr("Kill this process with SIGKILL right after its n-th provider call (also "
           "DEDUP_CRASH_AFTER_PROVIDER)."),
        tr("n")));
    parser.addOption(QCommandLineOption(QStringLiteral("exit-when-empty"),
                                        tr("Exit once the label has no deliveries left.")));
}

struct WorkCommand::Options {
    QString label;
    QString workerId;
    int lease = 0, visibility = 0, minLatency = 0, maxLatency = 0, responseDelay = 0, seed = 0;
    int crashAfter = 0; // 0: never
    bool exitWhenEmpty = false;
};

std::optional<WorkCommand::Options> WorkCommand::parseOptions(const QCommandLineParser &parser) {
    auto usage = [](const QString &message) {
        err() << tr("dedupctl work: %1").arg(message) << Qt::endl;
        return std::nullopt;
    };
    Options o;
    o.label = parser.value(QStringLiteral("label"));
    if (o.label.isEmpty())
        return usage(tr("--label is required"));
    const auto lease = intOption(parser, QStringLiteral("lease-ms"), 500, 1, MaxMs);
    const auto visibility = intOption(parser, QStringLiteral("visibility-ms"), 2000, 1, MaxMs);
    const auto minLatency = intOption(parser, QStringLiteral("min-latency-ms"), 20, 0, MaxMs);
    const auto maxLatency = intOption(parser, QStringLiteral("max-latency-ms"), 60, 0, MaxMs);
    const auto responseDelay = intOption(parser, QStringLiteral("response-delay-ms"), 0, 0, MaxMs);
    const auto seed = intOption(parser, QStringLiteral("seed"), 1, 0, INT_MAX);
    if (!lease || !visibility || !minLatency || !maxLatency || !responseDelay || !seed ||
        *minLatency > *maxLatency)
        return usage(tr("invalid number in the options (see --help)"));
    o.lease = *lease;
    o.visibility = *visibility;
    o.minLatency = *minLatency;
    o.maxLatency = *maxLatency;
    o.responseDelay = *responseDelay;
    o.seed = *seed;
    QString crashText = parser.value(QStringLiteral("crash-after-provider"));
    if (crashText.isEmpty())
        crashText = qEnvironmentVariable("DEDUP_CRASH_AFTER_PROVIDER");
    if (!crashText.isEmpty()) {
        bool ok = false;
        o.crashAfter = crashText.trimmed().toInt(&ok);
        if (!ok || o.crashAfter < 1)
            return usage(tr("invalid --crash-after-provider '%1'").arg(shown(crashText)));
    }
    o.workerId = parser.isSet(QStringLiteral("worker-id"))
                     ? parser.value(QStringLiteral("worker-id"))
                     : QStringLiteral("work-%1").arg(getpid());
    o.exitWhenEmpty = parser.isSet(QStringLiteral("exit-when-empty"));
    return o;
}

int WorkCommand::run(const QCommandLineParser &parser) {
    const std::optional<Options> options = parseOptions(parser);
    if (!options)
        return Usage;
    return withConnection(parser, [&](store::PgConnection &conn) {
        return work(conn, *options, parser.value(QStringLiteral("db")));
    });
}

int WorkCommand::work(store::PgConnection &conn, const Options &options, const QString &conninfo) {
    sim::CrashQueue queue(conn);

    QList<sim::ProviderConfig> configs = sim::ScenarioWorkflows::providerConfigs();
    for (sim::ProviderConfig &config : configs) {
        config.minLatency = milliseconds(options.minLatency);
        config.maxLatency = milliseconds(options.maxLatency);
    }
    // Seeded per process too, so that restarted workers do not replay the same latencies.
    sim::SimulationProviders providers(
        configs,
        std::make_shared<sim::FaultPlan>(quint64(options.seed) * 100'003u + quint64(getpid())),
        options.label);
    QString error;
    if (!providers.open(conninfo, &error)) {
        err() << tr("dedupctl work: %1").arg(shown(error)) << Qt::endl;
        return Unreachable;
    }
    // The self-inflicted crash: SIGKILL, not exit(), so no destructor or flush runs.
    sim::SimulationCrashPoint crash;
    crash.reset(options.crashAfter, [] { ::kill(getpid(), SIGKILL); });
    const QList<worker::WorkflowDefinition> workflows =
        trackedWorkflows(providers, crash, options.responseDelay);

    worker::Worker::Options workerOptions;
    workerOptions.conninfo = conninfo;
    workerOptions.workerId = options.workerId;
    workerOptions.lease = milliseconds(options.lease);
    workerOptions.seed = quint32(options.seed) ^ quint32(getpid());
    worker::Worker worker(workerOptions);
    if (!worker.connect(&error)) {
        err() << tr("dedupctl work: %1").arg(shown(error)) << Qt::endl;
        return Unreachable;
    }
    return serve(queue, worker, workflows, options);
}

// The scenario workflows over `providers`, each step answering `responseDelay` ms late (the
// window in which a kill falls between the provider's commit and its recording).
QList<worker::WorkflowDefinition> WorkCommand::trackedWorkflows(sim::SimulationProviders &providers,
                                                                sim::SimulationCrashPoint &crash,
                                                                int responseDelay) {
    QList<worker::WorkflowDefinition> workflows;
    for (const QString &name : sim::ScenarioWorkflows::names()) {
        worker::WorkflowDefinition definition =
            sim::ScenarioWorkflows::tracked(name, providers, crash);
        if (responseDelay > 0) {
            for (worker::StepDefinition &step : definition.steps) {
                step.execute = [inner = step.execute,
                                delay = ulong(responseDelay)](const worker::StepCall &call) {
                    const worker::StepOutcome outcome = inner(call);
                    QThread::msleep(delay);
                    return outcome;
                };
            }
        }
        workflows.append(definition);
    }
    return workflows;
}

// Takes deliveries until killed (or, with --exit-when-empty, until none is left).
int WorkCommand::serve(sim::CrashQueue &queue, worker::Worker &worker,
                       const QList<worker::WorkflowDefinition> &workflows, const Options &options) {
    QString error;
    const auto failed = [&error] {
        err() << tr("dedupctl work: %1").arg(shown(error)) << Qt::endl;
        return DatabaseError;
    };
    for (;;) {
        const auto delivery =
            queue.take(options.label, options.workerId, milliseconds(options.visibility), &error);
        if (!error.isEmpty())
            return failed();
        if (!delivery) {
            if (options.exitWhenEmpty) {
                const qint64 left = queue.pending(options.label, &error);
                if (left < 0)
                    return failed();
                if (left == 0)
                    return Success;
            }
            QThread::msleep(ulong(IdlePoll.count()));
            continue;
        }
        const worker::WorkflowDefinition *workflow = nullptr;
        for (const auto &candidate : workflows) {
            if (candidate.name == delivery->intent.workflow)
                workflow = &candidate;
        }
        bool done = true;
        milliseconds again = RetryLater;
        if (workflow) {
            const worker::RunOutcome outcome = worker.process(*workflow, delivery->intent.intent);
            done = isFinal(outcome);
            // A pause is an operator's decision, not a poison message: it is not given up on.
            const bool paused = outcome.kind == worker::RunOutcome::Kind::Paused;
            if (paused)
                again = std::max(again, milliseconds(outcome.retryAfter));
            if (!done && !paused && delivery->attempts >= MaxTakes) {
                err() << tr("dedupctl work: giving up on delivery %1 after %2 takes: %3")
                             .arg(delivery->id)
                             .arg(delivery->attempts)
                             .arg(shown(outcome.message))
                      << Qt::endl;
                done = true;
            }
        } else {
            err() << tr("dedupctl work: unknown workflow %1").arg(shown(delivery->intent.workflow))
                  << Qt::endl;
        }
        const bool recorded =
            done ? queue.remove(delivery->id, &error) : queue.release(delivery->id, again, &error);
        if (!recorded)
            return failed();
    }
}

} // namespace dedup::cli
