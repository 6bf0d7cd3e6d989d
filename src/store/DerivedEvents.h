#pragma once

#include "store/EventRow.h"
#include "store/RunDetail.h"
#include "store/StepRow.h"

#include <QList>

namespace dedup::store {

// The entries of a run's timeline that the store no longer writes as events (0021, section 8
// of docs/PROTOCOL.md): a step's start (unless it re-executed an uncertain step or appended
// one: those are events), a step's finish and the run's success. The rows say them: a step's
// started_at, attempts and downstream_key; its finished_at and side_effect_ref; the run's
// finished_at. A derived entry has `derived` set and a negative id unique within its run
// (step_started -2 * ordinal, step_done -2 * ordinal - 1, succeeded -1), so that it is never
// mistaken for an event id (paging, the change feed).
struct DerivedEvents {
    // Every derived entry of the run, in timeline order.
    static QList<EventRow> derive(const RunDetail &run, const QList<StepRow> &steps);

    // `events`: one page of the run's recorded events, oldest first; `olderExist` /
    // `newerExist`: whether recorded events lie before / after it. Returns the page with the
    // derived entries that fall within it (between its first and last event, or beyond on a
    // side with nothing more), in timeline order. An entry an older store recorded as an
    // event (same kind, step and time) is not added again. Its worker and attempt are the
    // run's lease owner's while the run holds the lease the entry happened under, else those
    // of the page's event that handed that lease out (detail.lease_token: claimed, ...).
    static QList<EventRow> merge(const RunDetail &run, const QList<StepRow> &steps,
                                 const QList<EventRow> &events, bool olderExist, bool newerExist);

    // Timeline order: time, then id (derived entries first among equal times).
    static bool timelineLess(const EventRow &a, const EventRow &b);
};

} // namespace dedup::store
