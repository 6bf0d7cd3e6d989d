#pragma once

#include "Result.h"
#include "RunStatus.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUuid>

namespace dedup::core {

// A `dedup://` link (docs/CONSOLE.md "Links"): a place in the console of one store, to paste
// into a ticket, a chat or an alert's annotation.
//
//   dedup://STORE/run/ID                 a run (the run detail)
//   dedup://STORE/run/ID/correlation     every run sharing that run's correlation id
//   dedup://STORE/run/ID/key             the deliveries of that run's key (its history)
//   dedup://STORE/runs?status=failed&workflow=billing&scope=clinic-1&range=24h
//   dedup://STORE/stuck?threshold=60
//   dedup://STORE/review?workflow=billing&scope=clinic-1&assignee=me
//   dedup://STORE/audit?run=42&action=op_cancel&role=alice&outcome=applied&range=7d
//   dedup://STORE/workflows
//
// STORE is the store's id (dedup.store_settings.store_id, a UUID drawn when the store was
// migrated), never a host name: a host or a database name can be the same for two stores
// (staging and production), and a link opened in the wrong one would show a different run
// under the same id. A link carries no patient data: runs are named by id, a correlation by
// one of its runs, and a filtered view only by statuses, workflow, scope, time, the Stuck
// threshold, the review assignee and the audit log's run, action, role and outcome; never by
// a key, a key prefix or a correlation id (docs/SECURITY.md "Patient data").
class DedupLink {
    Q_DECLARE_TR_FUNCTIONS(DedupLink)

public:
    enum class Target { Run, Correlation, Runs, Stuck, Review, Workflows, Audit, Key };
    enum class Error { None, NotALink, BadStore, UnknownTarget, BadRunId, BadParameter, TooLong };
    // The runs list's quick time ranges (creation time, relative to when the link is opened).
    enum class Range { Any, LastHour, Last24Hours, Last7Days };
    // The review queue's "Assigned to" (the queue's own enum is in the store layer, above core).
    enum class Assignee { Anyone, Me, Nobody };
    // The audit log's "When" (entries of the last hour, ..., counted when the link is opened).
    enum class AuditRange { Any, LastHour, Last24Hours, Last7Days, Last30Days };

    static constexpr int MaxLength = 2048;
    // The Stuck view's threshold (StuckView: its default and its spin box's range, in
    // minutes). A stuck link without one means the default.
    static constexpr int DefaultStuckThreshold = 15;
    static constexpr int MaxStuckThreshold = 10080;

    static DedupLink run(const QUuid &store, qint64 runId);
    static DedupLink correlationOf(const QUuid &store, qint64 runId);
    // The history of the run's key (its deliveries): named by the run, never by the key,
    // which is patient data.
    static DedupLink keyOf(const QUuid &store, qint64 runId);
    static DedupLink view(const QUuid &store, Target target);

    Target target = Target::Runs;
    QUuid store;
    qint64 runId = 0; // Run, Correlation and Key
    // Target::Runs: the filter. Statuses in declaration order without repeats; empty: any.
    QList<RunStatus> statuses;
    QString workflow; // exact; empty: any (Runs and Review)
    QString scope;    // exact; empty: any (Runs and Review)
    Range range = Range::Any;
    QDateTime from; // Range::Any only: a custom creation-time window (UTC); invalid: open
    QDateTime to;
    // Target::Stuck: the age threshold in minutes (0: expired leases only).
    int stuckThreshold = DefaultStuckThreshold;
    // Target::Review: with workflow and scope (never the key prefix: patient data).
    Assignee assignee = Assignee::Anyone;
    // Target::Audit: the audit log's filter; empty or 0: any.
    qint64 auditRun = 0;
    QString action;  // exact, e.g. op_cancel
    QString role;    // the login role that acted
    QString outcome; // applied | changed
    AuditRange auditRange = AuditRange::Any;

    // The link's text; always parses back to an equal link.
    QString toString() const;
    // Reads a link exactly: anything it does not understand (another scheme, a parameter of
    // a newer console, a run id that is not a positive number) is refused with what is wrong,
    // never guessed.
    static Result<DedupLink, Error> parse(const QString &text);

    // "run 42", "the correlation of run 42", "the runs list", "the audit log", ... for
    // messages such as "Opening the link to run 42".
    QString description() const;

    friend bool operator==(const DedupLink &, const DedupLink &) = default;
};

} // namespace dedup::core
