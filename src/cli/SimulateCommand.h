#pragma once

#include "CliCommand.h"
#include "sim/Scenario.h"
#include "sim/SimulationOptions.h"
#include "sim/SimulationResult.h"

#include <QList>

namespace dedup::cli {

// dedupctl simulate: the simulator from the command line (docs/SIMULATOR.md). Either runs the
// named field scenarios under the full protocol and checks their expected outcomes
// (--scenario), or sends mixed traffic with faults through one strategy, or through all four
// to compare them (--compare). Installs the simulated providers' schema `sim` if needed; the
// dedup schema must already be migrated.
class SimulateCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(SimulateCommand)

public:
    QString name() const override { return QStringLiteral("simulate"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    // The command line, in parts; false after a usage error was printed.
    static bool usageError(const QString &message);
    static bool parseScenarios(const QCommandLineParser &parser, QList<sim::Scenario> *scenarios);
    static bool parseStrategies(const QCommandLineParser &parser, sim::SimulationOptions *options);
    static bool parseVolume(const QCommandLineParser &parser, sim::SimulationOptions *options);
    static bool parseTraffic(const QCommandLineParser &parser, sim::SimulationOptions *options);
    // An ExitCode: Success when the store is ready.
    static int prepareStore(store::PgConnection &conn);
    static int runScenarios(const QList<sim::Scenario> &scenarios, const QString &conninfo,
                            const QString &tag, bool asJson, bool progress);
    static void printJson(const sim::SimulationResult &result,
                          const sim::SimulationOptions &options, bool fullHeld);
    static void printTraffic(const QCommandLineParser &parser, const sim::SimulationResult &result,
                             const sim::SimulationOptions &options);
    static int runTraffic(const QCommandLineParser &parser, sim::SimulationOptions options,
                          const QString &tag, bool asJson, bool progress);
};

} // namespace dedup::cli
