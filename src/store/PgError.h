#pragma once

#include <QString>

namespace dedup::store {

// What went wrong with a database call, as libpq reported it. Errors are values in the store
// layer: nothing here shows a dialog or throws; callers decide how to present them.
struct PgError {
    QString sqlState; // five-character SQLSTATE, empty for client-side failures
    QString message;
    QString detail;
    QString hint;
    bool connectionLost = false; // the connection is gone; reopen before the next call
    // Set by PgConnection::open(): the server asked for a password and none was given
    // (PQconnectionNeedsPassword), so asking the operator for one is the way forward.
    bool passwordNeeded = false;

    bool isEmpty() const { return message.isEmpty() && sqlState.isEmpty(); }
    // One line for logs and status bars: "message (SQLSTATE): detail".
    QString toString() const;
};

} // namespace dedup::store
