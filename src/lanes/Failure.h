#pragma once

#include <QObject>

namespace dedup::lanes {

// Why a lane's request was answered with a failure instead of a value. One type for every
// lane (query runners, the runs list's loader, the action executor's and the bulk runner's
// write lanes), so the views that show these answers read one vocabulary: whether to
// re-read at once, wait for the reconnect, or show a cancel.
Q_NAMESPACE

enum class Failure {
    QueryFailed,    // the statement failed (SQLSTATE in the message)
    Cancelled,      // cancel() stopped it
    TimedOut,       // statement_timeout stopped it
    ConnectionLost, // no connection, and reconnecting failed (the lane keeps trying); on a
                    // write lane also a write cut off mid-way: its outcome is unknown
};
Q_ENUM_NS(Failure)

} // namespace dedup::lanes
