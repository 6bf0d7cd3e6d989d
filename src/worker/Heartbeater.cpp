#include "worker/Heartbeater.h"

#include "store/PgConnection.h"
#include "store/RunProtocol.h"

namespace dedup::worker {

Heartbeater::Heartbeater(QString conninfo, std::chrono::milliseconds lease)
    : m_conninfo(std::move(conninfo))
    , m_lease(lease)
    , m_conn(std::make_unique<store::PgConnection>()) {}

Heartbeater::~Heartbeater() {
    stop();
}

void Heartbeater::start(const store::RunLease &lease) {
    stop();
    m_fenced = false;
    m_stopping = false;
    m_thread = std::thread([this, lease] { loop(lease); });
}

void Heartbeater::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void Heartbeater::loop(store::RunLease lease) {
    const auto interval = std::max(m_lease / 3, std::chrono::milliseconds(10));
    std::unique_lock lock(m_mutex);
    while (!m_wake.wait_for(lock, interval, [this] { return m_stopping; })) {
        lock.unlock();
        if (!m_conn->isOpen())
            m_conn->open(m_conninfo, QStringLiteral("dedup-worker-heartbeat"));
        store::RunProtocol protocol(*m_conn);
        const auto beat = protocol.heartbeat(lease, m_lease);
        if (beat.isFenced())
            m_fenced = true;
        // Other failures (a lost connection) are retried at the next interval; the lease
        // has two more intervals before it expires.
        lock.lock();
        if (m_fenced)
            return;
    }
}

} // namespace dedup::worker
