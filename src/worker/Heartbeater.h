#pragma once

#include "store/RunLease.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace dedup::store {
class PgConnection;
}

namespace dedup::worker {

// Keeps a run's lease alive while a side effect runs, on its own thread and connection (the
// worker's connection is busy or idle inside the provider call). If a heartbeat is fenced,
// the lease is gone: fenced() tells the worker not to record anything for that step.
class Heartbeater {
public:
    Heartbeater(QString conninfo, std::chrono::milliseconds lease);
    ~Heartbeater();
    Heartbeater(const Heartbeater &) = delete;
    Heartbeater &operator=(const Heartbeater &) = delete;

    // Starts beating for `lease` every lease/3; stop() ends it before the next write.
    void start(const store::RunLease &lease);
    void stop();
    bool fenced() const { return m_fenced.load(); }

private:
    void loop(store::RunLease lease);

    QString m_conninfo;
    std::chrono::milliseconds m_lease;
    std::unique_ptr<store::PgConnection> m_conn;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<bool> m_fenced{false};
};

} // namespace dedup::worker
