#pragma once

#include <QList>
#include <QMetaType>
#include <QSet>
#include <QtGlobal>

#include <deque>

namespace dedup::store {

// The reader's side of the change feed (dedup.changes, docs/PROTOCOL.md section 8): which
// events a poll brings that were not delivered yet, and from where the next poll reads.
//
// Event ids are drawn in time order, but transactions commit in any order, so an event may
// become visible after events with higher ids were read. The horizon: a poll that saw event
// M under a snapshot with xmax X proves that every event up to M belongs to a transaction
// with an xid below X; once a later snapshot's xmin reaches X, those transactions have all
// ended, and M is final (safe). Each poll reads from the last safe id and skips the ids it
// already delivered above it. A transaction that wrote and stays open holds the horizon
// back; when a poll fills its limit the cursor reports `more` (re-read everything) and
// moves on to the last id it read, so one open transaction cannot make every poll re-read
// an ever longer window.
class ChangeCursor {
public:
    struct Event {
        qint64 id = 0;
        qint64 runId = 0; // 0: a mark that names no run (a purge): re-read everything
    };
    struct Batch {
        QSet<qint64> runIds; // runs whose events were not delivered before
        bool more = false;   // not every change is listed: re-read everything
    };

    // Where the next poll reads from (dedup.changes' p_after); -1 before the first poll.
    qint64 readAfter() const { return m_safe; }
    bool isStarted() const { return m_safe >= 0; }

    // The feed starts after the store's newest event id at the start (dedup.changes(NULL)):
    // what happened before, the views read when they load.
    void start(qint64 newestId, quint64 snapshotXmax);
    // A poll's answer: its snapshot bounds and the events after readAfter(), oldest first,
    // `limit` the most it could return.
    Batch apply(quint64 snapshotXmin, quint64 snapshotXmax, const QList<Event> &events, int limit);

    // Delivered ids kept above the safe id (for tests and a bound on memory).
    int deliveredAboveSafe() const { return int(m_delivered.size()); }

private:
    struct Seen {
        quint64 xmax; // the snapshot's
        qint64 maxId; // the highest id read up to that poll
    };
    void advance(quint64 snapshotXmin);

    qint64 m_safe = -1;
    qint64 m_maxSeen = 0;
    QSet<qint64> m_delivered;
    std::deque<Seen> m_seen;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::ChangeCursor::Batch)
