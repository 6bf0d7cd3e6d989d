#pragma once

#include <QString>

#include <vector>

// bench_write_path (c): several worker connections making one-step runs at once for a fixed
// time, each on its own connection and thread, through the protocol or against the minimal
// table. The caller decides what else is attached (the console's ChangeListener) and keeps
// its event loop running through `pump`, and what each worker session sets first (e.g.
// SET dedup.notify = 'on', for the cost of the store's notifications).
namespace bench {

struct ConcurrentResult {
    qint64 runs = 0;
    qint64 errors = 0;
    double seconds = 0;
    QString firstError;
    std::vector<double> runMicros;

    double runsPerSecond() const { return seconds > 0 ? double(runs) / seconds : 0; }
    void add(const ConcurrentResult &slice);
};

// Runs `workers` threads for `seconds`; keys are "<tag>-w<worker>-<n>". `protocol` false:
// the minimal table. `pump` is called on this thread every few milliseconds until the
// workers are done (the caller's event loop, for a listener living in this thread).
// `sessionSql`, if any, is run on each worker connection before its first run.
ConcurrentResult runConcurrently(const QString &conninfo, int workers, double seconds,
                                 bool protocol, const QString &tag, void (*pump)(int ms),
                                 const QString &sessionSql = {});

} // namespace bench
