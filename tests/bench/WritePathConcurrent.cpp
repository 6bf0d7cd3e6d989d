#include "WritePathConcurrent.h"

#include "WritePathRuns.h"
#include "store/PgConnection.h"

#include <atomic>
#include <latch>
#include <thread>

using namespace dedup::store;

namespace bench {

void ConcurrentResult::add(const ConcurrentResult &slice) {
    runs += slice.runs;
    errors += slice.errors;
    seconds += slice.seconds;
    if (firstError.isEmpty())
        firstError = slice.firstError;
    runMicros.insert(runMicros.end(), slice.runMicros.begin(), slice.runMicros.end());
}

ConcurrentResult runConcurrently(const QString &conninfo, int workers, double seconds,
                                 bool protocol, const QString &tag, void (*pump)(int ms),
                                 const QString &sessionSql) {
    struct PerWorker {
        qint64 runs = 0;
        qint64 errors = 0;
        QString firstError;
        std::vector<double> runMicros;
    };
    std::vector<PerWorker> results(static_cast<size_t>(workers), PerWorker{});
    std::latch connected(workers + 1);
    std::atomic<int> done{0};
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w) {
        threads.emplace_back([&, w] {
            PerWorker &result = results[size_t(w)];
            const QString worker = QStringLiteral("%1-w%2").arg(tag).arg(w);
            PgConnection conn;
            const bool opened = conn.open(conninfo, worker);
            QString setupError;
            if (opened && !sessionSql.isEmpty()) {
                const PgResult set = conn.exec(sessionSql);
                if (!set.ok())
                    setupError = set.error().toString();
            }
            connected.arrive_and_wait();
            if (!opened || !setupError.isEmpty()) {
                result.errors = 1;
                result.firstError = opened ? setupError : conn.openError().toString();
                ++done;
                return;
            }
            const auto deadline =
                WriteClock::now() + std::chrono::microseconds(qint64(seconds * 1e6));
            for (qint64 i = 0; WriteClock::now() < deadline; ++i) {
                const auto start = WriteClock::now();
                const QString key = QStringLiteral("%1-%2").arg(worker).arg(i);
                QString error;
                const bool ok = protocol ? protocolRun(conn, key, worker, nullptr, &error)
                                         : minimalRun(conn, key, nullptr, &error);
                if (!ok) {
                    if (result.errors++ == 0)
                        result.firstError = error;
                    continue;
                }
                result.runMicros.push_back(microsSinceStart(start));
                ++result.runs;
            }
            ++done;
        });
    }
    connected.arrive_and_wait();
    const auto start = WriteClock::now();
    while (done.load() < workers)
        pump(10);
    const double elapsed = microsSinceStart(start) / 1e6;
    for (std::thread &thread : threads)
        thread.join();

    ConcurrentResult total;
    total.seconds = elapsed;
    for (const PerWorker &result : results) {
        total.runs += result.runs;
        total.errors += result.errors;
        if (total.firstError.isEmpty())
            total.firstError = result.firstError;
        total.runMicros.insert(total.runMicros.end(), result.runMicros.begin(),
                               result.runMicros.end());
    }
    return total;
}

} // namespace bench
