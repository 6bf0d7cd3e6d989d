#pragma once

#include "store/AuditEntryRow.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;
struct PgError;

// What the audit view shows (docs/CONSOLE.md "Audit view", issue 6). Every criterion is optional;
// they combine with AND.
struct AuditLogFilter {
    std::optional<qint64> runId;    // exact
    std::optional<QString> action;  // op_cancel, op_bulk_start, ...
    std::optional<QString> role;    // db_role: the login role that acted
    std::optional<QString> outcome; // applied | changed
    QDateTime from;                 // at >= from; invalid: open
    QDateTime to;                   // at <= to; invalid: open

    // Conditions that no index answers (everything but the run id): pages are then read in
    // bounded id windows.
    bool hasUnindexedCriteria() const {
        return action || role || outcome || from.isValid() || to.isValid();
    }

    friend bool operator==(const AuditLogFilter &, const AuditLogFilter &) = default;
};

// One page of the audit log, newest first.
struct AuditLogPage {
    QList<store::AuditEntryRow> rows; // newest first
    qint64 nextBefore = 0;            // continue below this id
    bool atEnd = false;               // nothing older is left
    qint64 top = 0; // a first page (before = 0): the newest id in the log when it was read
};

// Entries appended since the newest one shown.
struct AuditLogNews {
    QList<store::AuditEntryRow> rows; // oldest first
    qint64 upTo = 0;                  // every entry up to this id was looked at
    bool more = false;                // more than the limit: upTo is the last row's id
};

// The SQL behind the audit view: keyset pages on id (the chain order: ids are assigned under
// the chain lock, so id order is append order), newest first.
//
//   * a run's entries: audit_log_run_id_idx (run_id, id), backwards;
//   * everything, or by action / role / outcome / time: audit_log_pkey backwards, in windows
//     of at most `window` ids per statement (WHERE id < cursor AND id >= cursor - window):
//     a filter that matches rarely never makes one statement read the whole log; a page
//     reads windows until it has its rows, up to `maxWindows`, and says where to go on;
//   * newer entries (live): audit_log_pkey forwards from the newest one shown.
class AuditLogQueries {
public:
    static constexpr qint64 DefaultWindow = 50000;
    static constexpr int DefaultMaxWindows = 20;

    // Entries with id < `before` (0: from the newest), at most `limit`.
    static std::optional<AuditLogPage> older(store::PgConnection &connection,
                                             const AuditLogFilter &filter, qint64 before, int limit,
                                             qint64 window, int maxWindows, store::PgError *error);
    // Entries with id > `after`, oldest first, at most `limit`.
    static std::optional<AuditLogNews> newer(store::PgConnection &connection,
                                             const AuditLogFilter &filter, qint64 after, int limit,
                                             store::PgError *error);
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::AuditLogFilter)
Q_DECLARE_METATYPE(dedup::store::AuditLogPage)
Q_DECLARE_METATYPE(dedup::store::AuditLogNews)
