#pragma once

#include "CliCommand.h"
#include "store/StuckSnapshot.h"

#include <optional>

namespace dedup::cli {

// dedupctl stale: the Stuck list from the command line. Processing runs whose lease expired
// (their worker died or hangs), or, with --older-than, also those processing for longer than
// a threshold; oldest lease first. Read-only; dedup_viewer is enough.
class StaleCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(StaleCommand)

public:
    QString name() const override { return QStringLiteral("stale"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

    // "90s", "15m", "2h", "1d", "1w" -> seconds; nullopt for anything else (zero, negative,
    // fractions, no unit), so a typo never silently means "everything".
    static std::optional<qint64> parseDuration(const QString &text);
    // 3725 -> "1h 2m"; 75 -> "1m 15s": two units are enough to read at a glance.
    static QString formatSeconds(qint64 seconds);

private:
    // What the command line asks for; nullopt after a usage error was printed.
    struct Request {
        std::optional<qint64> olderThan; // seconds
        int limit = 0;
    };
    static std::optional<Request> parseRequest(const QCommandLineParser &parser);
    static int explain(store::PgConnection &conn, const Request &request);
    static void printJson(const store::StuckSnapshot &snapshot, const Request &request);
    static void printText(const store::StuckSnapshot &snapshot, const QCommandLineParser &parser,
                          const Request &request);
};

} // namespace dedup::cli
