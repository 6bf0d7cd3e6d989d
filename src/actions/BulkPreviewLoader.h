#pragma once

#include "actions/BulkPlan.h"
#include "actions/BulkPreview.h"
#include "lanes/QueryRunner.h"

#include <QObject>

#include <limits>
#include <optional>

namespace dedup::store {
class PgConnection;
struct PgError;
} // namespace dedup::store

namespace dedup::actions {

// Computes bulk previews (BulkPreview) in the background on its own connection
// (QueryRunner). Everything is counted by the server in one statement per preview (plus a
// planner estimate when a filter matches more than the cap); the console receives a few
// dozen rows whatever the number of runs.
//
// How it stays fast and bounded:
//   * a selection is sent as three arrays (ids, tokens, statuses; what the view holds, so at
//     most the list's own bound) joined to runs by runs_pkey;
//   * a filter is not re-implemented here: its runs come from the runs list's own statement
//     (RunQueries::cappedCount()'s list: the same WHERE, the same index-ordered plans, only
//     (created_at, id), joined to runs by runs_pkey for status and workflow) with LIMIT cap + 1,
//     and are counted with GROUP BY GROUPING SETS ((), (status), (workflow)) around it, so
//     the work is bounded by the cap (default 1,000,000 runs) and never depends on the size
//     of the store; past the cap the preview says "more than" with the planner's estimate
//     (RunQueries::estimate, never executed);
//   * "has uncertain steps" is an EXISTS on steps (steps_pkey per run, or one hashed pass
//     over the steps when many runs are counted); "without a downstream key" the same way
//     for the owner, and for operators and viewers (the key is not readable to them) by
//     asking dedup.steps_redacted (NULL stays NULL) about the runs with such a step only;
//   * statement_timeout (QueryRunner's, 30 s by default) and cancel() bound the rest.
// Measured on a generated store of 2 million runs (2-core VM, warm cache): a filter matching
// 600,000 runs 2.3 s, every run (counted up to the cap of 1,000,000) 1.2 s, a selection of
// 20,000 runs 0.14 s. A flat GROUP BY with the filter's WHERE and no LIMIT is faster while
// the matches are many (0.95 s for the 600,000) but unbounded: it reads the whole table for a
// filter that matches a few runs of a large store, which the ordered LIMIT never does.
class BulkPreviewLoader : public QObject {
    Q_OBJECT

public:
    static constexpr qint64 DefaultCap = 1000000;
    static constexpr int DefaultWorkflowLimit = 50;

    explicit BulkPreviewLoader(const QString &conninfo, QObject *parent = nullptr);
    ~BulkPreviewLoader() override;

    int load(const BulkPlan &plan);
    void cancel() { m_runner.cancel(); }
    void discardPending() { m_runner.discardPending(); }

    void setCap(qint64 cap) {
        m_cap = qBound(qint64(1), cap, qint64(std::numeric_limits<int>::max() - 1));
    }
    qint64 cap() const { return m_cap; }
    void setConfirmationThreshold(qint64 runs) { m_threshold = qMax<qint64>(1, runs); }
    qint64 confirmationThreshold() const { return m_threshold; }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }
    int backendPid() const { return m_runner.backendPid(); }

    // The computation itself, on the caller's connection.
    static std::optional<BulkPreview> read(store::PgConnection &connection, const BulkPlan &plan,
                                           qint64 cap, int workflowLimit, qint64 threshold,
                                           store::PgError *error);

signals:
    void loaded(int requestId, const dedup::actions::BulkPreview &preview);
    void failed(int requestId, const QString &message);

private:
    lanes::QueryRunner m_runner;
    qint64 m_cap = DefaultCap;
    qint64 m_threshold = BulkPreview::DefaultConfirmationThreshold;
};

} // namespace dedup::actions
