#pragma once

#include "CliCommand.h"

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
};

} // namespace dedup::cli
