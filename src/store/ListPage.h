#pragma once

#include <QMetaType>
#include <QtGlobal>

namespace dedup::store {

// Which page of a list that is read in bounded pages, newest first: a run's events
// (RunDetailQueries) and a correlation's runs (CorrelationQueries). Pages are found by the
// list's order key (keyset paging), never by an offset the client counted, so a page shows
// the same entries however many arrived since it was read.
//
// The store answers every request with a page that is either the newest `limit` entries or
// the `limit` entries just older than a key (step Older), and returns that resolved page with
// the snapshot: a re-read (a live update) asks for it again and shows the same entries, while
// Newer and Oldest, which depend on how many entries follow, are resolved once.
struct ListPage {
    enum class Step {
        Newest, // the newest entries
        Older,  // the entries just older than the key (the key itself excluded)
        Newer,  // the entries just newer than the key; the newest ones when no more follow
        Oldest, // the oldest entries; the newest ones when they are all there is
    };

    Step step = Step::Newest;
    // The key Older and Newer continue from (the oldest, or newest, entry shown): id for
    // events; (created_at as microseconds since 1970-01-01 UTC, id) for correlation runs.
    qint64 atMicros = 0;
    qint64 id = 0;

    static ListPage newest() { return {}; }
    static ListPage older(qint64 id, qint64 atMicros = 0) { return {Step::Older, atMicros, id}; }
    static ListPage newer(qint64 id, qint64 atMicros = 0) { return {Step::Newer, atMicros, id}; }
    static ListPage oldest() { return {Step::Oldest, 0, 0}; }

    bool isNewest() const { return step == Step::Newest; }

    friend bool operator==(const ListPage &, const ListPage &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::ListPage)
