#pragma once

#include "CliCommand.h"
#include "worker/WorkflowDefinition.h"

#include <QList>

#include <optional>

namespace dedup::sim {
class CrashQueue;
struct SimulationCrashPoint;
class SimulationProviders;
} // namespace dedup::sim

namespace dedup::worker {
class Worker;
}

namespace dedup::cli {

// dedupctl work: one worker process of the crash test (docs/RELIABILITY.md). Takes deliveries
// of one label from the queue table sim.deliveries (sim/CrashQueue.h) and hands each to
// worker::Worker over the five scenario workflows and their simulated providers. A delivery
// leaves the queue only once it reached an outcome, so a process killed at any point loses
// nothing: its delivery reappears after the visibility timeout. `crash-test` starts, kills
// and restarts these processes; they are not meant for production traffic.
class WorkCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(WorkCommand)

public:
    QString name() const override { return QStringLiteral("work"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    struct Options;
    // nullopt after a usage error was printed.
    static std::optional<Options> parseOptions(const QCommandLineParser &parser);
    // The worker's loop on `conn` (the queue) and its own connections to `conninfo`.
    static int work(store::PgConnection &conn, const Options &options, const QString &conninfo);
    static QList<worker::WorkflowDefinition> trackedWorkflows(sim::SimulationProviders &providers,
                                                              sim::SimulationCrashPoint &crash,
                                                              int responseDelay);
    static int serve(sim::CrashQueue &queue, worker::Worker &worker,
                     const QList<worker::WorkflowDefinition> &workflows, const Options &options);
};

} // namespace dedup::cli
