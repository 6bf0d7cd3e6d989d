#include "PurgeCommand.h"

#include "ExitCode.h"
#include "store/PgConnection.h"
#include "store/PurgeQueries.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <limits>

namespace dedup::cli {

namespace {

constexpr int DefaultBatch = 1000;
constexpr int MaxBatch = store::PurgeQueries::MaxBatch;

// A positive whole number up to `max`, or -1.
int positive(const QString &text, int max) {
    bool ok = false;
    const int value = text.toInt(&ok);
    return ok && value >= 1 && value <= max ? value : -1;
}

} // namespace

QString PurgeCommand::summary() const {
    return tr("Delete expired finished runs (retention), in short batches.");
}

void PurgeCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("batch"),
        tr("Runs deleted per transaction (1-%1, default %2).").arg(MaxBatch).arg(DefaultBatch),
        tr("n")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("max-batches"),
        tr("Stop after this many batches even if expired runs remain (default: no limit)."),
        tr("n")));
    parser.addOption(QCommandLineOption(QStringLiteral("dry-run"),
                                        tr("Only count the expired runs that would be deleted.")));
}

QString PurgeCommand::byStatus(const Counts &counts) {
    return tr("succeeded %1, failed %2, cancelled %3")
        .arg(counts.succeeded)
        .arg(counts.failed)
        .arg(counts.cancelled);
}

QJsonObject PurgeCommand::toJson(const Counts &counts) {
    return {{QStringLiteral("deleted"), counts.deleted},
            {QStringLiteral("succeeded"), counts.succeeded},
            {QStringLiteral("failed"), counts.failed},
            {QStringLiteral("cancelled"), counts.cancelled}};
}

std::optional<PurgeCommand::Options> PurgeCommand::parseOptions(const QCommandLineParser &parser) {
    Options options;
    options.batch = DefaultBatch;
    if (parser.isSet(QStringLiteral("batch"))) {
        options.batch = positive(parser.value(QStringLiteral("batch")), MaxBatch);
        if (options.batch < 0) {
            err() << tr("dedupctl purge: invalid --batch '%1': use a number from 1 to %2")
                         .arg(shown(parser.value(QStringLiteral("batch"))))
                         .arg(MaxBatch)
                  << Qt::endl;
            return std::nullopt;
        }
    }
    if (parser.isSet(QStringLiteral("max-batches"))) {
        options.maxBatches =
            positive(parser.value(QStringLiteral("max-batches")), std::numeric_limits<int>::max());
        if (options.maxBatches < 0) {
            err() << tr("dedupctl purge: invalid --max-batches '%1': use a positive number")
                         .arg(shown(parser.value(QStringLiteral("max-batches"))))
                  << Qt::endl;
            return std::nullopt;
        }
    }
    return options;
}

int PurgeCommand::run(const QCommandLineParser &parser) {
    const std::optional<Options> options = parseOptions(parser);
    if (!options)
        return Usage;
    const bool asJson = json(parser);
    return withConnection(parser, [&](store::PgConnection &conn) {
        if (parser.isSet(QStringLiteral("dry-run")))
            return dryRun(conn, options->batch, options->maxBatches, asJson);
        return purge(conn, *options, asJson);
    });
}

int PurgeCommand::purge(store::PgConnection &conn, const Options &options, bool asJson) {
    // Autocommit: each purge_expired() call is its own short transaction, so an interrupted
    // purge keeps the batches it finished and the one in flight is all or nothing.
    const int batch = options.batch;
    const int maxBatches = options.maxBatches;
    store::PurgeQueries queries(conn);
    Counts total;
    QJsonArray batches;
    bool complete = false;
    int done = 0;
    while (maxBatches == 0 || done < maxBatches) {
        QElapsedTimer timer;
        timer.start();
        store::PgError error;
        const std::optional<Counts> purged = queries.purgeBatch(batch, &error);
        if (!purged) {
            err() << tr("dedupctl purge: %1").arg(shown(error.toString())) << Qt::endl;
            if (total.deleted > 0)
                err() << tr("dedupctl purge: purged before the error: %1 (%2)")
                             .arg(total.deleted)
                             .arg(byStatus(total))
                      << Qt::endl;
            return DatabaseError;
        }
        const Counts counts = *purged;
        if (counts.deleted == 0) {
            complete = true;
            break;
        }
        ++done;
        total += counts;
        const qint64 ms = timer.elapsed();
        if (asJson) {
            QJsonObject entry = toJson(counts);
            entry.insert(QStringLiteral("batch"), done);
            entry.insert(QStringLiteral("ms"), ms);
            batches.append(entry);
        } else {
            out() << tr("batch %1: purged %2 (%3) in %4 ms")
                         .arg(done)
                         .arg(counts.deleted)
                         .arg(byStatus(counts))
                         .arg(ms)
                  << Qt::endl;
        }
    }

    if (asJson) {
        out() << QJsonDocument(QJsonObject{
                                   {QStringLiteral("dry_run"), false},
                                   {QStringLiteral("batch_size"), batch},
                                   {QStringLiteral("max_batches"),
                                    maxBatches > 0 ? QJsonValue(maxBatches) : QJsonValue()},
                                   {QStringLiteral("batches"), batches},
                                   {QStringLiteral("total"), toJson(total)},
                                   {QStringLiteral("complete"), complete},
                               })
                     .toJson(QJsonDocument::Compact)
              << Qt::endl;
        return Success;
    }
    if (total.deleted == 0 && complete)
        out() << tr("nothing to purge: no expired runs") << Qt::endl;
    else
        out() << tr("total purged: %1 (%2); batches: %3")
                     .arg(total.deleted)
                     .arg(byStatus(total))
                     .arg(done)
              << Qt::endl;
    if (!complete)
        out()
            << tr("stopped at --max-batches %1: expired runs may remain; run purge again").arg(done)
            << Qt::endl;
    return Success;
}

int PurgeCommand::dryRun(store::PgConnection &conn, int batch, int maxBatches, bool asJson) {
    store::PgError error;
    const std::optional<Counts> counted = store::PurgeQueries(conn).countExpired(&error);
    if (!counted) {
        err() << tr("dedupctl purge: %1").arg(shown(error.toString())) << Qt::endl;
        return DatabaseError;
    }
    const Counts expired = *counted;
    const qint64 needed = (expired.deleted + batch - 1) / batch;
    const qint64 batches = maxBatches > 0 ? qMin<qint64>(needed, maxBatches) : needed;
    const qint64 wouldPurge = qMin(expired.deleted, batches * batch);

    if (asJson) {
        out() << QJsonDocument(QJsonObject{
                                   {QStringLiteral("dry_run"), true},
                                   {QStringLiteral("batch_size"), batch},
                                   {QStringLiteral("max_batches"),
                                    maxBatches > 0 ? QJsonValue(maxBatches) : QJsonValue()},
                                   {QStringLiteral("expired"), toJson(expired)},
                                   {QStringLiteral("batches"), batches},
                                   {QStringLiteral("would_purge"), wouldPurge},
                               })
                     .toJson(QJsonDocument::Compact)
              << Qt::endl;
        return Success;
    }
    if (expired.deleted == 0) {
        out() << tr("dry run: nothing to purge: no expired runs") << Qt::endl;
        return Success;
    }
    out() << tr("dry run: expired runs: %1 (%2)").arg(expired.deleted).arg(byStatus(expired))
          << Qt::endl;
    out() << tr("would purge: %1 (batches: %2 of up to %3 runs); nothing was deleted")
                 .arg(wouldPurge)
                 .arg(batches)
                 .arg(batch)
          << Qt::endl;
    return Success;
}

} // namespace dedup::cli
