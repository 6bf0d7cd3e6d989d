#pragma once

#include "CliCommand.h"
#include "store/PurgeCounts.h"

#include <QJsonObject>

#include <optional>

namespace dedup::cli {

// dedupctl purge: retention (docs/PROTOCOL.md section 10). Calls dedup.purge_expired() in a loop,
// one short transaction per batch, until a batch deletes nothing: locks are held for one batch
// only and rows someone else has locked are skipped, never waited for. Only finished runs whose
// expires_at has passed go (the schema keeps expires_at NULL for processing and manual_review
// runs). --dry-run counts them instead.
class PurgeCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(PurgeCommand)

public:
    QString name() const override { return QStringLiteral("purge"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    using Counts = store::PurgeCounts;
    // --batch and --max-batches (0: no limit); nullopt after a usage error was printed.
    struct Options {
        int batch = 0;
        int maxBatches = 0;
    };
    static std::optional<Options> parseOptions(const QCommandLineParser &parser);
    int purge(store::PgConnection &conn, const Options &options, bool asJson);
    static QString byStatus(const Counts &counts);
    static QJsonObject toJson(const Counts &counts);
    int dryRun(store::PgConnection &conn, int batch, int maxBatches, bool asJson);
};

} // namespace dedup::cli
