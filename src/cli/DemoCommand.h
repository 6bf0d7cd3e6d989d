#pragma once

#include "CliCommand.h"

namespace dedup::cli {

// dedupctl demo: starts (or reuses) the private demo PostgreSQL, migrates it and keeps it
// running until Ctrl-C; stops the server again if it started it.
class DemoCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(DemoCommand)

public:
    QString name() const override { return QStringLiteral("demo"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
};

} // namespace dedup::cli
