#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace dedup::store {

class PgConnection;

// Applies the schema migrations shipped inside the binary (resources/sql/migrations). Each
// migration runs in its own transaction and is recorded in dedup.schema_migrations with a
// checksum; a session advisory lock serialises concurrent migrators; a database whose schema
// is newer than this binary is refused rather than "downgraded".
class Migrator {
    Q_DECLARE_TR_FUNCTIONS(Migrator)

public:
    struct Migration {
        int version = 0;
        QString name;
        QString sql;
        QString checksum; // SHA-256 of the file, to notice a file edited after release
    };
    struct Report {
        int versionBefore = 0;
        int versionAfter = 0;
        QStringList applied; // "0002_protocol" ...
    };

    explicit Migrator(PgConnection &connection);

    static const QList<Migration> &bundled();
    static int latestVersion();

    // Brings the database to latestVersion(). On failure `error` says which migration and
    // why; the failed migration left nothing behind.
    bool migrate(Report *report, QString *error);
    // The schema version of the database: 0 when it was never migrated, -1 on error.
    int currentVersion(QString *error);

private:
    bool applyOne(const Migration &migration, QString *error);
    bool checkGroupRoles(QString *error);

    PgConnection &m_conn;
};

} // namespace dedup::store
