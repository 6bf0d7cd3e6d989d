#include "MetricsCommand.h"

#include "ExitCode.h"
#include "MetricsServer.h"
#include "MetricsText.h"
#include "store/MetricsQueries.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QCoreApplication>

#include <memory>

namespace dedup::cli {

QString MetricsCommand::summary() const {
    return tr("Print the store's figures in the Prometheus text format, or serve them.");
}

void MetricsCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("listen"),
        tr("Serve them at http://HOST:PORT/metrics until stopped instead of printing them once "
           "(port 0: any free port, printed)."),
        tr("host:port")));
}

std::optional<MetricsCommand::Listen>
MetricsCommand::parseListen(const QCommandLineParser &parser) {
    Listen listen;
    if (!parser.isSet(QStringLiteral("listen")))
        return listen;
    const QString value = parser.value(QStringLiteral("listen"));
    const qsizetype colon = value.lastIndexOf(u':');
    bool ok = false;
    const uint port = colon > 0 ? value.mid(colon + 1).toUInt(&ok) : 0;
    QString host = colon > 0 ? value.left(colon) : QString();
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2); // [::1]:9187
    if (host == QLatin1String("localhost"))
        host = QStringLiteral("127.0.0.1");
    if (!ok || port > 65535 || !listen.address.setAddress(host)) {
        err() << tr("dedupctl metrics: invalid --listen '%1': use HOST:PORT with an IP address, "
                    "e.g. 127.0.0.1:9187")
                     .arg(shown(value))
              << Qt::endl;
        return std::nullopt;
    }
    listen.port = quint16(port);
    return listen;
}

int MetricsCommand::run(const QCommandLineParser &parser) {
    const std::optional<Listen> listen = parseListen(parser);
    if (!listen)
        return Usage;
    if (!listen->address.isNull())
        return serve(parser, *listen);
    return withConnection(parser, [](store::PgConnection &conn) {
        // As the console's connections: without JIT, whose compiling costs more than these
        // short aggregates (docs/PERFORMANCE.md, "After 0023").
        store::RunQueries::applySessionSettings(conn, 0);
        store::PgError error;
        const auto metrics = store::MetricsQueries::read(conn, &error);
        if (!metrics) {
            err() << tr("dedupctl metrics: %1").arg(shown(error.toString())) << Qt::endl;
            return int(DatabaseError);
        }
        out() << MetricsText::format(*metrics);
        out().flush();
        return int(Success);
    });
}

int MetricsCommand::serve(const QCommandLineParser &parser, const Listen &listen) {
    // The store must be reachable at the start (a wrong --db is better said now); later a
    // scrape that finds the connection gone opens a new one, and answers 503 while it cannot.
    std::unique_ptr<store::PgConnection> conn = connect(parser);
    if (!conn)
        return Unreachable;
    store::RunQueries::applySessionSettings(*conn, 0);
    MetricsServer server([&](bool *ok) {
        if (!conn || !conn->isOpen()) {
            conn = connect(parser);
            if (conn)
                store::RunQueries::applySessionSettings(*conn, 0);
        }
        if (!conn) {
            *ok = false;
            return tr("cannot connect to the store\n");
        }
        store::PgError error;
        const auto metrics = store::MetricsQueries::read(*conn, &error);
        *ok = metrics.has_value();
        if (!metrics) {
            err() << tr("dedupctl metrics: %1").arg(shown(error.toString())) << Qt::endl;
            return tr("the store could not be read: %1\n").arg(error.toString());
        }
        return MetricsText::format(*metrics);
    });
    if (!server.listen(listen.address, listen.port)) {
        err() << tr("dedupctl metrics: cannot listen on %1:%2: %3")
                     .arg(listen.address.toString())
                     .arg(listen.port)
                     .arg(server.errorString())
              << Qt::endl;
        return Failure;
    }
    const QString host = listen.address.protocol() == QAbstractSocket::IPv6Protocol
                             ? QStringLiteral("[%1]").arg(listen.address.toString())
                             : listen.address.toString();
    out() << tr("serving http://%1:%2/metrics (Ctrl-C stops)").arg(host).arg(server.port())
          << Qt::endl;
    return QCoreApplication::exec();
}

} // namespace dedup::cli
