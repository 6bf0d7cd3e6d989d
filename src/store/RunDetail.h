#pragma once

#include "core/RunStatus.h"
#include "store/StoredJson.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// Every column of one dedup.runs row that the run detail shows (docs/CONSOLE.md "Run detail"),
// read with the server's clock: `serverNow` is now() of the reading transaction, so "expires in"
// and "stuck since" are computed against the server's time, never the client's (a console
// whose clock is 2 minutes off must not call a live lease expired).
//
// Text columns that are NULL in the database are null QStrings (isNull()), times that are
// NULL are invalid QDateTimes (UTC otherwise, millisecond precision; comparisons that must be
// exact, like leaseExpired, are made by the server).
struct RunDetail {
    qint64 id = 0;
    QString scope;
    QString idemKey;
    QString keyVersion;
    QString workflow;
    QString workflowVersion;
    QString correlationId;
    QString fingerprint;
    core::RunStatus status = core::RunStatus::Processing;
    // As stored; differs from toString(status) only for a status this build does not know.
    QString statusName;
    int attempt = 0;
    int maxAttempts = 0;

    QString leaseOwner; // NULL unless processing
    qint64 leaseToken = 0;
    QDateTime leaseExpiresAt; // non-NULL exactly while processing
    QDateTime heartbeatAt;
    // lease_expires_at <= now() on the server: the stale check of the SQL functions (claim
    // takes over, op_clear_stale_lease acts, begin_step refuses with DD006). False without a
    // lease.
    bool leaseExpired = false;

    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime finishedAt;
    qint64 finishedAtMicros = 0; // finished_at exactly (microseconds since 1970 UTC; 0: NULL)
    QDateTime expiresAt;         // retention deadline; NULL while active

    StoredJson result;    // the stored outcome replayed to duplicates
    StoredJson context;   // optional parameters a continuation needs
    StoredJson lastError; // {"class","message","retryable","attempt","at"}
    // Fields of last_error, for display; empty / false when absent.
    QString lastErrorClass;
    QString lastErrorMessage;
    bool lastErrorRetryable = false;

    QString reviewReason;
    QString reviewAssignee;
    QString reviewNote;
    QDateTime reviewAt;

    QDateTime serverNow; // now() of the transaction that read this row

    bool statusKnown() const { return statusName == core::toString(status); }
    bool hasLease() const { return leaseExpiresAt.isValid(); }
    // lease_expires_at - now() on the server when read, in milliseconds (negative once
    // expired); 0 without a lease. Subtract the time elapsed since the read for a live
    // countdown (RunDetailSource::estimatedServerNow()).
    qint64 leaseRemainingMs() const {
        return hasLease() && serverNow.isValid() ? serverNow.msecsTo(leaseExpiresAt) : 0;
    }

    friend bool operator==(const RunDetail &, const RunDetail &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::RunDetail)
