#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// One run of the Stuck list (docs/CONSOLE.md "Stuck"): `processing`, and either its lease expired
// (the worker died or hangs: op_clear_stale_lease or a takeover may act on it) or its
// current attempt began longer ago than the threshold (a lease kept alive by a worker that
// never gets anywhere). Both flags are decided by the server at read time.
struct StuckRun {
    qint64 id = 0;
    QString scope;
    QString idemKey;
    QString workflow;
    QString correlationId;
    int attempt = 0;
    int maxAttempts = 0;
    QString leaseOwner;
    qint64 leaseToken = 0; // what op_clear_stale_lease must quote as p_expected_token
    QDateTime leaseExpiresAt;
    QDateTime heartbeatAt;
    QDateTime createdAt;
    QDateTime updatedAt;             // for a processing run: when the current attempt began
    bool leaseExpired = false;       // lease_expires_at <= now()
    bool tooOld = false;             // updated_at <= now() - threshold
    qint64 leaseExpiresAtMicros = 0; // exact lease_expires_at: the list's order
    qint64 updatedAtMicros = 0;      // exact updated_at: whole-second ages (dedupctl stale)

    friend bool operator==(const StuckRun &, const StuckRun &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::StuckRun)
