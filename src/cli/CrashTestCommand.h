#pragma once

#include "CliCommand.h"

#include <cstddef>
#include <optional>

namespace dedup::cli {

// dedupctl crash-test: kills worker processes with SIGKILL at random moments and checks that
// the run protocol neither duplicated a deduplicated side effect nor lost an intent
// (docs/RELIABILITY.md). Enqueues intents (with duplicate deliveries) in sim.deliveries,
// runs `dedupctl work` processes over them, kills and restarts them until the requested
// number of kills is done, lets the queue drain, then counts the ledger and dedup.runs.
// Needs a migrated dedup schema; installs the simulator's schema if needed.
class CrashTestCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(CrashTestCommand)

public:
    QString name() const override { return QStringLiteral("crash-test"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    struct Options;
    struct Session;

    // nullopt after a usage error was printed.
    static std::optional<Options> parseOptions(const QCommandLineParser &parser);
    static int failDb(const QString &error);
    static int crashTest(store::PgConnection &conn, const Options &options, bool asJson);
    // The phases; false with Session::error set when the database failed.
    static bool enqueueBatch(Session &s, int count);
    static void spawn(Session &s, size_t slot);
    static void reviveExited(Session &s);
    static bool killWorkers(Session &s);
    static bool drain(Session &s);
    static bool countOutcome(Session &s);
    static void printReport(const Session &s, bool asJson);
};

} // namespace dedup::cli
