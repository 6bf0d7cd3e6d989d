#pragma once

#include "store/ChangeCursor.h"
#include "store/PgError.h"

#include <optional>

namespace dedup::store {

class PgConnection;

// Live changes of runs from the change feed (dedup.changes, docs/PROTOCOL.md section 8):
// one statement per poll on the caller's connection, the horizon kept by ChangeCursor. The
// first poll starts the feed at the store's newest event and reports nothing.
//
// Polls are cheap for the store (a range of events_id_idx past the reader's horizon) and
// cost the workers nothing: they write their events anyway, and no NOTIFY is needed.
class ChangeFeed {
public:
    static constexpr int DefaultLimit = 10000; // dedup.changes' largest p_limit

    explicit ChangeFeed(int limit = DefaultLimit)
        : m_limit(limit) {}

    // Changed runs since the last poll; nullopt with *error when the statement failed (the
    // cursor is then unchanged, so the same poll may simply be made again).
    std::optional<ChangeCursor::Batch> poll(PgConnection &connection, PgError *error);
    bool isStarted() const { return m_cursor.isStarted(); }
    const ChangeCursor &cursor() const { return m_cursor; }

private:
    ChangeCursor m_cursor;
    int m_limit;
};

} // namespace dedup::store
