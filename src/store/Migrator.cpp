#include "store/Migrator.h"

#include "store/PgConnection.h"
#include "store/PoolerCheck.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>

namespace dedup::store {

namespace {

// Arbitrary but fixed: every migrator of every version takes the same advisory lock.
constexpr qint64 kMigrationLockKey = 0x6465647570; // "dedup"
// The migration that creates the group roles, and the comment 0010_access.sql puts on them.
constexpr int kRolesMigration = 5;
constexpr auto kGroupRoleComment = "dedup store group role (created by the dedup migrations)";

} // namespace

Migrator::Migrator(PgConnection &connection)
    : m_conn(connection) {}

namespace {

QList<Migrator::Migration> loadBundledMigrations() {
    static const QRegularExpression pattern(QStringLiteral("^(\\d{4})_([a-z0-9_]+)\\.sql$"));
    QList<Migrator::Migration> result;
    QDir dir(QStringLiteral(":/dedup/sql/migrations"));
    for (const QString &file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const auto match = pattern.match(file);
        if (!match.hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        Migrator::Migration migration;
        migration.version = match.captured(1).toInt();
        migration.name = file.chopped(4);
        migration.sql = QString::fromUtf8(bytes);
        migration.checksum = QString::fromLatin1(
            QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
        result.append(migration);
    }
    return result;
}

} // namespace

const QList<Migrator::Migration> &Migrator::bundled() {
    static const QList<Migration> migrations = loadBundledMigrations();
    return migrations;
}

int Migrator::latestVersion() {
    return bundled().isEmpty() ? 0 : bundled().constLast().version;
}

int Migrator::currentVersion(QString *error) {
    const PgResult exists =
        m_conn.exec(QStringLiteral("SELECT to_regclass('dedup.schema_migrations') IS NOT NULL"));
    if (!exists.ok()) {
        *error = exists.error().toString();
        return -1;
    }
    if (!exists.toBool(0, 0))
        return 0;
    const PgResult version = m_conn.exec(
        QStringLiteral("SELECT coalesce(max(version), 0) FROM dedup.schema_migrations"));
    if (!version.ok()) {
        *error = version.error().toString();
        return -1;
    }
    return int(version.toInt64(0, 0));
}

bool Migrator::migrate(Report *report, QString *error) {
    if (bundled().isEmpty()) {
        *error = tr("this build contains no migrations");
        return false;
    }
    // The migration lock is a session lock: behind a pooler in transaction mode it would be
    // taken in one server session and released (or not) in another, and the next migrator
    // would wait for a session nobody controls.
    PgError poolerError;
    const std::optional<bool> pooled = PoolerCheck::throughPooler(m_conn, &poolerError);
    if (!pooled) {
        *error = poolerError.toString();
        return false;
    }
    if (*pooled) {
        *error = tr("this connection goes through a connection pooler (PgBouncer or similar): "
                    "migrations hold a session lock, which a pool in transaction mode does not "
                    "keep. Run the migration against the PostgreSQL server itself");
        return false;
    }
    PgParams lockKey;
    lockKey.add(kMigrationLockKey);
    const PgResult lock = m_conn.exec(QStringLiteral("SELECT pg_advisory_lock($1)"), lockKey);
    if (!lock.ok()) {
        *error = lock.error().toString();
        return false;
    }
    // Whatever happens below, the lock goes with this scope.
    struct Unlock {
        PgConnection &conn;
        const PgParams &key;
        ~Unlock() { conn.exec(QStringLiteral("SELECT pg_advisory_unlock($1)"), key); }
    } unlock{m_conn, lockKey};

    const PgResult bootstrap = m_conn.execScript(
        QStringLiteral("CREATE SCHEMA IF NOT EXISTS dedup;"
                       "CREATE TABLE IF NOT EXISTS dedup.schema_migrations ("
                       " version int PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,"
                       " applied_at timestamptz NOT NULL DEFAULT now());"));
    if (!bootstrap.ok()) {
        *error = bootstrap.error().toString();
        return false;
    }
    const PgResult applied = m_conn.exec(
        QStringLiteral("SELECT version, checksum FROM dedup.schema_migrations ORDER BY version"));
    if (!applied.ok()) {
        *error = applied.error().toString();
        return false;
    }
    QHash<int, QString> checksums;
    int before = 0;
    for (int row = 0; row < applied.rows(); ++row) {
        const int version = int(applied.toInt64(row, 0));
        checksums.insert(version, applied.text(row, 1));
        before = qMax(before, version);
    }
    if (before > latestVersion()) {
        *error = tr("the database schema is version %1, newer than this program's %2; "
                    "use a newer dedup-console/dedupctl")
                     .arg(before)
                     .arg(latestVersion());
        return false;
    }
    if (before < kRolesMigration && !checkGroupRoles(error))
        return false;
    Report result;
    result.versionBefore = before;
    for (const Migration &migration : bundled()) {
        const auto it = checksums.constFind(migration.version);
        if (it != checksums.constEnd()) {
            if (*it != migration.checksum) {
                *error = tr("migration %1 was changed after it was applied to this database "
                            "(checksum mismatch)")
                             .arg(migration.name);
                return false;
            }
            continue;
        }
        if (!applyOne(migration, error))
            return false;
        result.applied << migration.name;
    }
    result.versionAfter = latestVersion();
    if (report)
        *report = result;
    return true;
}

// A new store adopts the cluster's dedup_* group roles only if a dedup migration made them
// (0010 marks them with a comment) and they still have the attributes it gave them:
// someone who created a dedup_operator WITH LOGIN, or a member of pg_read_all_data, before
// the store existed must not get the store's privileges through it (docs/SECURITY.md).
bool Migrator::checkGroupRoles(QString *error) {
    PgParams params;
    params.add(QString::fromLatin1(kGroupRoleComment));
    const PgResult roles = m_conn.exec(
        QStringLiteral(
            "SELECT a.rolname,"
            " COALESCE(pg_catalog.shobj_description(a.oid, 'pg_authid'), '') = $1 AS marked,"
            " a.rolcanlogin OR a.rolsuper OR a.rolcreatedb OR a.rolcreaterole"
            "  OR a.rolreplication OR a.rolbypassrls"
            "  OR EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m WHERE m.member = a.oid)"
            "  AS altered"
            " FROM pg_catalog.pg_roles a"
            " WHERE a.rolname IN ('dedup_worker', 'dedup_operator', 'dedup_viewer')"
            " ORDER BY a.rolname"),
        params);
    if (!roles.ok()) {
        *error = roles.error().toString();
        return false;
    }
    for (int row = 0; row < roles.rows(); ++row) {
        const QString name = roles.text(row, 0);
        if (roles.toBool(row, 2)) {
            *error = tr("role %1 already exists with LOGIN, SUPERUSER, CREATEDB, CREATEROLE, "
                        "REPLICATION, BYPASSRLS or a role membership; the store will not "
                        "adopt it (fix or drop it, then migrate again)")
                         .arg(name);
            return false;
        }
        if (!roles.toBool(row, 1)) {
            *error = tr("role %1 already exists but was not created by a dedup migration; the "
                        "store will not adopt it (drop it, or migrate an existing store of "
                        "this cluster first, which marks the roles it made)")
                         .arg(name);
            return false;
        }
    }
    return true;
}

bool Migrator::applyOne(const Migration &migration, QString *error) {
    auto fail = [&](const PgError &pgError) {
        m_conn.exec(QStringLiteral("ROLLBACK"));
        *error = tr("migration %1 failed: %2").arg(migration.name, pgError.toString());
        return false;
    };
    PgResult step = m_conn.exec(QStringLiteral("BEGIN"));
    if (!step.ok())
        return fail(step.error());
    step = m_conn.execScript(migration.sql);
    if (!step.ok())
        return fail(step.error());
    PgParams params;
    params.add(migration.version).add(migration.name).add(migration.checksum);
    step = m_conn.exec(QStringLiteral("INSERT INTO dedup.schema_migrations (version, name, "
                                      "checksum) VALUES ($1, $2, $3)"),
                       params);
    if (!step.ok())
        return fail(step.error());
    step = m_conn.exec(QStringLiteral("COMMIT"));
    if (!step.ok())
        return fail(step.error());
    return true;
}

} // namespace dedup::store
