#pragma once

#include "store/CorrelationSnapshot.h"
#include "store/ListPage.h"
#include "store/PgError.h"
#include "store/PgResult.h"
#include "store/RunQueries.h"

#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// The SQL behind the correlation view (docs/CONSOLE.md "Correlation view"): the runs sharing a
// correlation id, one page at a time (the newest first; ListPage), with the number of runs
// the correlation has and a per-run summary of its steps. One statement per page: the
// correlation's runs found by the store (dedup.run_ids_by_correlation, or ..._of a run), the
// page picked by (created_at, id) under the login's row-level security, read through
// dedup.runs_redacted, and for each run of the page one aggregate over its steps_pkey range
// (a LATERAL join); then the page's steps, one statement over the page's run ids
// (dedup.steps_redacted: the steps_pkey ranges of those runs, under the login's grants), in
// the same read-only snapshot. The cost grows with the runs of the correlation, never with
// the store; memory on the client with the page.
class CorrelationQueries {
public:
    static constexpr int DefaultLimit = 500;

    // At most `limit` runs of `page` (Newest or Older; see read() for the others), oldest
    // first, every row with runs_total, runs_newer and server_now; a page without runs is
    // one row whose id is NULL (readRuns skips it). `ofRun` > 0: the runs sharing the
    // correlation id of that run instead (correlationId is then only shown): a login that
    // reads correlation ids hashed cannot search by the hash (0016_protected_columns.sql).
    static RunQuery runs(const QString &correlationId, int limit, qint64 ofRun = 0,
                         const ListPage &page = {});
    // The key of the Older page that holds the `limit` runs after page's key (Newer) or the
    // oldest `limit` runs (Oldest): the run `limit` places after them; no row when fewer
    // follow (the page is then the newest).
    static RunQuery pageStart(const QString &correlationId, int limit, qint64 ofRun,
                              const ListPage &page);
    // The runs of a runs() result; *more when runs older than the first exist.
    static QList<CorrelatedRun> readRuns(const PgResult &result, int limit, bool *more);
    // Every step of `runIds` (at most a page: DefaultLimit runs), by run then ordinal,
    // redacted as the login reads it; a run the login may not read has none.
    static RunQuery steps(const QList<qint64> &runIds);
    // The steps of a steps() result into `runs` (by run id; a run not in it keeps none).
    static void readSteps(const PgResult &result, QList<CorrelatedRun> &runs);

    // One page and its runs' steps in one snapshot (a read-only REPEATABLE READ
    // transaction: the page, its steps, and for Newer and Oldest where the page starts).
    // std::nullopt with *error on failure; an unknown id is an empty snapshot.
    static std::optional<CorrelationSnapshot> read(PgConnection &connection,
                                                   const QString &correlationId, int limit,
                                                   PgError *error, qint64 ofRun = 0,
                                                   const ListPage &page = {});
};

} // namespace dedup::store
