#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

namespace dedup::models {

// When a live list re-reads itself: every interval (a lease expires, a review ages, without
// any notification) and after change notifications, coalesced: however many arrive, at most
// one re-read per coalescing interval. The Stuck list, the review queue and the audit log
// share it, so they agree on what "live" means.
//
// `refresh` is called in `context`'s thread (the model's); the timers start at once.
class RefreshSchedule {
public:
    RefreshSchedule(QObject *context, std::function<void()> refresh, int intervalMs,
                    int coalesceMs);

    // <= 0 stops the periodic re-read.
    void setInterval(int milliseconds);
    int interval() const { return m_intervalMs; }
    void setCoalesceInterval(int milliseconds) { m_coalesce.setInterval(qMax(0, milliseconds)); }

    // A notification concerning the list: a re-read after the coalescing interval, unless
    // one is already due.
    void notified();
    // A read is starting: a coalesced re-read still due is covered by it.
    void readStarting() { m_coalesce.stop(); }

private:
    int m_intervalMs;
    QTimer m_timer;
    QTimer m_coalesce;
};

} // namespace dedup::models
