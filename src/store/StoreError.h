#pragma once

#include "store/PgError.h"

namespace dedup::store {

// The store's own SQLSTATEs (docs/PROTOCOL.md, "Errors") and the PostgreSQL ones callers
// act on, as a type: code branches on this, never on message text.
enum class StoreErrorKind {
    None,
    Fenced,               // DD001: stale lease token or secret, or DD011: the lease is
                          // another login's; either way the caller does not own the run
    IllegalTransition,    // DD002: the run or step is not in a state that allows this
    RunNotFound,          // DD003
    InvalidArgument,      // DD004: missing or malformed parameter (e.g. an empty reason)
    ActionKeyConflict,    // DD005: action key already used for a different action or run
    LeaseExpired,         // DD006: the lease ran out (nobody took over): heartbeat, then retry
    UnknownStep,          // DD007: the run has no step of that name
    AppendOnly,           // DD008: events / audit_log cannot be changed
    LimitExceeded,        // DD009: an argument over a documented maximum (docs/PROTOCOL.md)
    PermissionDenied,     // 42501, or DD010: the store's grants do not cover this
    SerializationFailure, // 40001 / 40P01: retry the transaction
    QueryCanceled,        // 57014: cancelled by the user or statement_timeout
    LockNotAvailable,     // 55P03: lock_timeout (or NOWAIT) gave up waiting for a lock
    Cancelled,            // the caller asked to stop (a cancel flag); decided on the client
    ConnectionLost,       // the connection broke; reopen before the next call
    Other,
};

StoreErrorKind classify(const PgError &error);
// Transient: the same call may succeed when repeated (after reconnecting if needed).
bool isTransient(StoreErrorKind kind);
// The server stopped the statement at one of its limits (statement_timeout, lock_timeout) or
// on a cancel request: its transaction was rolled back whole, so nothing of the call was
// applied, and repeating it is safe. (idle_in_transaction_session_timeout ends the session
// instead: that is ConnectionLost.)
bool isStoppedByServer(StoreErrorKind kind);

} // namespace dedup::store
