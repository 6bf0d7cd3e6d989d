#pragma once

#include "core/RunStatus.h"
#include "store/AuditVerifier.h"
#include "store/ReportSpec.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace dedup::store {

// A label with a count (failure class, action kind, operator, workflow...).
struct ReportCount {
    QString label;
    qint64 count = 0;
};

// Runs created in one time bucket of the report range, by status (index = the status's
// position in core::allRunStatuses()).
struct ReportBucket {
    QDateTime start;
    QList<qint64> byStatus;
};

// One operator action for the report's table (audit_log row). Keys inside before/after are
// redacted as the spec says.
struct ReportAction {
    qint64 auditId = 0;
    QDateTime at;
    QString dbRole; // from the server (session_user when the action was written)
    QString osUser; // reported by the client
    QString action;
    qint64 runId = 0;
    QString reason;
    QString outcome;     // applied | changed
    QString beforeState; // run status before (from `before`), may be empty
    QString afterState;  // run status after (from `after`), may be empty
};

// Everything a report's summary, charts and tables show. Read in one REPEATABLE READ
// transaction so the figures agree with each other.
struct ReportSummary {
    ReportSpec spec;
    QDateTime generatedAt; // the server's clock
    // Attribution. From the server: the database role it authenticated and the address it
    // saw the connection come from. Reported by the client about itself (unverified): the OS
    // user and the host name.
    QString generatedBy; // database role (session_user)
    QString clientAddr;  // inet_client_addr(); empty for a Unix-socket connection
    QString osUser;      // who ran the console or dedupctl, as the client reports it
    QString host;        // the client's host name, as the client reports it

    qint64 runsTotal = 0;
    QList<ReportCount> runsByStatus;   // every status, in allRunStatuses() order
    QList<ReportCount> runsByWorkflow; // descending
    QList<ReportBucket> runsOverTime;  // bucket width chosen from the range (hour/day/week)
    QString bucketUnit;                // "hour" | "day" | "week"
    qint64 duplicatesSuppressed = 0;   // duplicates in range: events and counted (0025)
    QList<ReportCount> failureClasses; // last_error->>'class' of failed / review runs in range

    qint64 stuckNow = 0;                          // processing with an expired lease, now
    qint64 reviewNow = 0;                         // in manual_review, now
    std::optional<qint64> oldestReviewAgeSeconds; // nullopt when the queue is empty
    qint64 reviewOpenedInRange = 0;               // routed_to_review events in range

    qint64 actionsTotal = 0;              // operator actions in range (after filters)
    QList<ReportCount> actionsByKind;     // descending
    QList<ReportCount> actionsByOperator; // descending
    QList<ReportAction> actions;          // the latest actionsLimit ones, oldest first
    int actionsLimit = 500;

    AuditVerification audit; // dedup.verify_audit() at generation time
};

} // namespace dedup::store
