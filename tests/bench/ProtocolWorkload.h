#pragma once

// The measurements of bench_protocol (see bench_protocol.cpp): the statements a worker
// sends, the throughput loop and the claim-vs-INSERT latencies and profile. Figures only;
// nothing here judges them.
#include "LatencyStats.h"
#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <chrono>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double microsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Set by SIGINT/SIGTERM: the loops stop early, the caller still stops the server.
extern std::atomic<bool> interrupted;

struct Settings {
    int durationSeconds = 6;
    int calls = 1000;
    qint64 maxRuns = 0; // per throughput configuration, all workers together; 0: no limit
    int rounds = 3;     // each configuration's time is split into this many slices
    int warmup = 100;
    bool durable = true;
    QList<int> threads{1, 2, 4};
};

// The tables the latency series write besides dedup.runs: bench.t with the same unique
// constraint as dedup.runs, and bench.runs_copy, dedup.runs' shape and indexes.
extern const QString setupSql;

// What each worker loop iteration does.
enum class Loop {
    Protocol,          // the six protocol calls, as a worker makes them (no NOTIFY since 0020)
    ProtocolNotifying, // the same with SET dedup.notify = 'on': a NOTIFY per call, as every
                       // change sent before 0020 (its commits take an instance-wide lock)
    SixBareInserts,    // six INSERT ... ON CONFLICT DO NOTHING, one transaction each: the
                       // machine's ceiling for six commits, whatever the SQL
};
QString loopName(Loop loop);

struct ThroughputResult {
    int threads = 0;
    Loop loop = Loop::Protocol;
    qint64 runs = 0;
    qint64 errors = 0;
    double seconds = 0;
    std::vector<double> runMicros; // wall time of each run
    QString firstError;

    double runsPerSecond() const { return seconds > 0 ? double(runs) / seconds : 0; }
    LatencyStats runLatency() const { return LatencyStats::of(runMicros); }
    // Adds another slice of the same configuration.
    void add(const ThroughputResult &slice);
};

// `threads` workers, one connection each, distinct keys, for `seconds` or until they did
// `maxRuns` runs together (0: no limit).
ThroughputResult throughput(const QString &conninfo, int threads, Loop loop, double seconds,
                            qint64 maxRuns);

struct LatencyResult {
    LatencyStats insertNew, claimNew, insertRunsCopy, insertExisting, claimReplay;
    QString error;
};

// One call per round trip and transaction, on `conn`, interleaved call by call.
LatencyResult latencies(dedup::store::PgConnection &conn, const Settings &settings);

// Where the time goes: server time per function (track_functions = all, a superuser
// setting, on for the profiling session only) and WAL bytes per call, first for `calls`
// new-key claims, then for `loops` full protocol loops.
struct Profile {
    QJsonArray claimFunctions; // {name, calls, total_us, self_us} per claim
    QJsonArray loopFunctions;  // the same per protocol loop (run)
    double loopWallMicros = 0; // client-side time per loop on that one connection
    QJsonObject walBytesPerCall;
    QString error;
};

Profile profile(const QString &conninfo, int calls, int loops);

} // namespace bench
