#pragma once

#include "CliCommand.h"

namespace dedup::store {
struct CorrelationSnapshot;
}

namespace dedup::cli {

// dedupctl correlation --run ID: the runs sharing that run's correlation id (the newest page
// of store::CorrelationQueries::DefaultLimit runs, oldest first) with their steps, as the
// console's correlation view reads them (one read-only snapshot, under the login's grants;
// docs/CLI.md). Failed and uncertain steps are marked in words. Read-only; a viewer grant
// is enough.
class CorrelationCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(CorrelationCommand)

public:
    QString name() const override { return QStringLiteral("correlation"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    static void printTable(qint64 runId, const store::CorrelationSnapshot &snapshot);
    static void printJson(const store::CorrelationSnapshot &snapshot);
};

} // namespace dedup::cli
