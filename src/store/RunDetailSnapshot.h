#pragma once

#include "store/AuditEntryRow.h"
#include "store/CommandRow.h"
#include "store/EventRow.h"
#include "store/ListPage.h"
#include "store/RunDetail.h"
#include "store/StepRow.h"

#include <QList>
#include <QMetaType>

namespace dedup::store {

// Everything the run detail shows about one run, read in one REPEATABLE READ transaction
// (RunDetailQueries::readSnapshot), so the run, its steps, events, audit rows and commands
// are consistent with each other (a step the run's status depends on is never newer or
// older than the status).
//
// Lists are bounded (RunDetailQueries::Limits) and kept oldest first; when a list hit its
// limit it holds the NEWEST entries and its `more...` flag says older ones exist. Events are
// read one page at a time (eventPage: the newest, or those older than an id), with the
// run's true number of events beside them, so a capped list can say what it leaves out.
struct RunDetailSnapshot {
    // false: no such run (never existed, or purged). Then only `audit` may hold rows: the
    // audit log outlives purged runs.
    bool found = false;
    RunDetail run;
    QList<StepRow> steps; // ordinal order
    bool moreSteps = false;
    QList<EventRow> events;     // oldest first (id order)
    bool moreEvents = false;    // events older than the oldest in `events` exist
    qint64 eventCount = 0;      // every event of the run
    qint64 newerEvents = 0;     // events newer than the newest in `events` (0 on the newest page)
    ListPage eventPage;         // the page `events` is: newest, or older than an id
    QList<AuditEntryRow> audit; // oldest first (chain order)
    bool moreAudit = false;
    QList<CommandRow> commands; // oldest first
    bool moreCommands = false;

    friend bool operator==(const RunDetailSnapshot &, const RunDetailSnapshot &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::RunDetailSnapshot)
