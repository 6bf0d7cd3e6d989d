#pragma once

#include <QString>
#include <QtGlobal>

namespace dedup::store {

// What every fenced call names: the run, the lease token (generation) the caller acquired
// it with, and the lease's secret. The token is the fence: once a takeover, a retry or an
// operator bumps it, calls carrying this one are rejected (DD001) and change nothing. The
// secret (a UUID only claim / take_command return) proves the lease is the caller's: the
// token is a public counter anyone who reads the run can see (docs/SECURITY.md).
struct RunLease {
    qint64 runId = 0;
    qint64 token = 0;
    QString secret;

    friend bool operator==(const RunLease &, const RunLease &) = default;
};

} // namespace dedup::store
