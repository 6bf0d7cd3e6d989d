#include "CliCommand.h"

#include "store/PgConnection.h"

#include <libpq-fe.h>

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
    const QByteArray conninfo = parser.value(QStringLiteral("db")).toUtf8();
    // libpq's own parser, for key=value strings and URIs alike; an unparsable string is left
    // to the connection attempt, which reports it (without the secret, PgError).
    char *parseError = nullptr;
    PQconninfoOption *options = PQconninfoParse(conninfo.constData(), &parseError);
    if (parseError)
        PQfreemem(parseError);
    if (!options)
        return {};
    QString keyword;
    for (const PQconninfoOption *option = options; option->keyword; ++option) {
        const bool secret = qstrcmp(option->keyword, "password") == 0 ||
                            qstrcmp(option->keyword, "sslpassword") == 0;
        if (secret && option->val && option->val[0] != '\0')
            keyword = QString::fromLatin1(option->keyword);
    }
    PQconninfoFree(options);
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
