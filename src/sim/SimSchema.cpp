#include "sim/SimSchema.h"

#include "store/PgConnection.h"

#include <QDir>
#include <QFile>

namespace dedup::sim {

namespace {

// Arbitrary but fixed, and different from the migrator's lock ("dedup").
constexpr qint64 kInstallLockKey = 0x64656475702d73; // "dedup-s"

// The bundled scripts, concatenated in file name order; empty when none are bundled.
QString bundledScript() {
    QString script;
    const QDir dir(QStringLiteral(":/dedup/sim"));
    for (const QString &file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        script += QString::fromUtf8(f.readAll()) + QLatin1Char('\n');
    }
    return script;
}

} // namespace

bool SimSchema::install(store::PgConnection &connection, QString *error) {
    const QString script = bundledScript();
    if (script.isEmpty()) {
        *error = tr("this build contains no simulator schema");
        return false;
    }
    // execScript runs the whole string as one implicit transaction; the transaction-scoped
    // lock is held until it ends. The key is a literal, not user input.
    const store::PgResult result = connection.execScript(
        QStringLiteral("SELECT pg_advisory_xact_lock(%1);\n").arg(kInstallLockKey) + script);
    if (!result.ok()) {
        *error = tr("installing the simulator schema failed: %1").arg(result.error().toString());
        return false;
    }
    return true;
}

bool SimSchema::isInstalled(store::PgConnection &connection, QString *error) {
    const store::PgResult result = connection.exec(QStringLiteral(
        "SELECT to_regprocedure('sim.perform(text, text, text, text, text, boolean, jsonb,"
        " text, integer, text)') IS NOT NULL"));
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    if (!result.toBool(0, 0)) {
        *error = tr("the simulator schema \"sim\" is not installed in this database");
        return false;
    }
    return true;
}

bool SimSchema::reset(store::PgConnection &connection, QString *error) {
    const store::PgResult result = connection.execScript(
        QStringLiteral("TRUNCATE sim.ledger, sim.idempotency RESTART IDENTITY;"
                       " ALTER SEQUENCE sim.ref_seq RESTART;"));
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    return true;
}

bool SimSchema::drop(store::PgConnection &connection, QString *error) {
    const store::PgResult result =
        connection.exec(QStringLiteral("DROP SCHEMA IF EXISTS sim CASCADE"));
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    return true;
}

} // namespace dedup::sim
