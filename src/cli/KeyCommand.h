#pragma once

#include "CliCommand.h"

namespace dedup::store {
struct KeyHistory;
}

namespace dedup::cli {

// dedupctl key SCOPE KEY | --run ID: every delivery of an idempotency key (docs/CLI.md "key",
// docs/PROTOCOL.md "A key's history"): the run the key made, its deliveries counted by outcome
// and the newest of them, each with the answer an HTTP API following the Idempotency-Key
// header draft would have given (first, replayed, 409, 422). The key is sent to the store to
// find its run and never printed: keys are patient data. Read-only, under the login's grants;
// a viewer grant is enough.
class KeyCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(KeyCommand)

public:
    QString name() const override { return QStringLiteral("key"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
    bool takesArguments() const override { return true; }

private:
    static void printText(const store::KeyHistory &history, int limit);
    static void printJson(const store::KeyHistory &history);
};

} // namespace dedup::cli
