#include "CliCommand.h"

#include "store/PgConnection.h"

namespace dedup::cli {

void CliCommand::addDatabaseOption(QCommandLineParser &parser) {
    parser.addOption(QCommandLineOption(
        {QStringLiteral("d"), QStringLiteral("db")},
        tr("Database to use: a libpq connection string or URI, or service=NAME. Without it, "
           "the PG* environment variables, pg_service.conf and .pgpass apply."),
        tr("conninfo")));
}

void CliCommand::addJsonOption(QCommandLineParser &parser) {
    parser.addOption(QCommandLineOption(QStringLiteral("json"),
                                        tr("Print machine-readable JSON instead of text.")));
}

bool CliCommand::json(const QCommandLineParser &parser) {
    return parser.isSet(QStringLiteral("json"));
}

std::unique_ptr<store::PgConnection> CliCommand::connect(const QCommandLineParser &parser) {
    auto conn = std::make_unique<store::PgConnection>();
    if (!conn->open(parser.value(QStringLiteral("db")), QStringLiteral("dedupctl"))) {
        err() << tr("dedupctl: cannot connect: %1").arg(conn->openError().toString()) << Qt::endl;
        return nullptr;
    }
    return conn;
}

QTextStream &CliCommand::out() {
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &CliCommand::err() {
    static QTextStream stream(stderr);
    return stream;
}

} // namespace dedup::cli
