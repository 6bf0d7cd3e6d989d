#pragma once

#include "store/ListPage.h"
#include "store/PgError.h"
#include "store/PgResult.h"
#include "store/RunDetailSnapshot.h"
#include "store/RunQueries.h"

#include <QList>

#include <optional>

namespace dedup::store {

class PgConnection;

// The SQL behind the run detail (docs/CONSOLE.md "Run detail"): one run by id, its steps, its
// newest events, its audit entries and its commands. Parameterised statements only, each answered
// by an index of 0001_tables.sql without reading any table (checked with EXPLAIN at 200,000
// runs in tests/store/tst_rundetailqueries.cpp):
//
//   run by id        runs_pkey
//   steps            steps_pkey (run_id, name) since 0026, sorted by ordinal (at most 100)
//   events           events_pkey (run_id, id), scanned backwards: the newest `limit`, or
//                    the `limit` before an id (older pages)
//   event count      events_pkey (run_id, id): the run's events, and those from an id on
//   audit entries    audit_log_run_id_idx (run_id, id), backwards
//   commands         commands_pkey (run_id, id), backwards
//
// Every list statement asks for limit + 1 rows: the extra row only says "more exist".
// Lists that are read newest first are returned oldest first by the readers.
//
// Events are paged (ListPage): the counts are read with column privileges operators and
// viewers hold (id and run_id of dedup.events, under its row-level security); the rows come
// from dedup.events_redacted like the newest page. That function knows no "before an id": an
// older page asks it for the events from that id on plus the page and keeps the page, so
// its cost grows with how far back the page is (every newer event is redacted and dropped);
// the count and the page's ids cost an index range either way.
class RunDetailQueries {
public:
    struct Limits {
        int steps = 1000; // a workflow declares its steps: far fewer in practice
        int events = 500; // the newest events; a long-lived run can have many more
        int audit = 200;  // the newest audit entries of the run
        int commands = 100;
    };

    // One row with every column RunDetail holds, plus server_now and lease_expired.
    static RunQuery run(qint64 runId);
    static RunQuery steps(qint64 runId, int limit);
    // The newest `limit` (+ 1) events, or with beforeId > 0 the `limit` (+ 1) before it.
    static RunQuery events(qint64 runId, int limit, qint64 beforeId = 0);
    // One row: `total` (every event of the run) and `newer` (those with id >= fromId; 0
    // when fromId is 0).
    static RunQuery eventCounts(qint64 runId, qint64 fromId = 0);
    // Where a Newer or Oldest page starts: the id of the event `limit` places after
    // page.id (Oldest: after the run's start), the key of an Older page holding exactly the
    // `limit` events after page.id; no row when fewer follow (the page is the newest).
    static RunQuery eventPageStart(qint64 runId, const ListPage &page, int limit);
    static RunQuery audit(qint64 runId, int limit);
    static RunQuery commands(qint64 runId, int limit);

    // std::nullopt when the result has no row (no such run).
    static std::optional<RunDetail> readRun(const PgResult &result);
    // Each returns at most `limit` rows (oldest first) and sets *more when the statement
    // returned the extra row.
    static QList<StepRow> readSteps(const PgResult &result, int limit, bool *more);
    static QList<EventRow> readEvents(const PgResult &result, int limit, bool *more);
    static QList<AuditEntryRow> readAudit(const PgResult &result, int limit, bool *more);
    static QList<CommandRow> readCommands(const PgResult &result, int limit, bool *more);

    // Everything above in one read-only REPEATABLE READ transaction, with the events of
    // `eventPage` (snapshot.eventPage says which page that resolved to). A snapshot with
    // found == false when the run does not exist; std::nullopt with *error on failure.
    static std::optional<RunDetailSnapshot> readSnapshot(PgConnection &connection, qint64 runId,
                                                         const Limits &limits,
                                                         const ListPage &eventPage, PgError *error);
    static std::optional<RunDetailSnapshot> readSnapshot(PgConnection &connection, qint64 runId,
                                                         const Limits &limits, PgError *error) {
        return readSnapshot(connection, runId, limits, ListPage::newest(), error);
    }
    static std::optional<RunDetailSnapshot> readSnapshot(PgConnection &connection, qint64 runId,
                                                         PgError *error) {
        return readSnapshot(connection, runId, Limits{}, error);
    }
};

} // namespace dedup::store
