#include "ProtocolWorkload.h"

#include "store/ClaimRequest.h"
#include "store/RunProtocol.h"

#include <QJsonObject>
#include <QThread>

#include <latch>
#include <limits>
#include <thread>
#include <vector>

using namespace dedup::store;

namespace bench {

std::atomic<bool> interrupted{false};

const QString setupSql =
    QStringLiteral("CREATE SCHEMA bench;"
                   " CREATE TABLE bench.t (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                   "   scope text COLLATE \"C\" NOT NULL, key text COLLATE \"C\" NOT NULL,"
                   "   CONSTRAINT t_scope_key_key UNIQUE (scope, key));"
                   " CREATE TABLE bench.runs_copy (LIKE dedup.runs INCLUDING ALL);");

namespace {

// The protocol loop runs through the worker runtime's RunProtocol (named arguments, values
// always as parameters, each call prepared once per connection). The statements below are
// what it sends, for the latency series that time one call at a time.
const QString claimSql = QStringLiteral(
    "SELECT outcome, run_id, lease_token FROM dedup.claim(p_scope => 'bench', p_key => $1,"
    " p_workflow => 'bench-workflow', p_fingerprint => 'sha256:bench', p_worker => $2,"
    " p_steps => '{draft_invoice,send_receipt}')");
const QString insertSql =
    QStringLiteral("INSERT INTO bench.t (scope, key) VALUES ('bench', $1) ON CONFLICT DO NOTHING");
// The row claim inserts, into a copy of dedup.runs with the same indexes and constraints.
const QString insertRunsCopySql = QStringLiteral(
    "INSERT INTO bench.runs_copy (scope, idem_key, workflow, fingerprint, status, attempt,"
    " max_attempts, lease_owner, lease_token, lease_expires_at, heartbeat_at)"
    " VALUES ('bench', $1, 'bench-workflow', 'sha256:bench', 'processing', 1, 5, 'bench', 1,"
    " now() + interval '30 seconds', now()) ON CONFLICT (scope, idem_key) DO NOTHING");

struct WorkerResult {
    qint64 runs = 0;
    qint64 errors = 0;
    QString firstError;
    std::vector<double> runMicros;
};

// Runs one full protocol loop; false (and the error) when any call fails or answers
// something a lone worker with fresh keys should never see.
bool protocolLoop(PgConnection &conn, const QString &key, const QString &worker, QString *error) {
    RunProtocol protocol(conn);
    ClaimRequest request;
    request.scope = QStringLiteral("bench");
    request.key = key;
    request.workflow = QStringLiteral("bench-workflow");
    request.fingerprint = QStringLiteral("sha256:bench");
    request.worker = worker;
    request.steps = {QStringLiteral("draft_invoice"), QStringLiteral("send_receipt")};
    const auto claim = protocol.claim(request);
    if (!claim.ok() || claim.value().outcome != ClaimOutcome::Acquired) {
        *error = claim.ok() ? QStringLiteral("claim answered %1").arg(int(claim.value().outcome))
                            : claim.error().toString();
        return false;
    }
    const RunLease lease = claim.value().lease();
    for (const QString &step : request.steps) {
        const auto begin = protocol.beginStep(lease, step);
        if (!begin.ok() || begin.value() != StepAnswer::Run) {
            *error = begin.ok() ? QStringLiteral("begin_step answered %1").arg(int(begin.value()))
                                : begin.error().toString();
            return false;
        }
        const auto complete =
            protocol.completeStep(lease, step, QStringLiteral("ref-%1").arg(lease.runId));
        if (!complete.ok()) {
            *error = complete.error().toString();
            return false;
        }
    }
    const auto succeed = protocol.succeed(lease, QJsonObject{{QStringLiteral("status"), 201}});
    if (!succeed.ok()) {
        *error = succeed.error().toString();
        return false;
    }
    return true;
}

bool sixInserts(PgConnection &conn, const QString &key, QString *error) {
    for (int i = 0; i < 6; ++i) {
        const PgResult insert =
            conn.execPrepared(insertSql, PgParams().add(QStringLiteral("%1-%2").arg(key).arg(i)));
        if (!insert.ok()) {
            *error = insert.error().toString();
            return false;
        }
    }
    return true;
}

// Times one statement; records the latency when `keep`. False when it failed.
bool timed(PgConnection &conn, const QString &sql, const PgParams &params,
           std::vector<double> *samples, bool keep, QString *error) {
    const auto start = Clock::now();
    const PgResult result = conn.execPrepared(sql, params);
    const double micros = microsSince(start);
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    if (keep)
        samples->push_back(micros);
    return true;
}

// Reads the dedup functions' statistics once `conn`'s pending counters reached shared
// memory: they are flushed when a session goes idle (at most once a second unless forced).
QJsonArray functionStats(PgConnection &conn, PgConnection &reader, double divisor, QString *error) {
    conn.exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));
    conn.exec(QStringLiteral("SELECT 1"));
    QJsonArray functions;
    for (int attempt = 0; attempt < 25 && functions.isEmpty(); ++attempt) {
        QThread::msleep(200);
        reader.exec(QStringLiteral("SELECT pg_stat_clear_snapshot()"));
        const PgResult stats = reader.exec(QStringLiteral(
            "SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions"
            " WHERE schemaname = 'dedup' ORDER BY total_time DESC"));
        if (!stats.ok()) {
            *error = stats.error().toString();
            return {};
        }
        // divisor 0: per call of claim (one per protocol run), which stays right even if
        // counters from before the last reset were flushed after it
        double per = divisor;
        for (int row = 0; row < stats.rows() && per <= 0; ++row)
            if (stats.text(row, 0) == QLatin1String("claim"))
                per = stats.toDouble(row, 1);
        if (per <= 0)
            per = 1;
        for (int row = 0; row < stats.rows(); ++row)
            functions.append(
                QJsonObject{{QStringLiteral("name"), stats.text(row, 0)},
                            {QStringLiteral("calls"), stats.toInt64(row, 1)},
                            {QStringLiteral("total_us"), stats.toDouble(row, 2) * 1000 / per},
                            {QStringLiteral("self_us"), stats.toDouble(row, 3) * 1000 / per}});
    }
    return functions;
}

} // namespace

QString loopName(Loop loop) {
    switch (loop) {
    case Loop::Protocol:
        return QStringLiteral("protocol");
    case Loop::ProtocolNotifying:
        return QStringLiteral("protocol, notify=on");
    case Loop::SixBareInserts:
        return QStringLiteral("6 bare INSERTs");
    }
    return {};
}

// ---------------------------------------------------------------------------------------
// (a) throughput
// ---------------------------------------------------------------------------------------

ThroughputResult throughput(const QString &conninfo, int threads, Loop loop, double seconds,
                            qint64 maxRuns) {
    static int configuration = 0;
    const int tag = ++configuration;
    std::vector<WorkerResult> results(size_t(threads), WorkerResult{});
    std::latch connected(threads + 1);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            WorkerResult &result = results[size_t(t)];
            const QString worker = QStringLiteral("bench-worker-%1-%2").arg(tag).arg(t);
            PgConnection conn;
            const bool opened = conn.open(conninfo, worker);
            if (opened && loop == Loop::ProtocolNotifying)
                conn.exec(QStringLiteral("SET dedup.notify = 'on'"));
            connected.arrive_and_wait();
            if (!opened) {
                result.errors = 1;
                result.firstError = conn.openError().toString();
                return;
            }
            const auto deadline = Clock::now() + std::chrono::microseconds(qint64(seconds * 1e6));
            const qint64 quota = maxRuns > 0 ? (maxRuns + threads - 1) / threads
                                             : std::numeric_limits<qint64>::max();
            for (qint64 i = 0; Clock::now() < deadline && result.runs < quota && !interrupted;
                 ++i) {
                const auto start = Clock::now();
                QString error;
                const QString key = QStringLiteral("tp%1-w%2-%3").arg(tag).arg(t).arg(i);
                const bool ok = loop == Loop::SixBareInserts
                                    ? sixInserts(conn, key, &error)
                                    : protocolLoop(conn, key, worker, &error);
                if (!ok) {
                    if (result.errors++ == 0)
                        result.firstError = error;
                    continue;
                }
                result.runMicros.push_back(microsSince(start));
                ++result.runs;
            }
        });
    }
    connected.arrive_and_wait();
    const auto start = Clock::now();
    for (std::thread &worker : workers)
        worker.join();
    ThroughputResult total;
    total.threads = threads;
    total.loop = loop;
    total.seconds = microsSince(start) / 1e6;
    for (const WorkerResult &result : results) {
        total.runs += result.runs;
        total.errors += result.errors;
        if (total.firstError.isEmpty())
            total.firstError = result.firstError;
        total.runMicros.insert(total.runMicros.end(), result.runMicros.begin(),
                               result.runMicros.end());
    }
    return total;
}

void ThroughputResult::add(const ThroughputResult &slice) {
    runs += slice.runs;
    errors += slice.errors;
    seconds += slice.seconds;
    if (firstError.isEmpty())
        firstError = slice.firstError;
    runMicros.insert(runMicros.end(), slice.runMicros.begin(), slice.runMicros.end());
}

// ---------------------------------------------------------------------------------------
// (b) claim vs INSERT ... ON CONFLICT DO NOTHING
// ---------------------------------------------------------------------------------------

LatencyResult latencies(PgConnection &conn, const Settings &settings) {
    LatencyResult result;
    std::vector<double> insertNew, claimNew, insertCopy, insertExisting, claimReplay;
    const int total = settings.warmup + settings.calls;
    // New keys: the three inserts of the same key, in turn, call by call.
    for (int i = 0; i < total && !interrupted; ++i) {
        const bool keep = i >= settings.warmup;
        const QString key = QStringLiteral("lat-%1").arg(i);
        if (!timed(conn, insertSql, PgParams().add(key), &insertNew, keep, &result.error) ||
            !timed(conn, claimSql, PgParams().add(key).add("bench-latency"), &claimNew, keep,
                   &result.error) ||
            !timed(conn, insertRunsCopySql, PgParams().add(key), &insertCopy, keep, &result.error))
            return result;
    }
    // Finish those runs (untimed), then the duplicates: a claim that replays the stored
    // result against an INSERT that finds the key taken.
    const PgResult finished = conn.exec(
        QStringLiteral("SELECT dedup.skip_step(id, lease_token, lease_secret, 'draft_invoice'),"
                       " dedup.skip_step(id, lease_token, lease_secret, 'send_receipt'),"
                       " dedup.succeed(id, lease_token, lease_secret, '{\"status\": 201}')"
                       " FROM dedup.runs WHERE idem_key LIKE 'lat-%' AND status = 'processing'"));
    if (!finished.ok()) {
        result.error = finished.error().toString();
        return result;
    }
    for (int i = 0; i < total && !interrupted; ++i) {
        const bool keep = i >= settings.warmup;
        const QString key = QStringLiteral("lat-%1").arg(i);
        if (!timed(conn, insertSql, PgParams().add(key), &insertExisting, keep, &result.error) ||
            !timed(conn, claimSql, PgParams().add(key).add("bench-latency"), &claimReplay, keep,
                   &result.error))
            return result;
    }
    result.insertNew = LatencyStats::of(std::move(insertNew));
    result.claimNew = LatencyStats::of(std::move(claimNew));
    result.insertRunsCopy = LatencyStats::of(std::move(insertCopy));
    result.insertExisting = LatencyStats::of(std::move(insertExisting));
    result.claimReplay = LatencyStats::of(std::move(claimReplay));
    return result;
}

Profile profile(const QString &conninfo, int calls, int loops) {
    Profile result;
    PgConnection conn;
    PgConnection reader;
    if (!conn.open(conninfo, QStringLiteral("bench-profile")) ||
        !reader.open(conninfo, QStringLiteral("bench-profile-reader"))) {
        result.error = conn.openError().toString() + reader.openError().toString();
        return result;
    }
    const auto walPerCall = [&](const QString &name, const QString &sql, const QString &prefix) {
        const PgResult before = conn.exec(QStringLiteral("SELECT pg_current_wal_insert_lsn()"));
        for (int i = 0; i < calls && result.error.isEmpty() && !interrupted; ++i) {
            const QString key = QStringLiteral("%1-%2").arg(prefix).arg(i);
            PgParams params;
            params.add(key);
            if (sql == claimSql)
                params.add("bench-profile");
            const PgResult call = conn.exec(sql, params);
            if (!call.ok())
                result.error = call.error().toString();
        }
        const PgResult bytes = conn.exec(
            QStringLiteral("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)"),
            PgParams().add(before.text(0, 0)));
        result.walBytesPerCall.insert(name, bytes.toDouble(0, 0) / calls);
    };
    if (!conn.exec(QStringLiteral("SET track_functions = 'all'")).ok() ||
        !conn.exec(QStringLiteral("SELECT pg_stat_reset()")).ok()) {
        result.error = QStringLiteral("cannot enable track_functions");
        return result;
    }
    walPerCall(QStringLiteral("claim_new"), claimSql, QStringLiteral("prof"));
    walPerCall(QStringLiteral("insert_on_conflict_new"), insertSql, QStringLiteral("prof"));
    walPerCall(QStringLiteral("insert_runs_copy_new"), insertRunsCopySql, QStringLiteral("prof"));
    if (!result.error.isEmpty())
        return result;
    result.claimFunctions = functionStats(conn, reader, calls, &result.error);
    // The duplicate path's writes (0025): the same keys again while their leases live
    // (in_progress), once (each run's first duplicate: its counter row is inserted) and once
    // more (the counter row is updated in place).
    walPerCall(QStringLiteral("claim_duplicate_first"), claimSql, QStringLiteral("prof"));
    walPerCall(QStringLiteral("claim_duplicate_repeat"), claimSql, QStringLiteral("prof"));
    if (!result.error.isEmpty())
        return result;

    // warm up: the session compiles each PL/pgSQL function and its plans on first use
    for (int i = 0; i < 10 && result.error.isEmpty(); ++i)
        protocolLoop(conn, QStringLiteral("profwarm-%1").arg(i), QStringLiteral("bench-profile"),
                     &result.error);
    conn.exec(QStringLiteral("SELECT pg_stat_reset()"));
    const PgResult before = conn.exec(QStringLiteral("SELECT pg_current_wal_insert_lsn()"));
    const auto start = Clock::now();
    for (int i = 0; i < loops && result.error.isEmpty() && !interrupted; ++i)
        protocolLoop(conn, QStringLiteral("profloop-%1").arg(i), QStringLiteral("bench-profile"),
                     &result.error);
    result.loopWallMicros = microsSince(start) / loops;
    const PgResult bytes =
        conn.exec(QStringLiteral("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)"),
                  PgParams().add(before.text(0, 0)));
    result.walBytesPerCall.insert(QStringLiteral("protocol_loop_per_run"),
                                  bytes.toDouble(0, 0) / loops);
    if (result.error.isEmpty())
        result.loopFunctions = functionStats(conn, reader, 0, &result.error);
    return result;
}

} // namespace bench
