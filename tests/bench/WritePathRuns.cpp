#include "WritePathRuns.h"

#include "store/ClaimRequest.h"
#include "store/RunProtocol.h"

#include <QJsonObject>

using namespace dedup::store;

namespace bench {

namespace {

const QString scope = QStringLiteral("bench");
const QString step = QStringLiteral("charge");

// The minimal dedup record: what a team writes by hand. The unique (scope, key) is the
// dedup; nothing else is indexed, so both updates can be HOT. No foreign key from the step
// to the run (a key-share lock per step write would be one more WAL record).
const QString insertRunSql = QStringLiteral(
    "INSERT INTO wp.runs (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id");
const QString insertStepSql =
    QStringLiteral("INSERT INTO wp.steps (run_id, name, status, started_at)"
                   " VALUES ($1, $2, 'in_progress', now())");
const QString completeStepSql =
    QStringLiteral("UPDATE wp.steps SET status = 'done', side_effect_ref = $3,"
                   " finished_at = now() WHERE run_id = $1 AND name = $2");
const QString succeedSql =
    QStringLiteral("UPDATE wp.runs SET status = 'succeeded', result = $2::jsonb,"
                   " finished_at = now() WHERE id = $1");

QJsonObject resultDocument() {
    return QJsonObject{{QStringLiteral("status"), 201}};
}

QString sideEffectRef(qint64 runId) {
    return QStringLiteral("ch_%1").arg(runId);
}

} // namespace

const std::array<QString, CallSamples::Calls> &protocolCallNames() {
    static const std::array<QString, CallSamples::Calls> names{
        QStringLiteral("claim"), QStringLiteral("begin_step"), QStringLiteral("complete_step"),
        QStringLiteral("succeed")};
    return names;
}

const std::array<QString, CallSamples::Calls> &minimalCallNames() {
    static const std::array<QString, CallSamples::Calls> names{
        QStringLiteral("INSERT run ON CONFLICT"), QStringLiteral("INSERT step"),
        QStringLiteral("UPDATE step"), QStringLiteral("UPDATE run")};
    return names;
}

QString minimalSetupSql(const QString &login) {
    return QStringLiteral(
               "CREATE SCHEMA wp;"
               " CREATE TABLE wp.runs (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
               "   scope text COLLATE \"C\" NOT NULL, key text COLLATE \"C\" NOT NULL,"
               "   status text NOT NULL DEFAULT 'processing', result jsonb,"
               "   created_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz,"
               "   CONSTRAINT runs_scope_key_key UNIQUE (scope, key));"
               " CREATE TABLE wp.steps (run_id bigint NOT NULL, name text NOT NULL,"
               "   status text NOT NULL, side_effect_ref text, started_at timestamptz,"
               "   finished_at timestamptz, PRIMARY KEY (run_id, name));"
               " GRANT USAGE ON SCHEMA wp TO %1;"
               " GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA wp TO %1;"
               " GRANT USAGE ON ALL SEQUENCES IN SCHEMA wp TO %1;")
        .arg(login);
}

bool protocolRun(PgConnection &conn, const QString &key, const QString &worker,
                 CallSamples *samples, QString *error) {
    RunProtocol protocol(conn);
    ClaimRequest request;
    request.scope = scope;
    request.key = key;
    request.workflow = QStringLiteral("bench-workflow");
    request.fingerprint = QStringLiteral("sha256:bench");
    request.worker = worker;
    request.steps = {step};
    std::array<double, CallSamples::Calls> micros{};
    const auto runStart = WriteClock::now();

    auto start = WriteClock::now();
    const auto claim = protocol.claim(request);
    micros[0] = microsSinceStart(start);
    if (!claim.ok() || claim.value().outcome != ClaimOutcome::Acquired) {
        *error = claim.ok() ? QStringLiteral("claim answered %1").arg(int(claim.value().outcome))
                            : claim.error().toString();
        return false;
    }
    const RunLease lease = claim.value().lease();

    start = WriteClock::now();
    const auto begin = protocol.beginStep(lease, step);
    micros[1] = microsSinceStart(start);
    if (!begin.ok() || begin.value() != StepAnswer::Run) {
        *error = begin.ok() ? QStringLiteral("begin_step answered %1").arg(int(begin.value()))
                            : begin.error().toString();
        return false;
    }

    start = WriteClock::now();
    const auto complete = protocol.completeStep(lease, step, sideEffectRef(lease.runId));
    micros[2] = microsSinceStart(start);
    if (!complete.ok()) {
        *error = complete.error().toString();
        return false;
    }

    start = WriteClock::now();
    const auto succeed = protocol.succeed(lease, resultDocument());
    micros[3] = microsSinceStart(start);
    if (!succeed.ok()) {
        *error = succeed.error().toString();
        return false;
    }

    if (samples) {
        samples->run.push_back(microsSinceStart(runStart));
        for (int i = 0; i < CallSamples::Calls; ++i)
            samples->call[size_t(i)].push_back(micros[size_t(i)]);
        ++samples->runs;
    }
    return true;
}

bool minimalRun(PgConnection &conn, const QString &key, CallSamples *samples, QString *error) {
    std::array<double, CallSamples::Calls> micros{};
    const auto runStart = WriteClock::now();
    const auto call = [&](int index, const QString &sql, const PgParams &params) {
        const auto start = WriteClock::now();
        PgResult result = conn.execPrepared(sql, params);
        micros[size_t(index)] = microsSinceStart(start);
        if (!result.ok())
            *error = result.error().toString();
        return result;
    };

    const PgResult inserted = call(0, insertRunSql, PgParams().add(scope).add(key));
    if (!inserted.ok())
        return false;
    if (inserted.rows() != 1) {
        *error = QStringLiteral("the key %1 was taken").arg(key);
        return false;
    }
    const qint64 runId = inserted.toInt64(0, 0);
    if (!call(1, insertStepSql, PgParams().add(runId).add(step)).ok() ||
        !call(2, completeStepSql, PgParams().add(runId).add(step).add(sideEffectRef(runId))).ok() ||
        !call(3, succeedSql, PgParams().add(runId).add(resultDocument())).ok())
        return false;

    if (samples) {
        samples->run.push_back(microsSinceStart(runStart));
        for (int i = 0; i < CallSamples::Calls; ++i)
            samples->call[size_t(i)].push_back(micros[size_t(i)]);
        ++samples->runs;
    }
    return true;
}

} // namespace bench
