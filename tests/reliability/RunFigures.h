#pragma once

#include "LineReport.h"
#include "store/PgParams.h"

#include <QString>

namespace dedup::store {
class PgConnection;
}

// What lines 7 and 8 (a server crash, a failover) read from the store afterwards, as the
// same figures: the runs by outcome, and whether the runs created after the fault succeeded.
namespace RunFigures {

// The server's clock as text a later query can compare created_at with; empty and `error`
// set when it cannot be read.
QString serverNow(dedup::store::PgConnection &conn, QString *error);
// The first column of the first row; -1 (and a problem in `report`) on an error.
qint64 count(dedup::store::PgConnection &conn, const QString &sql,
             const dedup::store::PgParams &params, LineReport &report);
// Runs created from `from` until one second before `until` (both serverNow() texts), and how
// many of them did not succeed: {created, notSucceeded}.
std::pair<qint64, qint64> createdBetween(dedup::store::PgConnection &conn, const QString &from,
                                         const QString &until, LineReport &report);
// Sets runs, runs_succeeded, runs_in_review_uncertain_step, runs_in_review_other, runs_failed
// and runs_left_processing; returns the last (-1 when unknown).
qint64 addRunFigures(dedup::store::PgConnection &conn, LineReport &report);

} // namespace RunFigures
