#pragma once

#include "store/PgConnection.h"

#include <QString>

#include <array>
#include <chrono>
#include <vector>

// One one-step run as a worker makes it, two ways, with each call timed (bench_write_path):
// through the store's protocol (claim, begin_step, complete_step, succeed, via the worker
// runtime's RunProtocol) and against a minimal dedup table doing the same four statements
// (INSERT ... ON CONFLICT DO NOTHING of a (scope, key) row, a step row, two updates). Each
// call is one prepared statement in autocommit: its own committed transaction.
namespace bench {

using WriteClock = std::chrono::steady_clock;

inline double microsSinceStart(WriteClock::time_point start) {
    return std::chrono::duration<double, std::micro>(WriteClock::now() - start).count();
}

// The four calls' latencies (us) and the whole run's, for one side.
struct CallSamples {
    static constexpr int Calls = 4;
    std::array<std::vector<double>, Calls> call;
    std::vector<double> run;
    double wallMicros = 0; // summed over the measured slices
    qint64 runs = 0;
};

// Names of the four calls, for the report.
const std::array<QString, CallSamples::Calls> &protocolCallNames();
const std::array<QString, CallSamples::Calls> &minimalCallNames();

// The minimal table, created by the owner; `login` gets what a worker needs on it.
QString minimalSetupSql(const QString &login);

// One run of `key` in scope "bench"; the calls' times go to `samples` when it is given.
// False (and the error) when a call fails or answers something a lone worker with a fresh
// key never sees.
bool protocolRun(dedup::store::PgConnection &conn, const QString &key, const QString &worker,
                 CallSamples *samples, QString *error);
bool minimalRun(dedup::store::PgConnection &conn, const QString &key, CallSamples *samples,
                QString *error);

} // namespace bench
