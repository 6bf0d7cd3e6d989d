#include "MigrateCommand.h"

#include "ExitCode.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::cli {

QString MigrateCommand::summary() const {
    return tr("Create or upgrade the dedup schema (safe to run again).");
}

void MigrateCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("status"), tr("Only print the database's and this program's versions.")));
}

int MigrateCommand::run(const QCommandLineParser &parser) {
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    store::Migrator migrator(*conn);
    QString error;
    if (parser.isSet(QStringLiteral("status"))) {
        const int current = migrator.currentVersion(&error);
        if (current < 0) {
            err() << tr("dedupctl migrate: %1").arg(shown(error)) << Qt::endl;
            return DatabaseError;
        }
        if (json(parser))
            out() << QJsonDocument(QJsonObject{{QStringLiteral("database_version"), current},
                                               {QStringLiteral("program_version"),
                                                store::Migrator::latestVersion()}})
                         .toJson(QJsonDocument::Compact)
                  << Qt::endl;
        else
            out() << tr("database schema version %1, this program's %2")
                         .arg(current)
                         .arg(store::Migrator::latestVersion())
                  << Qt::endl;
        return Success;
    }
    store::Migrator::Report report;
    if (!migrator.migrate(&report, &error)) {
        err() << tr("dedupctl migrate: %1").arg(shown(error)) << Qt::endl;
        return DatabaseError;
    }
    if (json(parser)) {
        out() << QJsonDocument(QJsonObject{{QStringLiteral("version_before"), report.versionBefore},
                                           {QStringLiteral("version_after"), report.versionAfter},
                                           {QStringLiteral("applied"),
                                            QJsonArray::fromStringList(report.applied)}})
                     .toJson(QJsonDocument::Compact)
              << Qt::endl;
    } else if (report.applied.isEmpty()) {
        out() << tr("schema already at version %1, nothing to do").arg(report.versionAfter)
              << Qt::endl;
    } else {
        for (const QString &name : report.applied)
            out() << tr("applied %1").arg(name) << Qt::endl;
        out() << tr("schema now at version %1 (was %2)")
                     .arg(report.versionAfter)
                     .arg(report.versionBefore)
              << Qt::endl;
    }
    return Success;
}

} // namespace dedup::cli
