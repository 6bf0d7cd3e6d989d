#pragma once

#include "LineReport.h"
#include "sim/DemoTraffic.h"
#include "store/PgParams.h"

#include <QString>

namespace dedup::store {
class PgConnection;
}

// What lines 7 and 8 (a server crash, a failover) share: the traffic they run, and what they
// read from the store afterwards, as the same figures: the runs by outcome, and whether the
// runs created after the fault succeeded.
namespace RunFigures {

// The demo's traffic on `conninfo` (a superuser: it installs the providers' schema) with
// nothing of its own going wrong, so that whatever does is the server's fault: 20 intents a
// second, 3 worker threads, lease 2 s, no provider faults, no worker crashes.
dedup::sim::DemoTrafficOptions quietTraffic(const QString &conninfo, quint32 seed);
// Adds `value` to the figure `name` (absent counts as 0).
void addUp(LineReport &report, const QString &name, qint64 value);
// Adds the traffic's counters: intents, deliveries, redeliveries after an error, others.
void addTrafficFigures(LineReport &report, const dedup::sim::DemoTrafficCounters &counters);

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
