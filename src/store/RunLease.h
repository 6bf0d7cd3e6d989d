#pragma once

#include <QtGlobal>

namespace dedup::store {

// What every fenced call names: the run and the lease token the caller acquired it with.
// The token is the fence: once a takeover, a retry or an operator bumps it, calls carrying
// this one are rejected (DD001) and change nothing.
struct RunLease {
    qint64 runId = 0;
    qint64 token = 0;

    friend bool operator==(const RunLease &, const RunLease &) = default;
};

} // namespace dedup::store
