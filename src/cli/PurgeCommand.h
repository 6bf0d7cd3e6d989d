#pragma once

#include "CliCommand.h"

#include <QJsonObject>

namespace dedup::cli {

// dedupctl purge: retention (SPEC 5). Calls dedup.purge_expired() in a loop, one short
// transaction per batch, until a batch deletes nothing: locks are held for one batch only and
// rows someone else has locked are skipped, never waited for. Only finished runs whose
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
    // Runs deleted (or counted), in total and by the status they had.
    struct Counts {
        qint64 deleted = 0;
        qint64 succeeded = 0;
        qint64 failed = 0;
        qint64 cancelled = 0;
        Counts &operator+=(const Counts &other);
    };

    static QString byStatus(const Counts &counts);
    static QJsonObject toJson(const Counts &counts);
    int dryRun(store::PgConnection &conn, int batch, int maxBatches, bool asJson);
};

} // namespace dedup::cli
