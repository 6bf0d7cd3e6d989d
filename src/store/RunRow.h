#pragma once

#include "core/RunStatus.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// The position of a run in the newest-first run list: (created_at, id). The server keeps
// microseconds, QDateTime only milliseconds, so the key carries the server's own text (sent
// back verbatim as the keyset cursor, never rounded) and the exact microseconds (for
// ordering on the client). Both are immutable for a run, so a key identifies a list position.
struct RunKey {
    QString createdAt;          // e.g. "2025-03-01 12:00:00.123456+00", as the server sent it
    qint64 createdAtMicros = 0; // microseconds since 1970-01-01 UTC
    qint64 id = 0;

    bool isValid() const { return id > 0; }
    // Whether this key comes before `other` in newest-first order.
    bool isNewerThan(const RunKey &other) const {
        return createdAtMicros != other.createdAtMicros ? createdAtMicros > other.createdAtMicros
                                                        : id > other.id;
    }
    friend bool operator==(const RunKey &a, const RunKey &b) {
        return a.id == b.id && a.createdAtMicros == b.createdAtMicros;
    }
};

// One row of the runs list: the columns of dedup.runs the list shows, nothing large (no
// result, context or last_error body), so 20,000 rows stay a few megabytes.
struct RunRow {
    qint64 id = 0;
    QString scope;
    QString idemKey;
    QString workflow;
    core::RunStatus status = core::RunStatus::Processing;
    // As stored. Differs from toString(status) only for a status this build does not know
    // (a newer schema): shown as is rather than guessed.
    QString statusName;
    int attempt = 0;
    int maxAttempts = 0;
    QString correlationId; // empty when NULL
    QString leaseOwner;    // empty when NULL
    qint64 leaseToken = 0;
    QDateTime leaseExpiresAt; // invalid when NULL
    QDateTime heartbeatAt;
    QDateTime createdAt; // milliseconds, for display; createdAtText/Micros are exact
    QDateTime updatedAt;
    QDateTime finishedAt;
    QString lastErrorClass; // last_error->>'class', empty when none
    QString createdAtText;
    qint64 createdAtMicros = 0;

    bool statusKnown() const { return statusName == core::toString(status); }
    RunKey key() const { return {createdAtText, createdAtMicros, id}; }

    friend bool operator==(const RunRow &, const RunRow &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::RunKey)
Q_DECLARE_METATYPE(dedup::store::RunRow)
