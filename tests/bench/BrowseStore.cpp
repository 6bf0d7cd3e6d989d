#include "BrowseStore.h"

#include "BrowseChild.h"
#include "SyntheticRuns.h"
#include "store/Migrator.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSysInfo>

#include <thread>

namespace bench {

using dedup::store::Migrator;
using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

QStringList BrowseStore::serverSettings() {
    return {
        // The store is ~8 GB; the hot parts of the indexes stay in shared buffers, the rest
        // in the OS page cache (the machine has 24 GB, shared with other work).
        QStringLiteral("shared_buffers = 2GB"),
        QStringLiteral("effective_cache_size = 8GB"),
        // Generation: one big transaction, no checkpoint in the middle of the load, and with
        // wal_level = minimal the COPY into the tables truncated in that transaction and the
        // index builds skip the WAL.
        QStringLiteral("max_wal_size = 16GB"),
        QStringLiteral("checkpoint_timeout = 30min"),
        QStringLiteral("wal_level = minimal"),
        QStringLiteral("max_wal_senders = 0"),
        QStringLiteral("track_io_timing = on"),
    };
}

bool BrowseStore::ensure(PgConnection &admin, const QString &conninfo,
                         const RunStoreGenerator::Options &options, bool regenerate,
                         QJsonObject *description, bool *reused, QString *error,
                         const RunStoreGenerator::Progress &progress) {
    *reused = false;
    const PgResult exists =
        admin.exec(QStringLiteral("SELECT count(*) FROM pg_database WHERE datname = $1"),
                   PgParams().add(Database));
    if (!exists.ok()) {
        *error = exists.error().toString();
        return false;
    }
    if (exists.toInt64(0, 0) > 0 && !regenerate) {
        PgConnection conn;
        if (conn.open(conninfo)) {
            const PgResult stored = conn.exec(
                QStringLiteral("SELECT report FROM bench.generation ORDER BY generated_at DESC"
                               " LIMIT 1"));
            if (stored.ok() && stored.rows() == 1) {
                const QJsonObject report = stored.toJson(0, 0).toObject();
                if (report.value(QStringLiteral("format")).toInt() == FormatVersion &&
                    report.value(QStringLiteral("runs")).toInteger() == options.runs &&
                    report.value(QStringLiteral("seed")).toInteger() == qint64(options.seed)) {
                    *description = report;
                    *reused = true;
                    return true;
                }
                progress(QStringLiteral("the kept store was generated differently: regenerating"));
            } else {
                progress(QStringLiteral("the kept store is incomplete: regenerating"));
            }
        }
    }

    // DROP/CREATE DATABASE take no parameters; the name is a constant of this program.
    const bool dropped =
        exists.toInt64(0, 0) == 0 ||
        admin.exec(QStringLiteral("DROP DATABASE %1 WITH (FORCE)").arg(QLatin1String(Database)))
            .ok();
    if (!dropped ||
        !admin.exec(QStringLiteral("CREATE DATABASE %1").arg(QLatin1String(Database))).ok()) {
        *error = QStringLiteral("cannot create the %1 database").arg(QLatin1String(Database));
        return false;
    }
    PgConnection conn;
    if (!conn.open(conninfo, QStringLiteral("bench-browse-generator"))) {
        *error = conn.openError().toString();
        return false;
    }
    Migrator migrator(conn);
    Migrator::Report migrated;
    if (!migrator.migrate(&migrated, error))
        return false;

    QElapsedTimer timer;
    timer.start();
    RunStoreGenerator generator(conn, options);
    RunStoreGenerator::Report report;
    if (!generator.generate(&report, error, progress))
        return false;
    progress(QStringLiteral("measuring the store's size and contents"));
    const QJsonObject sizes = RunStoreGenerator::sizes(conn, error);
    if (sizes.isEmpty())
        return false;
    const QJsonObject contents = RunStoreGenerator::contents(conn, error);
    if (contents.isEmpty())
        return false;
    *description = {
        {QStringLiteral("format"), FormatVersion},
        {QStringLiteral("runs"), options.runs},
        {QStringLiteral("seed"), qint64(options.seed)},
        {QStringLiteral("indexes_dropped_for_load"), options.dropIndexes},
        {QStringLiteral("generation"), report.toJson()},
        {QStringLiteral("sizes"), sizes},
        {QStringLiteral("contents"), contents},
        {QStringLiteral("shape"), SyntheticRuns::describe()},
        {QStringLiteral("load_average_after"), loadAverage()},
    };
    // Written last: a store without this row was not finished and is generated again.
    const PgResult saved = conn.execScript(
        QStringLiteral("CREATE SCHEMA IF NOT EXISTS bench;"
                       " CREATE TABLE IF NOT EXISTS bench.generation ("
                       " generated_at timestamptz NOT NULL DEFAULT now(), report jsonb NOT NULL)"));
    const PgResult inserted =
        saved.ok() ? conn.exec(QStringLiteral("INSERT INTO bench.generation (report) VALUES ($1)"),
                               PgParams().add(*description))
                   : saved;
    if (!inserted.ok()) {
        *error = inserted.error().toString();
        return false;
    }
    return true;
}

QString BrowseStore::loadAverage() {
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).section(QLatin1Char(' '), 0, 2);
}

bool BrowseStore::grantScopedOperator(const QString &ownerConninfo, const QString &login,
                                      const QString &prefix, QString *error) {
    PgConnection owner;
    if (!owner.open(ownerConninfo)) {
        *error = owner.openError().toString();
        return false;
    }
    PgParams params;
    params.add(login).add(prefix);
    // `login` is this program's fixed identifier (ScopedLogin), quoted again by format(%I).
    const PgResult created = owner.execScript(
        QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '") +
        login + QStringLiteral("') THEN EXECUTE format('CREATE ROLE %I LOGIN', '") + login +
        QStringLiteral("'); END IF; END $$;"));
    if (!created.ok()) {
        *error = created.error().toString();
        return false;
    }
    const PgResult granted = owner.exec(
        QStringLiteral("SELECT dedup.access_revoke($1), dedup.access_grant($1, 'operator', NULL,"
                       " ARRAY[$2])"),
        params);
    if (!granted.ok()) {
        *error = granted.error().toString();
        return false;
    }
    return true;
}

QJsonObject BrowseStore::machine(PgConnection &connection) {
    QJsonObject settings;
    for (const char *name :
         {"server_version", "shared_buffers", "effective_cache_size", "work_mem",
          "maintenance_work_mem", "random_page_cost", "effective_io_concurrency", "jit",
          "max_parallel_workers_per_gather", "fsync", "synchronous_commit", "wal_level"}) {
        const PgResult result =
            connection.exec(QStringLiteral("SELECT current_setting($1)"), PgParams().add(name));
        settings.insert(QLatin1String(name), result.ok() ? result.text(0, 0) : QString());
    }
    QString cpu;
    QFile cpuInfo(QStringLiteral("/proc/cpuinfo"));
    if (cpuInfo.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : cpuInfo.readAll().split('\n'))
            if (line.startsWith("model name")) {
                cpu = QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
                break;
            }
    }
    return {{QStringLiteral("nproc"), int(std::thread::hardware_concurrency())},
            {QStringLiteral("cpu"), cpu},
            {QStringLiteral("ram_gib"), double(child::memInfoKb("MemTotal")) / 1024 / 1024},
            {QStringLiteral("mem_available_gib"),
             double(child::memInfoKb("MemAvailable")) / 1024 / 1024},
            {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
            {QStringLiteral("os"), QSysInfo::prettyProductName()},
            {QStringLiteral("connection"), QStringLiteral("TCP 127.0.0.1 (loopback)")},
            {QStringLiteral("postgresql"), settings},
            {QStringLiteral("load_average"), loadAverage()}};
}

} // namespace bench
