#include "CliCommand.h"

#include "ExitCode.h"
#include "core/DisplayText.h"
#include "store/ConnectionProfile.h"
#include "store/PgConnection.h"
#include "store/PoolerCheck.h"

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
    const QString keyword =
        store::ConnectionProfile::secretKeyword(parser.value(QStringLiteral("db")));
    if (keyword.isEmpty())
        return {};
    if (keyword == u"password")
        return tr("--db holds a %1: a command line is visible to other users (ps, /proc) and "
                  "stays in shell history. Put the password in ~/.pgpass (or the file PGPASSFILE "
                  "names), in the PGPASSWORD environment variable, or in a service file (--db "
                  "service=NAME).")
            .arg(keyword);
    // The passphrase of the client key: .pgpass cannot hold it; without it OpenSSL asks on
    // the terminal.
    return tr("--db holds a %1: a command line is visible to other users (ps, /proc) and stays "
              "in shell history. Leave it out and type the client key's passphrase when asked, "
              "or put it in a service file (--db service=NAME).")
        .arg(keyword);
}

std::unique_ptr<store::PgConnection> CliCommand::connect(const QCommandLineParser &parser) {
    auto conn = std::make_unique<store::PgConnection>();
    const QString conninfo = parser.value(QStringLiteral("db"));
    if (!conn->open(conninfo, QStringLiteral("dedupctl"))) {
        // libpq's message quotes the host and whatever the server sent, and spans lines.
        err() << tr("dedupctl: cannot connect: %1").arg(shownLines(conn->openError().toString()))
              << Qt::endl;
        // libpq's message names the missing file; what to do about it is ours to say, since
        // it was this program that asked for verify-full.
        if (conn->openError().message.contains(u"root certificate") &&
            store::ConnectionProfile::effectiveSslmode(conninfo).source ==
                store::ConnectionProfile::SslmodeSource::NetworkDefault)
            err() << tr("dedupctl: the server is reached over the network and no sslmode was "
                        "given, so dedupctl uses sslmode=verify-full, which needs the certificate "
                        "of the authority that signed the server's certificate: install it as "
                        "~/.postgresql/root.crt, or name it with sslrootcert=PATH in --db or "
                        "PGSSLROOTCERT. Only on a network you trust, give a weaker sslmode "
                        "explicitly (sslmode=require encrypts without verifying the server).")
                  << Qt::endl;
        return nullptr;
    }
    return conn;
}

std::unique_ptr<store::PgConnection> CliCommand::connectOwnSession(const QCommandLineParser &parser,
                                                                   int *exitCode) {
    std::unique_ptr<store::PgConnection> conn = connect(parser);
    if (!conn) {
        *exitCode = Unreachable;
        return nullptr;
    }
    store::PgError error;
    const std::optional<bool> pooled = store::PoolerCheck::throughPooler(*conn, &error);
    if (!pooled || *pooled) {
        err() << (pooled ? tr("dedupctl: --db reaches the server through a connection pooler "
                              "(PgBouncer or similar). This command writes the audit log, which "
                              "records who acted from the database session, and a pool in "
                              "transaction mode does not keep a session: connect to the "
                              "PostgreSQL server itself.")
                         : tr("dedupctl: %1").arg(shown(error.toString())))
              << Qt::endl;
        *exitCode = DatabaseError;
        return nullptr;
    }
    return conn;
}

int CliCommand::withConnection(const QCommandLineParser &parser,
                               const std::function<int(store::PgConnection &)> &body) {
    const std::unique_ptr<store::PgConnection> conn = connect(parser);
    if (!conn)
        return Unreachable;
    return body(*conn);
}

std::optional<int> CliCommand::intOption(const QCommandLineParser &parser, const QString &name,
                                         int fallback, int min, int max) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const int value = parser.value(name).trimmed().toInt(&ok);
    if (!ok || value < min || value > max)
        return std::nullopt;
    return value;
}

QTextStream &CliCommand::out() {
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &CliCommand::err() {
    static QTextStream stream(stderr);
    return stream;
}

QString CliCommand::shown(const QString &value) {
    return core::DisplayText::terminal(value);
}

QString CliCommand::shownLines(const QString &text) {
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        qsizetype tabs = 0;
        while (tabs < line.size() && line.at(tabs) == u'\t')
            ++tabs;
        line = QString(tabs * 2, QLatin1Char(' ')) + core::DisplayText::terminal(line.mid(tabs));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace dedup::cli
