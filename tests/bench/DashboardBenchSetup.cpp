#include "DashboardBenchSetup.h"

#include "store/Migrator.h"

#include <QElapsedTimer>

using dedup::store::Migrator;
using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace bench {

namespace {

bool ok(const PgResult &result, QString *error) {
    if (!result.ok())
        *error = result.error().toString();
    return result.ok();
}

// Seconds a statement took, or -1 (with `error` set) when it failed.
double timed(PgConnection &conn, const QString &sql, QString *error, PgResult *out = nullptr) {
    QElapsedTimer timer;
    timer.start();
    const PgResult result = conn.exec(sql);
    if (out)
        *out = result;
    return ok(result, error) ? double(timer.nsecsElapsed()) / 1e9 : -1;
}

bool done(PgConnection &conn, const QString &step) {
    const PgResult result =
        conn.exec(QStringLiteral("SELECT count(*) FROM bench.dashboard_setup WHERE step = $1"),
                  PgParams().add(step));
    return result.ok() && result.toInt64(0, 0) > 0;
}

bool record(PgConnection &conn, const QString &step, const QJsonObject &figures, QString *error) {
    return ok(conn.exec(QStringLiteral("INSERT INTO bench.dashboard_setup (step, figures)"
                                       " VALUES ($1, $2)"),
                        PgParams().add(step).add(figures)),
              error);
}

} // namespace

bool DashboardBenchSetup::prepare(PgConnection &conn, qint64 duplicates, QJsonObject *report,
                                  QString *error, const Progress &progress) {
    if (!ok(conn.execScript(QStringLiteral(
                "CREATE SCHEMA IF NOT EXISTS bench;"
                " CREATE TABLE IF NOT EXISTS bench.dashboard_setup (step text PRIMARY KEY,"
                " figures jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())")),
            error))
        return false;
    if (!ok(conn.exec(QStringLiteral("SET maintenance_work_mem = '1GB'")), error) ||
        !ok(conn.exec(QStringLiteral("SET work_mem = '256MB'")), error))
        return false;

    // The migration (0008's backfill when the store predates it).
    QElapsedTimer timer;
    timer.start();
    Migrator migrator(conn);
    Migrator::Report migrated;
    if (!migrator.migrate(&migrated, error))
        return false;
    if (!migrated.applied.isEmpty()) {
        const QJsonObject figures{{QStringLiteral("applied"), migrated.applied.join(u',')},
                                  {QStringLiteral("seconds"), double(timer.elapsed()) / 1000}};
        progress(QStringLiteral("migrated (%1) in %2 s")
                     .arg(migrated.applied.join(u','))
                     .arg(double(timer.elapsed()) / 1000, 0, 'f', 1));
        if (!record(conn, QStringLiteral("migrate ") + migrated.applied.join(u','), figures, error))
            return false;
    }

    // The rollup must count every run but the processing ones (0022: those are counted from
    // their index): a load with triggers disabled leaves it short.
    PgResult check;
    if (timed(
            conn,
            QStringLiteral("SELECT (SELECT count(*) FROM dedup.runs WHERE status <> 'processing'),"
                           " (SELECT COALESCE(sum(n), 0) FROM dedup.dashboard_counts"
                           "   WHERE grain = 86400 AND metric = 'runs')"
                           " + (SELECT COALESCE(sum(n), 0) FROM dedup.dashboard_deltas"
                           "   WHERE metric = 'runs')"),
            error, &check) < 0)
        return false;
    if (check.toInt64(0, 0) != check.toInt64(0, 1)) {
        progress(QStringLiteral("the rollup counts %1 of %2 runs: dedup.dashboard_rebuild()")
                     .arg(check.toInt64(0, 1))
                     .arg(check.toInt64(0, 0)));
        const double seconds =
            timed(conn, QStringLiteral("SELECT dedup.dashboard_rebuild()"), error);
        if (seconds < 0 || !record(conn, QStringLiteral("rebuild %1").arg(check.toInt64(0, 0)),
                                   {{QStringLiteral("seconds"), seconds}}, error))
            return false;
        progress(QStringLiteral("rebuilt in %1 s").arg(seconds, 0, 'f', 1));
    }

    const QString dupStep = QStringLiteral("duplicates %1").arg(duplicates);
    if (duplicates > 0 && !done(conn, dupStep)) {
        // Every k-th run gets one duplicate a minute after its creation: 90% replays, 6%
        // in_progress, 3% in_review, 1% mismatches.
        progress(QStringLiteral("inserting %1 duplicate events").arg(duplicates));
        const PgResult n = conn.exec(QStringLiteral("SELECT max(id) FROM dedup.runs"));
        if (!ok(n, error))
            return false;
        const qint64 step = qMax<qint64>(1, n.toInt64(0, 0) / duplicates);
        const double inserted = timed(
            conn,
            QStringLiteral(
                "INSERT INTO dedup.events (run_id, at, kind, actor, detail)"
                " SELECT r.id, r.created_at + interval '1 minute',"
                "        CASE WHEN r.id %% 100 = 0 THEN 'mismatch' ELSE 'duplicate_suppressed' END,"
                "        'bench', jsonb_build_object('outcome', CASE WHEN r.id %% 100 < 90 THEN"
                " 'replay' WHEN r.id %% 100 < 96 THEN 'in_progress' ELSE 'in_review' END)"
                "   FROM dedup.runs r WHERE r.id %% %1 = 0")
                .arg(step)
                .replace(QStringLiteral("%%"), QStringLiteral("%")),
            error);
        if (inserted < 0)
            return false;
        PgResult folded;
        const double fold = timed(
            conn, QStringLiteral("SELECT folded FROM dedup.dashboard_refresh()"), error, &folded);
        if (fold < 0)
            return false;
        const QJsonObject figures{{QStringLiteral("insert_s"), inserted},
                                  {QStringLiteral("deltas_folded"), folded.toInt64(0, 0)},
                                  {QStringLiteral("fold_s"), fold}};
        progress(QStringLiteral("inserted in %1 s; refresh folded %2 deltas in %3 s")
                     .arg(inserted, 0, 'f', 1)
                     .arg(folded.toInt64(0, 0))
                     .arg(fold, 0, 'f', 1));
        if (!record(conn, dupStep, figures, error) ||
            !ok(conn.exec(QStringLiteral("VACUUM ANALYZE dedup.events")), error))
            return false;
    }

    if (!done(conn, QStringLiteral("samples"))) {
        // A month of samples: the stuck count and queue drift around their current size.
        const double seconds = timed(
            conn,
            QStringLiteral(
                "INSERT INTO dedup.dashboard_samples (at, stuck, review)"
                " SELECT date_bin('1 minute', now(), timestamptz '2000-01-03 00:00:00+00')"
                "        - m * interval '1 minute',"
                "        greatest(0, c.stuck + (100 * sin(m / 500.0))::bigint),"
                "        greatest(0, c.review + (200 * cos(m / 700.0))::bigint)"
                "   FROM generate_series(1, 43200) m,"
                "        (SELECT (SELECT count(*) FROM dedup.runs WHERE status = 'processing'"
                "                   AND lease_expires_at <= now()) AS stuck,"
                "                (SELECT count(*) FROM dedup.runs WHERE status = 'manual_review')"
                "                   AS review) c"
                " ON CONFLICT (at) DO NOTHING"),
            error);
        if (seconds < 0 ||
            !record(conn, QStringLiteral("samples"), {{QStringLiteral("seconds"), seconds}}, error))
            return false;
    }
    if (!ok(conn.exec(QStringLiteral("VACUUM ANALYZE dedup.dashboard_counts,"
                                     " dedup.dashboard_scope_counts, dedup.dashboard_deltas,"
                                     " dedup.dashboard_samples")),
            error))
        return false;

    const PgResult steps = conn.exec(
        QStringLiteral("SELECT jsonb_object_agg(step, figures) FROM bench.dashboard_setup"));
    if (!ok(steps, error))
        return false;
    *report = steps.toJson(0, 0).toObject();
    return true;
}

} // namespace bench
