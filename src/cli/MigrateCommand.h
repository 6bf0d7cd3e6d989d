#pragma once

#include "CliCommand.h"

namespace dedup::cli {

// dedupctl migrate: brings a database's dedup schema to this binary's version.
class MigrateCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(MigrateCommand)

public:
    QString name() const override { return QStringLiteral("migrate"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
};

} // namespace dedup::cli
