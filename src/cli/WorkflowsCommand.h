#pragma once

#include "CliCommand.h"

namespace dedup::store {
struct WorkflowOverview;
}

namespace dedup::cli {

// dedupctl workflows: every workflow the login may read with its state (running, or paused
// with the pause's scope prefix, time, login, reason and stop-steps), its processing, stuck,
// failed and in-review runs and the runs created in the last hour (docs/CLI.md), read by
// store::WorkflowOverviewQueries in one snapshot. Read-only; a viewer grant is enough.
class WorkflowsCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(WorkflowsCommand)

public:
    QString name() const override { return QStringLiteral("workflows"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    static void printTable(const store::WorkflowOverview &overview);
    static void printJson(const store::WorkflowOverview &overview);
};

} // namespace dedup::cli
