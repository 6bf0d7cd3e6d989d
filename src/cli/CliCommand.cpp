#include "CliCommand.h"

#include "store/ConnectionProfile.h"
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

QString CliCommand::secretInCommandLine(const QCommandLineParser &parser) {
    if (!parser.optionNames().contains(QStringLiteral("db")) &&
        !parser.optionNames().contains(QStringLiteral("d")))
        return {};
    // libpq's own reading, for key=value strings and URIs alike; an unparsable string is left
    // to the connection attempt, which reports it (without the secret, PgError).
    const auto options = store::ConnectionProfile::parse(parser.value(QStringLiteral("db")));
    if (!options)
        return {};
    QString keyword;
    for (const auto &[key, value] : *options) {
        if ((key == QLatin1String("password") || key == QLatin1String("sslpassword")) &&
            !value.isEmpty())
            keyword = key;
    }
    if (keyword.isEmpty())
        return {};
    return tr("--db holds a %1: a command line is visible to other users (ps, /proc) and stays "
              "in shell history. Put the password in ~/.pgpass (or the file PGPASSFILE names), in "
              "the PGPASSWORD environment variable, or in a service file (--db service=NAME).")
        .arg(keyword);
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
