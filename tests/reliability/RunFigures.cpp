#include "RunFigures.h"

#include "store/PgConnection.h"

using dedup::store::PgConnection;
using dedup::store::PgParams;

namespace RunFigures {

dedup::sim::DemoTrafficOptions quietTraffic(const QString &conninfo, quint32 seed) {
    dedup::sim::DemoTrafficOptions traffic;
    traffic.conninfo = conninfo;
    traffic.rate = 20;
    traffic.workers = 3;
    traffic.seed = seed;
    traffic.lease = std::chrono::milliseconds(2000);
    traffic.faults = dedup::sim::SimulationFaults();
    traffic.crashShare = 0;
    return traffic;
}

void addUp(LineReport &report, const QString &name, qint64 value) {
    report.setFigure(name, qMax<qint64>(0, report.figure(name)) + value);
}

void addTrafficFigures(LineReport &report, const dedup::sim::DemoTrafficCounters &counters) {
    addUp(report, QStringLiteral("intents"), counters.intents);
    addUp(report, QStringLiteral("deliveries"), counters.deliveries);
    addUp(report, QStringLiteral("deliveries_handed_out_again_after_an_error"),
          counters.redelivered);
    addUp(report, QStringLiteral("deliveries_other"), counters.other);
}

QString serverNow(PgConnection &conn, QString *error) {
    const dedup::store::PgResult now = conn.exec(
        QStringLiteral("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')"));
    if (!now.ok()) {
        *error = now.error().toString();
        return {};
    }
    return now.text(0, 0) + QStringLiteral("+00");
}

qint64 count(PgConnection &conn, const QString &sql, const PgParams &params, LineReport &report) {
    const dedup::store::PgResult result = conn.exec(sql, params);
    if (!result.ok()) {
        report.addProblem(result.error().toString());
        return -1;
    }
    return result.toInt64(0, 0);
}

std::pair<qint64, qint64> createdBetween(PgConnection &conn, const QString &from,
                                         const QString &until, LineReport &report) {
    PgParams window;
    window.add(from).add(until);
    const QString runs =
        QStringLiteral("SELECT count(*) FROM dedup.runs"
                       " WHERE created_at >= $1::timestamptz"
                       "   AND created_at < $2::timestamptz - interval '1 second'");
    return {count(conn, runs, window, report),
            count(conn, runs + QStringLiteral(" AND status <> 'succeeded'"), window, report)};
}

qint64 addRunFigures(PgConnection &conn, LineReport &report) {
    const PgParams none;
    const auto figure = [&](const char *name, const QString &where) {
        const qint64 value =
            count(conn, QStringLiteral("SELECT count(*) FROM dedup.runs r") + where, none, report);
        report.setFigure(QString::fromLatin1(name), value);
        return value;
    };
    const QString uncertain = QStringLiteral(
        "(SELECT 1 FROM dedup.steps s WHERE s.run_id = r.id AND s.status = 'uncertain')");
    figure("runs", {});
    figure("runs_succeeded", QStringLiteral(" WHERE r.status = 'succeeded'"));
    figure("runs_in_review_uncertain_step",
           QStringLiteral(" WHERE r.status = 'manual_review' AND EXISTS ") + uncertain);
    figure("runs_in_review_other",
           QStringLiteral(" WHERE r.status = 'manual_review' AND NOT EXISTS ") + uncertain);
    figure("runs_failed", QStringLiteral(" WHERE r.status = 'failed'"));
    return figure("runs_left_processing", QStringLiteral(" WHERE r.status = 'processing'"));
}

} // namespace RunFigures
