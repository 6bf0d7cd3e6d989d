#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>

namespace dedup::models {

// When a live list re-reads itself: every interval (a lease expires, a review ages, without
// any notification) and after change notifications, coalesced: however many arrive, at most
// one re-read per coalescing interval. The Stuck list, the review queue, the audit log and
// the Dashboard share it, so they agree on what "live" means.
//
// `refresh` is called in `context`'s thread (the model's); the timers start at once.
class RefreshSchedule {
public:
    // How notifications are coalesced.
    enum class Coalesce {
        // The re-read comes a coalescing interval after the first notification of a burst
        // (the lists: a burst of changes is read once, when it is over).
        AfterNotification,
        // The re-read comes at least a coalescing interval after the last read started; the
        // first notification after a quiet spell is read at once (the Dashboard: its charts
        // are per bucket, one read per interval is enough however fast runs change).
        AfterRead,
    };

    RefreshSchedule(QObject *context, std::function<void()> refresh, int intervalMs, int coalesceMs,
                    Coalesce coalesce = Coalesce::AfterNotification);

    // <= 0 stops the periodic re-read.
    void setInterval(int milliseconds);
    int interval() const { return m_intervalMs; }
    void setCoalesceInterval(int milliseconds) { m_coalesceMs = qMax(0, milliseconds); }
    int coalesceInterval() const { return m_coalesceMs; }

    // A notification concerning the list: a re-read after the coalescing interval, unless
    // one is already due.
    void notified();
    // A read is starting: a coalesced re-read still due is covered by it.
    void readStarting();

private:
    int m_intervalMs;
    int m_coalesceMs;
    Coalesce m_mode;
    QTimer m_timer;
    QTimer m_coalesce;
    QElapsedTimer m_sinceRead; // since the last read started
};

} // namespace dedup::models
