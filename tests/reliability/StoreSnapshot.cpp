#include "StoreSnapshot.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

using dedup::store::PgConnection;
using dedup::store::PgParams;

namespace {

QString firstCell(const dedup::store::PgResult &result) {
    if (!result.ok())
        return QStringLiteral("<error: %1>").arg(result.error().toString());
    if (result.rows() == 0)
        return QStringLiteral("<no row>");
    return result.text(0, 0);
}

} // namespace

QString StoreSnapshot::run(PgConnection &owner, qint64 runId) {
    PgParams params;
    params.add(runId);
    return firstCell(owner.exec(
        QStringLiteral(
            "SELECT jsonb_build_object("
            " 'run', (SELECT to_jsonb(r) FROM dedup.runs r WHERE r.id = $1),"
            " 'steps', (SELECT jsonb_agg(to_jsonb(s) ORDER BY s.ordinal) FROM dedup.steps s"
            "           WHERE s.run_id = $1),"
            " 'events', (SELECT jsonb_agg(to_jsonb(e) ORDER BY e.id) FROM dedup.events e"
            "            WHERE e.run_id = $1),"
            " 'commands', (SELECT jsonb_agg(to_jsonb(c) ORDER BY c.id) FROM dedup.commands c"
            "              WHERE c.run_id = $1),"
            " 'audit', (SELECT jsonb_agg(a.hash ORDER BY a.id) FROM dedup.audit_log a"
            "           WHERE a.run_id = $1))::text"),
        params));
}

QString StoreSnapshot::schema(PgConnection &owner) {
    // The relation names come from the catalog and are quoted by PostgreSQL itself
    // (regclass output), so splicing them into the per-table statements below is safe.
    const auto relations = owner.exec(
        QStringLiteral("SELECT c.oid::regclass::text, c.relkind FROM pg_class c"
                       " JOIN pg_namespace n ON n.oid = c.relnamespace"
                       " WHERE n.nspname = 'dedup' AND c.relkind IN ('r', 'p', 'S') ORDER BY 1"));
    if (!relations.ok())
        return QStringLiteral("<error: %1>").arg(relations.error().toString());
    QString snapshot;
    for (int row = 0; row < relations.rows(); ++row) {
        const QString name = relations.text(row, 0);
        const bool sequence = relations.text(row, 1) == QLatin1String("S");
        const QString sql =
            sequence ? QStringLiteral("SELECT last_value || ':' || is_called FROM %1").arg(name)
                     : QStringLiteral("SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, "
                                      "'|' ORDER BY t::text), '')) FROM %1 t")
                           .arg(name);
        snapshot += name + QLatin1Char('=') + scalar(owner, sql) + QLatin1Char('\n');
    }
    // New objects, dropped objects or changed privileges show here.
    snapshot += scalar(
        owner, QStringLiteral("SELECT md5(string_agg(x, '|' ORDER BY x)) FROM ("
                              " SELECT c.relname || ':' || c.relkind::text || ':' || "
                              "  coalesce(c.relacl::text, '') || ':' || c.relowner AS x"
                              " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                              " WHERE n.nspname = 'dedup'"
                              " UNION ALL SELECT p.oid::regprocedure::text || ':' || "
                              "  coalesce(p.proacl::text, '') || ':' || md5(p.prosrc)"
                              " FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
                              " WHERE n.nspname = 'dedup'"
                              " UNION ALL SELECT 'schema:' || coalesce(nspacl::text, '')"
                              " FROM pg_namespace WHERE nspname = 'dedup') objects"));
    return snapshot;
}

QString StoreSnapshot::scalar(PgConnection &conn, const QString &sql, const PgParams &params) {
    return firstCell(conn.exec(sql, params));
}

QString StoreSnapshot::scalar(PgConnection &conn, const QString &sql) {
    return firstCell(conn.exec(sql));
}
