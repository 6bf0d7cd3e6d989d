#pragma once

#include "store/OperatorResult.h"
#include "store/ReportSpec.h"
#include "store/ReportSummary.h"

#include <QCoreApplication>

namespace dedup::store {

class PgConnection;

// The figures of one report (docs/CONSOLE.md "Reports"): run outcomes, duplicates suppressed,
// failure classes, stuck and review figures, operator actions, the audit chain's verdict, and who
// made it when. Every query uses an index (runs_*_created_idx, events_duplicates_at_idx,
// audit_log_at_idx, the stuck / review partial indexes), so a narrow range stays cheap on a
// store of millions of runs.
//
// Blocking: call it on a worker thread with its own connection, never on the UI thread.
class ReportQueries {
    Q_DECLARE_TR_FUNCTIONS(ReportQueries)

public:
    explicit ReportQueries(PgConnection &connection);

    // One REPEATABLE READ READ ONLY transaction (the connection's own when it is inside one,
    // e.g. a report begun by ReportExporter::begin()); fills every ReportSummary field, incl.
    // audit (AuditVerifier) and who/when (from the server: session_user,
    // inet_client_addr(), now(); reported by the client: OS user from the environment, host
    // name). Errors: InvalidArgument (spec.validate() failed; message = its text),
    // PermissionDenied, QueryCanceled, ConnectionLost, ...
    //
    // The summary holds no key, scope, correlation id or payload, raw or hashed. The operators'
    // reasons of its actions table are hashed under the report's key, or raw with
    // spec.revealRaw: then only inside a report begun by ReportExporter::begin() with that
    // spec, which recorded the reveal's audit row and named it in the transaction; alone, or
    // in a report that was not revealed, a revealing spec fails with InvalidArgument.
    OperatorResult<ReportSummary> summarize(const ReportSpec &spec);

    // The bucket width summarize() uses for a range: "hour" up to 2 days, "day" up to 92
    // days, "week" beyond.
    static QString bucketUnitFor(const QDateTime &from, const QDateTime &to);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
