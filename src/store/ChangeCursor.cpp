#include "store/ChangeCursor.h"

#include <algorithm>

namespace dedup::store {

void ChangeCursor::start(qint64 newestId, quint64 snapshotXmax) {
    m_safe = std::max<qint64>(newestId, 0);
    m_maxSeen = m_safe;
    m_delivered.clear();
    m_seen.clear();
    m_seen.push_back({snapshotXmax, m_maxSeen});
}

ChangeCursor::Batch ChangeCursor::apply(quint64 snapshotXmin, quint64 snapshotXmax,
                                        const QList<Event> &events, int limit) {
    Batch batch;
    if (m_safe < 0)
        return batch;
    for (const Event &event : events) {
        if (event.id <= m_safe || m_delivered.contains(event.id))
            continue;
        m_delivered.insert(event.id);
        if (event.runId > 0)
            batch.runIds.insert(event.runId);
        else
            batch.more = true; // a mark (a purge): it names no run
    }
    if (!events.isEmpty())
        m_maxSeen = std::max(m_maxSeen, events.last().id);
    if (batch.more)
        batch.runIds.clear();
    if (limit > 0 && events.size() >= limit) {
        // A full window: an open transaction holds the horizon back. Re-read everything now
        // and read on from here.
        batch.more = true;
        batch.runIds.clear();
        m_safe = m_maxSeen;
        m_delivered.clear();
        m_seen.clear();
        return batch;
    }
    m_seen.push_back({snapshotXmax, m_maxSeen});
    advance(snapshotXmin);
    return batch;
}

void ChangeCursor::advance(quint64 snapshotXmin) {
    while (!m_seen.empty() && m_seen.front().xmax <= snapshotXmin) {
        m_safe = std::max(m_safe, m_seen.front().maxId);
        m_seen.pop_front();
    }
    for (auto it = m_delivered.begin(); it != m_delivered.end();) {
        if (*it <= m_safe)
            it = m_delivered.erase(it);
        else
            ++it;
    }
}

} // namespace dedup::store
