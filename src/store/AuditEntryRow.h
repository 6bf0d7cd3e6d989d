#pragma once

#include "store/StoredJson.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// One dedup.audit_log row (0001_tables.sql, 0003_operator_actions.sql): an operator action,
// applied or refused ("changed"), with who did it, why, and the run's state before and after
// (dedup._run_state: status, token, lease, attempt, review fields, step statuses, pending
// command; deliberately without keys or results). `after` is NULL for a refused action.
struct AuditEntryRow {
    qint64 id = 0; // chain order
    QDateTime at;  // clock_timestamp() of the insert
    // Who: the database session role, and what the console reported about itself.
    QString dbRole;
    QString osUser;          // null when not reported
    QString clientHost;      // null when not reported
    QString clientAddr;      // inet of the client; null over a Unix socket
    QString applicationName; // null when not set
    QString action;          // op_clear_stale_lease, op_request_continuation, ...
    qint64 runId = 0;
    QString actionKey;
    QString reason; // required, never blank
    std::optional<qint64> expectedToken;
    StoredJson params; // action-specific arguments (assignee, step, resolution, ...)
    QString outcome;   // "applied" or "changed" (refused: the run had moved on)
    QString detail;    // the server's one-line account
    StoredJson before; // the run's state when the action was evaluated
    StoredJson after;  // the run's state after it; NULL when refused
    QString hash;      // this row's link of the hash chain

    bool isApplied() const { return outcome == QLatin1String("applied"); }

    friend bool operator==(const AuditEntryRow &, const AuditEntryRow &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::AuditEntryRow)
