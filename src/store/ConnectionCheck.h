#pragma once

#include "store/ConnectionReport.h"

#include <QCoreApplication>
#include <QString>

namespace dedup::store {

struct PgError;

// Connects to a store and finds out whether this console can work there: who we are, what we
// may do, whether the schema fits. Blocking (it waits for libpq and the server): call it on a
// worker thread. Every failure comes back as a ConnectionReport with a message that says
// what to check or which command to run, and libpq's or the server's own words as detail.
class ConnectionCheck {
    Q_DECLARE_TR_FUNCTIONS(ConnectionCheck)

public:
    static ConnectionReport run(const QString &conninfo, const QString &profileName = {},
                                const QString &applicationName = {});
    // run(), then, when `standbyConninfo` is not empty and the primary is fine, checks the
    // read-only standby the profile names (docs/SCALING.md section 1): it answers, it is in
    // recovery, it is a standby of this very cluster (same pg_control_system() system identifier)
    // and database, and it has the same schema version. On success the report carries
    // standbyConninfo and standbyTarget; otherwise it fails with standbyFailed set and a message
    // about the standby.
    static ConnectionReport run(const QString &conninfo, const QString &standbyConninfo,
                                const QString &profileName, const QString &applicationName);
    static void checkStandby(ConnectionReport &report, const QString &standbyConninfo,
                             const QString &applicationName = {});

    // The kind of a failed PgConnection::open(), from what libpq reported.
    static ConnectionReport::Failure classifyOpenError(const PgError &error);
    // "15.18" from PQserverVersion's 150018 (or "9.6.24" for older servers).
    static QString versionText(int serverVersion);

private:
    static void explainOpenError(ConnectionReport &report, const PgError &error,
                                 const QString &conninfo);
};

} // namespace dedup::store
