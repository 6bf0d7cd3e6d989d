#pragma once

#include <QString>
#include <QtGlobal>

namespace dedup::store {
class PgConnection;
class PgParams;
} // namespace dedup::store

// Text fingerprints of what the store holds, read as the owner, to prove that a refused
// write changed nothing: compare the text before and after. An error comes back as text that
// starts with "<error", which never equals a real snapshot.
class StoreSnapshot {
public:
    // One run with everything hanging off it: the runs row, its steps, events, commands and
    // audit rows (whole rows, so a changed heartbeat_at or an extra event shows).
    static QString run(dedup::store::PgConnection &owner, qint64 runId);
    // Every table and sequence of schema dedup (contents hashed per table), plus the list of
    // its relations and functions and their privileges: the whole store in one string.
    static QString schema(dedup::store::PgConnection &owner);
    // The first column of the first row of `sql`, or "<error: ...>" / "<no row>".
    static QString scalar(dedup::store::PgConnection &conn, const QString &sql,
                          const dedup::store::PgParams &params);
    static QString scalar(dedup::store::PgConnection &conn, const QString &sql);
};
