#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// One run waiting in the manual review queue (status manual_review), as the queue shows it.
struct ReviewQueueRow {
    qint64 id = 0;
    QString scope;
    QString idemKey;
    QString workflow;
    QString correlationId;
    qint64 leaseToken = 0; // the op_* functions' p_expected_token
    int attempt = 0;
    int maxAttempts = 0;
    QString reviewReason;
    QString reviewAssignee; // empty: unassigned
    QString reviewNote;
    QDateTime reviewAt;        // when it entered review (milliseconds, for display)
    qint64 reviewAtMicros = 0; // exact, for ordering
    QString lastErrorClass;
    int uncertainSteps = 0;          // steps whose outcome is unknown
    bool continuationQueued = false; // "resolve: continue" was requested, no worker took it yet

    friend bool operator==(const ReviewQueueRow &, const ReviewQueueRow &) = default;
};

// What the review queue shows. Every criterion is optional; they combine with AND.
struct ReviewQueueFilter {
    enum class Assignee {
        Anyone,
        Me,         // assigned to ReviewQueueModel::me()
        Unassigned, // nobody
    };

    std::optional<QString> workflow;  // exact
    std::optional<QString> scope;     // exact
    std::optional<QString> keyPrefix; // idem_key starts with it (taken literally)
    Assignee assignee = Assignee::Anyone;

    friend bool operator==(const ReviewQueueFilter &, const ReviewQueueFilter &) = default;
};

// One read of the queue: the oldest `limit` runs of the filter and how many there are.
struct ReviewQueueSnapshot {
    QList<ReviewQueueRow> rows;
    bool more = false; // more runs than rows
    qint64 count = 0;  // exact up to the cap
    bool countExact = true;
    QString me;          // the name "me" stood for (the setting, or the login role)
    QDateTime serverNow; // for ages
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::ReviewQueueRow)
Q_DECLARE_METATYPE(dedup::store::ReviewQueueFilter)
Q_DECLARE_METATYPE(dedup::store::ReviewQueueSnapshot)
