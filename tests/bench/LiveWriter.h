#pragma once

#include <QString>

#include <atomic>
#include <thread>
#include <vector>

namespace bench {

// The store side of bench_live: worker threads that change runs at a fixed total rate, each
// change one protocol call in its own transaction, writing its events as workers' calls do
// (the listener's change feed reads them). Half the changes are claims of new keys (new runs at the
// top of the list), half are succeed() of runs claimed earlier (a status change of a run already in
// the list); the scopes alternate so a filtered view sees only part of them.
class LiveWriter {
public:
    // `tag` makes the keys of this writer unique in the store (one per measured phase).
    LiveWriter(QString conninfo, QString tag, int changesPerSecond, int threads);
    ~LiveWriter();
    LiveWriter(const LiveWriter &) = delete;
    LiveWriter &operator=(const LiveWriter &) = delete;

    void start();
    // Stops and joins the threads.
    void stop();

    long long changes() const { return m_changes.load(); }
    long long errors() const { return m_errors.load(); }
    // The first error message, once a thread has stopped (empty if none).
    QString firstError() const;
    // Changes that fell behind their schedule by more than 100 ms (the writer could not keep
    // the rate: the figure then is not "1,000 changes/s").
    long long late() const { return m_late.load(); }

private:
    void run(int index);

    const QString m_conninfo;
    const QString m_tag;
    const int m_rate;
    const int m_threads;
    std::vector<std::thread> m_workers;
    std::vector<QString> m_errorTexts; // one per thread, read after join
    std::atomic<bool> m_stop{false};
    std::atomic<long long> m_changes{0};
    std::atomic<long long> m_errors{0};
    std::atomic<long long> m_late{0};
};

} // namespace bench
