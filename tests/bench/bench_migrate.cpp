// bench_migrate: brings a kept benchmark store (bench_browse --keep DIR) to this build's
// schema. bench_browse reuses a kept store as it is, so a migration added since the store was
// generated (e.g. an index) would otherwise be missing from the measurements. run-all.sh
// calls it before bench_browse. It starts the kept cluster (store/LocalCluster), migrates the
// database `bench` with the bundled migrations, prints what it applied and stops the server.
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QTextStream>

using namespace dedup::store;

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Migrates the database `bench` of a kept benchmark store."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("dir"),
                                 QStringLiteral("The store's directory (bench_browse --keep)."));
    parser.process(app);
    QTextStream out(stdout);
    if (parser.positionalArguments().size() != 1) {
        out << "usage: bench_migrate DIR" << Qt::endl;
        return 2;
    }
    const QString dir = QDir(parser.positionalArguments().first()).absolutePath();
    if (!QDir(dir + QStringLiteral("/data")).exists()) {
        out << "bench_migrate: no store in " << dir << " (nothing to migrate)" << Qt::endl;
        return 0;
    }
    LocalCluster::Options options;
    options.baseDir = dir;
    options.durable = false; // as bench_browse runs it
    LocalCluster cluster(options);
    QString error;
    if (!cluster.start(&error)) {
        out << "bench_migrate: " << error << Qt::endl;
        LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    int code = 0;
    {
        PgConnection conn;
        const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                     .arg(cluster.port())
                                     .arg(cluster.superuser());
        Migrator::Report report;
        if (!conn.open(conninfo, QStringLiteral("bench-migrate"))) {
            out << "bench_migrate: " << conn.openError().toString() << Qt::endl;
            code = 1;
        } else if (!conn.exec(QStringLiteral("SET maintenance_work_mem = '1GB'")).ok() ||
                   !Migrator(conn).migrate(&report, &error)) {
            out << "bench_migrate: " << error << Qt::endl;
            code = 1;
        } else {
            out << "bench_migrate: schema version " << report.versionBefore << " -> "
                << report.versionAfter << Qt::endl;
            // New indexes need statistics on their expressions before the planner uses them
            // as it will on a store that autovacuum has analysed.
            if (report.versionAfter != report.versionBefore &&
                !conn.exec(QStringLiteral("ANALYZE dedup.runs")).ok())
                code = 1;
        }
    }
    if (!cluster.stop(&error)) {
        out << "bench_migrate: " << error << Qt::endl;
        code = 1;
    }
    return code;
}
